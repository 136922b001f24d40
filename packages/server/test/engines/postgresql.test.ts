import { randomBytes } from 'node:crypto';
import { GenericDataType, TIME_GRAINS, type TimeGrain } from '@strata/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postgresqlEngine as engine } from '../../src/engines/postgresql/index.js';
import { EngineError, type ColumnInfo, type DatabaseClient } from '../../src/engines/types.js';
import { expectColumnsFirst } from './on-columns.js';

const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const CI = process.env.CI === 'true';

async function unreachable(): Promise<string | null> {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  try {
    await c.connect();
    await c.query('SELECT 1');
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  } finally {
    await c.end().catch(() => undefined);
  }
}

const problem = await unreachable();

/** Wednesday, Sunday, Saturday at midnight, Monday in Q4: every grain checked by hand. */
const GRAIN_SAMPLES = [
  '2024-03-13 14:37:43.5',
  '2024-03-17 23:59:59',
  '2024-03-16 00:00:00',
  '2023-11-06 05:59:59',
];
const EXPECTED_GRAINS: Record<TimeGrain, string[]> = {
  PT1S: [
    '2024-03-13T14:37:43',
    '2024-03-17T23:59:59',
    '2024-03-16T00:00:00',
    '2023-11-06T05:59:59',
  ],
  PT5S: [
    '2024-03-13T14:37:40',
    '2024-03-17T23:59:55',
    '2024-03-16T00:00:00',
    '2023-11-06T05:59:55',
  ],
  PT30S: [
    '2024-03-13T14:37:30',
    '2024-03-17T23:59:30',
    '2024-03-16T00:00:00',
    '2023-11-06T05:59:30',
  ],
  PT1M: [
    '2024-03-13T14:37:00',
    '2024-03-17T23:59:00',
    '2024-03-16T00:00:00',
    '2023-11-06T05:59:00',
  ],
  PT5M: [
    '2024-03-13T14:35:00',
    '2024-03-17T23:55:00',
    '2024-03-16T00:00:00',
    '2023-11-06T05:55:00',
  ],
  PT10M: [
    '2024-03-13T14:30:00',
    '2024-03-17T23:50:00',
    '2024-03-16T00:00:00',
    '2023-11-06T05:50:00',
  ],
  PT15M: [
    '2024-03-13T14:30:00',
    '2024-03-17T23:45:00',
    '2024-03-16T00:00:00',
    '2023-11-06T05:45:00',
  ],
  PT30M: [
    '2024-03-13T14:30:00',
    '2024-03-17T23:30:00',
    '2024-03-16T00:00:00',
    '2023-11-06T05:30:00',
  ],
  PT1H: [
    '2024-03-13T14:00:00',
    '2024-03-17T23:00:00',
    '2024-03-16T00:00:00',
    '2023-11-06T05:00:00',
  ],
  PT6H: [
    '2024-03-13T12:00:00',
    '2024-03-17T18:00:00',
    '2024-03-16T00:00:00',
    '2023-11-06T00:00:00',
  ],
  P1D: ['2024-03-13T00:00:00', '2024-03-17T00:00:00', '2024-03-16T00:00:00', '2023-11-06T00:00:00'],
  // PostgreSQL weeks start on Monday (ISO).
  P1W: ['2024-03-11T00:00:00', '2024-03-11T00:00:00', '2024-03-11T00:00:00', '2023-11-06T00:00:00'],
  P1M: ['2024-03-01T00:00:00', '2024-03-01T00:00:00', '2024-03-01T00:00:00', '2023-11-01T00:00:00'],
  P3M: ['2024-01-01T00:00:00', '2024-01-01T00:00:00', '2024-01-01T00:00:00', '2023-10-01T00:00:00'],
  P1Y: ['2024-01-01T00:00:00', '2024-01-01T00:00:00', '2024-01-01T00:00:00', '2023-01-01T00:00:00'],
  '1969-12-28T00:00:00Z/P1W': [
    '2024-03-10T00:00:00',
    '2024-03-17T00:00:00',
    '2024-03-10T00:00:00',
    '2023-11-05T00:00:00',
  ],
  '1969-12-29T00:00:00Z/P1W': [
    '2024-03-11T00:00:00',
    '2024-03-11T00:00:00',
    '2024-03-11T00:00:00',
    '2023-11-06T00:00:00',
  ],
  'P1W/1970-01-03T00:00:00Z': [
    '2024-03-16T00:00:00',
    '2024-03-23T00:00:00',
    '2024-03-16T00:00:00',
    '2023-11-11T00:00:00',
  ],
  'P1W/1970-01-04T00:00:00Z': [
    '2024-03-17T00:00:00',
    '2024-03-17T00:00:00',
    '2024-03-17T00:00:00',
    '2023-11-12T00:00:00',
  ],
};

