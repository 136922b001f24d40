import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface QueryResult {
  data: Array<Record<string, unknown>>;
  colnames: string[];
  coltypes: number[];
}
interface Answer {
  result: QueryResult[];
  message?: string;
}

const SUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'SUM(amount)',
} as const;
const day = (d: number) => Date.UTC(2024, 0, d);
const LAST_YEAR = 'SUM(amount)__1 year ago';
const byKeys = (rows: Array<Record<string, unknown>>) =>
  [...rows].sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1));

describe.each(targets)('chart data time offsets on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let datasetId: number;

  const chartData = (query: Record<string, unknown>) =>
    admin.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [
        {
          metrics: [SUM],
          granularity: 'ds',
          is_timeseries: true,
          extras: { time_grain_sqla: 'P1D' },
          time_range: '2024-01-01 : 2024-01-04',
          row_limit: 100,
          ...query,
        },
      ],
      result_format: 'json',
      result_type: 'full',
    });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'offsets',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES
        (TIMESTAMP '2023-01-01 08:00:00', 'east', 1),
        (TIMESTAMP '2023-01-02 08:00:00', 'east', 2),
        (TIMESTAMP '2023-01-02 09:00:00', 'west', 4),
        (TIMESTAMP '2024-01-01 08:00:00', 'east', 10),
        (TIMESTAMP '2024-01-02 08:00:00', 'east', 20),
        (TIMESTAMP '2024-01-03 08:00:00', 'west', 5)
      ) AS v(ds, region, amount)`,
    ));
  });
  afterAll(async () => server?.close());

  it('joins the metric of the range one year back as metric__1 year ago', async () => {
    const res = await chartData({ time_offsets: ['1 year ago'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.result[0]!;
    expect(q.colnames).toEqual(['__timestamp', 'SUM(amount)', LAST_YEAR]);
    expect(q.coltypes).toEqual([2, 0, 0]);
    expect(byKeys(q.data)).toEqual(
      byKeys([
        { __timestamp: day(1), 'SUM(amount)': 10, [LAST_YEAR]: 1 },
        { __timestamp: day(2), 'SUM(amount)': 20, [LAST_YEAR]: 6 },
        { __timestamp: day(3), 'SUM(amount)': 5, [LAST_YEAR]: null },
      ]),
    );
  });

  it('joins on the dimensions too', async () => {
    const res = await chartData({ columns: ['region'], time_offsets: ['1 year ago'] });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(byKeys(res.body.result[0]!.data)).toEqual(
      byKeys([
        { __timestamp: day(1), region: 'east', 'SUM(amount)': 10, [LAST_YEAR]: 1 },
        { __timestamp: day(2), region: 'east', 'SUM(amount)': 20, [LAST_YEAR]: 2 },
        { __timestamp: day(3), region: 'west', 'SUM(amount)': 5, [LAST_YEAR]: null },
      ]),
    );
  });

  it('gives the joined columns to post-processing (compare)', async () => {
    const res = await chartData({
      time_offsets: ['1 year ago'],
      post_processing: [
        {
          operation: 'compare',
          options: {
            source_columns: ['SUM(amount)'],
            compare_columns: [LAST_YEAR],
            compare_type: 'difference',
            drop_original_columns: true,
          },
        },
      ],
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.result[0]!;
    const diff = `difference__SUM(amount)__${LAST_YEAR}`;
    expect(q.colnames).toEqual(['__timestamp', diff]);
    expect(byKeys(q.data)).toEqual(
      byKeys([
        { __timestamp: day(1), [diff]: 9 },
        { __timestamp: day(2), [diff]: 14 },
        { __timestamp: day(3), [diff]: null },
      ]),
    );
  });

  it('refuses an offset it cannot read', async () => {
    const res = await chartData({ time_offsets: ['sometime'] });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/sometime/);
  });
});
