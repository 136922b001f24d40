/**
 * python_date_format through the chart data API, on the examples' own datasets:
 * `video_game_sales.year` (BIGINT, `%Y`) and `multiformat_time_series` (epoch_s, epoch_ms and
 * text formats). Time columns come back as epoch ms typed TEMPORAL, time ranges are written in
 * the column's format, epoch columns take grains, raw samples stay as stored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.js';
import { examplesServers } from './helpers/examples-server.js';

const targets = await metadataTargets();

const examples = examplesServers('strata-date-formats-examples-');
const startWithExamples = (target: (typeof targets)[number]) => examples.start(target);

interface QueryResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
  query: string;
}
interface Answer {
  result: QueryResult[];
  message?: string;
}

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' } as const;
const axis = (column: string, timeGrain: string | null = null) => ({
  label: column,
  sqlExpression: column,
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  timeGrain,
  isColumnReference: true,
});
const yearMs = (year: number) => Date.UTC(year, 0, 1);

describe.each(targets)('python_date_format in chart data on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  const ids: Record<string, number> = {};

  const chartData = async (
    table: string,
    queries: Array<Record<string, unknown>>,
    extra: Record<string, unknown> = {},
  ): Promise<QueryResult> => {
    const res = await admin.post<Answer>('/api/v1/chart/data', {
      datasource: { id: ids[table], type: 'table' },
      queries,
      form_data: {},
      result_format: 'json',
      result_type: 'full',
      ...extra,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result[0]!;
  };

  beforeAll(async () => {
    server = await startWithExamples(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    const rows = await server.strata.store.db
      .selectFrom('tables')
      .select(['id', 'table_name'])
      .where('table_name', 'in', ['video_game_sales', 'multiformat_time_series'])
      .execute();
    for (const r of rows) ids[r.table_name] = r.id;
    expect(Object.keys(ids).sort()).toEqual(['multiformat_time_series', 'video_game_sales']);
  }, 180_000);
  afterAll(async () => server?.close());

  it('video_game_sales: the x-axis `year` (%Y) comes back as epoch ms, typed temporal', async () => {
    // `year` as a plain dimension is not a time column of the query: the stored numbers.
    const plain = await chartData('video_game_sales', [
      { columns: ['year'], metrics: [COUNT], orderby: [['year', true]], row_limit: 100 },
    ]);
    expect(plain.coltypes).toEqual([0, 0]);
    const counts = new Map(plain.data.map((r) => [r.year as number | null, r.n as number]));
    expect(counts.get(2006)).toBeGreaterThan(0);

    const q = await chartData('video_game_sales', [
      { columns: [axis('year')], metrics: [COUNT], orderby: [['year', true]], row_limit: 100 },
    ]);
    expect(q.colnames).toEqual(['year', 'n']);
    expect(q.coltypes).toEqual([2, 0]);
    expect(q.query).toContain('"year" AS "year"');
    expect(q.data).toContainEqual({ year: 1136073600000, n: counts.get(2006) });
    expect(q.data).toEqual(
      plain.data.map((r) => ({ year: r.year === null ? null : yearMs(r.year as number), n: r.n })),
    );
    // Time comparison: the offset's rows are normalised too, then moved onto the main axis.
    const compared = await chartData('video_game_sales', [
      {
        columns: [axis('year')],
        metrics: [COUNT],
        time_range: '2006-01-01 : 2009-01-01',
        filters: [{ col: 'year', op: 'TEMPORAL_RANGE', val: '2006-01-01 : 2009-01-01' }],
        time_offsets: ['1 year ago'],
        orderby: [['year', true]],
        row_limit: 10,
      },
    ]);
    expect(compared.colnames).toEqual(['year', 'n', 'n__1 year ago']);
    expect(compared.data).toEqual(
      [2006, 2007, 2008].map((y) => ({
        year: yearMs(y),
        n: counts.get(y),
        'n__1 year ago': counts.get(y - 1),
      })),
    );
  });

  it('video_game_sales: granularity `year` without a grain (the example dashboard)', async () => {
    const q = await chartData('video_game_sales', [
      {
        granularity: 'year',
        is_timeseries: true,
        metrics: [COUNT],
        time_range: '2006-01-01 : 2008-01-01',
        orderby: [[COUNT, false]],
        row_limit: 10,
      },
    ]);
    expect(q.colnames).toEqual(['__timestamp', 'n']);
    expect(q.coltypes).toEqual([2, 0]);
    // The range in the column's format: year >= '2006' AND year < '2008'.
    expect(q.query).toContain(`"year" >= '2006' AND "year" < '2008'`);
    expect(q.data.map((r) => r.__timestamp).sort()).toEqual([yearMs(2006), yearMs(2007)]);
  });

  it('video_game_sales: a TEMPORAL_RANGE filter on `year` and raw samples', async () => {
    const q = await chartData('video_game_sales', [
      {
        columns: [axis('year')],
        metrics: [COUNT],
        filters: [{ col: 'year', op: 'TEMPORAL_RANGE', val: '2015-06-01 : 2017-01-01' }],
        row_limit: 10,
      },
    ]);
    expect(q.data.map((r) => r.year).sort()).toEqual([yearMs(2015), yearMs(2016)]);
    // Samples are the dataset's raw columns: not normalised (as Superset).
    const samples = await chartData(
      'video_game_sales',
      [{ columns: [], metrics: [], row_limit: 5 }],
      { result_type: 'samples' },
    );
    const i = samples.colnames.indexOf('year');
    expect(samples.coltypes[i]).toBe(0);
    expect(typeof samples.data[0]!.year).toBe('number');
    expect(samples.data[0]!.year).toBeLessThan(3000);
    // Drill detail keeps the query's granularity, the one time column Superset normalises there.
    const drill = await chartData(
      'video_game_sales',
      [{ granularity: 'year', time_range: '2010-01-01 : 2011-01-01', row_limit: 5 }],
      { result_type: 'drill_detail' },
    );
    const j = drill.colnames.indexOf('year');
    expect(drill.coltypes[j]).toBe(2);
    expect(drill.data.map((r) => r.year)).toEqual(Array(5).fill(yearMs(2010)));
  });

  it('multiformat_time_series: epoch columns raw and under a grain, text formats', async () => {
    const raw = await chartData('multiformat_time_series', [
      {
        columns: [axis('epoch_s'), 'epoch_ms', 'ds2'],
        metrics: [COUNT],
        orderby: [['epoch_ms', true]],
        row_limit: 3,
      },
    ]);
    expect(raw.coltypes).toEqual([2, 0, 2, 0]);
    for (const r of raw.data) {
      // epoch_s normalised to ms equals the stored epoch_ms and the TIMESTAMP ds2.
      expect(r.epoch_s).toBe(r.epoch_ms);
      expect(r.epoch_s).toBe(r.ds2);
    }
    for (const [column, grain] of [
      ['epoch_s', 'P1D'],
      ['epoch_ms', 'P1M'],
    ] as const) {
      const grained = await chartData('multiformat_time_series', [
        { columns: [axis(column, grain)], metrics: [COUNT], row_limit: 1000 },
      ]);
      const reference = await chartData('multiformat_time_series', [
        {
          columns: [{ ...axis('ds2', grain), label: column }],
          metrics: [COUNT],
          row_limit: 1000,
        },
      ]);
      expect(grained.coltypes).toEqual([2, 0]);
      expect(grained.query).toContain('make_timestamp(');
      expect(grained.data.length).toBeGreaterThan(0);
      const byTime = (rows: Array<Record<string, unknown>>) =>
        [...rows].sort((a, b) => (a[column] as number) - (b[column] as number));
      expect(byTime(grained.data)).toEqual(byTime(reference.data));
    }
    // The text columns are the same instants written in US Pacific time (as Superset's file
    // has them): parsed as naive date-times, 7 or 8 hours before ds2, the same in every format.
    const parsed: unknown[][] = [];
    for (const column of ['string0', 'string1', 'string2', 'string3']) {
      const q = await chartData('multiformat_time_series', [
        {
          columns: [axis(column), 'ds2'],
          metrics: [COUNT],
          orderby: [['ds2', true]],
          row_limit: 5,
        },
      ]);
      expect(q.coltypes, column).toEqual([2, 2, 0]);
      expect(q.data).toHaveLength(5);
      for (const r of q.data)
        expect([7, 8], column).toContain(((r.ds2 as number) - (r[column] as number)) / 3_600_000);
      parsed.push(q.data.map((r) => r[column]));
    }
    for (const values of parsed.slice(1)) expect(values).toEqual(parsed[0]);
  });
});
