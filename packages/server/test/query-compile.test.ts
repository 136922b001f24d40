/**
 * The compiler against real databases: the same query objects (every operator, grains, series
 * limit, raw mode, HAVING, orderby, virtual datasets) compiled for DuckDB, SQLite, PostgreSQL
 * and MariaDB/MySQL, run through the engine clients, and the rows compared. DuckDB and SQLite
 * always run; PostgreSQL and MySQL when reachable (with CI=true they must be).
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { GenericDataType, type QueryObject } from '@strata/core';
import BetterSqlite3 from 'better-sqlite3';
import mysql from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultEngineRegistry } from '../src/engines/index.js';
import type { DatabaseClient } from '../src/engines/types.js';
import {
  compileDialectFor,
  compileQuery,
  type CompileDataset,
  type CompileDialect,
} from '../src/query/compile/index.js';
import { tempDir } from './helpers/metadata-targets.js';

const CI = process.env.CI === 'true';
const PG_URL = process.env.STRATA_TEST_PG_URL ?? 'postgresql://postgres@127.0.0.1:5432/test';
const MYSQL_URL = process.env.STRATA_TEST_MYSQL_URL ?? 'mysql://root@127.0.0.1:3306/test';

async function pgProblem(): Promise<string | null> {
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

async function mysqlProblem(): Promise<string | null> {
  try {
    const u = new URL(MYSQL_URL.replace(/^[a-z0-9+]+:/, 'mysql:'));
    const c = await mysql.createConnection({
      host: u.hostname,
      port: Number(u.port || 3306),
      user: decodeURIComponent(u.username),
      password: decodeURIComponent(u.password),
      connectTimeout: 3000,
    });
    await c.query('SELECT 1');
    await c.end();
    return null;
  } catch (e) {
    return e instanceof Error ? e.message : String(e);
  }
}

const problems = { postgresql: await pgProblem(), mysql: await mysqlProblem() };
for (const [engine, problem] of Object.entries(problems)) {
  if (problem && CI)
    throw new Error(`${engine} is required with CI=true but unreachable: ${problem}`);
  if (problem) console.warn(`${engine} unreachable (${problem}): compared on the other engines`);
}

/** ds, name, num, flag: SUM(num) per name is distinct (100, 71, 41, 40, 17, 11, 7, 5). */
const ROWS: Array<[string, string | null, number | null, boolean | null]> = [
  ['2023-12-31 23:00:00', 'Alice', 10, true],
  ['2024-01-01 00:00:00', 'Alice', 20, false],
  ['2024-01-15 12:30:00', 'Bob', 5, true],
  ['2024-01-31 23:59:59', 'bobby', 7, null],
  ['2024-02-01 00:00:00', "O'Brien", 100, false],
  ['2024-02-10 08:00:00', 'Carol', 1, true],
  ['2024-02-29 10:00:00', 'Alice', 3, true],
  ['2024-03-01 00:00:00', null, 40, false],
  ['2024-03-15 15:15:15', 'Carol', null, true],
  ['2024-06-30 06:00:00', 'Bob', 12, false],
  ['2024-07-01 00:00:00', 'Dave', 2, null],
  ['2024-12-31 23:59:59', 'Alice', 8, true],
  ['2025-01-01 00:00:00', 'Eve', 60, false],
  ['2025-03-03 03:03:03', 'Carol', 4, true],
  ['2023-06-15 00:00:00', 'Dave', 9, true],
  ['2024-05-05 05:05:05', 'Eve', 11, false],
];

const COLUMNS: CompileDataset['columns'] = [
  { column_name: 'ds', is_dttm: true, type_generic: GenericDataType.TEMPORAL },
  { column_name: 'name', type_generic: GenericDataType.STRING },
  { column_name: 'num', type_generic: GenericDataType.NUMERIC },
  { column_name: 'flag', type_generic: GenericDataType.BOOLEAN },
  { column_name: 'double_num', expression: 'num * 2', type_generic: GenericDataType.NUMERIC },
];
const METRICS: CompileDataset['metrics'] = [
  { metric_name: 'count', expression: 'COUNT(*)' },
  { metric_name: 'sum_num', expression: 'SUM(num)' },
];

