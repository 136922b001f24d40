/**
 * Issue 5's bar through the HTTP API: the same chart data requests — filters, grains, series
 * limit, raw mode, samples, CSV and every post-processing operation — give the same answer on
 * DuckDB, SQLite, PostgreSQL and MariaDB. With CI=true every engine must be reachable.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { TIME_GRAINS } from '@strata/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineRegistry } from '../src/engines/index.js';
import type { DatabaseClient } from '../src/engines/types.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

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
  if (problem) console.warn(`${engine} unreachable (${problem}): compared on the other engines`);
}

const ROWS: Array<[string, string, number, boolean]> = [
  ['2024-01-01 00:00:00', 'east', 10, true],
  ['2024-01-01 12:00:00', 'west', 4, false],
  ['2024-01-02 08:30:00', 'east', 6, true],
  ['2024-01-03 00:00:00', 'west', 8, true],
  ['2024-01-05 23:00:00', 'east', 1, false],
  ['2024-02-10 10:10:10', 'north', 30, true],
  ['2024-03-15 00:00:00', 'west', 12, false],
  ['2024-07-04 00:00:00', 'north', 2, true],
  ['2025-01-01 00:00:00', 'east', 5, true],
];
const TYPES: Record<string, string> = {
  duckdb: 'ds TIMESTAMP, region VARCHAR, amount INTEGER, flag BOOLEAN',
  sqlite: 'ds DATETIME, region TEXT, amount INTEGER, flag BOOLEAN',
  postgresql: 'ds TIMESTAMP, region VARCHAR(20), amount INTEGER, flag BOOLEAN',
  mysql: 'ds DATETIME, region VARCHAR(20), amount INTEGER, flag BOOLEAN',
};

interface Engine {
  engine: string;
  uri: string;
  schema: string | null;
  datasetId: number;
  client: DatabaseClient;
  cleanup(): Promise<void>;
}

type Cell = string | number | boolean | null;
/** Numbers rounded to 4 decimals; temporal cells as UTC text; everything else as it is. */
function normalize(value: unknown, temporal: boolean): Cell {
  if (value === null || value === undefined) return null;
  if (temporal && typeof value === 'number') return new Date(value).toISOString().slice(0, 19);
  if (typeof value === 'number') return Math.round(value * 1e4) / 1e4;
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value))
    return Math.round(Number(value) * 1e4) / 1e4;
  // SQLite has no boolean type: it answers 0/1, so booleans compare as 0/1 everywhere.
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (Array.isArray(value)) return JSON.stringify(value.map((v) => normalize(v, false)));
  return String(value);
}

const suffix = randomBytes(4).toString('hex');
const metadata = (await metadataTargets())[0]!;

