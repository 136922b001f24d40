import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  IsoTimestamps,
  chunkRowReader,
  int64FloorDiv,
  safeInt128,
  safeInt64,
  safeUint64,
} from './chunk-rows.js';
import { duckdbJsonConverter } from './values.js';

const words64 = (...values: bigint[]): Uint32Array =>
  new Uint32Array(new BigInt64Array(values).buffer);
const words128 = (value: bigint): Uint32Array =>
  new Uint32Array(
    new BigUint64Array([BigInt.asUintN(64, value), BigInt.asUintN(64, value >> 64n)]).buffer,
  );
const floorDiv = (a: bigint, b: bigint): bigint =>
  a % b !== 0n && a < 0n !== b < 0n ? a / b - 1n : a / b;

describe('raw value helpers', () => {
  const TWO_53 = 2n ** 53n;
  const edges = [
    0n,
    1n,
    -1n,
    2n ** 32n - 1n,
    2n ** 32n,
    -(2n ** 32n),
    -(2n ** 32n) - 1n,
    TWO_53 - 1n,
    TWO_53,
    -(TWO_53 - 1n),
    -TWO_53,
    2n ** 63n - 1n,
    -(2n ** 63n),
    1_710_340_672_123_456n,
    -62_135_596_800_000_001n,
  ];
  const safe = (v: bigint): number =>
    v >= -(TWO_53 - 1n) && v <= TWO_53 - 1n ? Number(v) : Number.NaN;

  it('reads 64- and 128-bit integers as numbers only when they are safe', () => {
    for (const v of edges) {
      expect(safeInt64(words64(v), 0)).toBe(safe(v));
      expect(safeInt128(words128(v), 0, true)).toBe(safe(v));
      if (v >= 0n) {
        expect(safeUint64(words64(v), 0)).toBe(safe(v));
        expect(safeInt128(words128(v), 0, false)).toBe(safe(v));
      }
    }
    expect(safeUint64(new Uint32Array([0xffff_ffff, 0xffff_ffff]), 0)).toBeNaN();
    expect(safeInt128(words128(-(2n ** 64n) + 5n), 0, true)).toBeNaN();
    expect(safeInt128(words128(2n ** 127n - 1n), 0, false)).toBeNaN();
    expect(safeInt64(words64(7n, -3n), 1)).toBe(-3);
  });

  it('divides 64-bit integers by 1000 and 10^6 towards minus infinity', () => {
    for (const v of edges) {
      for (const d of [1000, 1e6] as const) {
        const expected = floorDiv(v, BigInt(d));
        const got = int64FloorDiv(words64(v), 0, d);
        if (expected >= -(TWO_53 - 1n) && expected <= TWO_53 - 1n) {
          expect(got).toBe(Number(expected));
        } else expect(Math.abs(got)).toBeGreaterThan(8.64e15);
      }
    }
  });

  it('formats timestamps as toISOString does', () => {
    const iso = new IsoTimestamps();
    const samples = [
      0, -1, 1, 86_399_999, -86_400_000, 951_782_400_000, 1_710_340_672_123, -62_167_219_200_000,
      -62_167_219_200_001, 253_402_300_799_999, 253_402_300_800_000, 8.64e15, -8.64e15,
    ];
    let seed = 42;
    for (let i = 0; i < 20_000; i++) {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      samples.push(Math.round((seed / 2 ** 31 - 0.3) * 4e14) + (i % 3));
    }
    for (const ms of samples) expect(iso.format(ms)).toBe(new Date(ms).toISOString());
  });
});

