import { randomBytes } from 'node:crypto';
import { GenericDataType, TIME_GRAINS, type TimeGrain } from '@strata/core';
import mysql from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MysqlClient } from '../../src/engines/mysql/client.js';
import { mysqlEngine as engine } from '../../src/engines/mysql/index.js';
import { mysqlPoolOptions } from '../../src/engines/mysql/options.js';
import { EngineError, type DatabaseClient } from '../../src/engines/types.js';
import { expectColumnsFirst } from './on-columns.js';

const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const CI = process.env.CI === 'true';

function adminOptions(): mysql.ConnectionOptions {
  const u = new URL(MYSQL_URL.replace(/^[a-z0-9+]+:/, 'mysql:'));
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    multipleStatements: true,
    connectTimeout: 3000,
  };
}

async function unreachable(): Promise<string | null> {
  try {
    const c = await mysql.createConnection(adminOptions());
    await c.query('SELECT 1');
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const problem = await unreachable();
if (problem && !CI)
  console.warn(`MySQL/MariaDB unreachable at ${MYSQL_URL} (${problem}): skipping`);

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
  // Weeks start on Monday, as on the other engines.
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

/** A date or datetime result as `YYYY-MM-DDTHH:MM:SS`. */
function normalizeTemporal(value: unknown): string {
  const s = String(value).replace(' ', 'T').replace(/\.0+$/, '');
  return /^\d{4}-\d\d-\d\d$/.test(s) ? `${s}T00:00:00` : s;
}

function urlWith(change: (u: URL) => void): string {
  const u = new URL(MYSQL_URL);
  change(u);
  return u.toString();
}

/** A client whose pool holds one connection: every call reuses the previous call's connection. */
function singleConnection(uri: string): MysqlClient {
  const { options, host, port, database } = mysqlPoolOptions(uri, null, 3000);
  return new MysqlClient({
    options: { ...options, connectionLimit: 1, maxIdle: 1 },
    endpoint: { host, port },
    database,
  });
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

describe.skipIf(problem !== null && !CI)('MySQL/MariaDB engine (integration)', () => {
  const suffix = randomBytes(5).toString('hex');
  const S = `strata_eng_${suffix}`;
  const S2 = `${S}_b`;
  const USER = `strata_u_${suffix}`;
  const PASSWORD = "p@ss:w/rd%'x";
  const q = engine.quoteIdentifier;
  const NASTY_TABLE = "we\"ird; name` 'x'";
  const NASTY_COLUMN = 'co"l;-- `x` \\';
  let admin: mysql.Connection;
  let client: DatabaseClient;

  beforeAll(async () => {
    if (problem) {
      throw new Error(
        `MySQL/MariaDB at ${MYSQL_URL} is required with CI=true but unreachable: ${problem}`,
      );
    }
    admin = await mysql.createConnection(adminOptions());
    await admin.query(`
      CREATE DATABASE ${S};
      CREATE DATABASE ${S2};
      USE ${S};
      CREATE TABLE departments (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL UNIQUE)
        COMMENT = 'All the departments';
      CREATE TABLE everything (
        id BIGINT AUTO_INCREMENT PRIMARY KEY,
        dept_id INT,
        tiny TINYINT,
        flag TINYINT(1) NOT NULL DEFAULT 0,
        small SMALLINT,
        i INT,
        big BIGINT DEFAULT 42,
        ubig BIGINT UNSIGNED,
        num DECIMAL(30, 10),
        fl FLOAT,
        dbl DOUBLE,
        label VARCHAR(50) COMMENT 'The label',
        body TEXT,
        day DATE,
        dt DATETIME(6),
        ts TIMESTAMP NULL,
        t TIME,
        yr YEAR,
        js JSON,
        bin BLOB,
        vb VARBINARY(16),
        bits BIT(8),
        b1 BIT(1),
        en ENUM('x', 'y'),
        st SET('p', 'q'),
        CONSTRAINT everything_dept FOREIGN KEY (dept_id) REFERENCES departments (id),
        INDEX everything_label_day (label, day),
        UNIQUE INDEX everything_vb (vb)
      ) ENGINE = InnoDB;
      CREATE TABLE parent2 (a INT, b VARCHAR(10), PRIMARY KEY (b, a)) ENGINE = InnoDB;
      CREATE TABLE child2 (x INT, pa INT, pb VARCHAR(10),
        CONSTRAINT child2_parent FOREIGN KEY (pb, pa) REFERENCES parent2 (b, a)) ENGINE = InnoDB;
      CREATE VIEW v_everything AS SELECT id, label FROM everything;
      CREATE TABLE digits (d INT);
      INSERT INTO digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
      CREATE TABLE numbers (n INT);
      INSERT INTO numbers
        SELECT a.d * 1000 + b.d * 100 + c.d * 10 + e.d + 1
          FROM digits a, digits b, digits c, digits e
         WHERE a.d * 1000 + b.d * 100 + c.d * 10 + e.d < 2500;
      CREATE TABLE people (who TEXT);
      INSERT INTO people VALUES ('in schema a');
      CREATE TABLE grain_samples (id INT AUTO_INCREMENT PRIMARY KEY, ts DATETIME(1), d DATE);
      CREATE TABLE ${q(NASTY_TABLE)} (${q(NASTY_COLUMN)} TEXT, n INT);
      CREATE FUNCTION strata_fn_${suffix}() RETURNS INT DETERMINISTIC RETURN 1;
      CREATE TABLE ${S2}.people (who TEXT);
      INSERT INTO ${S2}.people VALUES ('in schema b');
      CREATE USER '${USER}'@'%' IDENTIFIED BY ${engine.literal(PASSWORD)};
      CREATE USER '${USER}'@'localhost' IDENTIFIED BY ${engine.literal(PASSWORD)};
      GRANT ALL ON ${S}.* TO '${USER}'@'%';
      GRANT ALL ON ${S}.* TO '${USER}'@'localhost';
    `);
    for (const at of GRAIN_SAMPLES) {
      await admin.query(`INSERT INTO ${S}.grain_samples (ts, d) VALUES (?, DATE(?))`, [at, at]);
    }
    client = await engine.connect(MYSQL_URL, { dataDir: '/tmp' });
  });

  afterAll(async () => {
    await client?.close();
    if (admin) {
      await admin.query(
        `DROP DATABASE IF EXISTS ${S}; DROP DATABASE IF EXISTS ${S2};
         DROP USER IF EXISTS '${USER}'@'%'; DROP USER IF EXISTS '${USER}'@'localhost';`,
      );
      await admin.end();
    }
  });

  describe('connecting', () => {
    it('connects with every scheme', async () => {
      await client.testConnection();
      for (const scheme of ['mysql+mysqldb', 'mysql+pymysql', 'mariadb']) {
        const c = await engine.connect(MYSQL_URL.replace(/^[a-z0-9+]+:/, `${scheme}:`), {
          dataDir: '/tmp',
        });
        await c.testConnection();
        await c.close();
      }
    });

    it('checks the password: wrong one refused, masked one taken from the options', async () => {
      const { host, port } = adminOptions();
      const params = { host, port, username: USER, database: S };
      const wrong = await engine.connect(engine.buildUri({ ...params, password: 'wrong' }), {
        dataDir: '/tmp',
      });
      const e = await engineError(wrong.testConnection());
      expect(e.kind).toBe('auth_failed');
      expect(e.message).toContain(`Access denied for user '${USER}'`);
      await wrong.close();
      const right = await engine.connect(engine.buildUri({ ...params, password: PASSWORD }), {
        dataDir: '/tmp',
      });
      await right.testConnection();
      await right.close();
      const masked = engine
        .buildUri({ ...params, password: 'placeholder' })
        .replace(':placeholder@', ':XXXXXXXXXX@');
      const viaMask = await engine.connect(masked, { dataDir: '/tmp', password: PASSWORD });
      expect((await viaMask.execute('SELECT CURRENT_USER()')).rows[0]![0]).toMatch(
        new RegExp(`^${USER}@`),
      );
      await viaMask.close();
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
      const refused = await engine.connect('mysql://root@127.0.0.1:1/test', { dataDir: '/tmp' });
      const e1 = await engineError(refused.testConnection());
      expect(e1.kind).toBe('connection_refused');
      expect(e1.message).toBe('Could not connect to 127.0.0.1:1: connection refused');
      await refused.close();
      const unknown = await engine.connect('mysql://root@no-such-host.invalid:3306/test', {
        dataDir: '/tmp',
        connectTimeoutMs: 5000,
      });
      const e2 = await engineError(unknown.testConnection());
      expect(e2.kind).toBe('host_unreachable');
      expect(e2.message).toContain('no-such-host.invalid');
      await unknown.close();
    });
  });

  describe('introspection', () => {
    it('lists databases as schemas, without the system ones', async () => {
      const schemas = await client.getSchemas();
      expect(schemas).toContain(S);
      expect(schemas).toContain(S2);
      for (const system of ['information_schema', 'mysql', 'performance_schema', 'sys']) {
        expect(schemas).not.toContain(system);
      }
    });

    it('lists tables and views with search, paging and count', async () => {
      const all = await client.getTables(S);
      expect(all.tables.map((t) => [t.name, t.type])).toEqual([
        ['child2', 'table'],
        ['departments', 'table'],
        ['digits', 'table'],
        ['everything', 'table'],
        ['grain_samples', 'table'],
        ['numbers', 'table'],
        ['parent2', 'table'],
        ['people', 'table'],
        ['v_everything', 'view'],
        [NASTY_TABLE, 'table'],
      ]);
      expect(all.count).toBe(10);
      expect(all.tables[0]!.schema).toBe(S);
      const found = await client.getTables(S, { search: 'EVERY' });
      expect(found.tables.map((t) => t.name)).toEqual(['everything', 'v_everything']);
      expect(found.count).toBe(2);
      const page = await client.getTables(S, { page: 1, pageSize: 4 });
      expect(page.tables.map((t) => t.name)).toEqual([
        'grain_samples',
        'numbers',
        'parent2',
        'people',
      ]);
      expect(page.count).toBe(10);
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
        'tiny',
        'flag',
        'small',
        'i',
        'big',
        'ubig',
        'num',
        'fl',
        'dbl',
        'label',
        'body',
        'day',
        'dt',
        'ts',
        't',
        'yr',
        'js',
        'bin',
        'vb',
        'bits',
        'b1',
        'en',
        'st',
      ]);
      expect(col('id').type).toMatch(/^bigint(\(20\))?$/);
      expect(col('ubig').type).toMatch(/^bigint(\(20\))? unsigned$/);
      const types = Object.fromEntries(m.columns.map((c) => [c.name, [c.type, c.generic]]));
      expect(types).toMatchObject({
        flag: ['tinyint(1)', GenericDataType.BOOLEAN],
        num: ['decimal(30,10)', GenericDataType.NUMERIC],
        dbl: ['double', GenericDataType.NUMERIC],
        label: ['varchar(50)', GenericDataType.STRING],
        body: ['text', GenericDataType.STRING],
        day: ['date', GenericDataType.TEMPORAL],
        dt: ['datetime(6)', GenericDataType.TEMPORAL],
        ts: ['timestamp', GenericDataType.TEMPORAL],
        bin: ['blob', GenericDataType.STRING],
        b1: ['bit(1)', GenericDataType.BOOLEAN],
        en: ["enum('x','y')", GenericDataType.STRING],
      });
      expect(col('id')).toMatchObject({ nullable: false, default: null });
      expect(col('big')).toMatchObject({ nullable: true, default: '42' });
      expect(col('flag')).toMatchObject({ nullable: false, default: '0' });
      expect(col('label')).toMatchObject({ comment: 'The label', default: null });
      expect(col('body').comment).toBeNull();
      expect(m.primaryKey).toEqual({ name: 'PRIMARY', constrained_columns: ['id'] });
      expect(m.foreignKeys).toEqual([
        {
          name: 'everything_dept',
          constrained_columns: ['dept_id'],
          referred_schema: S,
          referred_table: 'departments',
          referred_columns: ['id'],
        },
      ]);
      expect(m.indexes).toEqual([
        { name: 'everything_dept', column_names: ['dept_id'], unique: false },
        { name: 'everything_label_day', column_names: ['label', 'day'], unique: false },
        { name: 'everything_vb', column_names: ['vb'], unique: true },
      ]);
      const dept = await client.getTableMetadata(S, 'departments');
      expect(dept.comment).toBe('All the departments');
      expect(dept.indexes).toEqual([{ name: 'name', column_names: ['name'], unique: true }]);
    });

    it('keeps the column order of composite keys', async () => {
      const parent = await client.getTableMetadata(S, 'parent2');
      expect(parent.primaryKey).toEqual({ name: 'PRIMARY', constrained_columns: ['b', 'a'] });
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
      expect(v.comment).toBeNull();
      expect(v.columns.map((c) => c.name)).toEqual(['id', 'label']);
      expect(v.primaryKey).toEqual({ name: null, constrained_columns: [] });
      const nasty = await client.getTableMetadata(S, NASTY_TABLE);
      expect(nasty.columns.map((c) => c.name)).toEqual([NASTY_COLUMN, 'n']);
    });

    it('reports a missing table', async () => {
      const e = await engineError(client.getTableMetadata(S, 'no_such_table'));
      expect(e.kind).toBe('table_not_found');
      const e2 = await engineError(client.execute(`SELECT * FROM ${S}.no_such_table`));
      expect(e2.kind).toBe('table_not_found');
      expect(await client.getPartitions(S, 'everything')).toEqual({
        cols: [],
        latest: null,
        partitionQuery: null,
      });
    });

    it('lists built-in and stored function names, distinct and sorted', async () => {
      const names = await client.functionNames();
      expect(names).toContain('DATE_FORMAT');
      expect(names).toContain('JSON_EXTRACT');
      expect(names).toContain(`strata_fn_${suffix}`);
      expect(new Set(names).size).toBe(names.length);
      expect([...names].sort()).toEqual(names);
    });
  });

  describe('execute', () => {
    it('returns JSON-safe values for every common type', async () => {
      await admin.query(`
        INSERT INTO ${S}.departments VALUES (1, 'Sales');
        INSERT INTO ${S}.everything (dept_id, tiny, flag, small, i, big, ubig, num, fl, dbl, label,
          body, day, dt, ts, t, yr, js, bin, vb, bits, b1, en, st)
        VALUES
          (1, -5, 1, 7, -3, 9007199254740993, 18446744073709551615, 12345678901234567890.125,
           1.5, 2.25, 'a', 'b', '2024-02-29', '2024-02-29 13:14:15.123456', '2024-02-29 13:14:15',
           '23:59:58', 2024, '{"a": 1, "b": [1,2]}', x'deadbeef', x'01ff', b'10100101', b'1',
           'y', 'p,q'),
          (NULL, NULL, 0, NULL, NULL, 42, NULL, 0.1, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
           NULL, NULL, NULL, NULL, NULL, NULL, b'0', NULL, NULL);
      `);
      const r = await client.execute(
        `SELECT id, tiny, flag, small, i, big, ubig, num, fl, dbl, label, day, dt, ts, t, yr, js,
                bin, vb, bits, b1, en, st, NULL AS nothing
           FROM ${S}.everything ORDER BY id`,
      );
      expect(r).toMatchObject({ rowCount: 2, truncated: false, affectedRows: null });
      const names = r.columns.map((c) => c.name);
      const row0 = Object.fromEntries(names.map((n, i) => [n, r.rows[0]![i]]));
      expect(row0).toEqual({
        id: 1,
        tiny: -5,
        flag: 1,
        small: 7,
        i: -3,
        big: '9007199254740993',
        ubig: '18446744073709551615',
        num: '12345678901234567890.1250000000',
        fl: 1.5,
        dbl: 2.25,
        label: 'a',
        day: '2024-02-29',
        dt: '2024-02-29T13:14:15.123456',
        ts: '2024-02-29T13:14:15',
        t: '23:59:58',
        yr: 2024,
        js: '{"a": 1, "b": [1,2]}',
        bin: Buffer.from('deadbeef', 'hex').toString('base64'),
        vb: Buffer.from('01ff', 'hex').toString('base64'),
        bits: Buffer.from([0xa5]).toString('base64'),
        b1: true,
        en: 'y',
        st: 'p,q',
        nothing: null,
      });
      const row1 = Object.fromEntries(names.map((n, i) => [n, r.rows[1]![i]]));
      expect(row1).toMatchObject({ big: 42, num: 0.1, flag: 0, b1: false, day: null, dt: null });
      expect(JSON.parse(JSON.stringify(r.rows))).toEqual(r.rows);
      const type = (n: string) => r.columns.find((c) => c.name === n)!;
      expect(type('big')).toMatchObject({ type: 'BIGINT', generic: GenericDataType.NUMERIC });
      expect(type('ubig').type).toBe('BIGINT UNSIGNED');
      expect(type('num')).toMatchObject({ type: 'DECIMAL', generic: GenericDataType.NUMERIC });
      expect(type('flag')).toMatchObject({ type: 'TINYINT(1)', generic: GenericDataType.BOOLEAN });
      expect(type('dt')).toMatchObject({ type: 'DATETIME', generic: GenericDataType.TEMPORAL });
      expect(type('bin').type).toBe('BLOB');
      expect(type('vb').type).toBe('VARBINARY');
      expect(type('label').type).toBe('VARCHAR');
      expect(type('en').type).toBe('ENUM');
    });

    it('stops at maxRows, says so, and hands rows over in batches', async () => {
      const batches: unknown[][][] = [];
      const r = await client.execute(`SELECT n FROM ${S}.numbers ORDER BY n`, {
        maxRows: 1000,
        batchSize: 300,
        onBatch: async (rows) => {
          await new Promise((resolve) => setTimeout(resolve, 5));
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
      expect((await client.execute('SELECT 1 AS ok;')).rows).toEqual([[1]]);
    });

    it('reports the columns before the first batch, once, only for statements with rows', async () => {
      await expectColumnsFirst(client, {
        setup: [`CREATE TABLE ${S}.on_columns (a INT)`],
        select: `SELECT n, n * 2 AS twice FROM ${S}.numbers WHERE n <= 7 ORDER BY n`,
        names: ['n', 'twice'],
        empty: `SELECT n, n * 2 AS twice FROM ${S}.numbers WHERE n < 0`,
        write: `INSERT INTO ${S}.on_columns VALUES (1)`,
        teardown: [`DROP TABLE ${S}.on_columns`],
      });
    });

    it('reads on from a connection whose last batch it handed on at the end', async () => {
      // More calls than the pool has connections: each one's is used again after it.
      for (let i = 0; i < 8; i++) {
        let rows = 0;
        const r = await client.execute(`SELECT n FROM ${S}.numbers WHERE n <= 7`, {
          batchSize: 2,
          onBatch: (batch) => void (rows += batch.length),
        });
        expect(r.rowCount).toBe(7);
        expect(rows).toBe(7);
      }
    });

    it('reports affected rows of statements that change rows', async () => {
      await client.execute(`CREATE TABLE ${S}.scratch (x INT)`);
      const ins = await client.execute(
        `INSERT INTO ${S}.scratch SELECT n FROM ${S}.numbers WHERE n <= 5`,
      );
      expect(ins).toMatchObject({ columns: [], rows: [], affectedRows: 5 });
      const upd = await client.execute(`UPDATE ${S}.scratch SET x = x + 10 WHERE x <= 3`);
      expect(upd.affectedRows).toBe(3);
      const del = await client.execute(`DELETE FROM ${S}.scratch`);
      expect(del.affectedRows).toBe(5);
    });

    it('reports syntax errors with the line and column', async () => {
      const sql = 'SELECT n\nFROM numbers\nWHERE n = = 1';
      const e = await engineError(client.execute(sql, { schema: S }));
      expect(e.kind).toBe('syntax_error');
      expect(e.message).toMatch(/You have an error in your SQL syntax.*near '= 1' at line 3/);
      expect(e.extra).toEqual({ line: 3, column: 11, position: sql.lastIndexOf('= 1') + 1 });
    });

    it('reports other errors with the server’s message', async () => {
      const e = await engineError(client.execute(`SELECT nope FROM ${S}.numbers`));
      expect(e.kind).toBe('query_error');
      // MySQL says 'field list', MariaDB 11 says 'SELECT'.
      expect(e.message).toMatch(/^Unknown column 'nope' in '(field list|SELECT)'$/);
    });

    it('cancels a running statement and stays usable', async () => {
      const heavy = `SELECT COUNT(*) FROM ${S}.numbers a, ${S}.numbers b, ${S}.numbers c`;
      for (const sql of ['SELECT SLEEP(10)', heavy]) {
        const controller = new AbortController();
        const started = Date.now();
        setTimeout(() => controller.abort(), 300);
        const e = await engineError(client.execute(sql, { signal: controller.signal }));
        expect(e.kind).toBe('cancelled');
        expect(Date.now() - started).toBeLessThan(2000);
        expect((await client.execute('SELECT 1 AS ok')).rows).toEqual([[1]]);
      }
      const { rows } = await client.execute(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP%'",
      );
      expect(rows).toEqual([[0]]);
    });

    it('cancels while every pooled connection is busy', async () => {
      const controllers = Array.from({ length: 5 }, () => new AbortController());
      const started = Date.now();
      const runs = controllers.map((c) =>
        engineError(client.execute('SELECT SLEEP(5)', { signal: c.signal })),
      );
      setTimeout(() => controllers.forEach((c) => c.abort()), 500);
      for (const e of await Promise.all(runs)) expect(e.kind).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(4500);
      expect((await client.execute('SELECT 2 AS ok')).rows).toEqual([[2]]);
    });

    it('uses the schema for unqualified names, for that call only', async () => {
      expect((await client.execute('SELECT who FROM people', { schema: S })).rows).toEqual([
        ['in schema a'],
      ]);
      expect((await client.execute('SELECT who FROM people', { schema: S2 })).rows).toEqual([
        ['in schema b'],
      ]);
      await client.execute('CREATE TABLE made_here (x INT)', { schema: S2 });
      expect((await client.getTables(S2)).tables.map((t) => t.name)).toContain('made_here');
      const dbs = await Promise.all(
        Array.from({ length: 5 }, () => client.execute('SELECT DATABASE()')),
      );
      const defaultDb = new URL(MYSQL_URL).pathname.slice(1);
      for (const d of dbs) expect(d.rows).toEqual([[defaultDb]]);
      const missing = await engineError(client.execute('SELECT 1', { schema: 'no_such_schema_x' }));
      expect(missing.kind).toBe('schema_not_found');

      // Without a database in the URI the switched connection is not reused.
      const bare = await engine.connect(
        urlWith((u) => (u.pathname = '/')),
        { dataDir: '/tmp' },
      );
      expect((await bare.execute('SELECT DATABASE()', { schema: S })).rows).toEqual([[S]]);
      const after = await Promise.all(
        Array.from({ length: 5 }, () => bare.execute('SELECT DATABASE()')),
      );
      for (const d of after) expect(d.rows).toEqual([[null]]);
      await bare.close();
    });

    it('estimates the cost of a statement', async () => {
      const cost = await client.estimateCost('SELECT * FROM numbers WHERE n > 10;', S);
      expect(cost).toHaveLength(1);
      expect(cost[0]).toMatchObject({ table: 'numbers' });
      expect(Object.keys(cost[0]!)).toContain('rows');
      const e = await engineError(client.estimateCost('SELECT FROM WHERE', S));
      expect(e.kind).toBe('syntax_error');
    });
  });

  describe('executeScript', () => {
    it('runs the statements on one session: a temp table, a variable and USE reach the next ones', async () => {
      const r = await client.executeScript(
        [
          'CREATE TEMPORARY TABLE strata_tmp AS SELECT n FROM numbers WHERE n <= 3',
          'SET @strata_v = 7',
          `USE ${S2}`,
          `SELECT t.n, @strata_v AS v, p.who FROM ${S}.strata_tmp t, people p ORDER BY t.n`,
        ],
        { schema: S },
      );
      expect(r.columns.map((c) => c.name)).toEqual(['n', 'v', 'who']);
      expect(r.rows).toEqual([
        [1, 7, 'in schema b'],
        [2, 7, 'in schema b'],
        [3, 7, 'in schema b'],
      ]);
    });

    it('returns the last statement’s rows only, with maxRows and batches applied to it', async () => {
      const started: number[] = [];
      const batches: number[] = [];
      const r = await client.executeScript(
        [
          'SELECT n FROM numbers',
          "SHOW VARIABLES LIKE 'version'",
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
      expect(started).toEqual([0, 1, 2]);
      expect(batches).toEqual([1000, 1000, 200]);
      expect(r).toMatchObject({ rows: [], rowCount: 2200, truncated: true, affectedRows: null });
      expect(r.columns.map((c) => c.name)).toEqual(['n']);
      const dml = await client.executeScript(['SELECT 1', `DELETE FROM ${S}.people WHERE 1 = 0`]);
      expect(dml).toMatchObject({ columns: [], rows: [], affectedRows: 0 });
    });

    it('stops at a failing statement, which it names; later statements do not run', async () => {
      await client.execute(`CREATE TABLE ${S}.script_log (step INT)`);
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
      const missing = await engineError(
        client.executeScript([
          'SELECT 1',
          `SELECT * FROM ${S}.no_such_table`,
          `INSERT INTO ${S}.script_log VALUES (3)`,
        ]),
      );
      expect(missing.kind).toBe('table_not_found');
      expect(missing.extra.statementIndex).toBe(1);
      // One string is one statement: a second one in it is refused, nothing of it runs.
      const two = await engineError(
        client.executeScript([
          'SELECT 1',
          `INSERT INTO ${S}.script_log VALUES (8); DELETE FROM ${S}.script_log`,
        ]),
      );
      expect(two.kind).toBe('syntax_error');
      expect(two.extra.statementIndex).toBe(1);
      expect(await log()).toEqual([[1]]);
    });

    it('cancels the running statement when the signal aborts', async () => {
      const controller = new AbortController();
      const started = Date.now();
      setTimeout(() => controller.abort(), 300);
      const e = await engineError(
        client.executeScript(['SET @strata_a = 1', 'SELECT SLEEP(10)'], {
          signal: controller.signal,
        }),
      );
      expect(e.kind).toBe('cancelled');
      expect(Date.now() - started).toBeLessThan(2000);
      const { rows } = await client.execute(
        "SELECT COUNT(*) FROM information_schema.PROCESSLIST WHERE INFO LIKE 'SELECT SLEEP%'",
      );
      expect(rows).toEqual([[0]]);
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
      const one = singleConnection(MYSQL_URL);
      try {
        const script = await one.executeScript(
          [
            'CREATE TEMPORARY TABLE strata_leak (a INT)',
            'SET @strata_v = 7',
            "SET SESSION sql_mode = 'ANSI_QUOTES'",
            `USE ${S2}`,
            'START TRANSACTION',
            `INSERT INTO ${S}.script_log VALUES (9)`,
            'SELECT CONNECTION_ID()',
          ],
          { schema: S },
        );
        const id = script.rows[0]![0];
        const defaultDb = new URL(MYSQL_URL).pathname.slice(1);
        // The same connection (reset, not replaced), with nothing of the script left.
        const next = await one.execute(
          'SELECT CONNECTION_ID(), @strata_v, DATABASE(), @@SESSION.sql_mode = @@GLOBAL.sql_mode',
        );
        expect(next.rows).toEqual([[id, null, defaultDb, 1]]);
        expect((await engineError(one.execute('SELECT * FROM strata_leak'))).kind).toBe(
          'table_not_found',
        );
        expect((await client.execute(`SELECT step FROM ${S}.script_log`)).rows).toEqual([[1]]);
      } finally {
        await one.close();
      }
      // Without a database in the URI, the connection goes back without one.
      const bare = singleConnection(urlWith((u) => (u.pathname = '/')));
      try {
        const used = await bare.executeScript([`USE ${S}`, 'SELECT DATABASE()']);
        expect(used.rows).toEqual([[S]]);
        expect((await bare.execute('SELECT DATABASE()')).rows).toEqual([[null]]);
      } finally {
        await bare.close();
      }
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
        const onDate = engine.timeGrainExpression(grain, q('d'))!;
        const days = await client.execute(`SELECT ${onDate} FROM ${S}.grain_samples ORDER BY id`);
        expect(
          days.rows.every((row) => row[0] !== null),
          grain,
        ).toBe(true);
      }
    });

    it('keeps quoted names and literals as data', async () => {
      const values = [
        "O'Reilly",
        'back\\slash',
        'semi; DROP TABLE x; --',
        "\\'; SELECT 1; --",
        'multi\nline\r\n',
        '',
        'nul\0byte',
        '`backtick` "double"',
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
      expect(lit.rows).toEqual([[1, null, -1.25, '2024-03-04T05:06:07.089']]);
    });
  });
});
