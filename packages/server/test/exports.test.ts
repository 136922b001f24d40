/**
 * Superset's v1 export bundles: `GET /api/v1/{dashboard,chart,dataset,database}/export/?q=!(…)`
 * answer a ZIP with metadata.yaml and the YAML files of the objects and what they need, linked by
 * uuids; passwords masked; 404 for unknown or hidden ids, 403 without can_export or when a
 * needed object is not readable, 400 for a bad `q`.
 */
import { risonEncode, type RisonValue } from '@strata/core';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import type { ApiClient } from './helpers/client.js';
import {
  dashboardWorld,
  layoutOf,
  makeDashboard,
  type DashboardWorld,
} from './helpers/dashboard-world.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { startServer, type TestServer } from './helpers/server.js';

const targets = await metadataTargets();

type Yaml = Record<string, unknown>;
interface Bundle {
  status: number;
  contentType: string | null;
  disposition: string | null;
  root: string;
  names: string[];
  files: Map<string, Yaml>;
  texts: Map<string, string>;
  body: string;
}

/** GETs an export with the client's token; unzips the answer when it is a ZIP. */
async function download(client: ApiClient, path: string, q?: RisonValue): Promise<Bundle> {
  const url = q === undefined ? path : `${path}?q=${encodeURIComponent(risonEncode(q))}`;
  const res = await fetch(client.baseUrl + url, {
    headers: client.token ? { authorization: `Bearer ${client.token}` } : {},
  });
  const buf = Buffer.from(await res.arrayBuffer());
  const out: Bundle = {
    status: res.status,
    contentType: res.headers.get('content-type'),
    disposition: res.headers.get('content-disposition'),
    root: '',
    names: [],
    files: new Map(),
    texts: new Map(),
    body: '',
  };
  if (res.status !== 200 || out.contentType !== 'application/zip') {
    out.body = buf.toString('utf8');
    return out;
  }
  const zip = await JSZip.loadAsync(buf);
  const entries = Object.values(zip.files);
  out.root = entries[0]!.name.split('/')[0]!;
  for (const entry of entries) {
    expect(entry.dir).toBe(false);
    expect(entry.name.startsWith(`${out.root}/`)).toBe(true);
    const name = entry.name.slice(out.root.length + 1);
    const text = await entry.async('string');
    out.names.push(name);
    out.texts.set(name, text);
    out.files.set(name, parse(text) as Yaml);
  }
  return out;
}

const file = (b: Bundle, name: string): Yaml => {
  const f = b.files.get(name);
  expect(f, `${name} in ${b.names.join(', ')}`).toBeDefined();
  return f!;
};

const DATABASE_KEYS = [
  'database_name',
  'sqlalchemy_uri',
  'cache_timeout',
  'expose_in_sqllab',
  'allow_run_async',
  'allow_ctas',
  'allow_cvas',
  'allow_dml',
  'allow_file_upload',
  'extra',
  'uuid',
  'version',
];
const DATASET_KEYS = [
  'table_name',
  'main_dttm_col',
  'description',
  'default_endpoint',
  'offset',
  'cache_timeout',
  'catalog',
  'schema',
  'sql',
  'params',
  'template_params',
  'filter_select_enabled',
  'fetch_values_predicate',
  'extra',
  'normalize_columns',
  'always_filter_main_dttm',
  'uuid',
  'metrics',
  'columns',
  'version',
  'database_uuid',
];
const CHART_KEYS = [
  'slice_name',
  'description',
  'certified_by',
  'certification_details',
  'viz_type',
  'params',
  'query_context',
  'cache_timeout',
  'uuid',
  'version',
  'dataset_uuid',
];
const DASHBOARD_KEYS = [
  'dashboard_title',
  'description',
  'css',
  'slug',
  'certified_by',
  'certification_details',
  'published',
  'uuid',
  'position',
  'metadata',
  'version',
];
const COLUMN_KEYS = [
  'column_name',
  'verbose_name',
  'is_dttm',
  'is_active',
  'type',
  'advanced_data_type',
  'groupby',
  'filterable',
  'expression',
  'description',
  'python_date_format',
  'extra',
];