describe('chunkRowReader', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
  });

  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });

  /** Rows of `sql` read by the reader and by the library's converter, chunk by chunk. */
  async function bothWays(sql: string, count?: (rowCount: number) => number) {
    const result = await connection.stream(sql);
    const read = chunkRowReader(result.columnTypes());
    const fast: unknown[][] = [];
    const library: unknown[][] = [];
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      const n = count ? count(chunk.rowCount) : chunk.rowCount;
      fast.push(...read(chunk, n));
      library.push(...chunk.convertRows(duckdbJsonConverter).slice(0, n));
    }
    return { fast, library };
  }

  /**
   * A query whose column k is cast to `types[k]` (one type name each, space-separated), over
   * rows of space-separated values (NULL for a null): every row has exactly those types.
   */
  function typed(types: string, rows: string[]): string {
    const names = types.split(' ').map((_, i) => `c${i}`);
    const values = rows.map(
      (row) =>
        `(${row
          .split(' ')
          .map((v) => (v === 'NULL' ? 'NULL' : `'${v}'`))
          .join(', ')})`,
    );
    const casts = types.split(' ').map((t, i) => `c${i}::${t} AS c${i}`);
    return `SELECT ${casts.join(', ')} FROM (VALUES ${values.join(', ')}) AS v(${names.join(', ')})`;
  }

  async function expectSame(sql: string): Promise<unknown[][]> {
    const { fast, library } = await bothWays(sql);
    expect(fast).toStrictEqual(library);
    return fast;
  }

  it('reads integers of every width, big ones as text', async () => {
    const rows = await expectSame(
      typed(
        'TINYINT SMALLINT INTEGER BIGINT UTINYINT USMALLINT UINTEGER UBIGINT HUGEINT UHUGEINT',
        [
          '-128 -32768 -2147483648 -9223372036854775808 0 0 0 0 -170141183460469231731687303715884105728 0',
          '127 32767 2147483647 9223372036854775807 255 65535 4294967295 18446744073709551615 170141183460469231731687303715884105727 340282366920938463463374607431768211455',
          '1 -1 -1 -9007199254740991 1 1 1 9007199254740991 -9007199254740991 9007199254740991',
          '2 2 2 -9007199254740992 2 2 2 9007199254740992 -9007199254740992 9007199254740992',
          'NULL NULL NULL -4294967297 NULL NULL NULL 4294967296 -4294967296 4294967295',
          '3 3 3 9007199254740992 3 3 3 NULL 18446744073709551616 NULL',
          '-5 -5 -5 -5 5 5 5 5 -18446744073709551616 18446744073709551616',
        ],
      ),
    );
    const safe = 2 ** 53 - 1;
    expect(rows[2]).toEqual([1, -1, -1, -safe, 1, 1, 1, safe, -safe, safe]);
    const beyond = ['-9007199254740992', '9007199254740992'];
    expect(rows[3]).toEqual([2, 2, 2, beyond[0], 2, 2, 2, beyond[1], ...beyond]);
    expect(rows[1]![3]).toBe('9223372036854775807');
  });

  it('reads doubles, floats and booleans', async () => {
    await expectSame(
      typed('DOUBLE FLOAT BOOLEAN', [
        '0.1 0.1 true',
        'NaN NaN false',
        'inf -inf NULL',
        '-inf 1e38 true',
        '-0.0 -0.0 false',
        'NULL NULL NULL',
        '1e308 3.4e-38 true',
      ]),
    );
  });

  it('reads decimals of every storage width and scale', async () => {
    const types = 'DECIMAL(4,2) DECIMAL(9,2) DECIMAL(18,5) DECIMAL(18,3) DECIMAL(38,20)';
    const more = 'DECIMAL(21,1) DECIMAL(38,8) DECIMAL(38,30) DECIMAL(15,0) DECIMAL(18,0)';
    const rows = await expectSame(
      typed(`${types} ${more} DECIMAL(4,0) DECIMAL(9,9)`, [
        '12.34 1234567.89 1234567890123.45678 -123456789012345.678 0.001 1.5 123456789012345678901234567890.12345678 1 999999999999999 1000000000000000 9999 0.999999999',
        '-0.01 -9999999.99 -0.00001 999999999999999.999 -0.00000000000000000001 -0.1 -0.00000001 -0.000000000000000000000000000001 -999999999999999 -1000000000000001 -9999 -0.000000001',
        '0 0 0 0 0 0 0 0 0 0 0 0',
        'NULL NULL NULL NULL NULL NULL NULL NULL NULL NULL NULL NULL',
        '99.99 0.07 0.30000 100.000 123456789012345678.9 12345678901234567890.5 0.1 0.3 100000000000000 100000000000000000 1 0.1',
      ]),
    );
    expect(rows[0]!.slice(0, 6)).toEqual([
      12.34,
      1234567.89,
      '1234567890123.45678',
      '-123456789012345.678',
      0.001,
      1.5,
    ]);
    expect(rows[4]![9]).toBe(100000000000000000);
  });

  it('reads dates and timestamps of every precision, infinities as DuckDB writes them', async () => {
    await expectSame(`SELECT * FROM (VALUES
      (DATE '2024-03-13', TIMESTAMP '2024-03-13 14:37:52.123456', TIMESTAMPTZ '2024-03-13 14:37:52.987654+00',
       TIMESTAMP_S '2024-03-13 14:37:52', TIMESTAMP_MS '2024-03-13 14:37:52.123',
       TIMESTAMP_NS '2024-03-13 14:37:52.123456789'),
      ('infinity'::DATE, 'infinity'::TIMESTAMP, 'infinity'::TIMESTAMPTZ, 'infinity'::TIMESTAMP_S,
       'infinity'::TIMESTAMP_MS, 'infinity'::TIMESTAMP_NS),
      ('-infinity'::DATE, '-infinity'::TIMESTAMP, '-infinity'::TIMESTAMPTZ, '-infinity'::TIMESTAMP_S,
       '-infinity'::TIMESTAMP_MS, '-infinity'::TIMESTAMP_NS),
      (DATE '1969-12-31', TIMESTAMP '1969-12-31 23:59:59.999999', TIMESTAMPTZ '1900-01-01 00:00:00.000001+00',
       TIMESTAMP_S '1969-12-31 23:59:59', TIMESTAMP_MS '1969-12-31 23:59:59.999',
       TIMESTAMP_NS '1969-12-31 23:59:59.999999999'),
      (DATE '0001-01-01', TIMESTAMP '0001-01-01 00:00:00', TIMESTAMPTZ '9999-12-31 23:59:59.999999+00',
       TIMESTAMP_S '0001-01-01 00:00:00', TIMESTAMP_MS '9999-12-31 23:59:59.999',
       TIMESTAMP_NS '1677-09-22 00:00:00'),
      (DATE '5877642-06-25 (BC)', TIMESTAMP '290309-12-22 (BC) 00:00:00', TIMESTAMPTZ '294247-01-10 04:00:54.775806+00',
       TIMESTAMP_S '290309-12-22 (BC) 00:00:00', TIMESTAMP_MS '294247-01-10 04:00:54.775',
       TIMESTAMP_NS '2262-04-11 23:47:16.854775806'),
      (DATE '5881580-07-10', TIMESTAMP '0100-02-28 12:00:00', TIMESTAMPTZ '10000-01-01 00:00:00+00',
       TIMESTAMP_S '275760-09-13 00:00:00', TIMESTAMP_MS '275760-09-13 00:00:00.001',
       NULL),
      (NULL, NULL, NULL, NULL, NULL, NULL))`);
    await expectSame(
      `SELECT DATE '1990-01-01' + (range * 7)::INTEGER AS d,
              TIMESTAMP '1960-01-01' + INTERVAL (range * 3337) SECOND + INTERVAL (range) MICROSECOND AS t
         FROM range(5000)`,
    );
  });

  it('reads text inline and out of line, ASCII or not, with nulls in any row', async () => {
    await expectSame(`SELECT * FROM (VALUES
      (''), ('short'), ('exactly12chr'), ('thirteen char'), ('naïve café'), ('emoji 😀 inside a long text'),
      ('日本語'), (chr(65279) || 'starts with a byte order mark'), (NULL), ('x'))`);
    const rows = await expectSame(
      `SELECT CASE WHEN range % 7 = 3 THEN NULL ELSE md5(range::VARCHAR) END AS long,
              CASE WHEN range % 5 = 1 THEN NULL ELSE 'name ' || (range % 100) END AS short,
              CASE WHEN range % 3 = 0 THEN 'ünïcode ' || range ELSE repeat('ab', range % 20) END AS mixed,
              (range % 2 = 0) AS flag
         FROM range(5000)`,
    );
    expect(rows[3]).toEqual([null, 'name 3', 'ünïcode 3', false]);
    expect(rows[4]).toEqual(['a87ff679a2f3e71d9181a67b7542122c', 'name 4', 'abababab', true]);
    await connection.run(
      `CREATE TABLE words AS SELECT 'a rather long category name ' || (range % 10) AS c,
              repeat('é', (range % 30)::INTEGER) AS e FROM range(10000)`,
    );
    await expectSame('SELECT * FROM words');
  });

  it('reads a chunk of very long text value by value', async () => {
    const rows = await expectSame(`SELECT repeat('x', 10000) || range AS big FROM range(2048)`);
    expect(rows).toHaveLength(2048);
    expect(rows[5]![0]).toBe(`${'x'.repeat(10000)}5`);
  });

  it('reads other types through the library', async () => {
    await expectSame(`SELECT * FROM (VALUES
      (INTERVAL 1 DAY, TIME '12:34:56', '3d9f0f9e-8f1c-4c5a-9f6e-2a1b3c4d5e6f'::UUID, [1, 2, NULL],
       {'a': 1, 'b': 'x'}, '\\x01\\xFF'::BLOB, 'b'::ENUM('a', 'b'), MAP {'k': 1}, '101'::BIT),
      (NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL))`);
  });

  it('reads the common types from the vectors themselves', async () => {
    const result = await connection.stream(
      `SELECT range AS id, range / 3 AS d, range % 2 = 0 AS b, (range % 97)::INTEGER AS i,
              'name ' || range AS s, md5(range::VARCHAR) AS h, DATE '2020-01-01' + range::INTEGER AS day,
              TIMESTAMP '2024-01-01' + INTERVAL (range) SECOND AS t, range * 1.5 AS dec,
              (range * 100)::DECIMAL(18,2) AS money, range::HUGEINT AS huge
         FROM range(3000)`,
    );
    expect(result.columnTypes().map(String)).toEqual(
      ['BIGINT', 'DOUBLE', 'BOOLEAN', 'INTEGER', 'VARCHAR', 'VARCHAR', 'DATE', 'TIMESTAMP'].concat([
        'DECIMAL(21,1)',
        'DECIMAL(18,2)',
        'HUGEINT',
      ]),
    );
    const read = chunkRowReader(result.columnTypes());
    const chunk = (await result.fetchChunk())!;
    const spy = vi.spyOn(chunk, 'getColumnVector');
    const rows = read(chunk, chunk.rowCount);
    expect(spy).not.toHaveBeenCalled();
    spy.mockRestore();
    expect(rows).toStrictEqual(chunk.convertRows(duckdbJsonConverter));
    expect(rows[7]).toEqual(
      [7, 7 / 3, false, 7, 'name 7', '8f14e45fceea167a5a36dedd4bea2543', '2020-01-08'].concat([
        '2024-01-01T00:00:07.000Z',
        10.5,
        700,
        7,
      ]),
    );
  });

  it('reads only the rows asked for', async () => {
    const { fast, library } = await bothWays(
      `SELECT range AS n, md5(range::VARCHAR) AS h, TIMESTAMP '2024-01-01' + INTERVAL (range) HOUR AS t
         FROM range(3000)`,
      (rowCount) => Math.min(rowCount, 100),
    );
    expect(fast).toHaveLength(200);
    expect(fast).toStrictEqual(library);
  });
});
