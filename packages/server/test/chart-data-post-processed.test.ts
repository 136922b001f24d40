/**
 * `result_type: post_processed` as Superset's `apply_client_processing`: pivot_table_v2 and table
 * reshaped (JSON and CSV), other charts answered as `full`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface Answer {
  result: Array<{
    data: unknown;
    colnames: unknown[];
    indexnames: unknown[];
    coltypes: number[];
    rowcount: number;
  }>;
}

const SUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'SUM(amount)',
} as const;

describe.each(targets)('post_processed chart data on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let datasetId: number;

  const post = (formData: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
    admin.post<Answer>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: ['region', 'kind'], metrics: [SUM], orderby: [[SUM, false]] }],
      form_data: formData,
      result_format: 'json',
      result_type: 'post_processed',
      ...extra,
    });

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'postprocessed',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES ('east', 'a', 5), ('east', 'b', 3), ('west', 'a', 2), ('west', 'a', 4)) AS v(region, kind, amount)`,
    ));
  });
  afterAll(async () => server?.close());

  it('pivots a pivot_table_v2 with totals, as the chart shows it', async () => {
    const res = await post({
      viz_type: 'pivot_table_v2',
      groupbyRows: ['region'],
      groupbyColumns: ['kind'],
      metrics: [SUM],
      aggregateFunction: 'Sum',
      rowTotals: true,
      colTotals: true,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const q = res.body.result[0]!;
    expect(q.colnames).toEqual([
      ['SUM(amount)', 'a'],
      ['SUM(amount)', 'b'],
      ['SUM(amount)', 'Subtotal'],
      ['Total (Sum)', ''],
    ]);
    expect(q.indexnames).toEqual([['east'], ['west'], ['Total (Sum)']]);
    expect(q.rowcount).toBe(3);
    expect(q.data).toEqual({
      'SUM(amount) a': { east: 5, west: 6, 'Total (Sum)': 11 },
      'SUM(amount) b': { east: 3, west: null, 'Total (Sum)': 3 },
      'SUM(amount) Subtotal': { east: 8, west: 6, 'Total (Sum)': 14 },
      'Total (Sum)': { east: 8, west: 6, 'Total (Sum)': 14 },
    });
  });

  it('writes the pivot to CSV with its row labels first', async () => {
    const res = await admin.post<string>('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: ['region', 'kind'], metrics: [SUM] }],
      form_data: {
        viz_type: 'pivot_table_v2',
        groupbyRows: ['region'],
        groupbyColumns: ['kind'],
        metrics: [SUM],
      },
      result_format: 'csv',
      result_type: 'post_processed',
    });
    expect(res.status).toBe(200);
    expect(res.body).toBe(',SUM(amount) a,SUM(amount) b\r\neast,5,3\r\nwest,6,\r\n');
  });

  it('answers a table by columns and a line chart as full', async () => {
    const table = await post({ viz_type: 'table' });
    expect(table.status).toBe(200);
    expect(table.body.result[0]!.data).toEqual({
      region: { 0: 'west', 1: 'east', 2: 'east' },
      kind: { 0: 'a', 1: 'a', 2: 'b' },
      'SUM(amount)': { 0: 6, 1: 5, 2: 3 },
    });
    const line = await post({ viz_type: 'echarts_timeseries_line' });
    expect(line.body.result[0]!.data).toEqual([
      { region: 'west', kind: 'a', 'SUM(amount)': 6 },
      { region: 'east', kind: 'a', 'SUM(amount)': 5 },
      { region: 'east', kind: 'b', 'SUM(amount)': 3 },
    ]);
  });

  it('answers a pivot naming a missing column with a 400', async () => {
    const res = await post({
      viz_type: 'pivot_table_v2',
      groupbyRows: ['nope'],
      metrics: [SUM],
    });
    expect(res.status).toBe(400);
  });
});
