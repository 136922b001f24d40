/**
 * Issue 16 point 1: adhoc SQL in chart queries cannot escape its checks. As a Gamma user with
 * access to one dataset (`sales`) on each engine of the machine (DuckDB, SQLite, PostgreSQL,
 * MariaDB), every bypass — invisible characters before a keyword, quoted, backticked, bracketed
 * or schema-qualified functions, functions off the allow list, variables — answers 400 with a
 * clear message through /api/v1/chart/data, /superset/explore_json/ and /datasource/samples,
 * and nothing of the other table (`secret`) or the host leaks; ordinary adhoc SQL still works.
 * Admins keep the structural check only; a non-admin owner's dataset expressions are held to
 * the allow list when saved; a template's output is checked as the asker's SQL.
 * With CI=true PostgreSQL and MariaDB must be reachable.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineRegistry } from '../../src/engines/index.js';
import type { DatabaseClient } from '../../src/engines/types.js';
import { ApiClient } from '../helpers/client.js';
import { grantDataset } from '../helpers/dashboard-world.js';
import { metadataTargets } from '../helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from '../helpers/server.js';
import { roleId } from '../helpers/users.js';

const CI = process.env.CI === 'true';
const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

async function reachable(engine: 'postgresql' | 'mysql'): Promise<string | null> {
  try {
    if (engine === 'postgresql') {
      const c = new pg.Client({ connectionString: PG_URL, connectionTimeoutMillis: 3000 });
      await c.connect();
      await c.end();
    } else {
      const u = new URL(MYSQL_URL);
      const c = await mysql.createConnection({
        host: u.hostname,
        port: Number(u.port || 3306),
        user: u.username,
        connectTimeout: 3000,
      });
      await c.end();
    }
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}
const problems = { postgresql: await reachable('postgresql'), mysql: await reachable('mysql') };
for (const [engine, problem] of Object.entries(problems)) {
  if (problem && CI)
    throw new Error(`${engine} is required with CI=true but unreachable: ${problem}`);
  if (problem) console.warn(`${engine} unreachable (${problem}): tested on the other engines`);
}

type EngineName = 'duckdb' | 'sqlite' | 'postgresql' | 'mysql';
const SECRET = 'TOPSECRET-7f3a';
/**
 * What must never appear in an answer (the refused SQL is echoed in the message, so these are
 * values only a query could read): the other table's value, a host file, the server's data
 * directory or home.
 */
const LEAKS = [SECRET, 'root:x:0', '/var/lib/', '/root'];

interface Engine {
  engine: EngineName;
  datasetId: number;
  cleanup(): Promise<void>;
}

/**
 * Bypasses per engine, each as [kind, SQL]: `metric` is an adhoc SQL metric, `where` a SQL
 * filter (extras.where), `column` an adhoc SQL column. Each must answer 400.
 */
const INVISIBLE = ['\u200b', '\u2060', '\ufeff', '\u00a0', '\u3000', '\u180e', '\u2028'];
const BYPASSES: Record<EngineName, Array<[string, string]>> = {
  duckdb: [
    ...INVISIBLE.map((c): [string, string] => ['metric', `(${c}SELECT max(code) ${c}FROM secret)`]),
    ['metric', '(SELECT\u2060count(*)\u2060FROM\u2060information_schema.tables)'],
    ['where', 'region = (\u200bFROM secret SELECT max(code)) OR 1 = 1'],
    ['metric', "length(main.read_csv('/etc/passwd'))"],
    ['metric', '"read_text"(\'/etc/passwd\')'],
    ['metric', 'system.main."read_csv"(\'/etc/passwd\')'],
    ['column', "getenv('HOME')"],
    ['column', '"current_setting"(\'threads\')'],
    ['where', "'x'.upper() = 'X'"],
    ['metric', 'count(*) + len(list_transform(range(10), x -> x))'],
  ],
  sqlite: [
    ...INVISIBLE.map((c): [string, string] => ['metric', `(${c}SELECT max(code) ${c}FROM secret)`]),
    ['metric', "[load_extension]('x')"],
    ['metric', "`load_extension`('x')"],
    ['column', 'sqlite_version()'],
    ['column', 'main.abs(1)'],
    ['metric', 'length(randomblob(100))'],
  ],
  postgresql: [
    ...INVISIBLE.map((c): [string, string] => ['metric', `(${c}SELECT max(code) ${c}FROM secret)`]),
    ['column', '"pg_read_file"(\'/etc/passwd\')'],
    ['column', "pg_catalog.pg_read_file('/etc/passwd')"],
    ['column', 'PG_CATALOG."PG_READ_FILE"(\'/etc/passwd\')'],
    ['column', "query_to_xml('select * from secret', true, true, '')::text"],
    ['column', "table_to_xml('secret', true, true, '')::text"],
    ['column', 'pg_catalog."current_setting"(\'data_directory\')'],
    ['metric', "count(*) + nextval('strata_frag_seq')"],
    ['metric', "count(*) + setval('strata_frag_seq', 5)"],
    ['metric', "count(*) + lo_from_bytea(0, 'x')::int"],
    ['where', 'U&"pg\\005fread\\005ffile"(\'/etc/passwd\') IS NOT NULL'],
    ['column', 'version()'],
  ],
  mysql: [
    ...INVISIBLE.map((c): [string, string] => ['metric', `(${c}SELECT max(code) ${c}FROM secret)`]),
    ['column', "`load_file`('/etc/passwd')"],
    ['where', '`sleep`(3) = 0'],
    ['where', 'sleep (3) = 0'],
    ['column', '@@datadir'],
    ['column', "mysql.`load_file`('/etc/passwd')"],
    ['column', 'database()'],
    ['metric', 'count(*) + `BENCHMARK`(100000000, md5(1))'],
  ],
};

