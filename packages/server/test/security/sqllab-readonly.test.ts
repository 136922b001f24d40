/**
 * Issue 16, point 1 (last sentence): chart data, samples and the columns of a virtual dataset
 * run in read-only transactions where the engine has them, so a function that writes (a
 * sequence's nextval/setval) fails with a clear 4xx even if every check let it through — here
 * it comes from the admin's own virtual dataset SQL, which no check of non-admin fragments
 * looks at.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/client.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';

const CI = process.env.CI === 'true';
const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const targets = await metadataTargets();

interface Engine {
  name: 'postgresql' | 'mysql';
  uri: string;
  /** Runs an admin statement on the engine, outside Strata. */
  connect(): Promise<{ query(sql: string): Promise<unknown[]>; end(): Promise<void> }>;
  createSequence(name: string): string;
  dropSequence(name: string): string;
  nextval(name: string): string;
  /** The sequence's current value, without moving it. */
  current(name: string): string;
}

const ENGINES: Engine[] = [
  {
    name: 'postgresql',
    uri: PG_URL,
    async connect() {
      const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
      await c.connect();
      return {
        query: async (sql) => (await c.query(sql)).rows as unknown[],
        end: () => c.end(),
      };
    },
    createSequence: (n) => `CREATE SEQUENCE ${n}`,
    dropSequence: (n) => `DROP SEQUENCE IF EXISTS ${n}`,
    nextval: (n) => `nextval('${n}')`,
    current: (n) => `SELECT last_value AS v, is_called AS called FROM ${n}`,
  },
  {
    name: 'mysql',
    uri: MYSQL_URL,
    async connect() {
      const u = new URL(MYSQL_URL);
      const c = await mysql.createConnection({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: decodeURIComponent(u.username),
        password: decodeURIComponent(u.password),
        database: u.pathname.slice(1) || undefined,
        connectTimeout: 3000,
      });
      return {
        query: async (sql) => (await c.query(sql))[0] as unknown[],
        end: () => c.end(),
      };
    },
    createSequence: (n) => `CREATE SEQUENCE ${n}`,
    dropSequence: (n) => `DROP SEQUENCE IF EXISTS ${n}`,
    nextval: (n) => `NEXTVAL(${n})`,
    // A sequence is also a one-row table in MariaDB.
    current: (n) => `SELECT next_not_cached_value AS v FROM ${n}`,
  },
];

async function problemOf(engine: Engine): Promise<string | null> {
  try {
    const c = await engine.connect();
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
const problems = new Map<string, string | null>();
for (const e of ENGINES) {
  const problem = await problemOf(e);
  if (problem && CI) throw new Error(`${e.name} is required with CI=true: ${problem}`);
  if (problem) console.warn(`${e.name} unreachable (${problem}): skipped`);
  problems.set(e.name, problem);
}
const reachable = ENGINES.filter((e) => problems.get(e.name) === null || CI);

describe.each(targets)('read-only chart queries on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
  });
  afterAll(async () => server?.close());

  describe.each(reachable)('on $name', (engine) => {
    const seq = `strata_ro_${randomBytes(4).toString('hex')}`;
    let outside: Awaited<ReturnType<Engine['connect']>>;
    let databaseId: number;
    let datasetId: number;
    const current = async () => JSON.stringify(await outside.query(engine.current(seq)));

    beforeAll(async () => {
      outside = await engine.connect();
      await outside.query(engine.createSequence(seq));
      const db = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: `ro_${engine.name}_${seq}`,
        sqlalchemy_uri: engine.uri,
        expose_in_sqllab: true,
      });
      expect(db.status, JSON.stringify(db.body)).toBe(201);
      databaseId = db.body.id;
      // Made harmless, then given its SQL as an admin's later edit of the text would.
      const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
        database: databaseId,
        table_name: `ro_${seq}`,
        sql: 'SELECT 1 AS v',
      });
      expect(ds.status, JSON.stringify(ds.body)).toBe(201);
      datasetId = ds.body.id;
      await server.strata.store.db
        .updateTable('tables')
        .set({ sql: `SELECT ${engine.nextval(seq)} AS v` })
        .where('id', '=', datasetId)
        .execute();
    });
    afterAll(async () => {
      await outside?.query(engine.dropSequence(seq));
      await outside?.end();
    });

    it('chart data: a clear 400, the sequence unchanged', async () => {
      const before = await current();
      for (const result_type of ['full', 'samples']) {
        const res = await admin.post<{ message: string }>('/api/v1/chart/data', {
          datasource: { id: datasetId, type: 'table' },
          queries: [{ columns: ['v'], metrics: [], row_limit: 10 }],
          result_type,
          force: true,
        });
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toMatch(/read[- ]only transaction/i);
      }
      expect(await current()).toBe(before);
    });

    it('samples: a clear 4xx, the sequence unchanged', async () => {
      const before = await current();
      for (const body of [undefined, { filters: [] }]) {
        const res = await admin.post<{ message: string }>(
          `/datasource/samples?datasource_type=table&datasource_id=${datasetId}&force=true&page=1&per_page=10`,
          body,
        );
        expect(res.status, JSON.stringify(res.body)).toBe(422);
        expect(res.body.message).toMatch(/read[- ]only transaction/i);
      }
      expect(await current()).toBe(before);
    });

    it('a virtual dataset whose SQL writes is refused when its columns are read', async () => {
      const before = await current();
      const res = await admin.post<{ message: string }>('/api/v1/dataset/', {
        database: databaseId,
        table_name: `ro2_${seq}`,
        sql: `SELECT ${engine.nextval(seq)} AS v`,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body.message).toMatch(/read[- ]only transaction/i);
      expect(await current()).toBe(before);
    });

    it('SQL Lab is not made read-only (DML is governed by the database settings)', async () => {
      const res = await admin.post<{ data: Array<{ v: number }> }>('/api/v1/sqllab/execute/', {
        client_id: `ro${randomBytes(4).toString('hex')}`,
        database_id: databaseId,
        sql: `SELECT ${engine.nextval(seq)} AS v`,
        runAsync: false,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(Number(res.body.data[0]!.v)).toBe(1);
    });
  });
});
