import { randomBytes } from 'node:crypto';
import path from 'node:path';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbEngine } from '../../src/engines/duckdb/index.js';
import { mysqlEngine } from '../../src/engines/mysql/index.js';
import { postgresqlEngine } from '../../src/engines/postgresql/index.js';
import { CANCEL_GRACE_MS } from '../../src/engines/shared/settle.js';
import { sqliteEngine } from '../../src/engines/sqlite/index.js';
import { EngineError, type DatabaseClient } from '../../src/engines/types.js';
import { makeSqliteAnalytics } from '../helpers/analytics.js';
import { postgresProblem, tempDir } from '../helpers/metadata-targets.js';
import { startTcpProxy, type FrozenProxy } from '../helpers/tcp-proxy.js';

/**
 * Issue 16, points 1 (read-only transactions for chart and samples queries) and 7 (a killed
 * connection or a database that stops answering must settle the call), on every engine of the
 * machine.
 */

const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const CI = process.env.CI === 'true';

function mysqlAdminOptions(): mysql.ConnectionOptions {
  const u = new URL(MYSQL_URL.replace(/^[a-z0-9+]+:/, 'mysql:'));
  return {
    host: u.hostname,
    port: Number(u.port || 3306),
    user: decodeURIComponent(u.username),
    password: decodeURIComponent(u.password),
    database: decodeURIComponent(u.pathname.slice(1)) || undefined,
    connectTimeout: 3000,
  };
}

async function mysqlProblem(): Promise<string | null> {
  try {
    const c = await mysql.createConnection(mysqlAdminOptions());
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const noPg = await postgresProblem(PG_URL);
const noMysql = await mysqlProblem();
if (noPg && !CI) console.warn(`PostgreSQL unreachable (${noPg}): skipping its tests`);
if (noMysql && !CI) console.warn(`MySQL/MariaDB unreachable (${noMysql}): skipping its tests`);

async function engineError(p: Promise<unknown>): Promise<EngineError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(EngineError);
    return e as EngineError;
  }
  throw new Error('expected an EngineError');
}

/** The URL with its port replaced (a proxy in front of the server). */
function viaPort(url: string, port: number): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(port);
  return u.toString();
}

const suffix = randomBytes(4).toString('hex');
/** How long a given-up call may take beyond the grace period on this busy 2-core machine. */
const SLACK_MS = 2500;

describe.skipIf(noPg !== null && !CI)('PostgreSQL', () => {
  const seq = `strata_sec_seq_${suffix}`;
  let admin: pg.Client;
  let client: DatabaseClient;
  const seqValue = async () =>
    Number((await admin.query(`SELECT last_value FROM ${seq}`)).rows[0].last_value);

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
    await admin.query(`CREATE SEQUENCE ${seq}`);
    client = await postgresqlEngine.connect(PG_URL, { dataDir: '/tmp' });
  });
  afterAll(async () => {
    await client?.close();
    await admin?.query(`DROP SEQUENCE IF EXISTS ${seq}`);
    await admin?.end();
  });

  describe('read-only execution', () => {
    it.each([
      ['nextval', `SELECT nextval('${seq}')`],
      ['setval', `SELECT setval('${seq}', 500)`],
      ['schema-qualified nextval', `SELECT pg_catalog.nextval('${seq}')`],
      ['nextval in a subquery', `SELECT x FROM (SELECT nextval('${seq}') AS x) s`],
      ['nextval in a WITH', `WITH d AS (SELECT nextval('${seq}')) SELECT * FROM d`],
    ])('refuses %s', async (_label, sql) => {
      const before = await seqValue();
      const e = await engineError(client.execute(sql, { readOnly: true }));
      expect(e.message).toMatch(/read-only transaction/);
      expect(await seqValue()).toBe(before);
    });

    it('rolls back what a function the read-only mode lets through wrote (lo_from_bytea)', async () => {
      // PostgreSQL 15 does not refuse lo_from_bytea in a read-only transaction; the transaction
      // is rolled back after the statement, so no large object stays.
      const count = async () =>
        Number(
          (await admin.query('SELECT count(*) AS n FROM pg_catalog.pg_largeobject_metadata'))
            .rows[0].n,
        );
      const before = await count();
      const made = await client.execute(`SELECT lo_from_bytea(0, 'x'::bytea)`, {
        readOnly: true,
      });
      expect(made.rowCount).toBe(1);
      expect(await count()).toBe(before);
    });

    it('refuses a second statement that would end the transaction and go on', async () => {
      const before = await seqValue();
      await engineError(
        client.execute(`SELECT 1; COMMIT; SELECT nextval('${seq}')`, { readOnly: true }),
      );
      expect(await seqValue()).toBe(before);
    });

    it('reads as before, and leaves the connection writable for other calls', async () => {
      const read = await client.execute(`SELECT last_value FROM ${seq}`, { readOnly: true });
      expect(read.rowCount).toBe(1);
      // Not read-only: the same pool, the transaction mode did not stay on a connection.
      for (let i = 0; i < 6; i++) await client.execute(`SELECT nextval('${seq}')`);
      expect(await seqValue()).toBe(6);
    });
  });

  describe('a connection that ends under a query', () => {
    it('settles with a clear error when pg_terminate_backend ends the backend', async () => {
      const run = client.execute(`SELECT pg_sleep(30)`);
      // The statement runs through a cursor: its backend shows the FETCH, sleeping.
      let pid: number | null = null;
      for (let i = 0; i < 50 && pid === null; i++) {
        await new Promise((r) => setTimeout(r, 100));
        const { rows } = await admin.query(
          `SELECT pid FROM pg_stat_activity
            WHERE application_name = 'strata' AND wait_event = 'PgSleep'
              AND pid <> pg_backend_pid()`,
        );
        pid = rows[0]?.pid ?? null;
      }
      expect(pid).not.toBeNull();
      const started = Date.now();
      await admin.query('SELECT pg_terminate_backend($1)', [pid]);
      const e = await engineError(run);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(e.message).toMatch(/terminat/i);
      // The pool goes on with a fresh connection.
      expect((await client.execute('SELECT 1')).rows).toEqual([[1]]);
    });

    describe('a server that stops answering (frozen proxy)', () => {
      let proxy: FrozenProxy;
      let proxied: DatabaseClient;
      beforeAll(async () => {
        const u = new URL(PG_URL);
        proxy = await startTcpProxy(u.hostname, Number(u.port || 5432));
        proxied = await postgresqlEngine.connect(viaPort(PG_URL, proxy.port), {
          dataDir: '/tmp',
          connectTimeoutMs: 3000,
        });
      });
      afterAll(async () => {
        await proxy?.close();
        await proxied?.close();
      });

      it('a time-out settles the call although the driver never answers', async () => {
        expect((await proxied.execute('SELECT 1')).rows).toEqual([[1]]);
        const run = proxied.execute('SELECT pg_sleep(4)', { signal: AbortSignal.timeout(400) });
        setTimeout(() => proxy.freeze(), 150);
        const started = Date.now();
        const e = await engineError(run);
        expect(e.kind).toBe('cancelled');
        expect(Date.now() - started).toBeLessThan(400 + CANCEL_GRACE_MS + SLACK_MS);
      });
    });
  });
});

