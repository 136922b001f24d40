/**
 * Chart data as Superset's own clients ask it (issue 19), on the examples (DuckDB): the
 * post-processing operations added for them (rank, geohash, boxplot's outlier lists), the
 * `timegrains` and `query` result types, and a dashboard time range replacing a chart's
 * TEMPORAL_RANGE "No filter" filter.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.js';
import { examplesServers } from './helpers/examples-server.js';

const targets = await metadataTargets();

const examples = examplesServers('strata-superset-clients-examples-');
const startWithExamples = (target: (typeof targets)[number]) => examples.start(target);

interface QueryResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
  query: string;
  language?: string;
  error?: string;
}
interface Answer {
  result: QueryResult[];
  message?: string;
}

const COUNT = { expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' } as const;
const SUM_NUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'num' },
  label: 'SUM(num)',
} as const;
const axis = (column: string, timeGrain: string | null = null) => ({
  label: column,
  sqlExpression: column,
  expressionType: 'SQL',
  columnType: 'BASE_AXIS',
  timeGrain,
  isColumnReference: true,
});

describe.each(targets.slice(0, 1))(
  'chart data for Superset clients on $name metadata',
  (target) => {
    let server: TestServer;
    let admin: ApiClient;
    const ids: Record<string, number> = {};

    const post = (table: string, queries: Array<Record<string, unknown>>, extra = {}) =>
      admin.post<Answer>('/api/v1/chart/data', {
        datasource: { id: ids[table], type: 'table' },
        queries,
        form_data: {},
        result_format: 'json',
        result_type: 'full',
        ...extra,
      });
    const chartData = async (
      table: string,
      queries: Array<Record<string, unknown>>,
      extra: Record<string, unknown> = {},
    ): Promise<QueryResult> => {
      const res = await post(table, queries, extra);
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
        .where('table_name', 'in', ['birth_names', 'long_lat'])
        .execute();
      for (const r of rows) ids[r.table_name] = r.id;
      expect(Object.keys(ids).sort()).toEqual(['birth_names', 'long_lat']);
    }, 180_000);
    afterAll(async () => server?.close());

    it("box plot: outliers are lists of numbers in JSON, '[a, b]' in CSV", async () => {
      const query = {
        columns: ['gender', 'state'],
        metrics: [SUM_NUM],
        row_limit: 1000,
        post_processing: [
          {
            operation: 'boxplot',
            options: { groupby: ['gender'], metrics: ['SUM(num)'], whisker_type: 'tukey' },
          },
        ],
      };
      const q = await chartData('birth_names', [query]);
      expect(q.data).toHaveLength(2);
      for (const row of q.data) {
        const outliers = row['SUM(num)__outliers'];
        expect(Array.isArray(outliers), JSON.stringify(row)).toBe(true);
        expect((outliers as unknown[]).every((v) => typeof v === 'number')).toBe(true);
      }
      // California is far above the other states: an outlier of both genders.
      expect((q.data[0]!['SUM(num)__outliers'] as number[]).length).toBeGreaterThan(0);
      const csv = await admin.request<string>('POST', '/api/v1/chart/data', {
        datasource: { id: ids.birth_names, type: 'table' },
        queries: [query],
        result_format: 'csv',
        result_type: 'full',
      });
      expect(csv.status).toBe(200);
      expect(csv.body).toContain('SUM(num)__outliers');
      expect(csv.body).toMatch(/"\[\d+(, \d+)*\]"|,\[\d+\]/);
    });

    it("rank: the heatmap's step answers percentile ranks within each group", async () => {
      const q = await chartData('birth_names', [
        {
          columns: ['state', 'gender'],
          metrics: [SUM_NUM],
          row_limit: 1000,
          post_processing: [
            { operation: 'rank', options: { metric: 'SUM(num)', group_by: 'state' } },
          ],
        },
      ]);
      expect(q.colnames).toEqual(['state', 'gender', 'SUM(num)', 'rank']);
      const ca = q.data.filter((r) => r.state === 'CA');
      expect(ca.map((r) => r.rank).sort()).toEqual([0.5, 1]);
      const bigger = ca.find((r) => r.rank === 1)!;
      expect(bigger['SUM(num)']).toBeGreaterThan(
        ca.find((r) => r.rank === 0.5)!['SUM(num)'] as number,
      );
    });

    it("geohash_decode and geohash_encode agree with long_lat's own columns", async () => {
      const q = await chartData('long_lat', [
        {
          columns: ['geohash', 'LAT', 'LON'],
          row_limit: 20,
          orderby: [['geohash', true]],
          post_processing: [
            {
              operation: 'geohash_decode',
              options: { geohash: 'geohash', latitude: 'lat_d', longitude: 'lon_d' },
            },
            {
              operation: 'geohash_encode',
              options: { geohash: 'hash_e', latitude: 'LAT', longitude: 'LON' },
            },
          ],
        },
      ]);
      expect(q.colnames).toEqual(['geohash', 'LAT', 'LON', 'lat_d', 'lon_d', 'hash_e']);
      expect(q.data).toHaveLength(20);
      for (const row of q.data) {
        expect(Math.abs((row.lat_d as number) - (row.LAT as number))).toBeLessThan(1e-6);
        expect(Math.abs((row.lon_d as number) - (row.LON as number))).toBeLessThan(1e-6);
        expect(row.hash_e).toBe(row.geohash);
      }
      const bad = await post('long_lat', [
        {
          columns: ['STREET'],
          row_limit: 1,
          post_processing: [
            {
              operation: 'geohash_decode',
              options: { geohash: 'STREET', latitude: 'a', longitude: 'b' },
            },
          ],
        },
      ]);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Invalid geohash string');
      const prophet = await post('birth_names', [
        { metrics: [COUNT], post_processing: [{ operation: 'prophet', options: {} }] },
      ]);
      expect(prophet.status).toBe(400);
      expect(prophet.body.message).toBe('`prophet` package not installed');
    });

    it('timegrains: one row per grain of DuckDB with name, function and duration', async () => {
      const q = await chartData('birth_names', [{ metrics: [COUNT] }], {
        result_type: 'timegrains',
      });
      const durations = q.data.map((r) => r.duration);
      expect(durations.slice(0, 4)).toEqual(['PT1S', 'PT5S', 'PT30S', 'PT1M']);
      expect(durations).toContain('1969-12-28T00:00:00Z/P1W');
      const day = q.data.find((r) => r.duration === 'P1D')!;
      expect(day.name).toBe('Day');
      expect(day.function).toContain('{col}');
      expect(Object.keys(day).sort()).toEqual(['duration', 'function', 'name']);
    });

    it('query: a query object that does not validate answers {language, error}', async () => {
      const q = await chartData('birth_names', [{ metrics: [], columns: [] }], {
        result_type: 'query',
      });
      expect(q).toEqual({ language: 'sql', error: 'Empty query?' });
    });

    describe('a dashboard time range and a TEMPORAL_RANGE "No filter" filter', () => {
      const range = '2000-01-01T00:00:00 : 2003-01-01T00:00:00';
      const years = (q: QueryResult) =>
        q.data.map((r) => new Date(r.ds as number).getUTCFullYear()).sort();
      const chartQuery = (extra: Record<string, unknown> = {}) => ({
        columns: [axis('ds', 'P1Y')],
        metrics: [COUNT],
        orderby: [['n', false]],
        row_limit: 100,
        filters: [{ col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' }],
        extras: { time_grain_sqla: 'P1Y' },
        ...extra,
      });
      const formData = (extraFormData: Record<string, unknown>) => ({
        viz_type: 'echarts_timeseries_bar',
        x_axis: 'ds',
        time_grain_sqla: 'P1Y',
        adhoc_filters: [
          {
            clause: 'WHERE',
            subject: 'ds',
            operator: 'TEMPORAL_RANGE',
            comparator: 'No filter',
            expressionType: 'SIMPLE',
          },
        ],
        extra_form_data: extraFormData,
      });

      it('without a range every year answers', async () => {
        const q = await chartData('birth_names', [chartQuery()], { form_data: formData({}) });
        expect(q.data.length).toBeGreaterThan(10);
      });

      it('the range in extra_form_data and in the query answers only the rows inside it', async () => {
        const q = await chartData('birth_names', [chartQuery({ time_range: range })], {
          form_data: formData({ time_range: range }),
        });
        expect(years(q)).toEqual([2000, 2001, 2002]);
        expect(q.query).toContain('2003-01-01');
      });

      it("with the dashboard's time column (granularity_sqla) the same rows answer", async () => {
        const q = await chartData(
          'birth_names',
          [chartQuery({ time_range: range, granularity: 'ds' })],
          { form_data: formData({ time_range: range, granularity_sqla: 'ds' }) },
        );
        expect(years(q)).toEqual([2000, 2001, 2002]);
      });

      it('samples and drill detail keep the range on the filter', async () => {
        for (const resultType of ['samples', 'drill_detail']) {
          const q = await chartData('birth_names', [chartQuery({ time_range: range })], {
            form_data: formData({ time_range: range }),
            result_type: resultType,
          });
          expect(q.data.length, resultType).toBeGreaterThan(0);
          for (const row of q.data) {
            const year = new Date(row.ds as number).getUTCFullYear();
            expect(year >= 2000 && year <= 2002, `${resultType} ${year}`).toBe(true);
          }
        }
      });

      it("extras.time_range is not a field of Superset's query object: no range applies", async () => {
        const q = await chartData(
          'birth_names',
          [chartQuery({ extras: { time_grain_sqla: 'P1Y', time_range: range } })],
          { form_data: formData({}) },
        );
        expect(q.data.length).toBeGreaterThan(10);
      });
    });
  },
);