/** The same instants stored as numbers: epoch seconds, epoch ms (+123 ms) and the year. */
const EVENT_COLUMNS: CompileDataset['columns'] = [
  {
    column_name: 'ts_s',
    is_dttm: true,
    type_generic: GenericDataType.TEMPORAL,
    python_date_format: 'epoch_s',
  },
  {
    column_name: 'ts_ms',
    is_dttm: true,
    type_generic: GenericDataType.TEMPORAL,
    python_date_format: 'epoch_ms',
  },
  {
    column_name: 'year',
    is_dttm: true,
    type_generic: GenericDataType.TEMPORAL,
    python_date_format: '%Y',
  },
  { column_name: 'name', type_generic: GenericDataType.STRING },
];
const EVENT_ROWS = ROWS.map(([ds, name]) => {
  const ms = Date.parse(`${ds.replace(' ', 'T')}Z`);
  return [ms / 1000, ms + 123, Number(ds.slice(0, 4)), name] as const;
});
const EVENT_TYPES: Record<string, string> = {
  duckdb: 'ts_s BIGINT, ts_ms BIGINT, year BIGINT, name VARCHAR',
  sqlite: 'ts_s INTEGER, ts_ms INTEGER, year INTEGER, name TEXT',
  postgresql: 'ts_s BIGINT, ts_ms BIGINT, year BIGINT, name VARCHAR(50)',
  mysql: 'ts_s BIGINT, ts_ms BIGINT, year BIGINT, name VARCHAR(50)',
};

interface Target {
  engine: string;
  client: DatabaseClient;
  dialect: CompileDialect;
  dataset: CompileDataset;
  virtual: CompileDataset;
  /** Date-times stored as epoch numbers and a `%Y` year (python_date_format). */
  events: CompileDataset;
  cleanup(): Promise<void>;
}

const TYPES: Record<string, string> = {
  duckdb: 'ds TIMESTAMP, name VARCHAR, num INTEGER, flag BOOLEAN',
  sqlite: 'ds TEXT, name TEXT, num INTEGER, flag BOOLEAN',
  postgresql: 'ds TIMESTAMP, name VARCHAR(50), num INTEGER, flag BOOLEAN',
  mysql: 'ds DATETIME, name VARCHAR(50), num INTEGER, flag BOOLEAN',
};

const registry = defaultEngineRegistry();
const dataDir = tempDir('strata-query-compile-');
const suffix = randomBytes(5).toString('hex');

async function makeTarget(uri: string, schema: string | null): Promise<Target> {
  const spec = registry.forUri(uri);
  const client = await spec.connect(uri, { dataDir });
  const dialect = compileDialectFor(spec);
  const q = (n: string) => spec.quoteIdentifier(n);
  if (schema)
    await client.execute(`CREATE ${spec.engine === 'mysql' ? 'DATABASE' : 'SCHEMA'} ${q(schema)}`);
  const table = schema ? `${q(schema)}.${q('sales')}` : q('sales');
  await client.execute(`CREATE TABLE ${table} (${TYPES[spec.engine]})`);
  const values = ROWS.map((r) => `(${r.map((v) => spec.literal(v)).join(', ')})`).join(',\n');
  await client.execute(`INSERT INTO ${table} (ds, name, num, flag) VALUES\n${values}`);
  const events = schema ? `${q(schema)}.${q('events')}` : q('events');
  await client.execute(`CREATE TABLE ${events} (${EVENT_TYPES[spec.engine]})`);
  const eventValues = EVENT_ROWS.map((r) => `(${r.map((v) => spec.literal(v)).join(', ')})`);
  await client.execute(
    `INSERT INTO ${events} (ts_s, ts_ms, year, name) VALUES\n${eventValues.join(',\n')}`,
  );
  const dataset: CompileDataset = {
    table_name: 'sales',
    schema,
    columns: COLUMNS,
    metrics: METRICS,
    main_dttm_col: 'ds',
    fetch_values_predicate: 'num > 5',
  };
  return {
    engine: spec.engine,
    client,
    dialect,
    dataset,
    virtual: {
      ...dataset,
      schema: null,
      sql: `SELECT ds, name, num, flag FROM ${table} WHERE num IS NOT NULL -- virtual`,
    },
    events: {
      table_name: 'events',
      schema,
      columns: EVENT_COLUMNS,
      metrics: METRICS,
    },
    cleanup: async () => {
      if (schema)
        await client.execute(
          spec.engine === 'mysql'
            ? `DROP DATABASE ${q(schema)}`
            : `DROP SCHEMA ${q(schema)} CASCADE`,
        );
      await client.close();
    },
  };
}