describe('chart data requests give the same answers on every engine', () => {
  let server: TestServer;
  let admin: ApiClient;
  const engines: Engine[] = [];

  async function addEngine(uri: string, schema: string | null): Promise<void> {
    const spec = defaultEngineRegistry().forUri(uri);
    const client = await spec.connect(uri, { dataDir: server.dataDir });
    const q = (n: string) => spec.quoteIdentifier(n);
    if (schema)
      await client.execute(
        `CREATE ${spec.engine === 'mysql' ? 'DATABASE' : 'SCHEMA'} ${q(schema)}`,
      );
    const table = schema ? `${q(schema)}.${q('sales')}` : q('sales');
    await client.execute(`CREATE TABLE ${table} (${TYPES[spec.engine]})`);
    const values = ROWS.map((r) => `(${r.map((v) => spec.literal(v)).join(', ')})`).join(',\n');
    await client.execute(`INSERT INTO ${table} (ds, region, amount, flag) VALUES\n${values}`);
    const db = await admin.post<{ id: number }>('/api/v1/database/', {
      database_name: `engine_${spec.engine}`,
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
    // The time column is temporal everywhere (SQLite stores text).
    const detail = await admin.get<{
      result: { columns: Array<{ id: number; column_name: string }> };
    }>(`/api/v1/dataset/${ds.body.id}`);
    const columns = detail.body.result.columns.map((c) => ({
      id: c.id,
      column_name: c.column_name,
      is_dttm: c.column_name === 'ds',
    }));
    const put = await admin.put(`/api/v1/dataset/${ds.body.id}`, { columns, main_dttm_col: 'ds' });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    engines.push({
      engine: spec.engine,
      uri,
      schema,
      datasetId: ds.body.id,
      client,
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
    server = await startServer(metadata);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    await addEngine(`duckdb:///${path.join(server.dataDir, 'engines.duckdb')}`, null);
    const sqliteFile = path.join(server.dataDir, 'engines.db');
    new BetterSqlite3(sqliteFile).close();
    await addEngine(`sqlite:///${sqliteFile}`, null);
    if (!problems.postgresql) await addEngine(PG_URL, `strata_cde_${suffix}`);
    if (!problems.mysql) await addEngine(MYSQL_URL, `strata_cde_${suffix}`);
  }, 120_000);

  afterAll(async () => {
    for (const e of engines) await e.cleanup().catch(() => undefined);
    await server?.close();
  });

  /** Posts the query on every engine and expects the same normalised rows (sorted unless ordered). */
  async function same(
    query: Record<string, unknown>,
    options: { ordered?: boolean; resultType?: string } = {},
  ) {
    const answers: Array<[string, Cell[][], string[]]> = [];
    for (const e of engines) {
      const res = await admin.post<{
        result: Array<{
          data: Array<Record<string, unknown>>;
          colnames: string[];
          coltypes: number[];
        }>;
        message?: string;
      }>('/api/v1/chart/data', {
        datasource: { id: e.datasetId, type: 'table' },
        queries: [{ row_limit: 1000, ...query }],
        result_type: options.resultType ?? 'full',
        force: true,
      });
      expect(res.status, `${e.engine}: ${JSON.stringify(res.body)}`).toBe(200);
      const r = res.body.result[0]!;
      const rows = r.data.map((row) =>
        r.colnames.map((c, i) => normalize(row[c], r.coltypes[i] === 2)),
      );
      answers.push([
        e.engine,
        options.ordered
          ? rows
          : [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
        r.colnames,
      ]);
    }
    const [first, ...others] = answers;
    for (const [engine, rows, colnames] of others) {
      expect(colnames, `${engine} columns`).toEqual(first![2]);
      expect(rows, `${engine} vs ${first![0]}`).toEqual(first![1]);
    }
    return first![1];
  }

  const SUM = {
    expressionType: 'SIMPLE',
    aggregate: 'SUM',
    column: { column_name: 'amount' },
    label: 'total',
  };
  const byDay = {
    columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1D' }],
    metrics: [SUM],
    orderby: [
      [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1D' }, true],
    ],
  };

  it('runs on the expected engines', () => {
    const names = engines.map((e) => e.engine);
    expect(names).toEqual(expect.arrayContaining(['duckdb', 'sqlite']));
    if (CI) expect(names).toEqual(['duckdb', 'sqlite', 'postgresql', 'mysql']);
  });

  it('filters with every operator', async () => {
    const ops: Array<Record<string, unknown>> = [
      { col: 'region', op: '==', val: 'east' },
      { col: 'region', op: '!=', val: 'east' },
      { col: 'amount', op: '>', val: 5 },
      { col: 'amount', op: '<', val: 5 },
      { col: 'amount', op: '>=', val: 6 },
      { col: 'amount', op: '<=', val: 6 },
      { col: 'region', op: 'LIKE', val: 'e%' },
      { col: 'region', op: 'ILIKE', val: 'E%' },
      { col: 'region', op: 'IN', val: ['east', 'north'] },
      { col: 'region', op: 'NOT IN', val: ['east'] },
      { col: 'region', op: 'IS NOT NULL' },
      { col: 'region', op: 'IS NULL' },
      { col: 'flag', op: 'IS TRUE' },
      { col: 'flag', op: 'IS FALSE' },
      { col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-01-02 : 2024-03-01' },
    ];
    for (const filter of ops) {
      await same({ columns: ['region'], metrics: [SUM], filters: [filter] });
    }
  });

  it('matches REGEX where the engine has it, and says so where it has not', async () => {
    for (const e of engines) {
      const res = await admin.post<{
        result?: Array<{ data: Array<Record<string, unknown>> }>;
        message?: string;
      }>('/api/v1/chart/data', {
        datasource: { id: e.datasetId, type: 'table' },
        queries: [
          {
            columns: ['region'],
            metrics: [SUM],
            filters: [{ col: 'region', op: 'REGEX', val: '^(e|n)' }],
            orderby: [['region', true]],
          },
        ],
      });
      if (res.status === 200) {
        expect(
          res.body.result![0]!.data.map((r) => r.region),
          e.engine,
        ).toEqual(['east', 'north']);
      } else {
        expect(res.status, e.engine).toBe(400);
        expect(res.body.message, e.engine).toMatch(/REGEX/);
      }
    }
  });

  it('truncates to every grain', async () => {
    for (const grain of TIME_GRAINS) {
      const rows = await same({
        columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: grain }],
        metrics: [SUM],
      });
      expect(rows.length, grain).toBeGreaterThan(1);
    }
  });

  it('limits series, orders, offsets, and runs raw', async () => {
    await same({
      columns: ['region'],
      metrics: [SUM],
      series_limit: 2,
      series_limit_metric: SUM,
      order_desc: true,
    });
    await same(
      { columns: ['region'], metrics: [SUM], orderby: [[SUM, false]], row_limit: 2 },
      { ordered: true },
    );
    await same(
      {
        columns: ['region', 'amount'],
        metrics: [],
        orderby: [['amount', true]],
        row_limit: 3,
        row_offset: 2,
      },
      { ordered: true },
    );
    await same({
      columns: ['region', 'amount'],
      metrics: [],
      granularity: 'ds',
      time_range: '2024-01-01 : 2024-02-01',
    });
  });

  it('post-processes the same way: pivot, flatten, rolling, cum, diff, contribution, sort, rename, select', async () => {
    const pivot = {
      operation: 'pivot',
      options: { index: ['ds'], columns: ['region'], aggregates: { total: { operator: 'sum' } } },
    };
    const byDayRegion = {
      ...byDay,
      columns: [...byDay.columns, 'region'],
    };
    await same(
      { ...byDayRegion, post_processing: [pivot, { operation: 'flatten' }] },
      { ordered: true },
    );
    await same(
      {
        ...byDayRegion,
        post_processing: [
          { ...pivot, options: { ...pivot.options, marginal_distributions: true } },
          { operation: 'flatten' },
        ],
      },
      { ordered: true },
    );
    for (const rolling_type of ['mean', 'sum', 'std', 'cumsum']) {
      await same(
        {
          ...byDay,
          post_processing: [
            {
              operation: 'pivot',
              options: { index: ['ds'], aggregates: { total: { operator: 'sum' } } },
            },
            {
              operation: 'rolling',
              options: { rolling_type, window: 2, min_periods: 1, columns: { total: 'total' } },
            },
            { operation: 'flatten' },
          ],
        },
        { ordered: true },
      );
    }
    await same(
      {
        ...byDay,
        post_processing: [
          { operation: 'cum', options: { operator: 'sum', columns: { total: 'total' } } },
        ],
      },
      { ordered: true },
    );
    await same(
      {
        ...byDay,
        post_processing: [
          { operation: 'diff', options: { columns: { total: 'total' }, periods: 1 } },
        ],
      },
      { ordered: true },
    );
    await same({
      columns: ['region'],
      metrics: [SUM],
      post_processing: [{ operation: 'contribution', options: { orientation: 'column' } }],
    });
    await same(
      {
        columns: ['region'],
        metrics: [SUM],
        post_processing: [{ operation: 'sort', options: { by: 'total', ascending: false } }],
      },
      { ordered: true },
    );
    await same({
      columns: ['region'],
      metrics: [SUM],
      post_processing: [{ operation: 'rename', options: { columns: { total: 'sum' } } }],
    });
    await same({
      columns: ['region'],
      metrics: [SUM],
      post_processing: [{ operation: 'select', options: { columns: ['total'] } }],
    });
    await same({
      columns: ['region'],
      metrics: [SUM],
      post_processing: [
        {
          operation: 'aggregate',
          options: { groupby: [], aggregates: { all: { column: 'total', operator: 'sum' } } },
        },
      ],
    });
  });

  it('post-processes the same way: resample, compare with time offsets, boxplot, histogram', async () => {
    for (const method of ['asfreq', 'ffill', 'sum']) {
      await same(
        {
          ...byDay,
          time_range: '2024-01-01 : 2024-01-10',
          granularity: 'ds',
          post_processing: [
            {
              operation: 'pivot',
              options: { index: ['ds'], aggregates: { total: { operator: 'sum' } } },
            },
            {
              operation: 'resample',
              options: { rule: '1D', method, fill_value: method === 'asfreq' ? null : undefined },
            },
            { operation: 'flatten' },
          ],
        },
        { ordered: true },
      );
    }
    await same(
      {
        ...byDay,
        columns: [{ sqlExpression: 'ds', label: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1M' }],
        orderby: [],
        granularity: 'ds',
        time_range: '2025-01-01 : 2025-02-01',
        time_offsets: ['1 year ago'],
        post_processing: [
          {
            operation: 'compare',
            options: {
              source_columns: ['total'],
              compare_columns: ['total__1 year ago'],
              compare_type: 'difference',
              drop_original_columns: false,
            },
          },
        ],
      },
      { ordered: true },
    );
    await same({
      columns: ['region', 'ds'],
      metrics: [SUM],
      post_processing: [
        {
          operation: 'boxplot',
          options: { groupby: ['region'], metrics: ['total'], whisker_type: 'tukey' },
        },
      ],
    });
    await same({
      columns: ['amount', 'region'],
      metrics: [],
      post_processing: [
        { operation: 'histogram', options: { column: 'amount', groupby: ['region'], bins: 3 } },
      ],
    });
  });

  it('answers samples and CSV alike', async () => {
    await same({ columns: [], metrics: [] }, { resultType: 'samples' });
    const files: string[] = [];
    for (const e of engines) {
      const res = await fetch(`${server.baseUrl}/api/v1/chart/data`, {
        method: 'POST',
        headers: { authorization: `Bearer ${admin.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          datasource: { id: e.datasetId, type: 'table' },
          queries: [{ columns: ['region'], metrics: [SUM], orderby: [['region', true]] }],
          result_format: 'csv',
        }),
      });
      expect(res.status).toBe(200);
      files.push(await res.text());
    }
    for (const f of files.slice(1)) expect(f).toBe(files[0]);
    expect(files[0]).toBe('region,total\r\neast,22\r\nnorth,32\r\nwest,24\r\n');
  });
});
