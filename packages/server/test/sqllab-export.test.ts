/**
 * Issue 21 point 12: SQL Lab's "Download to CSV" runs the query again without the display
 * limit and streams every row (DuckDB, PostgreSQL, MariaDB), capped by
 * STRATA_CSV_EXPORT_MAX_ROWS; a closed download stops the query on the database; a script that
 * may write is never run twice; permissions as the stored export's.
 */
import { randomBytes } from 'node:crypto';
import mysql from 'mysql2/promise';
import pg from 'pg';
import type { QueryResultsPayload } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { emptyDuckdbFile } from './helpers/table-dataset.js';

const CI = process.env.CI === 'true';
const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';
const targets = await metadataTargets();
/** The server's cap: above the rows most tests export, below the capped one's. */
const CAP = 40_000;

async function reachable(check: () => Promise<void>, name: string): Promise<boolean> {
  try {
    await check();
    return true;
  } catch (e) {
    if (CI) throw new Error(`${name} is required with CI=true`, { cause: e });
    console.warn(`${name} unreachable: its exports are not tested`);
    return false;
  }
}
const hasPg = await reachable(async () => {
  const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
  await c.connect();
  await c.end();
}, 'PostgreSQL');
const hasMysql = await reachable(async () => {
  const c = await mysql.createConnection({ uri: MYSQL_URL, connectTimeout: 3000 });
  await c.end();
}, 'MariaDB');

let counter = 0;
const clientId = () =>
  `x${Date.now().toString(36).slice(-5)}${(counter++).toString(36)}`.slice(0, 11);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** CSV lines of a download (CRLF ends; no field of these tests holds a line break). */
function csvLines(text: string): string[] {
  expect(text.endsWith('\r\n')).toBe(true);
  return text.slice(0, -2).split('\r\n');
}