type Cell = string | number | null;

/**
 * Values as every engine would agree on them: numbers rounded to 4 decimals (MySQL's AVG of
 * integers is a DECIMAL with 4), booleans 0/1, timestamps as `YYYY-MM-DD HH:MM:SS`.
 */
function normalize(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (typeof value === 'number') return Math.round(value * 1e4) / 1e4;
  const text = String(value);
  if (/^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(text)) return Math.round(Number(text) * 1e4) / 1e4;
  const m = /^(\d{4}-\d{2}-\d{2})(?:[T ](\d{2}:\d{2}:\d{2})(?:\.\d+)?)?Z?$/.exec(text);
  if (m) return `${m[1]} ${m[2] ?? '00:00:00'}`;
  return text;
}

const targets: Target[] = [];

type DatasetKind = 'dataset' | 'virtual' | 'events';

async function run(
  t: Target,
  query: QueryObject,
  kind: DatasetKind = 'dataset',
): Promise<Cell[][]> {
  const compiled = compileQuery(query, t[kind], t.dialect);
  try {
    const result = await t.client.execute(compiled.sql);
    return result.rows.map((row) => row.map(normalize));
  } catch (e) {
    throw new Error(`${t.engine}: ${(e as Error).message}\n${compiled.sql}`, { cause: e });
  }
}

const sorted = (rows: Cell[][]) =>
  [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

/** Runs on every engine; the rows (sorted unless `ordered`) must be the same everywhere. */
async function same(
  query: QueryObject,
  options: { ordered?: boolean; virtual?: boolean; events?: boolean; skip?: string[] } = {},
): Promise<Cell[][]> {
  const results: Array<[string, Cell[][]]> = [];
  const kind: DatasetKind = options.events ? 'events' : options.virtual ? 'virtual' : 'dataset';
  for (const t of targets) {
    if (options.skip?.includes(t.engine)) continue;
    const rows = await run(t, query, kind);
    results.push([t.engine, options.ordered ? rows : sorted(rows)]);
  }
  const [first, ...others] = results;
  for (const [engine, rows] of others) expect(rows, `${engine} vs ${first![0]}`).toEqual(first![1]);
  return first![1];
}

const SUM = { expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'num' } } as const;
const byName = (
  filters: QueryObject['filters'],
  extra: Partial<QueryObject> = {},
): QueryObject => ({
  columns: ['name'],
  metrics: ['count'],
  filters,
  ...extra,
});
const names = (rows: Cell[][]) => rows.map((r) => r[0]);

