/** Annotation layers taken from other charts (EVENT, INTERVAL, TIME_SERIES) in chart data. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';

const targets = await metadataTargets();

interface Answer {
  result?: Array<{ annotation_data: Record<string, { records: Array<Record<string, unknown>> }> }>;
  message?: string;
}

describe.each(targets)('annotation layers from charts on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let datasetId: number;
  let eventsChart: number;
  let slowChart: number;

  const chartData = (layers: unknown[], client = admin) =>
    client.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [
        {
          metrics: [{ expressionType: 'SQL', sqlExpression: 'COUNT(*)', label: 'n' }],
          time_range: '2024-01-01 : 2024-02-01',
          granularity: 'ds',
          annotation_layers: layers,
        },
      ],
    });

  const saveChart = async (name: string, queries: unknown[]) => {
    const res = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: name,
      viz_type: 'table',
      datasource_id: datasetId,
      datasource_type: 'table',
      params: '{}',
      query_context: JSON.stringify({ datasource: { id: datasetId, type: 'table' }, queries }),
    });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    return res.body.id;
  };

  beforeAll(async () => {
    server = await startServer(target, { STRATA_ANNOTATION_TIMEOUT_SECONDS: '1' });
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'annot',
      'events',
      `CREATE TABLE events AS SELECT * FROM (VALUES
        (TIMESTAMP '2024-01-05 00:00:00', 'release 1', 'first'),
        (TIMESTAMP '2024-01-20 00:00:00', 'release 2', 'second'),
        (TIMESTAMP '2024-03-01 00:00:00', 'release 3', 'third')
      ) AS v(ds, title, descr)`,
    ));
    eventsChart = await saveChart('Releases', [
      {
        columns: ['ds', 'title', 'descr'],
        metrics: [],
        granularity: 'ds',
        time_range: 'No filter',
        orderby: [['ds', true]],
      },
    ]);
    // A virtual dataset over ten billion generated rows: summing them takes far longer than 1 s.
    const db = await admin.get<{ result: Array<{ id: number; database_name: string }> }>(
      '/api/v1/database/?q=(page_size:100)',
    );
    const annotDb = db.body.result.find((d) => d.database_name === 'annot')!.id;
    const big = await admin.post<{ id: number }>('/api/v1/dataset/', {
      database: annotDb,
      schema: 'main',
      table_name: 'big_range',
      sql: 'SELECT range AS r FROM range(10000000000)',
    });
    expect(big.status, JSON.stringify(big.body)).toBe(201);
    const slow = await admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Slow',
      viz_type: 'big_number_total',
      datasource_id: big.body.id,
      datasource_type: 'table',
      params: '{}',
      query_context: JSON.stringify({
        datasource: { id: big.body.id, type: 'table' },
        queries: [
          { metrics: [{ expressionType: 'SQL', sqlExpression: 'SUM(r * r)', label: 's' }] },
        ],
      }),
    });
    expect(slow.status, JSON.stringify(slow.body)).toBe(201);
    slowChart = slow.body.id;
  });
  afterAll(async () => server?.close());

  it("answers an EVENT layer with the source chart's records", async () => {
    const res = await chartData([
      {
        name: 'Releases',
        annotationType: 'EVENT',
        sourceType: 'table',
        value: eventsChart,
        show: true,
      },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const records = res.body.result![0]!.annotation_data.Releases!.records;
    expect(records.map((r) => r.title)).toEqual(['release 1', 'release 2', 'release 3']);
  });

  it("narrows the source chart by the layer's time range override, null meaning the chart's own", async () => {
    const own = await chartData([
      {
        name: 'R',
        annotationType: 'EVENT',
        sourceType: 'table',
        value: eventsChart,
        overrides: { time_range: null },
      },
    ]);
    expect(own.body.result![0]!.annotation_data.R!.records.map((r) => r.title)).toEqual([
      'release 1',
      'release 2',
    ]);
    const fixed = await chartData([
      {
        name: 'R',
        annotationType: 'INTERVAL',
        sourceType: 'table',
        value: eventsChart,
        overrides: { time_range: '2024-01-10 : 2024-12-31' },
      },
    ]);
    expect(fixed.body.result![0]!.annotation_data.R!.records.map((r) => r.title)).toEqual([
      'release 2',
      'release 3',
    ]);
  });

  it('skips hidden layers and names a missing chart', async () => {
    const hidden = await chartData([
      { name: 'H', annotationType: 'EVENT', sourceType: 'table', value: eventsChart, show: false },
    ]);
    expect(hidden.body.result![0]!.annotation_data).toEqual({});
    const missing = await chartData([
      { name: 'Gone', annotationType: 'EVENT', sourceType: 'table', value: 999999 },
    ]);
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Annotation layer Gone: The chart does not exist');
  });

  it('stops a slow source chart with "Query timeout for annotations"', async () => {
    const res = await chartData([
      { name: 'Slow', annotationType: 'TIME_SERIES', sourceType: 'line', value: slowChart },
    ]);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Query timeout for annotations');
    // The server stays usable after the time-out.
    expect((await chartData([])).status).toBe(200);
  });
});
