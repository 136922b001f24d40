import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { GenericDataType, TIME_GRAINS, type TimeGrain } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbEngine } from '../../src/engines/duckdb/index.js';
import { openInstanceCount } from '../../src/engines/duckdb/instances.js';
import { EngineError, type DatabaseClient } from '../../src/engines/types.js';
import { expectColumnsFirst } from './on-columns.js';

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-duckdb-'));
const file = path.join(dataDir, 'test.duckdb');
const uri = `duckdb:///${file}`;

async function engineError(promise: Promise<unknown>): Promise<EngineError> {
  try {
    await promise;
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return e as EngineError;
  }
  throw new Error('expected an EngineError');
}

/**
 * Inputs of the time-grain test: a Wednesday, a Sunday, a Saturday, a year's last instant,
 * pre-1970, a Monday at midnight.
 */
const GRAIN_INPUTS = [
  '2024-03-13 14:37:52',
  '2024-03-10 23:59:59',
  '2024-03-16 05:07:08',
  '2024-12-31 23:59:59.999',
  '1969-12-31 23:59:58',
  '2024-03-11 00:00:00',
];
const full = (t: string): string => (t.length === 10 ? `${t} 00:00:00` : t);
/** Hand-checked truncations of GRAIN_INPUTS, per grain. */
const GRAIN_EXPECTED: Record<TimeGrain, string[]> = Object.fromEntries(
  Object.entries({
    PT1S: [
      '2024-03-13 14:37:52',
      '2024-03-10 23:59:59',
      '2024-03-16 05:07:08',
      '2024-12-31 23:59:59',
      '1969-12-31 23:59:58',
      '2024-03-11 00:00:00',
    ],
    PT5S: [
      '2024-03-13 14:37:50',
      '2024-03-10 23:59:55',
      '2024-03-16 05:07:05',
      '2024-12-31 23:59:55',
      '1969-12-31 23:59:55',
      '2024-03-11 00:00:00',
    ],
    PT30S: [
      '2024-03-13 14:37:30',
      '2024-03-10 23:59:30',
      '2024-03-16 05:07:00',
      '2024-12-31 23:59:30',
      '1969-12-31 23:59:30',
      '2024-03-11 00:00:00',
    ],
    PT1M: [
      '2024-03-13 14:37:00',
      '2024-03-10 23:59:00',
      '2024-03-16 05:07:00',
      '2024-12-31 23:59:00',
      '1969-12-31 23:59:00',
      '2024-03-11 00:00:00',
    ],
    PT5M: [
      '2024-03-13 14:35:00',
      '2024-03-10 23:55:00',
      '2024-03-16 05:05:00',
      '2024-12-31 23:55:00',
      '1969-12-31 23:55:00',
      '2024-03-11 00:00:00',
    ],
    PT10M: [
      '2024-03-13 14:30:00',
      '2024-03-10 23:50:00',
      '2024-03-16 05:00:00',
      '2024-12-31 23:50:00',
      '1969-12-31 23:50:00',
      '2024-03-11 00:00:00',
    ],
    PT15M: [
      '2024-03-13 14:30:00',
      '2024-03-10 23:45:00',
      '2024-03-16 05:00:00',
      '2024-12-31 23:45:00',
      '1969-12-31 23:45:00',
      '2024-03-11 00:00:00',
    ],
    PT30M: [
      '2024-03-13 14:30:00',
      '2024-03-10 23:30:00',
      '2024-03-16 05:00:00',
      '2024-12-31 23:30:00',
      '1969-12-31 23:30:00',
      '2024-03-11 00:00:00',
    ],
    PT1H: [
      '2024-03-13 14:00:00',
      '2024-03-10 23:00:00',
      '2024-03-16 05:00:00',
      '2024-12-31 23:00:00',
      '1969-12-31 23:00:00',
      '2024-03-11 00:00:00',
    ],
    PT6H: [
      '2024-03-13 12:00:00',
      '2024-03-10 18:00:00',
      '2024-03-16 00:00:00',
      '2024-12-31 18:00:00',
      '1969-12-31 18:00:00',
      '2024-03-11 00:00:00',
    ],
    P1D: ['2024-03-13', '2024-03-10', '2024-03-16', '2024-12-31', '1969-12-31', '2024-03-11'],
    P1W: ['2024-03-11', '2024-03-04', '2024-03-11', '2024-12-30', '1969-12-29', '2024-03-11'],
    P1M: ['2024-03-01', '2024-03-01', '2024-03-01', '2024-12-01', '1969-12-01', '2024-03-01'],
    P3M: ['2024-01-01', '2024-01-01', '2024-01-01', '2024-10-01', '1969-10-01', '2024-01-01'],
    P1Y: ['2024-01-01', '2024-01-01', '2024-01-01', '2024-01-01', '1969-01-01', '2024-01-01'],
    '1969-12-28T00:00:00Z/P1W': [
      '2024-03-10',
      '2024-03-10',
      '2024-03-10',
      '2024-12-29',
      '1969-12-28',
      '2024-03-10',
    ],
    '1969-12-29T00:00:00Z/P1W': [
      '2024-03-11',
      '2024-03-04',
      '2024-03-11',
      '2024-12-30',
      '1969-12-29',
      '2024-03-11',
    ],
    'P1W/1970-01-03T00:00:00Z': [
      '2024-03-16',
      '2024-03-16',
      '2024-03-16',
      '2025-01-04',
      '1970-01-03',
      '2024-03-16',
    ],
    'P1W/1970-01-04T00:00:00Z': [
      '2024-03-17',
      '2024-03-10',
      '2024-03-17',
      '2025-01-05',
      '1970-01-04',
      '2024-03-17',
    ],
  }).map(([grain, values]) => [grain, values.map(full)]),
) as Record<TimeGrain, string[]>;