describe('compiled queries give the same rows on every engine', () => {
  beforeAll(async () => {
    fs.mkdirSync(dataDir, { recursive: true });
    targets.push(await makeTarget(`duckdb:///${path.join(dataDir, 'x.duckdb')}`, null));
    new BetterSqlite3(path.join(dataDir, 'x.db')).close();
    targets.push(await makeTarget(`sqlite:///${path.join(dataDir, 'x.db')}`, null));
    if (!problems.postgresql) targets.push(await makeTarget(PG_URL, `strata_q_${suffix}`));
    if (!problems.mysql) targets.push(await makeTarget(MYSQL_URL, `strata_q_${suffix}`));
  });

  afterAll(async () => {
    for (const t of targets) await t.cleanup().catch(() => undefined);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs on the expected engines', () => {
    const engines = targets.map((t) => t.engine);
    expect(engines).toEqual(expect.arrayContaining(['duckdb', 'sqlite']));
    if (CI) expect(engines).toEqual(['duckdb', 'sqlite', 'postgresql', 'mysql']);
  });

  it('comparison operators', async () => {
    expect(names(await same(byName([{ col: 'name', op: '==', val: "O'Brien" }])))).toEqual([
      "O'Brien",
    ]);
    expect(await same(byName([{ col: 'name', op: '!=', val: 'Alice' }]))).toHaveLength(6);
    expect(await same(byName([{ col: 'num', op: '>', val: '40' }]))).toEqual([
      ['Eve', 1],
      ["O'Brien", 1],
    ]);
    await same(byName([{ col: 'num', op: '<', val: 5 }]));
    await same(byName([{ col: 'num', op: '>=', val: 40 }]));
    expect(await same(byName([{ col: 'num', op: '<=', val: 2 }]))).toEqual([
      ['Carol', 1],
      ['Dave', 1],
    ]);
    expect(names(await same(byName([{ col: 'name', op: '==', val: null }])))).toEqual([null]);
  });

  it('pattern operators are case-sensitive (LIKE) or not (ILIKE) everywhere', async () => {
    expect(names(await same(byName([{ col: 'name', op: 'LIKE', val: 'b%' }])))).toEqual(['bobby']);
    expect(names(await same(byName([{ col: 'name', op: 'LIKE', val: '_ob' }])))).toEqual(['Bob']);
    expect(names(await same(byName([{ col: 'name', op: 'ILIKE', val: 'B%' }])))).toEqual([
      'Bob',
      'bobby',
    ]);
    expect(names(await same(byName([{ col: 'name', op: 'NOT LIKE', val: '%o%' }])))).toEqual([
      'Alice',
      'Dave',
      'Eve',
      "O'Brien",
    ]);
    expect(await same(byName([{ col: 'name', op: 'NOT ILIKE', val: '%O%' }]))).toHaveLength(3);
    expect(names(await same(byName([{ col: 'num', op: 'LIKE', val: '1%' }])))).toEqual([
      'Alice',
      'Bob',
      'Carol',
      'Eve',
      "O'Brien",
    ]);
    expect(
      names(await same(byName([{ col: 'name', op: 'REGEX', val: '^[BE]' }]), { skip: ['sqlite'] })),
    ).toEqual(['Bob', 'Eve']);
  });

  it('list, null and boolean operators', async () => {
    expect(
      await same(byName([{ col: 'name', op: 'IN', val: ['Bob', "O'Brien", 'nobody'] }])),
    ).toEqual([
      ['Bob', 2],
      ["O'Brien", 1],
    ]);
    expect(names(await same(byName([{ col: 'name', op: 'IN', val: ['Eve', null] }])))).toEqual([
      'Eve',
      null,
    ]);
    expect(await same(byName([{ col: 'name', op: 'NOT IN', val: ['Alice', 'Bob'] }]))).toHaveLength(
      5,
    );
    expect(await same(byName([{ col: 'num', op: 'IN', val: ['1', 2, '100'] }]))).toHaveLength(3);
    expect(await same(byName([{ col: 'num', op: 'IS NULL' }]))).toEqual([['Carol', 1]]);
    await same(byName([{ col: 'num', op: 'IS NOT NULL' }]));
    expect(await same({ metrics: ['count'], filters: [{ col: 'flag', op: 'IS TRUE' }] })).toEqual([
      [8],
    ]);
    expect(await same({ metrics: ['count'], filters: [{ col: 'flag', op: 'IS FALSE' }] })).toEqual([
      [6],
    ]);
    expect(
      await same({ metrics: ['count'], filters: [{ col: 'flag', op: '==', val: 'true' }] }),
    ).toEqual([[8]]);
  });

  it('TEMPORAL_RANGE and the time filter on granularity (start inclusive, end exclusive)', async () => {
    const feb = await same(
      byName([{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2024-02-01 : 2024-03-01' }]),
    );
    expect(feb).toEqual([
      ['Alice', 1],
      ['Carol', 1],
      ["O'Brien", 1],
    ]);
    expect(
      await same({
        metrics: ['count'],
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: '2025-01-01T00:00:00 : ' }],
      }),
    ).toEqual([[2]]);
    expect(
      await same({
        metrics: ['count'],
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }],
      }),
    ).toEqual([[16]]);
    expect(
      await same({
        metrics: ['count'],
        granularity: 'ds',
        from_dttm: '2024-01-31T23:59:59',
        to_dttm: '2024-02-10T08:00:00',
      }),
    ).toEqual([[2]]);
    expect(
      await same({
        metrics: ['count'],
        filters: [{ col: 'ds', op: '>=', val: '2024-12-31 23:59:59' }],
      }),
    ).toEqual([[3]]);
  });

  it.each(['P1D', 'P1M', 'P3M', 'P1Y'])('time grain %s', async (grain) => {
    const rows = await same({
      columns: [
        {
          label: 'ds',
          sqlExpression: 'ds',
          columnType: 'BASE_AXIS',
          timeGrain: grain,
          isColumnReference: true,
        },
      ],
      metrics: ['count', SUM],
    });
    expect(rows.reduce((n, r) => n + Number(r[1]), 0)).toBe(16);
    if (grain === 'P1Y')
      expect(rows).toEqual([
        ['2023-01-01 00:00:00', 2, 19],
        ['2024-01-01 00:00:00', 12, 209],
        ['2025-01-01 00:00:00', 2, 64],
      ]);
    if (grain === 'P1M')
      expect(rows.find((r) => r[0] === '2024-02-01 00:00:00')).toEqual([
        '2024-02-01 00:00:00',
        3,
        104,
      ]);
  });

  it('legacy time series with granularity and extras.time_grain_sqla', async () => {
    const rows = await same({
      is_timeseries: true,
      granularity: 'ds',
      extras: { time_grain_sqla: 'P1M' },
      from_dttm: '2024-01-01',
      to_dttm: '2024-04-01',
      metrics: ['sum_num'],
    });
    expect(rows).toEqual([
      ['2024-01-01 00:00:00', 32],
      ['2024-02-01 00:00:00', 104],
      ['2024-03-01 00:00:00', 40],
    ]);
  });

  it('series limit keeps the top series by the limit metric, joined back', async () => {
    const q: QueryObject = {
      columns: [
        { label: 'ds', sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1Y' },
        'name',
      ],
      series_columns: ['name'],
      metrics: ['count'],
      series_limit: 2,
      series_limit_metric: 'sum_num',
    };
    expect(await same(q)).toEqual([
      ['2024-01-01 00:00:00', 'Eve', 1],
      ['2024-01-01 00:00:00', "O'Brien", 1],
      ['2025-01-01 00:00:00', 'Eve', 1],
    ]);
    // Ranked by the first metric, smallest first.
    const smallest = await same({
      ...q,
      metrics: [SUM],
      series_limit_metric: null,
      order_desc: false,
    });
    expect([...new Set(smallest.map((r) => r[1]))].sort()).toEqual(['Carol', 'bobby']);
  });

  it('legacy time series with a series limit ranks every groupby column', async () => {
    const rows = await same({
      is_timeseries: true,
      granularity: 'ds',
      extras: { time_grain_sqla: 'P1Y' },
      columns: ['name'],
      metrics: ['sum_num'],
      series_limit: 3,
      from_dttm: '2024-01-01',
      to_dttm: '2025-01-01',
    });
    // 2024 totals: O'Brien 100, NULL 40 (not joined back, as in Superset), Alice 31, …
    expect(rows).toEqual([
      ['2024-01-01 00:00:00', 'Alice', 31],
      ['2024-01-01 00:00:00', "O'Brien", 100],
    ]);
  });

  it('series limit on a virtual dataset', async () => {
    const rows = await same(
      {
        columns: ['name'],
        series_columns: ['name'],
        metrics: ['count'],
        series_limit: 3,
        series_limit_metric: {
          expressionType: 'SIMPLE',
          aggregate: 'MAX',
          column: { column_name: 'num' },
        },
      },
      { virtual: true },
    );
    expect(rows).toEqual([
      ['Eve', 2],
      ["O'Brien", 1],
    ]);
  });

  it('an offset without a limit', async () => {
    const rows = await same(
      { columns: ['num'], orderby: [['num', false]], row_offset: 13 },
      { ordered: true },
    );
    expect(rows).toEqual([[2], [1], [null]]);
  });

  it('raw mode, orderby, limit and offset', async () => {
    const rows = await same(
      { columns: ['name', 'num', 'ds'], orderby: [['num', false]], row_limit: 3, row_offset: 1 },
      { ordered: true },
    );
    expect(rows).toEqual([
      ['Eve', 60, '2025-01-01 00:00:00'],
      [null, 40, '2024-03-01 00:00:00'],
      ['Alice', 20, '2024-01-01 00:00:00'],
    ]);
    // NULLs sort last in both directions.
    const asc = await same({ columns: ['num'], orderby: [['num', true]] }, { ordered: true });
    expect(asc.at(-1)).toEqual([null]);
    expect(asc[0]).toEqual([1]);
  });

  it('HAVING from metric filters and extras, ordering by a metric', async () => {
    const rows = await same(
      {
        columns: ['name'],
        metrics: [
          'sum_num',
          {
            expressionType: 'SIMPLE',
            aggregate: 'COUNT_DISTINCT',
            column: { column_name: 'flag' },
          },
        ],
        filters: [{ col: 'sum_num', op: '>', val: 10 }],
        extras: { having: 'COUNT(*) >= 2' },
        orderby: [['sum_num', false]],
      },
      { ordered: true },
    );
    expect(rows).toEqual([
      ['Eve', 71, 1],
      ['Alice', 41, 2],
      ['Bob', 17, 2],
      ['Dave', 11, 1],
    ]);
  });

  it('every aggregate, calculated and adhoc columns, custom SQL', async () => {
    const aggs = (['AVG', 'COUNT', 'COUNT_DISTINCT', 'MAX', 'MIN', 'SUM'] as const).map(
      (aggregate) => ({
        expressionType: 'SIMPLE' as const,
        aggregate,
        column: { column_name: 'num' },
      }),
    );
    expect(await same({ metrics: aggs })).toEqual([[19.4667, 15, 15, 100, 1, 292]]);
    const rows = await same({
      columns: [
        'double_num',
        { label: 'big', sqlExpression: "CASE WHEN num > 30 THEN 'big' ELSE 'small' END" },
      ],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(num) * 10', label: 'ten "times"' }],
      filters: [{ col: 'double_num', op: '>=', val: 40 }],
      extras: { where: "name <> 'Eve' OR name IS NULL" },
    });
    expect(rows).toEqual([
      [200, 'big', 1000],
      [40, 'small', 200],
      [80, 'big', 400],
    ]);
  });

  it('long and quoted labels (aliases shortened where the engine limits names)', async () => {
    const long = `${'a very long label '.repeat(5)}"with quotes\` and ' too`;
    const rows = await same({
      columns: [{ label: `${long} 1`, sqlExpression: 'name' }],
      metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: `${long} 2` }],
      filters: [{ col: 'name', op: '==', val: 'Alice' }],
      orderby: [[{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: `${long} 2` }, false]],
    });
    expect(rows).toEqual([['Alice', 4]]);
  });

  it('virtual datasets and the fetch values predicate', async () => {
    expect(await same({ metrics: ['count'] }, { virtual: true })).toEqual([[15]]);
    expect(
      await same({ columns: ['name'], metrics: [], apply_fetch_values_predicate: true }),
    ).toHaveLength(7);
  });
  it.each([
    ['ts_s', 'P1D'],
    ['ts_ms', 'P1D'],
    ['ts_s', 'P1M'],
    ['ts_ms', 'P1M'],
  ])('epoch column %s under grain %s: converted, then truncated alike', async (column, grain) => {
    const axis = {
      label: column,
      sqlExpression: column,
      columnType: 'BASE_AXIS' as const,
      timeGrain: grain,
      isColumnReference: true,
    };
    const rows = await same({ columns: [axis], metrics: ['count'] }, { events: true });
    // The same buckets as the TIMESTAMP column `ds` of the sales table.
    const expected = await same({
      columns: [{ ...axis, label: 'ds', sqlExpression: 'ds' }],
      metrics: ['count'],
    });
    expect(rows).toEqual(expected);
    if (grain === 'P1M')
      expect(rows.find((r) => r[0] === '2024-02-01 00:00:00')).toEqual(['2024-02-01 00:00:00', 3]);
    if (grain === 'P1D')
      expect(rows.find((r) => r[0] === '2024-01-31 00:00:00')).toEqual(['2024-01-31 00:00:00', 1]);
  });

  it('legacy time series on an epoch column with extras.time_grain_sqla and a time range', async () => {
    const rows = await same(
      {
        is_timeseries: true,
        granularity: 'ts_ms',
        extras: { time_grain_sqla: 'P1M' },
        from_dttm: '2024-01-01',
        to_dttm: '2024-04-01',
        metrics: ['count'],
      },
      { events: true },
    );
    expect(rows).toEqual([
      ['2024-01-01 00:00:00', 3],
      ['2024-02-01 00:00:00', 3],
      ['2024-03-01 00:00:00', 2],
    ]);
  });

  it('time range filters in the column format: epoch seconds, epoch ms, %Y', async () => {
    const feb = [
      ['Alice', 1],
      ['Carol', 1],
      ["O'Brien", 1],
    ];
    for (const col of ['ts_s', 'ts_ms'])
      expect(
        await same(byName([{ col, op: 'TEMPORAL_RANGE', val: '2024-02-01 : 2024-03-01' }]), {
          events: true,
        }),
        col,
      ).toEqual(feb);
    // Millisecond bounds: the row at 23:59:59.123 is kept by a start bound at that very instant.
    expect(
      await same(
        {
          metrics: ['count'],
          filters: [
            { col: 'ts_ms', op: 'TEMPORAL_RANGE', val: '2024-12-31T23:59:59.123 : 2025-01-01' },
          ],
        },
        { events: true },
      ),
    ).toEqual([[1]]);
    expect(
      await same(
        {
          metrics: ['count'],
          filters: [{ col: 'year', op: 'TEMPORAL_RANGE', val: '2024-01-01 : 2025-01-01' }],
        },
        { events: true },
      ),
    ).toEqual([[12]]);
    // The granularity time filter: year >= '2023' AND year < '2025'.
    expect(
      await same(
        {
          metrics: ['count'],
          granularity: 'year',
          from_dttm: '2023-06-01T00:00:00',
          to_dttm: '2025-01-01T00:00:00',
        },
        { events: true },
      ),
    ).toEqual([[14]]);
  });
});