/** A date or timestamp result as `YYYY-MM-DDTHH:MM:SS`. */
function normalizeTemporal(value: unknown): string {
  const s = String(value).replace(' ', 'T').replace(/\.0+$/, '');
  return /^\d{4}-\d\d-\d\d$/.test(s) ? `${s}T00:00:00` : s;
}
if (problem && !CI) console.warn(`PostgreSQL unreachable at ${PG_URL} (${problem}): skipping`);

function urlWith(change: (u: URL) => void): string {
  const u = new URL(PG_URL);
  change(u);
  return u.toString();
}

async function engineError(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return e as EngineError;
  }
  throw new Error('expected an EngineError');
}

describe.skipIf(problem !== null && !CI)('PostgreSQL engine (integration)', () => {
  const S = `strata_eng_${randomBytes(5).toString('hex')}`;
  const S2 = `${S}_b`;
  const q = engine.quoteIdentifier;
  const NASTY_TABLE = `we"ird; name\\ 'x'`;
  const NASTY_COLUMN = `co"l;-- \`x\``;
  let admin: pg.Client;
  let client: DatabaseClient;

  beforeAll(async () => {
    if (problem) {
      throw new Error(
        `PostgreSQL at ${PG_URL} is required with CI=true but unreachable: ${problem}`,
      );
    }
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`
      CREATE SCHEMA ${S};
      CREATE SCHEMA ${S2};
      SET search_path TO ${S};
      CREATE TABLE departments (id integer PRIMARY KEY, name text NOT NULL UNIQUE);
      COMMENT ON TABLE departments IS 'All the departments';
      CREATE TABLE everything (
        id bigserial PRIMARY KEY,
        dept_id integer REFERENCES departments (id),
        small smallint,
        i integer,
        big bigint DEFAULT 42,
        num numeric(30, 10),
        real_col real,
        dbl double precision,
        flag boolean NOT NULL DEFAULT false,
        label varchar(50),
        body text,
        day date,
        ts timestamp,
        tstz timestamptz,
        t time,
        js json,
        jsb jsonb,
        bin bytea,
        uid uuid,
        tags text[],
        ints integer[],
        iv interval
      );
      COMMENT ON COLUMN everything.label IS 'The label';
      CREATE INDEX everything_label_day ON everything (label, day);
      CREATE UNIQUE INDEX everything_uid ON everything (uid);
      CREATE TABLE parent2 (a integer, b text, PRIMARY KEY (b, a));
      CREATE TABLE child2 (x integer, pa integer, pb text,
        CONSTRAINT child2_parent FOREIGN KEY (pb, pa) REFERENCES parent2 (b, a));
      CREATE VIEW v_everything AS SELECT id, label FROM everything;
      CREATE MATERIALIZED VIEW mv_one AS SELECT 1 AS x;
      CREATE TABLE events (id integer, happened date, region text) PARTITION BY RANGE (happened);
      CREATE TABLE events_2024 PARTITION OF events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
      CREATE TABLE numbers AS SELECT g AS n FROM generate_series(1, 2500) AS g;
      CREATE TABLE people (who text);
      INSERT INTO people VALUES ('in schema a');
      CREATE TABLE grain_samples (id serial, ts timestamp, tstz timestamptz, d date);
      CREATE TABLE ${q(NASTY_TABLE)} (${q(NASTY_COLUMN)} text, n integer);
      CREATE TABLE ${S2}.people (who text);
      INSERT INTO ${S2}.people VALUES ('in schema b');
      RESET search_path;
    `);
    for (const at of GRAIN_SAMPLES) {
      await admin.query(
        `INSERT INTO ${S}.grain_samples (ts, tstz, d) VALUES ($1::timestamp, $1::timestamptz, $1::date)`,
        [at],
      );
    }
    client = await engine.connect(PG_URL, { dataDir: '/tmp' });
  });

  afterAll(async () => {
    await client?.close();
    if (admin) {
      await admin.query(`DROP SCHEMA IF EXISTS ${S} CASCADE; DROP SCHEMA IF EXISTS ${S2} CASCADE`);
      await admin.end();
    }
  });

  describe('connecting', () => {
    it('connects, with every scheme and with a masked password', async () => {
      await client.testConnection();
      for (const scheme of ['postgres', 'postgresql+psycopg2']) {
        const c = await engine.connect(PG_URL.replace(/^[a-z0-9+]+:/, `${scheme}:`), {
          dataDir: '/tmp',
        });
        await c.testConnection();
        await c.close();
      }
      const masked = urlWith((u) => {
        u.username ||= 'postgres';
        u.password = 'XXXXXXXXXX';
      });
      const c = await engine.connect(masked, { dataDir: '/tmp', password: 'any password' });
      await c.testConnection();
      await c.close();
    });

    it('reports a missing database', async () => {
      const c = await engine.connect(
        urlWith((u) => (u.pathname = '/no_such_db_strata')),
        { dataDir: '/tmp' },
      );
      const e = await engineError(c.testConnection());
      expect(e.kind).toBe('database_not_found');
      expect(e.message).toContain('no_such_db_strata');
      await c.close();
    });

    it('reports a closed port and an unknown host', async () => {
      const refused = await engine.connect('postgresql://postgres@127.0.0.1:1/test', {
        dataDir: '/tmp',
      });
      const e1 = await engineError(refused.testConnection());
      expect(e1.kind).toBe('connection_refused');
      expect(e1.message).toBe('Could not connect to 127.0.0.1:1: connection refused');
      await refused.close();
      const unknown = await engine.connect('postgresql://postgres@no-such-host.invalid:5432/test', {
        dataDir: '/tmp',
        connectTimeoutMs: 5000,
      });
      const e2 = await engineError(unknown.testConnection());
      expect(e2.kind).toBe('host_unreachable');
      expect(e2.message).toContain('no-such-host.invalid');
      await unknown.close();
    });

    it('refuses a URI it cannot read', async () => {
      const e = await engineError(engine.connect('not a uri', { dataDir: '/tmp' }));
      expect(e.kind).toBe('invalid_uri');
    });
  });

  describe('introspection', () => {
    it('lists schemas without the system ones', async () => {
      const schemas = await client.getSchemas();
      expect(schemas).toContain(S);
      expect(schemas).toContain(S2);
      expect(schemas).toContain('public');
      expect(
        schemas.filter((s) => /^pg_(catalog|toast|temp)|^information_schema$/.test(s)),
      ).toEqual([]);
    });

    it('lists tables and views with search, paging and count', async () => {
      const all = await client.getTables(S);
      expect(all.tables.map((t) => [t.name, t.type])).toEqual([
        ['child2', 'table'],
        ['departments', 'table'],
        ['events', 'table'],
        ['events_2024', 'table'],
        ['everything', 'table'],
        ['grain_samples', 'table'],
        ['mv_one', 'view'],
        ['numbers', 'table'],
        ['parent2', 'table'],
        ['people', 'table'],
        ['v_everything', 'view'],
        [NASTY_TABLE, 'table'],
      ]);
      expect(all.count).toBe(12);
      expect(all.tables[0]!.schema).toBe(S);
      const found = await client.getTables(S, { search: 'EVERY' });
      expect(found.tables.map((t) => t.name)).toEqual(['everything', 'v_everything']);
      expect(found.count).toBe(2);
      const page = await client.getTables(S, { page: 1, pageSize: 5 });
      expect(page.tables.map((t) => t.name)).toEqual([
        'grain_samples',
        'mv_one',
        'numbers',
        'parent2',
        'people',
      ]);
      expect(page.count).toBe(12);
      expect((await client.getTables(S, { search: '%' })).count).toBe(0);
      const e = await engineError(client.getTables('no_such_schema_strata'));
      expect(e.kind).toBe('schema_not_found');
    });

    it('describes a table: types, nullability, defaults, comments, keys, indexes', async () => {
      const m = await client.getTableMetadata(S, 'everything');
      expect(m).toMatchObject({ name: 'everything', schema: S, type: 'table', comment: null });
      const col = (name: string) => m.columns.find((c) => c.name === name)!;
      expect(m.columns.map((c) => c.name)).toEqual([
        'id',
        'dept_id',
        'small',
        'i',
        'big',
        'num',
        'real_col',
        'dbl',
        'flag',
        'label',
        'body',
        'day',
        'ts',
        'tstz',
        't',
        'js',
        'jsb',
        'bin',
        'uid',
        'tags',
        'ints',
        'iv',
      ]);
      const types = Object.fromEntries(m.columns.map((c) => [c.name, [c.type, c.generic]]));
      expect(types).toMatchObject({
        id: ['bigint', GenericDataType.NUMERIC],
        small: ['smallint', GenericDataType.NUMERIC],
        num: ['numeric(30,10)', GenericDataType.NUMERIC],
        real_col: ['real', GenericDataType.NUMERIC],
        dbl: ['double precision', GenericDataType.NUMERIC],
        flag: ['boolean', GenericDataType.BOOLEAN],
        label: ['character varying(50)', GenericDataType.STRING],
        day: ['date', GenericDataType.TEMPORAL],
        ts: ['timestamp without time zone', GenericDataType.TEMPORAL],
        tstz: ['timestamp with time zone', GenericDataType.TEMPORAL],
        js: ['json', GenericDataType.STRING],
        bin: ['bytea', GenericDataType.STRING],
        tags: ['text[]', GenericDataType.STRING],
        ints: ['integer[]', GenericDataType.STRING],
      });
      expect(col('id')).toMatchObject({ nullable: false });
      expect(col('id').default).toMatch(/^nextval\('.*everything_id_seq'::regclass\)$/);
      expect(col('big')).toMatchObject({ nullable: true, default: '42' });
      expect(col('flag')).toMatchObject({ nullable: false, default: 'false' });
      expect(col('label')).toMatchObject({ comment: 'The label', default: null });
      expect(col('body').comment).toBeNull();
      expect(m.primaryKey).toEqual({ name: 'everything_pkey', constrained_columns: ['id'] });
      expect(m.foreignKeys).toEqual([
        {
          name: 'everything_dept_id_fkey',
          constrained_columns: ['dept_id'],
          referred_schema: S,
          referred_table: 'departments',
          referred_columns: ['id'],
        },
      ]);
      expect(m.indexes).toEqual([
        { name: 'everything_label_day', column_names: ['label', 'day'], unique: false },
        { name: 'everything_uid', column_names: ['uid'], unique: true },
      ]);
      const dept = await client.getTableMetadata(S, 'departments');
      expect(dept.comment).toBe('All the departments');
      expect(dept.indexes).toEqual([
        { name: 'departments_name_key', column_names: ['name'], unique: true },
      ]);
    });

    it('keeps the column order of composite keys', async () => {
      const parent = await client.getTableMetadata(S, 'parent2');
      expect(parent.primaryKey).toEqual({ name: 'parent2_pkey', constrained_columns: ['b', 'a'] });
      const child = await client.getTableMetadata(S, 'child2');
      expect(child.foreignKeys).toEqual([
        {
          name: 'child2_parent',
          constrained_columns: ['pb', 'pa'],
          referred_schema: S,
          referred_table: 'parent2',
          referred_columns: ['b', 'a'],
        },
      ]);
    });

    it('describes views and tables with awkward names', async () => {
      const v = await client.getTableMetadata(S, 'v_everything');
      expect(v.type).toBe('view');
      expect(v.columns.map((c) => [c.name, c.type])).toEqual([
        ['id', 'bigint'],
        ['label', 'character varying(50)'],
      ]);
      expect(v.primaryKey).toEqual({ name: null, constrained_columns: [] });
      const nasty = await client.getTableMetadata(S, NASTY_TABLE);
      expect(nasty.columns.map((c) => c.name)).toEqual([NASTY_COLUMN, 'n']);
    });

    it('reports a missing table', async () => {
      const e = await engineError(client.getTableMetadata(S, 'no_such_table'));
      expect(e.kind).toBe('table_not_found');
      const e2 = await engineError(client.getTableMetadata('no_such_schema_strata', 'x'));
      expect(e2.kind).toBe('table_not_found');
      const e3 = await engineError(client.execute(`SELECT * FROM ${S}.no_such_table`));
      expect(e3.kind).toBe('table_not_found');
    });

    it('gives partition key columns of partitioned tables only', async () => {
      expect(await client.getPartitions(S, 'events')).toEqual({
        cols: ['happened'],
        latest: null,
        partitionQuery: null,
      });
      expect((await client.getPartitions(S, 'everything')).cols).toEqual([]);
    });

    it('lists function names, distinct and sorted', async () => {
      const names = await client.functionNames();
      expect(names).toContain('date_trunc');
      expect(names).toContain('pg_sleep');
      expect(new Set(names).size).toBe(names.length);
      expect([...names].sort()).toEqual(names);
    });
  });

  describe('execute', () => {
    it('returns JSON-safe values for every common type', async () => {
      await admin.query(`
        INSERT INTO ${S}.departments VALUES (1, 'Sales');
        INSERT INTO ${S}.everything (dept_id, small, i, big, num, real_col, dbl, flag, label, body,
          day, ts, tstz, t, js, jsb, bin, uid, tags, ints, iv)
        VALUES
          (1, 7, -3, 9007199254740993, 12345678901234567890.125, 1.5, 'NaN', true, 'a', 'b',
           '2024-02-29', '2024-02-29 13:14:15.123456', '2024-02-29 13:14:15+02', '23:59:58',
           '{"a": 1, "b": [1,2]}', '{"a": 1}', '\\xdeadbeef', 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
           '{a,"b c",NULL}', '{1,2}', '1 day 02:00:00'),
          (NULL, NULL, NULL, 42, 0.1, NULL, 2.25, false, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL);
      `);
      const r = await client.execute(
        `SELECT id, small, i, big, num, real_col, dbl, flag, label, day, ts, tstz, t, js, jsb, bin,
                uid, tags, ints, iv, NULL AS nothing
           FROM ${S}.everything ORDER BY id`,
      );
      expect(r.truncated).toBe(false);
      expect(r.affectedRows).toBeNull();
      expect(r.rowCount).toBe(2);
      const names = r.columns.map((c) => c.name);
      const row0 = Object.fromEntries(names.map((n, i) => [n, r.rows[0]![i]]));
      expect(row0).toEqual({
        id: 1,
        small: 7,
        i: -3,
        big: '9007199254740993',
        num: '12345678901234567890.1250000000',
        real_col: 1.5,
        dbl: 'NaN',
        flag: true,
        label: 'a',
        day: '2024-02-29',
        ts: '2024-02-29T13:14:15.123456',
        tstz: '2024-02-29T11:14:15Z',
        t: '23:59:58',
        js: '{"a": 1, "b": [1,2]}',
        jsb: '{"a": 1}',
        bin: Buffer.from('deadbeef', 'hex').toString('base64'),
        uid: 'a0eebc99-9c0b-4ef8-bb6d-6bb9bd380a11',
        tags: '["a","b c",null]',
        ints: '[1,2]',
        iv: '1 day 02:00:00',
        nothing: null,
      });
      const row1 = Object.fromEntries(names.map((n, i) => [n, r.rows[1]![i]]));
      expect(row1).toMatchObject({
        big: 42,
        num: 0.1,
        dbl: 2.25,
        flag: false,
        day: null,
        ts: null,
      });
      expect(JSON.parse(JSON.stringify(r.rows))).toEqual(r.rows);
      const type = (n: string) => r.columns.find((c) => c.name === n)!;
      expect(type('big')).toMatchObject({ type: 'bigint', generic: GenericDataType.NUMERIC });
      expect(type('tstz')).toMatchObject({
        type: 'timestamp with time zone',
        generic: GenericDataType.TEMPORAL,
      });
      expect(type('flag').generic).toBe(GenericDataType.BOOLEAN);
      expect(type('tags')).toMatchObject({ type: 'text[]', generic: GenericDataType.STRING });
    });

    it('stops at maxRows, says so, and hands rows over in batches', async () => {
      const batches: unknown[][][] = [];
      const r = await client.execute(`SELECT n FROM ${S}.numbers ORDER BY n`, {
        maxRows: 1000,
        batchSize: 300,
        onBatch: (rows) => {
          batches.push(rows);
        },
      });
      expect(batches.map((b) => b.length)).toEqual([300, 300, 300, 100]);
      expect(batches[0]![0]).toEqual([1]);
      expect(batches[3]![99]).toEqual([1000]);
      expect(r).toMatchObject({ rows: [], rowCount: 1000, truncated: true, affectedRows: null });
      const failing = await client
        .execute(`SELECT n FROM ${S}.numbers`, {
          batchSize: 100,
          onBatch: () => {
            throw new Error('consumer failed');
          },
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((failing as Error).message).toBe('consumer failed');
      const all = await client.execute(`SELECT n FROM ${S}.numbers`, { maxRows: 2500 });
      expect(all.rowCount).toBe(2500);
      expect(all.rows).toHaveLength(2500);
      expect(all.truncated).toBe(false);
      const cut = await client.execute(`SELECT n FROM ${S}.numbers`, { maxRows: 2499 });
      expect(cut.rows).toHaveLength(2499);
      expect(cut.truncated).toBe(true);
      const none = await client.execute(`SELECT n FROM ${S}.numbers WHERE n < 0`);
      expect(none).toMatchObject({ rows: [], rowCount: 0, truncated: false });
      expect(none.columns.map((c) => c.name)).toEqual(['n']);
    });

    it('runs VALUES, TABLE, SHOW, EXPLAIN and a trailing semicolon', async () => {
      expect((await client.execute('VALUES (1, 2), (3, 4);')).rows).toEqual([
        [1, 2],
        [3, 4],
      ]);
      expect((await client.execute(`TABLE ${S}.people`)).rows).toEqual([['in schema a']]);
      expect((await client.execute('SHOW DateStyle')).rows).toEqual([['ISO, MDY']]);
      const explain = await client.execute(`EXPLAIN SELECT * FROM ${S}.numbers`);
      expect(explain.rows.length).toBeGreaterThan(0);
      const commented = await client.execute('-- a comment\nSELECT 1 AS one; -- trailing');
      expect(commented.rows).toEqual([[1]]);
    });

    it('reports the columns before the first batch, once, only for statements with rows', async () => {
      await expectColumnsFirst(client, {
        setup: [`CREATE TABLE ${S}.on_columns (a integer)`],
        select: `SELECT n, n * 2 AS twice FROM ${S}.numbers WHERE n <= 7 ORDER BY n`,
        names: ['n', 'twice'],
        empty: `SELECT n, n * 2 AS twice FROM ${S}.numbers WHERE n < 0`,
        write: `INSERT INTO ${S}.on_columns VALUES (1)`,
      });
      // Run without a cursor: INSERT … RETURNING returns rows.
      const reported: ColumnInfo[][] = [];
      const r = await client.execute(`INSERT INTO ${S}.on_columns VALUES (2) RETURNING a`, {
        onColumns: (columns) => void reported.push(columns),
      });
      expect(r.rows).toEqual([[2]]);
      expect(reported).toEqual([r.columns]);
      await client.execute(`DROP TABLE ${S}.on_columns`);
    });

    it('reports affected rows of statements that change rows', async () => {
      const ddl = await client.execute(`CREATE TABLE ${S}.scratch (x integer)`);
      expect(ddl).toMatchObject({ columns: [], rows: [], affectedRows: null });
      const ins = await client.execute(
        `INSERT INTO ${S}.scratch SELECT g FROM generate_series(1, 5) g`,
      );
      expect(ins.affectedRows).toBe(5);
      const upd = await client.execute(`UPDATE ${S}.scratch SET x = x + 10 WHERE x <= 3`);
      expect(upd.affectedRows).toBe(3);
      const ret = await client.execute(
        `WITH d AS (DELETE FROM ${S}.scratch WHERE x > 10 RETURNING x) SELECT x FROM d ORDER BY x`,
      );
      expect(ret.rows).toEqual([[11], [12], [13]]);
      const into = await client.execute(`SELECT x INTO ${S}.scratch_copy FROM ${S}.scratch`);
      expect(into.affectedRows).toBe(2);
      const del = await client.execute(`DELETE FROM ${S}.scratch`);
      expect(del.affectedRows).toBe(2);
    });

    it('reports syntax errors with the line and column in the caller’s SQL', async () => {
      const sql = 'SELECT n\nFROM numbers\nWHERE n = = 1';
      const e = await engineError(client.execute(sql, { schema: S }));
      expect(e.kind).toBe('syntax_error');
      expect(e.message).toContain('syntax error at or near "="');
      expect(e.extra).toEqual({ line: 3, column: 11, position: sql.indexOf('= 1') + 1 });
      const dml = '\n  UPDATE numbers\n  SET n = WHERE';
      const e2 = await engineError(client.execute(dml, { schema: S }));
      expect(e2.kind).toBe('syntax_error');
      expect(e2.extra).toMatchObject({ line: 3, column: 11 });
      const second = 'SELECT 1;\nSELECT FROM WHERE';
      const e3 = await engineError(client.execute(second));
      expect(e3.extra.line).toBe(2);
    });

    it('reports other errors with the server’s message', async () => {
      const e = await engineError(client.execute('SELECT 1 / 0'));
      expect(e.kind).toBe('query_error');
      expect(e.message).toBe('division by zero');
    });

    it('cancels a running statement and stays usable', async () => {
      for (const sql of ['SELECT pg_sleep(10)', 'DO $$ BEGIN PERFORM pg_sleep(10); END $$']) {
        const controller = new AbortController();
        const started = Date.now();
        setTimeout(() => controller.abort(), 300);
        const e = await engineError(client.execute(sql, { signal: controller.signal }));
        expect(e.kind).toBe('cancelled');
        expect(Date.now() - started).toBeLessThan(2000);
        expect((await client.execute('SELECT 1 AS ok')).rows).toEqual([[1]]);
      }
      const aborted = new AbortController();
      aborted.abort();
      const e = await engineError(client.execute('SELECT 1', { signal: aborted.signal }));
      expect(e.kind).toBe('cancelled');
    });

    it('cancels while every pooled connection is busy', async () => {
      const controllers = Array.from({ length: 5 }, () => new AbortController());
      const started = Date.now();
      const runs = controllers.map((c) =>
        engineError(client.execute('SELECT pg_sleep(5)', { signal: c.signal })),
      );
      setTimeout(() => controllers.forEach((c) => c.abort()), 500);
      for (const e of await Promise.all(runs)) expect(e.kind).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(2500);
      expect((await client.execute('SELECT 2 AS ok')).rows).toEqual([[2]]);
    });

    it('uses the schema for unqualified names, for that call only', async () => {
      expect((await client.execute('SELECT who FROM people', { schema: S })).rows).toEqual([
        ['in schema a'],
      ]);
      expect((await client.execute('SELECT who FROM people', { schema: S2 })).rows).toEqual([
        ['in schema b'],
      ]);
      await client.execute('CREATE TABLE made_here (x integer)', { schema: S2 });
      expect((await client.getTables(S2)).tables.map((t) => t.name)).toContain('made_here');
      // Every pooled connection is back on the default search path.
      const paths = await Promise.all(
        Array.from({ length: 5 }, () => client.execute('SHOW search_path')),
      );
      for (const p of paths) expect(p.rows).toEqual([['"$user", public']]);
      const e = await engineError(client.execute('SELECT who FROM people'));
      expect(e.kind).toBe('table_not_found');
      const missing = await engineError(client.execute('SELECT 1', { schema: 'no_such_schema_x' }));
      expect(missing.kind).toBe('schema_not_found');
    });

    it('rolls back a transaction the statement left open', async () => {
      await client.execute(`BEGIN; INSERT INTO ${S}.people VALUES ('uncommitted')`);
      const { rows } = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = 'strata' AND state LIKE 'idle in transaction%'`,
      );
      expect(rows[0].n).toBe(0);
      const who = await client.execute(`SELECT who FROM ${S}.people`);
      expect(who.rows).toEqual([['in schema a']]);
    });

    it('estimates the cost of a statement', async () => {
      const cost = await client.estimateCost('SELECT * FROM numbers WHERE n > 10', S);
      expect(cost).toHaveLength(1);
      expect(Object.keys(cost[0]!)).toEqual(['Startup cost', 'Total cost']);
      expect(typeof cost[0]!['Total cost']).toBe('number');
      expect(cost[0]!['Total cost'] as number).toBeGreaterThan(0);
      const e = await engineError(client.estimateCost('SELECT FROM WHERE', S));
      expect(e.kind).toBe('syntax_error');
      expect(e.extra.line).toBe(1);
    });
  });

  describe('executeScript', () => {
    it('runs the statements on one session: a temp table and settings reach the next ones', async () => {
      const r = await client.executeScript(
        [
          'CREATE TEMP TABLE strata_tmp AS SELECT n FROM numbers WHERE n <= 3',
          "SET work_mem = '7MB'",
          `SET search_path TO ${S2}`,
          "SELECT t.n, current_setting('work_mem') AS mem, p.who FROM strata_tmp t, people p ORDER BY t.n",
        ],
        { schema: S },
      );
      expect(r.columns.map((c) => c.name)).toEqual(['n', 'mem', 'who']);
      expect(r.rows).toEqual([
        [1, '7MB', 'in schema b'],
        [2, '7MB', 'in schema b'],
        [3, '7MB', 'in schema b'],
      ]);
    });

    it('returns the last statement’s rows only, with maxRows and batches applied to it', async () => {
      const started: number[] = [];
      const batches: number[] = [];
      const begun = Date.now();
      const r = await client.executeScript(
        [
          // Read whole, this would never end: only its first batch is read.
          'SELECT generate_series(1, 1000000000000) AS g',
          'SHOW work_mem',
          `INSERT INTO ${S}.people SELECT 'x' || g FROM generate_series(1, 3000) g RETURNING who`,
          `DELETE FROM ${S}.people WHERE who LIKE 'x%'`,
          'SELECT n FROM numbers ORDER BY n',
        ],
        {
          schema: S,
          maxRows: 2200,
          batchSize: 1000,
          onStatement: (i) => started.push(i),
          onBatch: (rows) => void batches.push(rows.length),
        },
      );
      expect(Date.now() - begun).toBeLessThan(3000);
      expect(started).toEqual([0, 1, 2, 3, 4]);
      expect(batches).toEqual([1000, 1000, 200]);
      expect(r).toMatchObject({ rows: [], rowCount: 2200, truncated: true, affectedRows: null });
      expect(r.columns.map((c) => c.name)).toEqual(['n']);
      const dml = await client.executeScript(['SELECT 1', `DELETE FROM ${S}.people WHERE false`]);
      expect(dml).toMatchObject({ columns: [], rows: [], affectedRows: 0 });
      expect((await client.execute(`SELECT count(*)::int FROM ${S}.people`)).rows).toEqual([[1]]);
    });

    it('stops at a failing statement, which it names; later statements do not run', async () => {
      await client.execute(`CREATE TABLE ${S}.script_log (step integer)`);
      const log = async (): Promise<unknown[][]> =>
        (await client.execute(`SELECT step FROM ${S}.script_log ORDER BY step`)).rows;
      const started: number[] = [];
      const e = await engineError(
        client.executeScript(
          [
            `INSERT INTO ${S}.script_log VALUES (1)`,
            'SELECT 1,\n  2 FRM nowhere',
            `INSERT INTO ${S}.script_log VALUES (3)`,
          ],
          { onStatement: (i) => started.push(i) },
        ),
      );
      expect(e.kind).toBe('syntax_error');
      expect(e.extra).toMatchObject({ statementIndex: 1, line: 2, column: 9 });
      expect(started).toEqual([0, 1]);
      expect(await log()).toEqual([[1]]);

      const runtime = await engineError(
        client.executeScript([
          'SELECT 1',
          'SELECT 1 / 0',
          `INSERT INTO ${S}.script_log VALUES (3)`,
        ]),
      );
      expect(runtime).toMatchObject({ kind: 'query_error', message: 'division by zero' });
      expect(runtime.extra.statementIndex).toBe(1);
      // One string is one statement: a second one in it is refused, nothing of it runs.
      for (const sql of [
        `INSERT INTO ${S}.script_log VALUES (8); DELETE FROM ${S}.script_log`,
        `SELECT 1; DELETE FROM ${S}.script_log`,
      ]) {
        const two = await engineError(client.executeScript(['SELECT 1', sql]));
        expect(two.extra.statementIndex).toBe(1);
      }
      expect(await log()).toEqual([[1]]);
    });

    it('keeps a transaction of the script open across statements, and rolls back what it left', async () => {
      const counted = await client.executeScript([
        'BEGIN',
        `INSERT INTO ${S}.script_log VALUES (5)`,
        // Cursors inside the script's transaction must not commit it, nor break it when
        // DECLARE refuses the statement (a data-modifying WITH runs directly).
        `SELECT count(*)::int AS n FROM ${S}.script_log`,
        `WITH x AS (INSERT INTO ${S}.script_log VALUES (7) RETURNING step) SELECT step FROM x`,
        `SELECT step FROM ${S}.script_log ORDER BY step`,
      ]);
      expect(counted.rows).toEqual([[1], [5], [7]]);
      expect((await client.execute(`SELECT step FROM ${S}.script_log`)).rows).toEqual([[1]]);
      const rolledBack = await client.executeScript([
        'BEGIN',
        `INSERT INTO ${S}.script_log VALUES (6)`,
        'ROLLBACK',
        `SELECT count(*)::int AS n FROM ${S}.script_log`,
      ]);
      expect(rolledBack.rows).toEqual([[1]]);
      const { rows } = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE application_name = 'strata' AND state LIKE 'idle in transaction%'`,
      );
      expect(rows[0].n).toBe(0);
    });

    it('cancels the running statement when the signal aborts', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 300);
      const e = await engineError(
        client.executeScript(['SELECT 1', 'SELECT pg_sleep(10)'], { signal: controller.signal }),
      );
      expect(e.kind).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(2000);
      const { rows } = await admin.query(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE state = 'active' AND query = 'SELECT pg_sleep(10)'`,
      );
      expect(rows[0].n).toBe(0);
      expect((await client.executeScript(['SELECT 1', 'SELECT 2 AS ok'])).rows).toEqual([[2]]);
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

    it('leaves nothing of its session to the next user of the connection', async () => {
      const defaults = await admin.query<{ work_mem: string }>('SHOW work_mem');
      const script = await client.executeScript(
        [
          'CREATE TEMP TABLE strata_leak (a integer)',
          "SET work_mem = '7MB'",
          `SET search_path TO ${S2}`,
          'PREPARE strata_prepared AS SELECT 1',
          'SELECT pg_backend_pid()',
        ],
        { schema: S },
      );
      const pid = script.rows[0]![0];
      // The pool hands out its most recently released connection: the script's.
      const next = await client.execute(
        `SELECT pg_backend_pid(), to_regclass('pg_temp.strata_leak') IS NULL,
                current_setting('work_mem'), current_setting('search_path'),
                (SELECT count(*)::int FROM pg_prepared_statements),
                current_setting('DateStyle') LIKE 'ISO,%', DATE '2024-03-13'`,
      );
      expect(next.rows).toEqual([
        [pid, true, defaults.rows[0]!.work_mem, '"$user", public', 0, true, '2024-03-13'],
      ]);
    });
  });

  describe('dialect', () => {
    it('truncates to every time grain', async () => {
      for (const grain of TIME_GRAINS) {
        const expr = engine.timeGrainExpression(grain, q('ts'));
        expect(expr, grain).not.toBeNull();
        const r = await client.execute(`SELECT ${expr} FROM ${S}.grain_samples ORDER BY id`);
        const got = r.rows.map((row) => normalizeTemporal(row[0]));
        expect(got, grain).toEqual(EXPECTED_GRAINS[grain]);
        // The same expression works on timestamptz and date columns.
        for (const col of ['tstz', 'd']) {
          const other = engine.timeGrainExpression(grain, q(col))!;
          await client.execute(`SELECT ${other} FROM ${S}.grain_samples`);
        }
      }
    });

    it('keeps quoted names and literals as data', async () => {
      const values = [
        "O'Reilly",
        'back\\slash',
        'semi; DROP TABLE x; --',
        "\\'; SELECT 1; --",
        'multi\nline',
        '',
        '$$dollar$$',
      ];
      const table = `${q(S)}.${q(NASTY_TABLE)}`;
      for (const [i, v] of values.entries()) {
        await client.execute(
          `INSERT INTO ${table} (${q(NASTY_COLUMN)}, n) VALUES (${engine.literal(v)}, ${engine.literal(i)})`,
        );
      }
      const r = await client.execute(`SELECT ${q(NASTY_COLUMN)} FROM ${table} ORDER BY n`);
      expect(r.rows.map((row) => row[0])).toEqual(values);
      const found = await client.execute(
        `SELECT n FROM ${table} WHERE ${q(NASTY_COLUMN)} = ${engine.literal("\\'; SELECT 1; --")}`,
      );
      expect(found.rows).toEqual([[3]]);
      const lit = await client.execute(
        `SELECT ${engine.literal(true)}, ${engine.literal(null)}, ${engine.literal(-1.25)},
                ${engine.literal(new Date('2024-03-04T05:06:07.089Z'))}`,
      );
      expect(lit.rows).toEqual([[true, null, -1.25, '2024-03-04T05:06:07.089']]);
    });
  });
});