const SETUP = [
  `CREATE TABLE parent(id INTEGER PRIMARY KEY, name VARCHAR NOT NULL)`,
  `CREATE TABLE all_types(
     id INTEGER PRIMARY KEY,
     parent_id INTEGER REFERENCES parent(id),
     t_tinyint TINYINT, t_bigint BIGINT, t_hugeint HUGEINT,
     t_decimal DECIMAL(10,3), t_bigdec DECIMAL(38,2), t_double DOUBLE, t_float FLOAT,
     t_bool BOOLEAN, t_varchar VARCHAR DEFAULT 'none', t_date DATE, t_ts TIMESTAMP, t_tstz TIMESTAMPTZ,
     t_time TIME, t_interval INTERVAL, t_list INTEGER[], t_struct STRUCT(a INTEGER, b VARCHAR),
     t_map MAP(VARCHAR, INTEGER), t_blob BLOB, t_uuid UUID, t_json JSON)`,
  `CREATE INDEX all_types_parent ON all_types(parent_id)`,
  `COMMENT ON TABLE all_types IS 'Every common type'`,
  `COMMENT ON COLUMN all_types.t_varchar IS 'some text'`,
  `CREATE VIEW v_types AS SELECT id, t_varchar FROM all_types`,
  `INSERT INTO parent VALUES (1, 'one')`,
  `INSERT INTO all_types VALUES (1, 1, 1, 9223372036854775807, 170141183460469231731687303715884105727,
     12.340, 12345678901234567.89, 1.5, 0.1, true, 'it''s', DATE '2024-03-13', TIMESTAMP '2024-03-13 14:37:52.123',
     TIMESTAMPTZ '2024-03-13 14:37:52+02', TIME '14:37:52', INTERVAL '1 day 2 hours', [1, 2, 3], {'a': 1, 'b': 'x'},
     MAP {'k': 1}, '\\x01\\xFF'::BLOB, 'd596d650-08e7-4dc3-9e71-897a59eeef82', '{"a": 1}')`,
  `INSERT INTO all_types (id) VALUES (2)`,
  `CREATE SCHEMA sales`,
  ...Array.from(
    { length: 12 },
    (_, i) => `CREATE TABLE sales.orders_${String(i + 1).padStart(2, '0')}(id INTEGER)`,
  ),
  `CREATE TABLE sales.customers(id INTEGER)`,
  `CREATE TABLE grains(id INTEGER, ts TIMESTAMP, ts_text VARCHAR, d DATE)`,
];