/** An engine function outside the allow list that reads nothing sensitive: admins may call it. */
const HARMLESS_OFF_LIST: Record<EngineName, string> = {
  duckdb: 'version()',
  sqlite: 'sqlite_version()',
  postgresql: 'version()',
  mysql: 'version()',
};

const suffix = randomBytes(4).toString('hex');
const targets = await metadataTargets();

describe.each(targets)('adhoc SQL fragments on $name metadata (issue 16, point 1)', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;
  let alpha: ApiClient;
  const engines: Engine[] = [];

  async function addEngine(uri: string, schema: string | null): Promise<void> {
    const spec = defaultEngineRegistry().forUri(uri);
    const client: DatabaseClient = await spec.connect(uri, { dataDir: server.dataDir });
    const q = (n: string) => spec.quoteIdentifier(n);
    const name = (t: string) => (schema ? `${q(schema)}.${q(t)}` : q(t));
    if (schema)
      await client.execute(
        `CREATE ${spec.engine === 'mysql' ? 'DATABASE' : 'SCHEMA'} ${q(schema)}`,
      );
    await client.execute(
      `CREATE TABLE ${name('sales')} (ds ${spec.engine === 'sqlite' ? 'TEXT' : 'DATE'}, region VARCHAR(20), amount INTEGER)`,
    );
    await client.execute(
      `INSERT INTO ${name('sales')} (ds, region, amount) VALUES ('2024-01-01', 'east', 10), ('2024-01-02', 'Zürich', 4), ('2024-01-03', 'east', 6)`,
    );
    await client.execute(`CREATE TABLE ${name('secret')} (code VARCHAR(40))`);
    await client.execute(`INSERT INTO ${name('secret')} (code) VALUES ('${SECRET}')`);
    if (spec.engine === 'postgresql')
      await client.execute(`CREATE SEQUENCE ${q(schema!)}.strata_frag_seq`);
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: `frag_${spec.engine}`,
      sqlalchemy_uri: uri,
      expose_in_sqllab: true,
    });
    expect(db.status, JSON.stringify(db.body)).toBe(201);
    const ds = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: db.body.id,
      schema: schema ?? (spec.engine === 'duckdb' ? 'main' : null),
      table_name: 'sales',
    });
    expect(ds.status, `${spec.engine}: ${JSON.stringify(ds.body)}`).toBe(201);
    engines.push({
      engine: spec.engine as EngineName,
      datasetId: ds.body.id,
      async cleanup() {
        if (schema)
          await client.execute(
            spec.engine === 'mysql'
              ? `DROP DATABASE ${q(schema)}`
              : `DROP SCHEMA ${q(schema)} CASCADE`,
          );
        await client.close();
      },
    });
  }

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await addEngine(`duckdb:///${path.join(server.dataDir, 'frag.duckdb')}`, null);
    const sqliteFile = path.join(server.dataDir, 'frag.db');
    new BetterSqlite3(sqliteFile).close();
    await addEngine(`sqlite:///${sqliteFile}`, null);
    if (!problems.postgresql) await addEngine(PG_URL, `strata_frag_${suffix}`);
    if (!problems.mysql) await addEngine(MYSQL_URL, `strata_frag_${suffix}`);

    // A role reading the `sales` datasets only, and a Gamma user holding it.
    const readers = await admin.post<{ id: number }>('/api/v1/security/roles/', {
      name: 'sales_readers',
    });
    expect(readers.status, JSON.stringify(readers.body)).toBe(201);
    for (const e of engines) await grantDataset(server, readers.body.id, e.datasetId);
    const user = async (username: string, roles: number[]) => {
      const made = await admin.post('/api/v1/security/users/', {
        username,
        first_name: username,
        last_name: 'Tester',
        email: `${username}@example.com`,
        password: 'password-123',
        active: true,
        roles,
      });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const client = new ApiClient(server.baseUrl);
      await client.loginWithToken(username, 'password-123');
      return client;
    };
    gamma = await user('gail', [await roleId(admin, 'Gamma'), readers.body.id]);
    alpha = await user('alan', [await roleId(admin, 'Alpha')]);
  }, 180_000);

  afterAll(async () => {
    for (const e of engines) await e.cleanup().catch(() => undefined);
    await server?.close();
  });

  const queryWith = (kind: string, sql: string): Record<string, unknown> => {
    if (kind === 'metric')
      return {
        columns: ['region'],
        metrics: [{ expressionType: 'SQL', sqlExpression: sql, label: 'm' }],
      };
    if (kind === 'column')
      return {
        columns: [{ expressionType: 'SQL', sqlExpression: sql, label: 'c' }],
        metrics: ['count'],
      };
    return { columns: ['region'], metrics: ['count'], extras: { where: sql } };
  };

  const chartData = (
    client: ApiClient,
    e: Engine,
    query: Record<string, unknown>,
    formData?: Record<string, unknown>,
  ) =>
    client.post<{ message?: string; result?: Array<{ data: Array<Record<string, unknown>> }> }>(
      '/api/v1/chart/data',
      {
        datasource: { id: e.datasetId, type: 'table' },
        queries: [{ row_limit: 100, ...query }],
        result_type: 'full',
        force: true,
        ...(formData ? { form_data: formData } : {}),
      },
    );

  function expectRefused(res: { status: number; body: unknown }, label: string): void {
    const text = JSON.stringify(res.body);
    expect(res.status, `${label}: ${text}`).toBe(400);
    expect((res.body as { message?: string }).message, label).toMatch(
      /cannot (call|contain|read)|Unicode escapes/,
    );
    for (const leak of LEAKS) expect(text, label).not.toContain(leak);
  }

  it('runs ordinary adhoc metrics, columns and filters for a Gamma user on every engine', async () => {
    expect(engines.length).toBe(CI ? 4 : engines.length);
    for (const e of engines) {
      const res = await chartData(gamma, e, {
        columns: [{ expressionType: 'SQL', sqlExpression: 'LOWER(region)', label: 'r' }],
        metrics: [
          {
            expressionType: 'SQL',
            sqlExpression: 'SUM(CASE WHEN amount > 5 THEN amount ELSE 0 END) / COUNT(*)',
            label: 'm',
          },
        ],
        extras: { where: "region IN ('east', 'Zürich') AND CAST(amount AS DECIMAL(10, 2)) > 1" },
        orderby: [[{ expressionType: 'SQL', sqlExpression: 'COALESCE(MAX(amount), 0)' }, false]],
      });
      expect(res.status, `${e.engine}: ${JSON.stringify(res.body)}`).toBe(200);
      const rows = res.body.result![0]!.data;
      expect(rows.map((r) => r.r).sort(), e.engine).toEqual(['east', 'zürich']);
    }
  });

  it('refuses every bypass through /api/v1/chart/data with a clear 400 and nothing leaked', async () => {
    for (const e of engines)
      for (const [kind, sql] of BYPASSES[e.engine]) {
        const res = await chartData(gamma, e, queryWith(kind, sql));
        expectRefused(res, `${e.engine} ${kind} ${JSON.stringify(sql)}`);
      }
  });

  it('refuses the bypasses in the orderby, series limit metric and HAVING too', async () => {
    for (const e of engines) {
      const [, sql] = BYPASSES[e.engine][0]!;
      const metric = { expressionType: 'SQL', sqlExpression: sql, label: 'x' };
      for (const query of [
        { columns: ['region'], metrics: ['count'], orderby: [[metric, false]] },
        {
          columns: ['region'],
          metrics: ['count'],
          series_columns: ['region'],
          series_limit: 1,
          series_limit_metric: metric,
        },
        { columns: ['region'], metrics: ['count'], extras: { having: `count(*) > ${sql}` } },
      ]) {
        const res = await chartData(gamma, e, query);
        expectRefused(res, `${e.engine} ${JSON.stringify(query)}`);
      }
    }
  });

  it('refuses them through /superset/explore_json/ and /datasource/samples', async () => {
    for (const e of engines)
      for (const [, sql] of BYPASSES[e.engine]) {
        const formData = {
          datasource: `${e.datasetId}__table`,
          viz_type: 'table',
          groupby: ['region'],
          metrics: ['count'],
          adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: sql }],
          row_limit: 10,
        };
        const q = encodeURIComponent(JSON.stringify(formData));
        const legacy = await gamma.get(`/superset/explore_json/?form_data=${q}`);
        expectRefused(legacy, `explore_json ${e.engine} ${JSON.stringify(sql)}`);
        const samples = await gamma.post(
          `/datasource/samples?datasource_type=table&datasource_id=${e.datasetId}&force=false&page=1&per_page=10`,
          { filters: [], extras: { where: sql } },
        );
        expectRefused(samples, `samples ${e.engine} ${JSON.stringify(sql)}`);
      }
  });

  it('lets an admin call functions off the allow list, but never the forbidden ones', async () => {
    for (const e of engines) {
      const sql = HARMLESS_OFF_LIST[e.engine];
      const asAdmin = await chartData(admin, e, queryWith('column', sql));
      expect(asAdmin.status, `${e.engine}: ${JSON.stringify(asAdmin.body)}`).toBe(200);
      const asGamma = await chartData(gamma, e, queryWith('column', sql));
      expect(asGamma.status).toBe(400);
      expect(asGamma.body.message).toMatch(/is not an allowed function/);
      const [, invisible] = BYPASSES[e.engine][0]!;
      expectRefused(await chartData(admin, e, queryWith('metric', invisible)), `admin ${e.engine}`);
    }
    const pgEngine = engines.find((e) => e.engine === 'postgresql');
    if (pgEngine)
      expectRefused(
        await chartData(admin, pgEngine, queryWith('column', '"pg_read_file"(\'/etc/passwd\')')),
        'admin pg_read_file',
      );
  });

  it("checks a template's output in a dataset metric as the asker's SQL", async () => {
    const e = engines[0]!;
    const put = await admin.put(`/api/v1/dataset/${e.datasetId}`, {
      metrics: [
        { metric_name: 'count', expression: 'COUNT(*)' },
        { metric_name: 'templated', expression: "{{ url_param('m') }}" },
      ],
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    const ask = (client: ApiClient, m: string) =>
      chartData(client, e, { columns: ['region'], metrics: ['templated'] }, { url_params: { m } });
    expect((await ask(gamma, 'SUM(amount)')).status).toBe(200);
    const refused = await ask(gamma, HARMLESS_OFF_LIST[e.engine]);
    expect(refused.status, JSON.stringify(refused.body)).toBe(400);
    expect(refused.body.message).toMatch(/is not an allowed function/);
    expect((await ask(admin, HARMLESS_OFF_LIST[e.engine])).status).toBe(200);
  });

  it("holds a non-admin owner's new dataset expressions to the allow list when saved", async () => {
    const e = engines[0]!;
    const created = await alpha.post<{ id: number }>('/api/v1/dataset/', {
      database: (
        await admin.get<{ result: { database: { id: number } } }>(`/api/v1/dataset/${e.datasetId}`)
      ).body.result.database.id,
      schema: 'main',
      table_name: 'secret',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    for (const body of [
      { metrics: [{ metric_name: 'm', expression: 'version()' }] },
      { metrics: [{ metric_name: 'm', expression: '(\u200bSELECT 1)' }] },
      { columns: [{ column_name: 'c', expression: "main.read_csv('/etc/passwd')" }] },
      { fetch_values_predicate: "getenv('HOME') = 'x'" },
    ]) {
      const res = await alpha.put(`/api/v1/dataset/${id}`, body);
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      expect(res.body.message).toMatch(/cannot (call|contain)/);
    }
    const ok = await alpha.put(`/api/v1/dataset/${id}`, {
      metrics: [{ metric_name: 'm', expression: 'COUNT(DISTINCT code)' }],
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    // An admin's expression outside the list stays, and the owner can still save the dataset.
    const byAdmin = await admin.put(`/api/v1/dataset/${id}`, {
      metrics: [
        { metric_name: 'm', expression: 'COUNT(DISTINCT code)' },
        { metric_name: 'v', expression: 'max(version())' },
      ],
    });
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).toBe(200);
    const again = await alpha.put(`/api/v1/dataset/${id}`, {
      metrics: [
        { metric_name: 'm', expression: 'COUNT(code)' },
        { metric_name: 'v', expression: 'max(version())' },
      ],
    });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
  });
});
