import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from './helpers/client.js';
import { signedInGammaUser } from './helpers/users.js';
import { duckdbTableDataset } from './helpers/table-dataset.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

interface Answer {
  result: Array<{ data: Array<Record<string, unknown>>; colnames: string[]; is_cached: boolean }>;
  message?: string;
}

const SUM = {
  expressionType: 'SIMPLE',
  aggregate: 'SUM',
  column: { column_name: 'amount' },
  label: 'SUM(amount)',
} as const;

describe.each(targets)('saved chart data, xlsx and explore_json on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let datasetId: number;
  let chartId: number;
  let emptyChartId: number;

  const insertChart = async (queryContext: string | null): Promise<number> => {
    const row = await server.strata.store.db
      .insertInto('slices')
      .values({
        uuid: randomUUID(),
        slice_name: 'By region',
        datasource_id: datasetId,
        datasource_type: 'table',
        viz_type: 'table',
        params: '{}',
        query_context: queryContext,
        description: null,
        cache_timeout: null,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        last_saved_at: null,
        last_saved_by_fk: null,
        created_on: null,
        changed_on: null,
        created_by_fk: null,
        changed_by_fk: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  };

  beforeAll(async () => {
    server = await startServer(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    ({ datasetId } = await duckdbTableDataset(
      server.dataDir,
      admin,
      'saved',
      'sales',
      `CREATE TABLE sales AS SELECT * FROM (VALUES
        ('east', 1, TIMESTAMP '2024-01-01 00:00:00'),
        ('east', 2, TIMESTAMP '2024-01-02 00:00:00'),
        ('west', 5, TIMESTAMP '2024-01-03 00:00:00')) AS v(region, amount, day)`,
    ));
    chartId = await insertChart(
      JSON.stringify({
        datasource: { id: datasetId, type: 'table' },
        queries: [{ columns: ['region'], metrics: [SUM], orderby: [['region', true]] }],
        form_data: {},
        result_format: 'json',
        result_type: 'full',
      }),
    );
    emptyChartId = await insertChart(null);
  });
  afterAll(async () => server?.close());

  it('runs the saved query context', async () => {
    const res = await admin.get<Answer>(`/api/v1/chart/${chartId}/data/`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.result[0]!.data).toEqual([
      { region: 'east', 'SUM(amount)': 3 },
      { region: 'west', 'SUM(amount)': 5 },
    ]);
    const again = await admin.get<Answer>(`/api/v1/chart/${chartId}/data/`);
    expect(again.body.result[0]!.is_cached).toBe(true);
    const forced = await admin.get<Answer>(`/api/v1/chart/${chartId}/data/?force=true`);
    expect(forced.body.result[0]!.is_cached).toBe(false);
  });

  it('answers the format and type of the query string', async () => {
    const csv = await admin.get<string>(`/api/v1/chart/${chartId}/data/?format=csv`);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toBe('region,SUM(amount)\r\neast,3\r\nwest,5\r\n');
    const query = await admin.get<{ result: Array<{ query: string; language: string }> }>(
      `/api/v1/chart/${chartId}/data/?type=query`,
    );
    expect(query.status).toBe(200);
    expect(query.body.result[0]!.language).toBe('sql');
    expect(query.body.result[0]!.query).toMatch(/SUM/);
    const bad = await admin.get<Answer>(`/api/v1/chart/${chartId}/data/?format=pdf`);
    expect(bad.status).toBe(400);
  });

  const download = async (path: string, body?: unknown) => {
    const res = await fetch(server.baseUrl + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${admin.token ?? ''}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const workbook = new ExcelJS.Workbook();
    if (res.status === 200) await workbook.xlsx.load(await res.arrayBuffer());
    return { res, workbook };
  };
  const sheetRows = (sheet: ExcelJS.Worksheet | undefined): unknown[][] => {
    const rows: unknown[][] = [];
    sheet?.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    return rows;
  };

  it('answers several queries as a zip of query_N.xlsx files with typed cells', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        datasource: { id: datasetId, type: 'table' },
        queries: [
          { columns: ['region'], metrics: [SUM], orderby: [['region', true]] },
          {
            columns: ['region', 'day'],
            metrics: [],
            orderby: [['region', true]],
            row_limit: 1,
          },
        ],
        result_format: 'xlsx',
        result_type: 'full',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="sales_.*\.zip"/);
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    expect(Object.keys(zip.files).sort()).toEqual(['query_1.xlsx', 'query_2.xlsx']);
    const book = async (name: string) => {
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(await zip.file(name)!.async('arraybuffer'));
      return workbook;
    };
    expect(sheetRows((await book('query_1.xlsx')).worksheets[0])).toEqual([
      ['region', 'SUM(amount)'],
      ['east', 3],
      ['west', 5],
    ]);
    const second = sheetRows((await book('query_2.xlsx')).worksheets[0]);
    expect(second[0]).toEqual(['region', 'day']);
    expect(second[1]![0]).toBe('east');
    expect(second[1]![1]).toBeInstanceOf(Date);
    expect((second[1]![1] as Date).toISOString()).toBe('2024-01-01T00:00:00.000Z');
  });

  it('answers one query as an xlsx file with typed cells', async () => {
    const { res, workbook } = await download('/api/v1/chart/data', {
      datasource: { id: datasetId, type: 'table' },
      queries: [{ columns: ['region'], metrics: [SUM], orderby: [['region', true]] }],
      result_format: 'xlsx',
      result_type: 'full',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="sales_.*\.xlsx"/);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(['sales']);
  });

  it('answers several queries in CSV as a zip of query_N.csv files', async () => {
    const res = await fetch(`${server.baseUrl}/api/v1/chart/data`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin.token ?? ''}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        datasource: { id: datasetId, type: 'table' },
        queries: [
          { columns: ['region'], metrics: [SUM], orderby: [['region', true]] },
          { columns: [], metrics: [SUM] },
        ],
        result_format: 'csv',
        result_type: 'full',
      }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    const zip = await JSZip.loadAsync(await res.arrayBuffer());
    expect(await zip.file('query_1.csv')!.async('string')).toBe(
      'region,SUM(amount)\r\neast,3\r\nwest,5\r\n',
    );
    expect(await zip.file('query_2.csv')!.async('string')).toBe('SUM(amount)\r\n8\r\n');
  });

  it('answers a saved chart as xlsx with ?format=xlsx', async () => {
    const { res, workbook } = await download(`/api/v1/chart/${chartId}/data/?format=xlsx`);
    expect(res.status).toBe(200);
    expect(sheetRows(workbook.worksheets[0])).toEqual([
      ['region', 'SUM(amount)'],
      ['east', 3],
      ['west', 5],
    ]);
  });

  const formData = () => ({
    datasource: `${datasetId}__table`,
    viz_type: 'table',
    groupby: ['region'],
    metrics: [SUM],
    adhoc_filters: [
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 1' },
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'region',
        operator: 'IN',
        comparator: ['east', 'west'],
      },
    ],
    timeseries_limit_metric: SUM,
    order_desc: true,
    row_limit: 10,
  });

  it('narrows legacy explore_json by a dashboard filter in extra_form_data', async () => {
    const q = encodeURIComponent(
      JSON.stringify({
        ...formData(),
        extra_form_data: { filters: [{ col: 'region', op: 'IN', val: ['east'] }] },
      }),
    );
    const res = await admin.get<Record<string, unknown>>(`/superset/explore_json/?form_data=${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toEqual([{ region: 'east', 'SUM(amount)': 2 }]);
  });

  it('answers legacy explore_json from form data in the query string or the form body', async () => {
    const q = encodeURIComponent(JSON.stringify(formData()));
    const res = await admin.get<Record<string, unknown>>(`/superset/explore_json/?form_data=${q}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({
      status: 'success',
      error: null,
      is_cached: false,
      rowcount: 2,
      colnames: ['region', 'SUM(amount)'],
      form_data: { datasource: `${datasetId}__table`, viz_type: 'table' },
      data: [
        { region: 'west', 'SUM(amount)': 5 },
        { region: 'east', 'SUM(amount)': 2 },
      ],
    });
    expect(res.body.query).toMatch(/amount > 1/);
    const posted = await admin.request<Record<string, unknown>>(
      'POST',
      `/superset/explore_json/table/${datasetId}/`,
      `form_data=${q}`,
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expect(posted.status, JSON.stringify(posted.body)).toBe(200);
    expect(posted.body.is_cached).toBe(true);
    const query = await admin.get<Record<string, unknown>>(
      `/superset/explore_json/?form_data=${q}&query=true`,
    );
    expect(query.body.language).toBe('sql');
    const csv = await admin.get<string>(`/superset/explore_json/?form_data=${q}&csv=true`);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.body).toBe('region,SUM(amount)\r\nwest,5\r\neast,2\r\n');
    const bad = await admin.get<{ message: string }>('/superset/explore_json/?form_data=%7B');
    expect(bad.status).toBe(400);
  });

  it('refuses a chart without a saved query context, and unknown charts', async () => {
    const res = await admin.get<Answer>(`/api/v1/chart/${emptyChartId}/data/`);
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Chart has no query context saved. Please save the chart again.');
    expect((await admin.get(`/api/v1/chart/999999/data/`)).status).toBe(404);
    expect((await admin.get(`/api/v1/chart/abc/data/`)).status).toBe(404);
  });

  it('hides the chart from a Gamma user who neither owns it nor sees its dataset', async () => {
    const gus = await signedInGammaUser(admin, server.baseUrl, 'gus');
    expect((await gus.get(`/api/v1/chart/${chartId}/data/`)).status).toBe(404);
    expect((await new ApiClient(server.baseUrl).get(`/api/v1/chart/${chartId}/data/`)).status).toBe(
      401,
    );
  });
});