describe('DuckDB engine', () => {
  let client: DatabaseClient;

  beforeAll(async () => {
    client = await duckdbEngine.connect(uri, { dataDir });
    for (const sql of SETUP) await client.execute(sql);
    for (const [i, ts] of GRAIN_INPUTS.entries()) {
      await client.execute(
        `INSERT INTO grains VALUES (${i}, ${duckdbEngine.literal(ts)}, ${duckdbEngine.literal(ts)}, CAST(CAST(${duckdbEngine.literal(ts)} AS TIMESTAMP) AS DATE))`,
      );
    }
  });

  afterAll(async () => {
    await client?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('tests the connection, and refuses paths outside the data dir and missing read-only files', async () => {
    await client.testConnection();
    const escaping = await engineError(
      duckdbEngine.connect('duckdb:///../escape.duckdb', { dataDir }),
    );
    expect(escaping.kind).toBe('invalid_uri');
    const missing = await engineError(
      duckdbEngine.connect(`duckdb:///${path.join(dataDir, 'missing.duckdb')}`, {
        dataDir,
        readOnly: true,
      }),
    );
    expect(missing.kind).toBe('database_not_found');
    expect(fs.existsSync(path.join(dataDir, 'missing.duckdb'))).toBe(false);
  });

  it('resolves relative paths against the data dir and opens in-memory databases', async () => {
    const relative = await duckdbEngine.connect('duckdb:///sub/../relative.duckdb', { dataDir });
    await relative.execute('CREATE TABLE r(a INTEGER)');
    await relative.close();
    expect(fs.existsSync(path.join(dataDir, 'relative.duckdb'))).toBe(true);
    const memory = await duckdbEngine.connect('duckdb:///:memory:', { dataDir });
    expect((await memory.execute('SELECT 40 + 2 AS x')).rows).toEqual([[42]]);
    await memory.close();
  });

  it("gives SQL no access to the server's files, and no way to turn it back on", async () => {
    for (const statement of [
      "SELECT * FROM read_csv('/etc/passwd')",
      "COPY (SELECT 1) TO '/tmp/strata-should-not-exist.csv'",
      "ATTACH '/tmp/strata-should-not-exist.duckdb'",
      "SELECT * FROM glob('/etc/*')",
      'SET enable_external_access = true',
    ]) {
      await expect(client.execute(statement), statement).rejects.toBeInstanceOf(EngineError);
    }
    expect(fs.existsSync('/tmp/strata-should-not-exist.csv')).toBe(false);
  });

  it('lists schemas without the system ones', async () => {
    expect(await client.getSchemas()).toEqual(['main', 'sales']);
  });

  it('lists tables and views with search, paging and the total count', async () => {
    const main = await client.getTables('main');
    expect(main.count).toBe(4);
    expect(main.tables.map((t) => [t.name, t.type])).toEqual([
      ['all_types', 'table'],
      ['grains', 'table'],
      ['parent', 'table'],
      ['v_types', 'view'],
    ]);
    expect((await client.getTables(null)).count).toBe(4);
    const page = await client.getTables('sales', { search: 'ORDERS', page: 1, pageSize: 5 });
    expect(page.count).toBe(12);
    expect(page.tables.map((t) => t.name)).toEqual([
      'orders_06',
      'orders_07',
      'orders_08',
      'orders_09',
      'orders_10',
    ]);
    expect(page.tables[0]?.schema).toBe('sales');
    expect((await client.getTables('sales', { search: 'nothing-like-this' })).count).toBe(0);
    expect((await engineError(client.getTables('no_such_schema'))).kind).toBe('schema_not_found');
  });

  it('describes a table: types, generic types, nullability, defaults, keys, indexes, comments', async () => {
    const meta = await client.getTableMetadata('main', 'all_types');
    expect(meta).toMatchObject({
      name: 'all_types',
      schema: 'main',
      type: 'table',
      comment: 'Every common type',
    });
    const col = (name: string) => meta.columns.find((c) => c.name === name);
    expect(meta.columns).toHaveLength(22);
    expect(col('id')).toMatchObject({
      type: 'INTEGER',
      generic: GenericDataType.NUMERIC,
      nullable: false,
    });
    expect(col('t_bigint')).toMatchObject({
      type: 'BIGINT',
      generic: GenericDataType.NUMERIC,
      nullable: true,
    });
    expect(col('t_decimal')).toMatchObject({
      type: 'DECIMAL(10,3)',
      generic: GenericDataType.NUMERIC,
    });
    expect(col('t_bool')).toMatchObject({ type: 'BOOLEAN', generic: GenericDataType.BOOLEAN });
    expect(col('t_varchar')).toMatchObject({
      type: 'VARCHAR',
      generic: GenericDataType.STRING,
      comment: 'some text',
      default: "'none'",
    });
    expect(col('t_date')).toMatchObject({ type: 'DATE', generic: GenericDataType.TEMPORAL });
    expect(col('t_ts')).toMatchObject({ type: 'TIMESTAMP', generic: GenericDataType.TEMPORAL });
    expect(col('t_tstz')).toMatchObject({
      type: 'TIMESTAMP WITH TIME ZONE',
      generic: GenericDataType.TEMPORAL,
    });
    expect(col('t_list')).toMatchObject({ type: 'INTEGER[]', generic: GenericDataType.STRING });
    expect(col('t_interval')?.generic).toBe(GenericDataType.STRING);
    expect(meta.primaryKey.constrained_columns).toEqual(['id']);
    expect(meta.foreignKeys).toEqual([
      {
        name: expect.any(String),
        constrained_columns: ['parent_id'],
        referred_schema: 'main',
        referred_table: 'parent',
        referred_columns: ['id'],
      },
    ]);
    expect(meta.indexes).toEqual([
      { name: 'all_types_parent', column_names: ['parent_id'], unique: false },
    ]);

    const view = await client.getTableMetadata(null, 'V_TYPES');
    expect(view).toMatchObject({ name: 'v_types', type: 'view' });
    expect(view.columns.map((c) => c.name)).toEqual(['id', 't_varchar']);
    expect(await client.getPartitions('main', 'all_types')).toEqual({
      cols: [],
      latest: null,
      partitionQuery: null,
    });
  });

  it('answers table_not_found for an unknown table', async () => {
    const e = await engineError(client.getTableMetadata('main', 'no_such_table'));
    expect(e.kind).toBe('table_not_found');
    expect((await engineError(client.execute('SELECT * FROM no_such_table'))).kind).toBe(
      'table_not_found',
    );
  });

  it('returns JSON-safe values for every type, with result column types', async () => {
    const result = await client.execute('SELECT * FROM all_types ORDER BY id');
    expect(result.rowCount).toBe(2);
    expect(result.truncated).toBe(false);
    expect(result.affectedRows).toBeNull();
    const names = result.columns.map((c) => c.name);
    const row = Object.fromEntries(names.map((n, i) => [n, result.rows[0]?.[i]]));
    expect(row).toEqual({
      id: 1,
      parent_id: 1,
      t_tinyint: 1,
      t_bigint: '9223372036854775807',
      t_hugeint: '170141183460469231731687303715884105727',
      t_decimal: 12.34,
      t_bigdec: '12345678901234567.89',
      t_double: 1.5,
      t_float: 0.1,
      t_bool: true,
      t_varchar: "it's",
      t_date: '2024-03-13',
      t_ts: '2024-03-13T14:37:52.123Z',
      t_tstz: '2024-03-13T12:37:52.000Z',
      t_time: '14:37:52',
      t_interval: '1 day 02:00:00',
      t_list: '[1,2,3]',
      t_struct: '{"a":1,"b":"x"}',
      t_map: '[{"key":"k","value":1}]',
      t_blob: Buffer.from([1, 255]).toString('base64'),
      t_uuid: 'd596d650-08e7-4dc3-9e71-897a59eeef82',
      t_json: expect.any(String),
    });
    expect(JSON.parse(row.t_json as string)).toEqual({ a: 1 });
    expect(result.rows[1]?.slice(2).every((v) => v === null || v === 'none')).toBe(true);
    expect(() => JSON.stringify(result.rows)).not.toThrow();
    const type = (name: string) => result.columns.find((c) => c.name === name);
    expect(type('t_bigint')).toMatchObject({ type: 'BIGINT', generic: GenericDataType.NUMERIC });
    expect(type('t_ts')).toMatchObject({ type: 'TIMESTAMP', generic: GenericDataType.TEMPORAL });
    expect(type('t_struct')?.generic).toBe(GenericDataType.STRING);
    expect(type('t_bool')?.generic).toBe(GenericDataType.BOOLEAN);
  });

  it('stops after maxRows and says whether rows were left', async () => {
    const cut = await client.execute('SELECT * FROM range(10000)', { maxRows: 2500 });
    expect(cut).toMatchObject({ rowCount: 2500, truncated: true });
    expect(cut.rows).toHaveLength(2500);
    expect(cut.rows[2499]).toEqual([2499]);
    const atChunkEdge = await client.execute('SELECT * FROM range(4096)', { maxRows: 2048 });
    expect(atChunkEdge).toMatchObject({ rowCount: 2048, truncated: true });
    const exact = await client.execute('SELECT * FROM range(2048)', { maxRows: 2048 });
    expect(exact).toMatchObject({ rowCount: 2048, truncated: false });
    const all = await client.execute('SELECT * FROM range(10000)', { maxRows: 10000 });
    expect(all).toMatchObject({ rowCount: 10000, truncated: false });
  });

  it('streams rows in batches without keeping them', async () => {
    const sizes: number[] = [];
    let last: unknown = null;
    const result = await client.execute('SELECT range AS n FROM range(25000)', {
      batchSize: 10000,
      onBatch: async (rows) => {
        sizes.push(rows.length);
        last = rows[rows.length - 1]?.[0];
        await new Promise((r) => setTimeout(r, 5));
      },
    });
    expect(sizes).toEqual([10000, 10000, 5000]);
    expect(last).toBe(24999);
    expect(result.rows).toEqual([]);
    expect(result.rowCount).toBe(25000);
    const defaults: number[] = [];
    await client.execute('SELECT * FROM range(12345)', {
      onBatch: (rows) => void defaults.push(rows.length),
    });
    expect(defaults).toEqual([10000, 2345]);
    const failing = client.execute('SELECT * FROM range(10)', {
      batchSize: 1,
      onBatch: () => {
        throw new Error('consumer failed');
      },
    });
    await expect(failing).rejects.toThrow(new Error('consumer failed'));
  });

  it('reports the columns before the first batch, once, only for statements with rows', async () => {
    await expectColumnsFirst(client, {
      setup: ['CREATE TABLE on_columns(a INTEGER)'],
      select: 'SELECT range AS n, range * 2 AS twice FROM range(7)',
      names: ['n', 'twice'],
      empty: 'SELECT range AS n, range * 2 AS twice FROM range(7) WHERE range < 0',
      write: 'INSERT INTO on_columns VALUES (1)',
      teardown: ['DROP TABLE on_columns'],
    });
    // Several chunks, the next fetched while one is handed on: still columns first, then all rows.
    const events: string[] = [];
    let rows = 0;
    const r = await client.execute(
      'SELECT range AS n, md5(range::VARCHAR) AS h FROM range(50000)',
      {
        batchSize: 3000,
        maxRows: 45000,
        onColumns: () => void events.push('columns'),
        onBatch: async (batch) => {
          if (events.length === 1) events.push('batch');
          expect(batch[0]![0]).toBe(rows);
          rows += batch.length;
          await new Promise((resolve) => setTimeout(resolve, 1));
        },
      },
    );
    expect(events).toEqual(['columns', 'batch']);
    expect(rows).toBe(45000);
    expect(r).toMatchObject({ rowCount: 45000, truncated: true });
  });

  it('closing a client interrupts its running statements', async () => {
    const other = await duckdbEngine.connect('duckdb:///:memory:', { dataDir });
    const running = other.execute(
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c',
    );
    await new Promise((r) => setTimeout(r, 100));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(2000);
    await expect(running).rejects.toBeInstanceOf(EngineError);
  });

  it('reports affected rows of DML and none for DDL', async () => {
    await client.execute('CREATE TABLE dml(a INTEGER)');
    expect((await client.execute('INSERT INTO dml VALUES (1), (2), (3)')).affectedRows).toBe(3);
    expect((await client.execute('UPDATE dml SET a = a + 1 WHERE a > 1')).affectedRows).toBe(2);
    expect((await client.execute('DELETE FROM dml WHERE a = 99')).affectedRows).toBe(0);
    expect((await client.execute('DROP TABLE dml')).affectedRows).toBeNull();
  });

  it('runs in the given schema and refuses several statements', async () => {
    const r = await client.execute('SELECT count(*) AS n FROM customers', { schema: 'sales' });
    expect(r.rows).toEqual([[0]]);
    expect((await engineError(client.execute('SELECT count(*) FROM customers'))).kind).toBe(
      'table_not_found',
    );
    const multi = await engineError(client.execute('SELECT 1; DROP TABLE parent'));
    expect(multi.kind).toBe('query_error');
    expect((await client.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
  });

  it('reports syntax errors with their position', async () => {
    const e = await engineError(client.execute('SELEC 1'));
    expect(e.kind).toBe('syntax_error');
    expect(e.message).toMatch(/syntax error/);
    expect(e.extra).toEqual({ line: 1, column: 1 });
    const second = await engineError(client.execute('SELECT 1,\n  2 FRM x'));
    expect(second.extra).toEqual({ line: 2, column: 9 });
  });

  it('cancels a running statement when the signal aborts, and keeps working', async () => {
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 200);
    const e = await engineError(
      client.execute(
        'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c',
        { signal: controller.signal },
      ),
    );
    expect(e.kind).toBe('cancelled');
    expect(Date.now() - started).toBeLessThan(2000);
    expect((await client.execute('SELECT 1')).rows).toEqual([[1]]);
    const aborted = AbortSignal.abort();
    expect((await engineError(client.execute('SELECT 1', { signal: aborted }))).kind).toBe(
      'cancelled',
    );
  });

  it('runs concurrent statements on one client', async () => {
    const sql = 'SELECT count(*) AS n FROM range(3000000) WHERE range % 7 = 0';
    const results = await Promise.all([1, 2, 3, 4].map(() => client.execute(sql)));
    for (const r of results) expect(r.rows).toEqual([[428572]]);
  });

  it('estimates the cost of a statement from its plan, one statement only', async () => {
    const rows = await client.estimateCost('SELECT * FROM all_types WHERE id = 1;');
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]).toHaveProperty('Operator');
    expect(rows.some((r) => String(r.Details).includes('all_types'))).toBe(true);
    const inSchema = await client.estimateCost('SELECT * FROM customers', 'sales');
    expect(inSchema.length).toBeGreaterThan(0);
    await engineError(client.estimateCost('SELECT 1; DROP TABLE parent'));
    expect((await client.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
  });

  it('lists function names, distinct and sorted', async () => {
    const names = await client.functionNames();
    expect(names).toEqual(expect.arrayContaining(['sum', 'count', 'date_trunc', 'time_bucket']));
    expect(new Set(names).size).toBe(names.length);
    expect([...names].sort()).toEqual(names);
    expect(names).not.toContain('+');
  });

  it('truncates to every time grain (TIMESTAMP, text and DATE columns)', async () => {
    for (const grain of TIME_GRAINS) {
      const expr = duckdbEngine.timeGrainExpression(grain, 'ts');
      expect(expr, grain).not.toBeNull();
      const r = await client.execute(`SELECT ${expr} AS g FROM grains ORDER BY id`);
      expect(r.columns[0]?.type, grain).toBe('TIMESTAMP');
      const expected = GRAIN_EXPECTED[grain].map((t) => `${t.replace(' ', 'T')}.000Z`);
      expect(
        r.rows.map((row) => row[0]),
        grain,
      ).toEqual(expected);
      const fromText = await client.execute(
        `SELECT ${duckdbEngine.timeGrainExpression(grain, 'ts_text')} FROM grains ORDER BY id`,
      );
      expect(
        fromText.rows.map((row) => row[0]),
        `${grain} on text`,
      ).toEqual(expected);
    }
    const day = await client.execute(
      `SELECT ${duckdbEngine.timeGrainExpression('P1M', 'd')} FROM grains ORDER BY id LIMIT 1`,
    );
    expect(day.rows).toEqual([['2024-03-01T00:00:00.000Z']]);
  });

  it('quotes identifiers and literals so hostile names and values stay data', async () => {
    const q = duckdbEngine.quoteIdentifier;
    const table = 'we"ird; DROP TABLE parent; --';
    const column = `col"; x'`;
    await client.execute(
      `CREATE TABLE ${q(table)} (${q(column)} VARCHAR, n DOUBLE, b BOOLEAN, t TIMESTAMP)`,
    );
    const values = [
      "it's; DROP TABLE parent; --",
      "'; SELECT 1; --",
      'back\\slash \\x27',
      '日本語 "quoted"',
      '',
    ];
    for (const v of values) {
      await client.execute(
        `INSERT INTO ${q(table)} VALUES (${duckdbEngine.literal(v)}, ${duckdbEngine.literal(-1.5e-7)}, ${duckdbEngine.literal(true)}, ${duckdbEngine.literal(new Date('2024-03-13T14:37:52.123Z'))})`,
      );
    }
    await client.execute(
      `INSERT INTO ${q(table)} VALUES (${duckdbEngine.literal(null)}, NULL, FALSE, NULL)`,
    );
    const r = await client.execute(
      `SELECT ${q(column)}, n, b, t FROM ${q(table)} WHERE n IS NOT NULL ORDER BY rowid`,
    );
    expect(r.rows.map((row) => row[0])).toEqual(values);
    expect(r.rows[0]).toEqual([values[0], -1.5e-7, true, '2024-03-13T14:37:52.123Z']);
    const nulls = await client.execute(
      `SELECT count(*) FROM ${q(table)} WHERE ${q(column)} IS NULL AND NOT b`,
    );
    expect(nulls.rows).toEqual([[1]]);
    expect((await client.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
    expect(
      (await client.getTables('main', { search: 'we"ird' })).tables.map((t) => t.name),
    ).toEqual([table]);
  });

  describe('executeScript', () => {
    const LONG =
      'WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < 1000000000) SELECT count(*) FROM c';

    it('runs the statements on one connection: a temp table, a variable and USE reach the next ones', async () => {
      const r = await client.executeScript([
        'CREATE TEMP TABLE strata_tmp AS SELECT range AS n FROM range(3)',
        'SET VARIABLE strata_v = 7',
        'USE sales',
        "SELECT n, getvariable('strata_v') AS v, (SELECT count(*) FROM customers) AS c FROM strata_tmp ORDER BY n",
      ]);
      expect(r.columns.map((c) => c.name)).toEqual(['n', 'v', 'c']);
      expect(r.rows).toEqual([
        [0, 7, 0],
        [1, 7, 0],
        [2, 7, 0],
      ]);
    });

    it('returns the last statement’s rows only, with maxRows and batches applied to it', async () => {
      const started: number[] = [];
      const batches: number[] = [];
      const begun = Date.now();
      const r = await client.executeScript(
        [
          // Read whole, this would take hours: only its first chunk is read.
          'SELECT * FROM range(1000000000000)',
          'CREATE TEMP TABLE strata_dml(a INTEGER)',
          'SELECT range AS n FROM range(25000)',
        ],
        {
          maxRows: 22000,
          batchSize: 10000,
          onStatement: (i) => started.push(i),
          onBatch: (rows) => void batches.push(rows.length),
        },
      );
      expect(Date.now() - begun).toBeLessThan(3000);
      expect(started).toEqual([0, 1, 2]);
      expect(batches).toEqual([10000, 10000, 2000]);
      expect(r).toMatchObject({ rows: [], rowCount: 22000, truncated: true, affectedRows: null });
      const dml = await client.executeScript([
        'CREATE TEMP TABLE strata_dml(a INTEGER)',
        'INSERT INTO strata_dml VALUES (1), (2)',
      ]);
      expect(dml).toMatchObject({ columns: [], rows: [], affectedRows: 2 });
    });

    it('stops at a failing statement, which it names; later statements do not run', async () => {
      await client.execute('CREATE TABLE script_log(step INTEGER)');
      const log = async (): Promise<unknown[][]> =>
        (await client.execute('SELECT step FROM script_log ORDER BY step')).rows;
      const started: number[] = [];
      const e = await engineError(
        client.executeScript(
          [
            'INSERT INTO script_log VALUES (1)',
            'SELECT 1,\n  2 FRM x',
            'INSERT INTO script_log VALUES (3)',
          ],
          { onStatement: (i) => started.push(i) },
        ),
      );
      expect(e.kind).toBe('syntax_error');
      expect(e.extra).toEqual({ line: 2, column: 9, statementIndex: 1 });
      expect(started).toEqual([0, 1]);
      expect(await log()).toEqual([[1]]);
      const missing = await engineError(
        client.executeScript([
          'SELECT 1',
          'SELECT * FROM no_such_table',
          'INSERT INTO script_log VALUES (3)',
        ]),
      );
      expect(missing.kind).toBe('table_not_found');
      expect(missing.extra.statementIndex).toBe(1);
      // One string is one statement: a second one in it is refused, nothing of it runs.
      const two = await engineError(
        client.executeScript(['SELECT 1', 'INSERT INTO script_log VALUES (8); DROP TABLE parent']),
      );
      expect(two.kind).toBe('query_error');
      expect(two.extra.statementIndex).toBe(1);
      expect(await log()).toEqual([[1]]);
      expect((await client.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
      const consumer = client.executeScript(['SELECT 1', 'SELECT * FROM range(10)'], {
        batchSize: 1,
        onBatch: () => {
          throw new Error('consumer failed');
        },
      });
      await expect(consumer).rejects.toThrow(new Error('consumer failed'));
    });

    it('cancels the running statement when the signal aborts', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 200);
      const e = await engineError(
        client.executeScript(['SELECT 1', LONG], { signal: controller.signal }),
      );
      expect(e.kind).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(2000);
      expect((await client.executeScript(['SELECT 1', 'SELECT 2'])).rows).toEqual([[2]]);
      const announced: number[] = [];
      const early = await engineError(
        client.executeScript(['SELECT 1'], {
          signal: AbortSignal.abort(),
          onStatement: (i) => announced.push(i),
        }),
      );
      expect(early.kind).toBe('cancelled');
      expect(announced).toEqual([]);
    });

    it('leaves nothing of its session to the next call', async () => {
      await client.executeScript([
        'CREATE TEMP TABLE strata_leak(a INTEGER)',
        'SET VARIABLE strata_leak_v = 7',
        'USE sales',
        'BEGIN TRANSACTION',
        'INSERT INTO main.script_log VALUES (9)',
      ]);
      const next = await client.execute("SELECT getvariable('strata_leak_v'), current_schema()");
      expect(next.rows).toEqual([[null, 'main']]);
      expect((await engineError(client.execute('SELECT * FROM strata_leak'))).kind).toBe(
        'table_not_found',
      );
      expect((await client.execute('SELECT step FROM script_log')).rows).toEqual([[1]]);
    });

    it('keeps a read-only client read-only across the script, COMMIT or not', async () => {
      const reader = await duckdbEngine.connect(uri, { dataDir, readOnly: true });
      try {
        expect(
          (await reader.executeScript(['SELECT 1', 'SELECT count(*) FROM parent'])).rows,
        ).toEqual([[1]]);
        for (const end of ['COMMIT', 'ROLLBACK']) {
          const e = await engineError(
            reader.executeScript([end, "INSERT INTO parent VALUES (9, 'nine')"]),
          );
          expect(e.message).toMatch(/read-only/);
          expect(e.extra.statementIndex).toBe(1);
        }
      } finally {
        await reader.close();
      }
      expect((await client.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
    });
  });

  it('shares one instance per file, and read-only clients cannot write', async () => {
    const before = openInstanceCount();
    const reader = await duckdbEngine.connect(uri, { dataDir, readOnly: true });
    expect(openInstanceCount()).toBe(before);
    expect((await reader.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
    const refused = await engineError(reader.execute("INSERT INTO parent VALUES (9, 'nine')"));
    expect(refused.kind).toBe('query_error');
    expect(refused.message).toMatch(/read-only/);
    await reader.close();
    expect((await client.execute('SELECT count(*) FROM parent')).rows).toEqual([[1]]);
    await expect(reader.execute('SELECT 1')).rejects.toBeInstanceOf(EngineError);
  });

  it('shares the instance of a file reached through a symbolic link', async () => {
    const real = path.join(dataDir, 'real');
    fs.mkdirSync(real);
    fs.symlinkSync(real, path.join(dataDir, 'link'));
    const before = openInstanceCount();
    const a = await duckdbEngine.connect(`duckdb:///${path.join(real, 'x.duckdb')}`, { dataDir });
    const b = await duckdbEngine.connect('duckdb:///link/x.duckdb', { dataDir });
    expect(openInstanceCount()).toBe(before + 1);
    await a.execute('CREATE TABLE shared AS SELECT 7 AS n');
    expect((await b.execute('SELECT n FROM shared')).rows).toEqual([[7]]);
    await a.close();
    await b.close();
    expect(openInstanceCount()).toBe(before);
  });

  it('opens a file read-only when no one has it open, and refuses a writer meanwhile', async () => {
    const other = path.join(dataDir, 'other.duckdb');
    const writer = await duckdbEngine.connect(`duckdb:///${other}`, { dataDir });
    await writer.execute('CREATE TABLE t AS SELECT 1 AS a');
    await writer.close();
    const reader = await duckdbEngine.connect(`duckdb:///${other}`, { dataDir, readOnly: true });
    expect((await reader.execute('SELECT a FROM t')).rows).toEqual([[1]]);
    expect((await engineError(reader.execute('CREATE TABLE u(a INTEGER)'))).kind).toBe(
      'query_error',
    );
    const blocked = await engineError(duckdbEngine.connect(`duckdb:///${other}`, { dataDir }));
    expect(blocked.message).toMatch(/read-only/);
    await reader.close();
    const again = await duckdbEngine.connect(`duckdb:///${other}`, { dataDir });
    await again.close();
  });
});