describe.each(targets)('SQL Lab full CSV export on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;
  let lab: number;
  let pgDb: number | null = null;
  let mysqlDb: number | null = null;
  /** A PostgreSQL database of this run only, so its backends can be watched. */
  const pgName = `strata_export_${randomBytes(4).toString('hex')}`;
  let pgAdmin: pg.Client | null = null;

  const run = async (client: ApiClient, databaseId: number, sql: string, extra = {}) => {
    const res = await client.post<QueryResultsPayload & { message?: string }>(
      '/api/v1/sqllab/execute/',
      {
        client_id: clientId(),
        database_id: databaseId,
        sql,
        json: true,
        runAsync: false,
        schema: null,
        tab: 'Export test',
        queryLimit: 1000,
        ...extra,
      },
    );
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body;
  };
  const download = (client: ApiClient, id: string, signal?: AbortSignal) =>
    fetch(`${server.baseUrl}/api/v1/sqllab/export/${id}/`, {
      headers: { authorization: `Bearer ${client.token}` },
      ...(signal ? { signal } : {}),
    });

  beforeAll(async () => {
    server = await startServer(target, { STRATA_CSV_EXPORT_MAX_ROWS: String(CAP) });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await emptyDuckdbFile(server.dataDir, 'export-lab.duckdb');
    const created = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'lab',
      sqlalchemy_uri: 'duckdb:///export-lab.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    lab = created.body.id;
    await run(admin, lab, 'CREATE TABLE t (n INTEGER)');
    if (hasPg) {
      pgAdmin = new pg.Client({ connectionString: PG_URL });
      await pgAdmin.connect();
      await pgAdmin.query(`CREATE DATABASE ${pgName}`);
      const url = new URL(PG_URL);
      url.pathname = `/${pgName}`;
      const db = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'pg_export',
        sqlalchemy_uri: url.toString(),
        expose_in_sqllab: true,
      });
      expect(db.status, JSON.stringify(db.body)).toBe(201);
      pgDb = db.body.id;
    }
    if (hasMysql) {
      const db = await admin.post<{ id: number }>('/api/v1/database/', {
        database_name: 'maria_export',
        sqlalchemy_uri: MYSQL_URL,
        expose_in_sqllab: true,
      });
      expect(db.status, JSON.stringify(db.body)).toBe(201);
      mysqlDb = db.body.id;
    }
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const gammaRole = roles.body.result.find((r) => r.name === 'Gamma')!.id;
    const user = await admin.post('/api/v1/security/users/', {
      username: 'gina',
      first_name: 'Gina',
      last_name: 'Gamma',
      email: 'gina@example.com',
      password: 'password-123',
      active: true,
      roles: [gammaRole],
    });
    expect(user.status, JSON.stringify(user.body)).toBe(201);
    gamma = new ApiClient(server.baseUrl);
    await gamma.loginWithToken('gina', 'password-123');
  });

  afterAll(async () => {
    await server?.close();
    if (pgAdmin) {
      await pgAdmin.query(`DROP DATABASE IF EXISTS ${pgName} WITH (FORCE)`).catch(() => undefined);
      await pgAdmin.end();
    }
  });

  it('exports every row of a DuckDB query, past the display limit and one results page', async () => {
    const res = await run(
      admin,
      lab,
      "SELECT range AS n, 'row ' || range AS label, CASE WHEN range = 3 THEN '=1+1' END AS f FROM range(25000) ORDER BY n",
    );
    // The display kept the dropdown's 1,000 rows.
    expect(res.query.rows).toBe(1000);
    const csv = await download(admin, res.query.id);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="[\w.-]+\.csv"/);
    const lines = csvLines(await csv.text());
    expect(lines).toHaveLength(25_001);
    expect(lines[0]).toBe('n,label,f');
    expect(lines[1]).toBe('0,row 0,');
    // Formula guard, as in every CSV of ours.
    expect(lines[4]).toBe("3,row 3,'=1+1");
    expect(lines[25_000]).toBe('24999,row 24999,');
  });

  it("keeps the query's own LIMIT", async () => {
    const res = await run(admin, lab, 'SELECT range AS n FROM range(50000) LIMIT 12345');
    const lines = csvLines(await (await download(admin, res.query.id)).text());
    expect(lines).toHaveLength(12_346);
  });

  it('stops at STRATA_CSV_EXPORT_MAX_ROWS', async () => {
    const res = await run(admin, lab, 'SELECT range AS n FROM range(100000) ORDER BY n');
    const lines = csvLines(await (await download(admin, res.query.id)).text());
    expect(lines).toHaveLength(CAP + 1);
    expect(lines[CAP]).toBe(String(CAP - 1));
  });

  it('never runs a script that may write again: its stored result is exported', async () => {
    const res = await run(admin, lab, 'INSERT INTO t VALUES (1);\nSELECT count(*) AS c FROM t');
    expect(res.data).toEqual([{ c: 1 }]);
    const text = await (await download(admin, res.query.id)).text();
    expect(text).toBe('c\r\n1\r\n');
    const again = await run(admin, lab, 'SELECT count(*) AS c FROM t');
    expect(again.data).toEqual([{ c: 1 }]);
  });

  it('answers a failure before the first byte as JSON', async () => {
    // The table is gone when the export runs the query again.
    await run(admin, lab, 'CREATE TABLE gone AS SELECT 1 AS a');
    const res = await run(admin, lab, 'SELECT * FROM gone');
    await run(admin, lab, 'DROP TABLE gone');
    const csv = await download(admin, res.query.id);
    expect(csv.status).toBe(422);
    expect(csv.headers.get('content-type')).toContain('application/json');
    expect(((await csv.json()) as { message: string }).message).toMatch(/gone/);
  });

  it('refuses users without can_export_csv, and queries of others', async () => {
    const res = await run(admin, lab, 'SELECT 1 AS a');
    expect((await download(gamma, res.query.id)).status).toBe(403);
    const missing = await download(admin, 'nosuchid');
    expect(missing.status).toBe(404);
  });

  it('refuses a user who lost access to the database since the query ran', async () => {
    const role = await admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'lab_users',
    });
    const pvs = await admin.get<{ result: Array<{ id: number; permission: { name: string } }> }>(
      '/api/v1/security/permissions-resources/',
      { filters: [{ col: 'view_menu', opr: 'eq', value: `[lab].(id:${lab})` }] },
    );
    const access = pvs.body.result.find((p) => p.permission.name === 'database_access')!;
    await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
      permission_view_menu_ids: [access.id],
    });
    const roles = await admin.get<{ result: Array<{ id: number; name: string }> }>(
      '/api/v1/security/roles/?q=(page_size:100)',
    );
    const sqlLab = roles.body.result.find((r) => r.name === 'sql_lab')!.id;
    const gammaRole = roles.body.result.find((r) => r.name === 'Gamma')!.id;
    const made = await admin.post('/api/v1/security/users/', {
      username: 'lena',
      first_name: 'Lena',
      last_name: 'Lab',
      email: 'lena@example.com',
      password: 'password-123',
      active: true,
      roles: [gammaRole, sqlLab, role.body.id],
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const lena = new ApiClient(server.baseUrl);
    await lena.loginWithToken('lena', 'password-123');
    const res = await run(lena, lab, 'SELECT range AS n FROM range(20000)');
    expect(csvLines(await (await download(lena, res.query.id)).text())).toHaveLength(20_001);
    await admin.post(`/api/v1/security/roles/${role.body.id}/permissions`, {
      permission_view_menu_ids: [],
    });
    const refused = await download(lena, res.query.id);
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(refused.status).toBeLessThanOrEqual(404);
  });

  it.runIf(hasPg)('exports every row of a PostgreSQL query through its cursor', async () => {
    const res = await run(
      admin,
      pgDb!,
      "SELECT g AS n, 'x,' || g AS q FROM generate_series(1, 30000) g ORDER BY g",
    );
    const lines = csvLines(await (await download(admin, res.query.id)).text());
    expect(lines).toHaveLength(30_001);
    expect(lines[1]).toBe('1,"x,1"');
    expect(lines[30_000]).toBe('30000,"x,30000"');
  });

  it.runIf(hasPg)('stops the PostgreSQL query when the download is closed', async () => {
    const res = await run(
      admin,
      pgDb!,
      // Two small series joined: rows stream (one series of 2e9 would be gathered first).
      'SELECT a * 40000 + b AS n, repeat(md5(b::text), 10) AS h FROM generate_series(1, 50000) a, generate_series(1, 40000) b',
    );
    const busy = async () =>
      Number(
        (
          await pgAdmin!.query<{ c: string }>(
            `SELECT count(*) AS c FROM pg_stat_activity WHERE datname = $1 AND state <> 'idle'`,
            [pgName],
          )
        ).rows[0]!.c,
      );
    const controller = new AbortController();
    const csv = await download(admin, res.query.id, controller.signal);
    expect(csv.status).toBe(200);
    const reader = csv.body!.getReader();
    let bytes = 0;
    // Well below the cap's 40,000 rows (~1.8 MB).
    while (bytes < 300_000) {
      const chunk = await reader.read();
      if (chunk.done) throw new Error(`the download ended after ${bytes} bytes`);
      bytes += chunk.value.length;
    }
    // While the download runs, the cursor's transaction is open on the database.
    expect(await busy()).toBeGreaterThan(0);
    controller.abort();
    await reader.cancel().catch(() => undefined);
    let left = 1;
    for (let i = 0; i < 100 && left > 0; i += 1) {
      await sleep(100);
      left = await busy();
    }
    expect(left).toBe(0);
    // The server still answers exports.
    const small = await run(admin, pgDb!, 'SELECT 1 AS one');
    expect(await (await download(admin, small.query.id)).text()).toBe('one\r\n1\r\n');
  });

  it.runIf(hasMysql)('exports every row of a MariaDB query, streamed', async () => {
    const res = await run(admin, mysqlDb!, 'SELECT seq AS n FROM seq_1_to_30000 ORDER BY seq');
    const lines = csvLines(await (await download(admin, res.query.id)).text());
    expect(lines).toHaveLength(30_001);
    expect(lines[30_000]).toBe('30000');
  });
});