describe.skipIf(noMysql !== null && !CI)('MySQL/MariaDB', () => {
  const seq = `strata_sec_seq_${suffix}`;
  const table = `strata_sec_t_${suffix}`;
  let admin: mysql.Connection;
  let client: DatabaseClient;

  beforeAll(async () => {
    admin = await mysql.createConnection(mysqlAdminOptions());
    await admin.query(`CREATE TABLE ${table} (id INT)`);
    await admin.query(`CREATE SEQUENCE ${seq}`);
    client = await mysqlEngine.connect(MYSQL_URL, { dataDir: '/tmp', connectTimeoutMs: 3000 });
  });
  afterAll(async () => {
    await client?.close();
    await admin?.query(`DROP TABLE IF EXISTS ${table}`);
    await admin?.query(`DROP SEQUENCE IF EXISTS ${seq}`);
    await admin?.end();
  });

  const nextFromAdmin = async () => {
    const [rows] = await admin.query<mysql.RowDataPacket[]>(`SELECT NEXTVAL(${seq}) AS v`);
    return Number(rows[0]!.v);
  };

  describe('read-only execution', () => {
    it.each([
      ['NEXTVAL', `SELECT NEXTVAL(${seq})`],
      ['SETVAL', `SELECT SETVAL(${seq}, 500)`],
      ['the NEXT VALUE FOR form', `SELECT NEXT VALUE FOR ${seq}`],
      ['an INSERT', `INSERT INTO ${table} VALUES (1)`],
    ])('refuses %s', async (_label, sql) => {
      const before = await nextFromAdmin();
      const e = await engineError(client.execute(sql, { readOnly: true }));
      expect(e.message).toMatch(/READ ONLY transaction/i);
      // Only the admin's own NEXTVAL moved the sequence.
      expect(await nextFromAdmin()).toBe(before + 1);
      const [rows] = await admin.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${table}`);
      expect(Number(rows[0]!.n)).toBe(0);
    });

    it('reads as before, and leaves pooled connections writable', async () => {
      expect((await client.execute(`SELECT 7`, { readOnly: true })).rows).toEqual([[7]]);
      for (let i = 0; i < 6; i++) await client.execute(`INSERT INTO ${table} VALUES (${i})`);
      const [rows] = await admin.query<mysql.RowDataPacket[]>(`SELECT COUNT(*) AS n FROM ${table}`);
      expect(Number(rows[0]!.n)).toBe(6);
    });
  });

  describe('a connection that ends under a query', () => {
    /** The id of the connection running a statement that contains `marker`. */
    const threadOf = async (marker: string): Promise<number> => {
      for (let i = 0; i < 50; i++) {
        const [rows] = await admin.query<mysql.RowDataPacket[]>(
          `SELECT ID FROM information_schema.PROCESSLIST WHERE INFO LIKE ? AND ID <> CONNECTION_ID()`,
          [`%${marker}%`],
        );
        if (rows[0]) return Number(rows[0].ID);
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error(`no connection runs ${marker}`);
    };

    it.each([
      ['a sleeping statement', (m: string) => `SELECT SLEEP(30) AS ${m}`, {}],
      [
        'a statement streaming rows into a slow consumer',
        (m: string) => `SELECT seq AS ${m} FROM seq_1_to_10000000`,
        {
          // Slow enough to be paused at times, fast enough to drain what the socket holds.
          batchSize: 2000,
          onBatch: () => new Promise<void>((r) => setTimeout(r, 1)),
        },
      ],
    ])('KILL of the connection settles %s with a clear error', async (_label, sqlOf, options) => {
      const marker = `strata_kill_${randomBytes(3).toString('hex')}`;
      // Its failure is awaited from the start: the KILL may end it before `admin.query` returns.
      const failure = engineError(client.execute(sqlOf(marker), options));
      const thread = await threadOf(marker);
      const started = Date.now();
      await admin.query(`KILL ${thread}`);
      const e = await failure;
      expect(Date.now() - started).toBeLessThan(10_000);
      expect(e.message).toMatch(/connection to the database was lost/);
      // The pool goes on.
      expect((await client.execute('SELECT 1')).rows).toEqual([[1]]);
    });

    describe('a server that stops answering (frozen proxy)', () => {
      let proxy: FrozenProxy;
      let proxied: DatabaseClient;
      beforeAll(async () => {
        const u = new URL(MYSQL_URL);
        proxy = await startTcpProxy(u.hostname, Number(u.port || 3306));
        proxied = await mysqlEngine.connect(viaPort(MYSQL_URL, proxy.port), {
          dataDir: '/tmp',
          connectTimeoutMs: 3000,
        });
      });
      afterAll(async () => {
        await proxy?.close();
        await proxied?.close();
      });

      it('a time-out settles the call although the driver never answers', async () => {
        expect((await proxied.execute('SELECT 1')).rows).toEqual([[1]]);
        const run = proxied.execute('SELECT SLEEP(4)', { signal: AbortSignal.timeout(400) });
        setTimeout(() => proxy.freeze(), 150);
        const started = Date.now();
        const e = await engineError(run);
        expect(e.kind).toBe('cancelled');
        expect(Date.now() - started).toBeLessThan(400 + CANCEL_GRACE_MS + SLACK_MS);
      });
    });
  });
});

describe('SQLite read-only execution', () => {
  const analytics = makeSqliteAnalytics();
  let client: DatabaseClient;
  beforeAll(async () => {
    client = await sqliteEngine.connect(`sqlite:///${analytics.file}`, {
      dataDir: analytics.dir,
    });
  });
  afterAll(async () => {
    await client?.close();
    analytics.drop();
  });

  it.each([
    ['an INSERT', `INSERT INTO customers VALUES (9, 'Eve', 'XX')`],
    ['an INSERT … RETURNING', `INSERT INTO customers VALUES (9, 'Eve', 'XX') RETURNING id`],
    ['a DELETE', `DELETE FROM customers`],
  ])('refuses %s under PRAGMA query_only, then writes again without it', async (_l, sql) => {
    const e = await engineError(client.execute(sql, { readOnly: true }));
    expect(e.message).toMatch(/readonly|read-only|query_only/i);
    const count = await client.execute('SELECT COUNT(*) FROM customers');
    expect(count.rows).toEqual([[3]]);
  });

  it('sets query_only back after the statement', async () => {
    expect((await client.execute('SELECT 1', { readOnly: true })).rows).toEqual([[1]]);
    await client.execute(`INSERT INTO customers VALUES (10, 'Zed', 'ZZ')`);
    await client.execute(`DELETE FROM customers WHERE id = 10`);
  });
});

describe('DuckDB read-only execution', () => {
  const dataDir = tempDir('strata-sec-duck-');
  let client: DatabaseClient;
  beforeAll(async () => {
    client = await duckdbEngine.connect(`duckdb:///${path.join(dataDir, 'sec.duckdb')}`, {
      dataDir,
    });
    await client.execute('CREATE SEQUENCE s');
    await client.execute('CREATE TABLE t (x INTEGER)');
  });
  afterAll(async () => {
    await client?.close();
  });

  it.each([
    ['nextval', `SELECT nextval('s')`],
    ['an INSERT', `INSERT INTO t VALUES (1)`],
    ['a CREATE TABLE AS', `CREATE TABLE u AS SELECT 1 AS x`],
  ])('refuses %s in a read-only transaction', async (_label, sql) => {
    const e = await engineError(client.execute(sql, { readOnly: true }));
    expect(e.message).toMatch(/read-only/i);
    expect((await client.execute('SELECT COUNT(*) FROM t')).rows).toEqual([[0]]);
  });

  it('writes again on the next call without readOnly; the sequence never moved', async () => {
    expect((await client.execute(`SELECT nextval('s')`)).rows).toEqual([[1]]);
  });
});