describe.each(targets)('export bundles on $name metadata', (target) => {
  let server: TestServer;
  let w: DashboardWorld;
  let dashId: number;
  let ginaDashId: number;
  let orphanChart: number;
  const uuids: Record<string, string> = {};
  let salesDb: number;
  let secretDb: number;

  const uuidOf = async (path: string) => {
    const res = await w.admin.get<{ result: { uuid: string } }>(path);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body.result.uuid;
  };

  beforeAll(async () => {
    server = await startServer(target);
    w = await dashboardWorld(server, 'exp');
    dashId = await makeDashboard(w.admin, {
      dashboard_title: 'Export board',
      slug: 'export-board',
      css: '.x { color: red; }',
      published: true,
      certified_by: 'Data team',
      certification_details: 'Checked',
      position_json: JSON.stringify(layoutOf([w.salesChart, w.secretChart])),
      json_metadata: JSON.stringify({
        color_scheme: 'supersetColors',
        timed_refresh_immune_slices: [w.secretChart],
        native_filter_configuration: [
          {
            id: 'NATIVE_FILTER-region',
            name: 'Region',
            filterType: 'filter_select',
            targets: [{ datasetId: w.salesDataset, column: { name: 'region' } }],
            chartsInScope: [w.salesChart, w.secretChart],
            scope: { rootPath: ['ROOT_ID'], excluded: [] },
          },
          {
            id: 'NATIVE_FILTER-secret',
            name: 'Secret id',
            filterType: 'filter_select',
            targets: [{ datasetId: w.secretDataset, column: { name: 'id' } }],
            chartsInScope: [w.secretChart],
            scope: { rootPath: ['ROOT_ID'], excluded: [] },
          },
        ],
      }),
    });
    // A chart put on the dashboard from the chart's side: in no layout component.
    const orphan = await w.admin.post<{ id: number }>('/api/v1/chart/', {
      slice_name: 'Orphan / chart',
      viz_type: 'big_number_total',
      datasource_id: w.salesDataset,
      datasource_type: 'table',
      params: JSON.stringify({ viz_type: 'big_number_total', metric: 'count' }),
      dashboards: [dashId],
    });
    expect(orphan.status, JSON.stringify(orphan.body)).toBe(201);
    orphanChart = orphan.body.id;
    ginaDashId = await makeDashboard(w.admin, {
      dashboard_title: '../../evil/Board',
      published: true,
      position_json: JSON.stringify(layoutOf([w.salesChart])),
    });

    const ds = await w.admin.get<{ result: { database: { id: number } } }>(
      `/api/v1/dataset/${w.salesDataset}`,
    );
    salesDb = ds.body.result.database.id;
    const ds2 = await w.admin.get<{ result: { database: { id: number } } }>(
      `/api/v1/dataset/${w.secretDataset}`,
    );
    secretDb = ds2.body.result.database.id;
    uuids.dash = await uuidOf(`/api/v1/dashboard/${dashId}`);
    uuids.salesChart = await uuidOf(`/api/v1/chart/${w.salesChart}`);
    uuids.secretChart = await uuidOf(`/api/v1/chart/${w.secretChart}`);
    uuids.orphanChart = await uuidOf(`/api/v1/chart/${orphanChart}`);
    uuids.salesDataset = await uuidOf(`/api/v1/dataset/${w.salesDataset}`);
    uuids.secretDataset = await uuidOf(`/api/v1/dataset/${w.secretDataset}`);
    uuids.salesDb = await uuidOf(`/api/v1/database/${salesDb}`);
    uuids.secretDb = await uuidOf(`/api/v1/database/${secretDb}`);
  });
  afterAll(async () => server?.close());

  it('exports a dashboard with its charts, their datasets and databases', async () => {
    const b = await download(w.admin, '/api/v1/dashboard/export/', [dashId]);
    expect(b.status, b.body).toBe(200);
    expect(b.contentType).toBe('application/zip');
    expect(b.disposition).toMatch(/^attachment; filename=dashboard_export_\d{8}T\d{6}\.zip$/);
    expect(b.disposition).toBe(`attachment; filename=${b.root}.zip`);
    expect(b.names).toEqual([
      'metadata.yaml',
      `dashboards/Export_board_${dashId}.yaml`,
      `charts/Sales_table_${w.salesChart}.yaml`,
      'datasets/exp_sales/sales.yaml',
      'databases/exp_sales.yaml',
      `charts/Secret_table_${w.secretChart}.yaml`,
      'datasets/exp_secret/secret.yaml',
      'databases/exp_secret.yaml',
      `charts/Orphan_chart_${orphanChart}.yaml`,
    ]);

    const meta = file(b, 'metadata.yaml');
    expect(Object.keys(meta)).toEqual(['version', 'type', 'timestamp']);
    expect(meta).toMatchObject({ version: '1.0.0', type: 'Dashboard' });
    expect(meta.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(b.texts.get('metadata.yaml')).toMatch(/^timestamp: '/m);

    const board = file(b, `dashboards/Export_board_${dashId}.yaml`);
    expect(Object.keys(board)).toEqual(DASHBOARD_KEYS);
    expect(board).toMatchObject({
      dashboard_title: 'Export board',
      description: null,
      css: '.x { color: red; }',
      slug: 'export-board',
      certified_by: 'Data team',
      certification_details: 'Checked',
      published: true,
      uuid: uuids.dash,
      version: '1.0.0',
    });
    type Component = { type: string; meta?: Record<string, unknown>; parents?: string[] };
    const position = board.position as Record<string, Component>;
    expect(position[`CHART-${w.salesChart}`]!.meta).toMatchObject({
      chartId: w.salesChart,
      uuid: uuids.salesChart,
    });
    expect(position[`CHART-${w.secretChart}`]!.meta).toMatchObject({
      chartId: w.secretChart,
      uuid: uuids.secretChart,
    });
    expect(position[`CHART-${uuids.orphanChart}`]).toMatchObject({
      type: 'CHART',
      meta: { chartId: orphanChart, uuid: uuids.orphanChart, sliceName: 'Orphan / chart' },
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-N-1'],
    });
    const chartUuids = Object.values(position)
      .filter((c) => c.type === 'CHART')
      .map((c) => c.meta!.uuid);
    const exportedCharts = b.names
      .filter((n) => n.startsWith('charts/'))
      .map((n) => file(b, n).uuid);
    expect(new Set(chartUuids)).toEqual(new Set(exportedCharts));

    const metadata = board.metadata as {
      color_scheme: string;
      timed_refresh_immune_slices: number[];
      native_filter_configuration: Array<{ targets: Array<Record<string, unknown>> } & Yaml>;
    };
    expect(metadata.color_scheme).toBe('supersetColors');
    expect(metadata.timed_refresh_immune_slices).toEqual([w.secretChart]);
    const [region, secret] = metadata.native_filter_configuration;
    expect(region!.targets).toEqual([
      { column: { name: 'region' }, datasetUuid: uuids.salesDataset },
    ]);
    expect(region!.chartsInScope).toEqual([w.salesChart, w.secretChart]);
    expect(secret!.targets).toEqual([{ column: { name: 'id' }, datasetUuid: uuids.secretDataset }]);

    const sales = file(b, `charts/Sales_table_${w.salesChart}.yaml`);
    expect(Object.keys(sales)).toEqual(CHART_KEYS);
    expect(sales).toMatchObject({
      slice_name: 'Sales table',
      viz_type: 'table',
      params: { viz_type: 'table', metrics: ['count'], row_limit: 10 },
      uuid: uuids.salesChart,
      version: '1.0.0',
      dataset_uuid: uuids.salesDataset,
    });
    expect(file(b, `charts/Secret_table_${w.secretChart}.yaml`).dataset_uuid).toBe(
      uuids.secretDataset,
    );
    expect(file(b, `charts/Orphan_chart_${orphanChart}.yaml`).dataset_uuid).toBe(
      uuids.salesDataset,
    );

    const dataset = file(b, 'datasets/exp_sales/sales.yaml');
    expect(Object.keys(dataset)).toEqual(DATASET_KEYS);
    expect(dataset).toMatchObject({
      table_name: 'sales',
      schema: 'main',
      offset: 0,
      params: null,
      uuid: uuids.salesDataset,
      version: '1.0.0',
      database_uuid: uuids.salesDb,
    });
    const columns = dataset.columns as Yaml[];
    expect(columns.map((c) => c.column_name)).toEqual(['id', 'region']);
    for (const c of columns) expect(Object.keys(c)).toEqual(COLUMN_KEYS);
    expect(file(b, 'datasets/exp_secret/secret.yaml').database_uuid).toBe(uuids.secretDb);

    const db = file(b, 'databases/exp_sales.yaml');
    expect(Object.keys(db)).toEqual(DATABASE_KEYS);
    expect(db).toMatchObject({
      database_name: 'exp_sales',
      sqlalchemy_uri: 'duckdb:///exp_sales.duckdb',
      expose_in_sqllab: true,
      allow_dml: true,
      allow_file_upload: false,
      extra: {},
      uuid: uuids.salesDb,
      version: '1.0.0',
    });
  });

  it('exports several dashboards in one bundle, shared files once', async () => {
    const b = await download(w.admin, '/api/v1/dashboard/export/', [dashId, ginaDashId, dashId]);
    expect(b.status, b.body).toBe(200);
    expect(b.names.filter((n) => n.startsWith('dashboards/'))).toEqual([
      `dashboards/Export_board_${dashId}.yaml`,
      `dashboards/evil_Board_${ginaDashId}.yaml`,
    ]);
    expect(b.names.filter((n) => n === 'databases/exp_sales.yaml')).toHaveLength(1);
    expect(new Set(b.names).size).toBe(b.names.length);
  });

  it('exports charts with their dataset and database', async () => {
    const b = await download(w.admin, '/api/v1/chart/export/', [w.salesChart, w.secretChart]);
    expect(b.status, b.body).toBe(200);
    expect(b.disposition).toMatch(/^attachment; filename=chart_export_\d{8}T\d{6}\.zip$/);
    expect(file(b, 'metadata.yaml').type).toBe('Slice');
    expect(b.names).toEqual([
      'metadata.yaml',
      `charts/Sales_table_${w.salesChart}.yaml`,
      'datasets/exp_sales/sales.yaml',
      'databases/exp_sales.yaml',
      `charts/Secret_table_${w.secretChart}.yaml`,
      'datasets/exp_secret/secret.yaml',
      'databases/exp_secret.yaml',
    ]);
  });

  it('exports a dataset with its database', async () => {
    const b = await download(w.alfie, '/api/v1/dataset/export/', [w.salesDataset]);
    expect(b.status, b.body).toBe(200);
    expect(b.disposition).toMatch(/^attachment; filename=dataset_export_\d{8}T\d{6}\.zip$/);
    expect(file(b, 'metadata.yaml').type).toBe('SqlaTable');
    expect(b.names).toEqual([
      'metadata.yaml',
      'datasets/exp_sales/sales.yaml',
      'databases/exp_sales.yaml',
    ]);
    expect(file(b, 'datasets/exp_sales/sales.yaml').database_uuid).toBe(uuids.salesDb);
  });

  it('exports a database with its password masked and its datasets', async () => {
    const created = await w.admin.post<{ id: number }>('/api/v1/database/', {
      database_name: 'Warehouse: prod/eu',
      sqlalchemy_uri: 'postgresql://postgres:Sup3r-Secret-pw@127.0.0.1:5432/test',
      extra: JSON.stringify({ allows_virtual_table_explore: true }),
      cache_timeout: 600,
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id;
    await server.strata.store.db
      .updateTable('dbs')
      .set({ encrypted_extra: '{"credentials": "Sup3r-Secret-pw"}', server_cert: 'CERT-TEXT' })
      .where('id', '=', id)
      .execute();

    const b = await download(w.admin, '/api/v1/database/export/', [id]);
    expect(b.status, b.body).toBe(200);
    expect(b.disposition).toMatch(/^attachment; filename=database_export_\d{8}T\d{6}\.zip$/);
    expect(file(b, 'metadata.yaml').type).toBe('Database');
    expect(b.names).toEqual(['metadata.yaml', 'databases/Warehouse_prod_eu.yaml']);
    const db = file(b, 'databases/Warehouse_prod_eu.yaml');
    expect(Object.keys(db)).toEqual(DATABASE_KEYS);
    expect(db).toMatchObject({
      database_name: 'Warehouse: prod/eu',
      sqlalchemy_uri: 'postgresql://postgres:XXXXXXXXXX@127.0.0.1:5432/test',
      cache_timeout: 600,
      extra: { allows_virtual_table_explore: true },
    });
    for (const text of b.texts.values()) {
      expect(text).not.toContain('Sup3r-Secret-pw');
      expect(text).not.toContain('CERT-TEXT');
      expect(text).not.toMatch(/encrypted_extra|server_cert|^password:/m);
    }

    const withData = await download(w.admin, '/api/v1/database/export/', [salesDb]);
    expect(withData.status, withData.body).toBe(200);
    expect(withData.names).toEqual([
      'metadata.yaml',
      'databases/exp_sales.yaml',
      'datasets/exp_sales/sales.yaml',
    ]);
  });

  it('answers 404 for unknown ids, the whole export refused', async () => {
    for (const kind of ['dashboard', 'chart', 'dataset', 'database']) {
      const none = await download(w.admin, `/api/v1/${kind}/export/`, [99999]);
      expect(none.status, `${kind}: ${none.body}`).toBe(404);
      expect(JSON.parse(none.body)).toEqual({ message: 'Not found' });
    }
    expect((await download(w.admin, '/api/v1/dashboard/export/', [dashId, 99999])).status).toBe(
      404,
    );
    expect((await download(w.admin, '/api/v1/chart/export/', [0])).status).toBe(404);
    expect((await download(w.admin, '/api/v1/chart/export/', [-3])).status).toBe(404);
  });

  it('answers 400 for a bad q', async () => {
    const bad = async (q: string | null) => {
      const res = await w.admin.request(
        'GET',
        `/api/v1/dashboard/export/${q === null ? '' : `?q=${encodeURIComponent(q)}`}`,
      );
      expect(res.status, `${q}: ${JSON.stringify(res.body)}`).toBe(400);
      expect(typeof (res.body as { message: unknown }).message).toBe('string');
    };
    await bad(null);
    await bad('');
    await bad('!(1,');
    await bad('(a:1)');
    await bad("!('x')");
    await bad('!(1.5)');
    await bad('!()');
    await bad('1');
  });

  it('is not shadowed by the /:id routes (nor by a dashboard slugged "export")', async () => {
    await makeDashboard(w.admin, { dashboard_title: 'Named export', slug: 'export' });
    const bySlug = await w.admin.get<{ result: { slug: string } }>('/api/v1/dashboard/export');
    expect(bySlug.status).toBe(400);
    for (const kind of ['dashboard', 'chart', 'dataset', 'database']) {
      const res = await w.admin.request('GET', `/api/v1/${kind}/export/`);
      expect(res.status, kind).toBe(400);
      expect((res.body as { message: string }).message).toBe(
        'Bad request: the q parameter is required',
      );
    }
    const noSlash = await download(w.admin, '/api/v1/chart/export', [w.salesChart]);
    expect(noSlash.status).toBe(200);
    expect(noSlash.contentType).toBe('application/zip');
    expect((await w.admin.get('/api/v1/dashboard/export-board')).status).toBe(200);
  });

  it('needs can_export, and only exports what the user may read', async () => {
    // Gamma holds can_export on Dashboard and Chart, not on Dataset or Database (as in Superset).
    expect((await download(w.gina, '/api/v1/dataset/export/', [w.salesDataset])).status).toBe(403);
    expect((await download(w.gina, '/api/v1/database/export/', [salesDb])).status).toBe(403);
    // Gus reads no data: the dashboards and charts are hidden from him.
    expect((await download(w.gus, '/api/v1/dashboard/export/', [dashId])).status).toBe(404);
    expect((await download(w.gus, '/api/v1/dashboard/export/', [ginaDashId])).status).toBe(404);
    expect((await download(w.gus, '/api/v1/chart/export/', [w.salesChart])).status).toBe(404);
    // Gina reads "sales" only: she sees the first dashboard, but it holds the secret chart.
    const mixed = await download(w.gina, '/api/v1/dashboard/export/', [dashId]);
    expect(mixed.status, mixed.body).toBe(403);
    expect(mixed.body).not.toContain('secret');
    expect((await download(w.gina, '/api/v1/chart/export/', [w.secretChart])).status).toBe(404);
    const mine = await download(w.gina, '/api/v1/dashboard/export/', [ginaDashId]);
    expect(mine.status, mine.body).toBe(200);
    expect(mine.names).toEqual([
      'metadata.yaml',
      `dashboards/evil_Board_${ginaDashId}.yaml`,
      `charts/Sales_table_${w.salesChart}.yaml`,
      'datasets/exp_sales/sales.yaml',
      'databases/exp_sales.yaml',
    ]);
    const chart = await download(w.gina, '/api/v1/chart/export/', [w.salesChart]);
    expect(chart.status, chart.body).toBe(200);
    // Anonymous: 401.
    const anonymous = await fetch(`${server.baseUrl}/api/v1/chart/export/?q=!(${w.salesChart})`);
    expect(anonymous.status).toBe(401);
  });

  it('exports a dashboard without layout or metadata with the default layout', async () => {
    const id = await makeDashboard(w.admin, { dashboard_title: 'Bare' });
    const b = await download(w.admin, '/api/v1/dashboard/export/', [id]);
    expect(b.status, b.body).toBe(200);
    expect(b.names).toEqual(['metadata.yaml', `dashboards/Bare_${id}.yaml`]);
    const board = file(b, `dashboards/Bare_${id}.yaml`);
    expect(board.position).toMatchObject({
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { children: ['GRID_ID'] },
      HEADER_ID: { meta: { text: 'Bare' } },
    });
    expect(board.metadata).toEqual({});
  });
});
