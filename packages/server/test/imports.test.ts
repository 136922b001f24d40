/**
 * Importing export bundles: `POST /api/v1/{dashboard,chart,dataset,database}/import/` with
 * Superset's example bundles (fixtures/bundles, copied from the shared Superset bundles) onto a
 * server with the examples installed, and small bundles built here: ids remapped, the examples
 * reused, already-exists and password prompts in Superset's error shape, overwrite, bad uploads,
 * permissions.
 */
import fs from 'node:fs';
import path from 'node:path';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QueryFormData } from '@strata/core';
import { chartRegistry, type ChartDataResult, type ExploreDatasource } from '@strata/charts';
import { legacyQueryContext } from '../src/chart_data/legacy.js';
import { SECRET_KEY_FILE } from '../src/config/secret-key.js';
import { EXAMPLES_DATABASE_UUID } from '../src/examples/install.js';
import { ApiClient } from './helpers/client.js';
import { metadataTargets } from './helpers/metadata-targets.js';
import { ADMIN_PASSWORD, type TestServer } from './helpers/server.js';
import { examplesServers } from './helpers/examples-server.js';
import { signedInGammaUser } from './helpers/users.js';

const targets = await metadataTargets();
const FIXTURES = path.join(import.meta.dirname, 'fixtures', 'bundles');
const SALES_ZIP = fs.readFileSync(path.join(FIXTURES, 'sales-dashboard.zip'));
const FEATURED_ZIP = fs.readFileSync(path.join(FIXTURES, 'featured-charts.zip'));

const SALES_DASHBOARD_UUID = '04f79081-fb49-7bac-7f14-cc76cd2ad93b';
const SALES_DATASET_UUID = 'e8623bb9-5e00-f531-506a-19607f5f8005';
const HIERARCHY_DATASET_UUID = 'f710a997-c65e-4aa6-aaed-b7d6998565ae';
const ISSUE = {
  code: 1010,
  message: 'Issue 1010 - Superset encountered an error while running a command.',
};

// The tests import the example bundles themselves: none installed at start.
const examples = examplesServers('strata-imports-examples-');
const startWithExamples = (target: (typeof targets)[number]) => examples.start(target);

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/** Posts a bundle as Superset's client does: multipart, the ZIP in `formData`. */
async function postImport(
  client: ApiClient,
  kind: string,
  zip: Uint8Array | null,
  fields: Record<string, string> = {},
): Promise<Answer> {
  const form = new FormData();
  if (zip) form.set('formData', new Blob([zip], { type: 'application/zip' }), 'bundle.zip');
  for (const [k, v] of Object.entries(fields)) form.set(k, v);
  const res = await fetch(`${client.baseUrl}/api/v1/${kind}/import/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${client.token}` },
    body: form,
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

/** Superset's 422 answer of a failed import. */
const commandError = (kind: string, problems: Record<string, unknown>) => ({
  errors: [
    {
      message: `Error importing ${kind}`,
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: { ...problems, issue_codes: [ISSUE] },
    },
  ],
});

/** A bundle ZIP from files (paths under a root folder, values as YAML text). */
async function bundle(
  type: string,
  files: Record<string, string>,
  root: string | null = 'export_20240101',
): Promise<Uint8Array> {
  const zip = new JSZip();
  const at = (p: string) => (root ? `${root}/${p}` : p);
  zip.file(
    at('metadata.yaml'),
    `version: 1.0.0\ntype: ${type}\ntimestamp: '2024-01-01T00:00:00+00:00'\n`,
  );
  for (const [p, text] of Object.entries(files)) zip.file(at(p), text);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

const EXAMPLES_DB_YAML = `database_name: examples
sqlalchemy_uri: __SQLALCHEMY_EXAMPLES_URI__
expose_in_sqllab: true
uuid: ${EXAMPLES_DATABASE_UUID}
version: 1.0.0
`;

const virtualDatasetYaml = (uuid: string, name: string, extraColumns = '') => `table_name: ${name}
schema: null
sql: SELECT 1 AS id, 'a' AS label UNION ALL SELECT 2, 'b'
uuid: ${uuid}
database_uuid: ${EXAMPLES_DATABASE_UUID}
version: 1.0.0
metrics:
- metric_name: total
  expression: SUM(id)
  verbose_name: Total
columns:
- column_name: id
  type: INTEGER
  is_dttm: false
- column_name: label
  type: VARCHAR
${extraColumns}`;

describe.each(targets)('importing bundles on $name metadata', (target) => {
  let server: TestServer;
  let admin: ApiClient;
  let gamma: ApiClient;

  beforeAll(async () => {
    server = await startWithExamples(target);
    admin = new ApiClient(server.baseUrl);
    await admin.loginWithToken('admin', ADMIN_PASSWORD);
    gamma = await signedInGammaUser(admin, server.baseUrl, 'gideon');
  }, 120_000);
  afterAll(async () => server?.close());

  const db = () => server.strata.store.db;

  describe('the sales dashboard onto the examples', () => {
    let dashboardId: number;
    let datasetId: number;
    let chartIds: Map<string, number>;

    beforeAll(async () => {
      const res = await postImport(admin, 'dashboard', SALES_ZIP);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toEqual({ message: 'OK' });
      const dashboard = await db()
        .selectFrom('dashboards')
        .select('id')
        .where('uuid', '=', SALES_DASHBOARD_UUID)
        .executeTakeFirstOrThrow();
      dashboardId = dashboard.id;
      const dataset = await db()
        .selectFrom('tables')
        .select(['id', 'schema'])
        .where('uuid', '=', SALES_DATASET_UUID)
        .executeTakeFirstOrThrow();
      datasetId = dataset.id;
      const charts = await db()
        .selectFrom('slices')
        .select(['id', 'uuid'])
        .where('datasource_id', '=', datasetId)
        .execute();
      chartIds = new Map(charts.map((c) => [c.uuid, c.id]));
    });

    it('reuses the examples database and dataset and creates the ten charts on it', async () => {
      const dbs = await db().selectFrom('dbs').select(['uuid']).execute();
      expect(dbs.map((d) => d.uuid)).toEqual([EXAMPLES_DATABASE_UUID]);
      const datasets = await db()
        .selectFrom('tables')
        .select(['id', 'schema'])
        .where('table_name', '=', 'cleaned_sales_data')
        .execute();
      // The example dataset, untouched (the bundle's says schema null and lists 3 columns).
      expect(datasets).toEqual([{ id: datasetId, schema: 'main' }]);
      const columns = await db()
        .selectFrom('table_columns')
        .select('id')
        .where('table_id', '=', datasetId)
        .execute();
      expect(columns.length).toBeGreaterThan(20);
      expect(chartIds.size).toBe(10);
      const rows = await db()
        .selectFrom('slices')
        .select(['id', 'params', 'query_context', 'datasource_type'])
        .where('datasource_id', '=', datasetId)
        .execute();
      for (const row of rows) {
        expect(row.datasource_type).toBe('table');
        const params = JSON.parse(row.params!) as Record<string, unknown>;
        expect(params.datasource).toBe(`${datasetId}__table`);
        expect(params).not.toHaveProperty('dashboards');
        if ('slice_id' in params) expect(params.slice_id).toBe(row.id);
        if (row.query_context) {
          const qc = JSON.parse(row.query_context) as {
            datasource: unknown;
            form_data: Record<string, unknown>;
          };
          expect(qc.datasource).toEqual({ id: datasetId, type: 'table' });
          expect(qc.form_data.datasource).toBe(`${datasetId}__table`);
        }
      }
      const owners = await db()
        .selectFrom('slice_user')
        .select('slice_id')
        .where('slice_id', 'in', [...chartIds.values()])
        .execute();
      expect(owners).toHaveLength(10);
    });

    it('opens through the API with the layout and the native filters remapped', async () => {
      const res = await admin.get<{ result: Record<string, unknown> }>(
        `/api/v1/dashboard/${dashboardId}`,
      );
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const r = res.body.result;
      expect(r).toMatchObject({ dashboard_title: 'Sales Dashboard', published: true, slug: null });
      expect((r.owners as Array<{ id: number }>).length).toBe(1);
      const position = JSON.parse(r.position_json as string) as Record<
        string,
        { type?: string; meta?: { chartId: number; uuid: string } }
      >;
      const layoutCharts = Object.values(position).filter((c) => c.type === 'CHART');
      expect(layoutCharts).toHaveLength(10);
      for (const c of layoutCharts) expect(c.meta!.chartId).toBe(chartIds.get(c.meta!.uuid));
      const ids = [...chartIds.values()].sort((a, b) => a - b);
      const metadata = JSON.parse(r.json_metadata as string) as {
        native_filter_configuration: Array<{
          name: string;
          targets: Array<{ datasetId?: number; datasetUuid?: string }>;
          chartsInScope: number[];
        }>;
        chart_configuration: Record<
          string,
          { id: number; crossFilters: { chartsInScope: number[] } }
        >;
      };
      const filters = metadata.native_filter_configuration;
      expect(filters).toHaveLength(7);
      const country = filters.find((f) => f.name === 'Country')!;
      expect(country.targets).toEqual([
        { column: { name: 'country' }, datasetUuid: SALES_DATASET_UUID, datasetId },
      ]);
      for (const f of filters) expect([...f.chartsInScope].sort((a, b) => a - b)).toEqual(ids);
      for (const [key, config] of Object.entries(metadata.chart_configuration)) {
        expect(ids).toContain(Number(key));
        expect(config.id).toBe(Number(key));
        for (const c of config.crossFilters.chartsInScope) expect(ids).toContain(c);
      }
      const charts = await admin.get<{ result: Array<{ id: number }> }>(
        `/api/v1/dashboard/${dashboardId}/charts`,
      );
      expect(charts.status).toBe(200);
      expect(charts.body.result.map((c) => c.id).sort((a, b) => a - b)).toEqual(ids);
    });

    it("queries every chart's data from its stored params and saved query context", async () => {
      const rows = await db()
        .selectFrom('slices')
        .select(['id', 'slice_name', 'params', 'query_context'])
        .where('id', 'in', [...chartIds.values()])
        .execute();
      for (const row of rows) {
        const params = JSON.parse(row.params!) as Record<string, unknown>;
        const res = await admin.post(
          '/api/v1/chart/data',
          legacyQueryContext(params, datasetId, {}),
        );
        expect(res.status, `${row.slice_name}: ${JSON.stringify(res.body)}`).toBe(200);
        if (row.query_context) {
          const saved = await admin.post('/api/v1/chart/data', JSON.parse(row.query_context));
          expect(saved.status, `${row.slice_name}: ${JSON.stringify(saved.body)}`).toBe(200);
          const byId = await admin.get(`/api/v1/chart/${row.id}/data/`);
          expect(byId.status, `${row.slice_name}: ${JSON.stringify(byId.body)}`).toBe(200);
        }
      }
    });

    it('refuses the same bundle again: already exists, in Superset’s shape', async () => {
      const res = await postImport(admin, 'dashboard', SALES_ZIP);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        commandError('dashboard', {
          'dashboards/Sales_Dashboard.yaml':
            'Dashboard already exists and `overwrite=true` was not passed',
        }),
      );
    });

    it('writes over it with overwrite=true, without duplicates', async () => {
      await db()
        .updateTable('dashboards')
        .set({ dashboard_title: 'Renamed' })
        .where('id', '=', dashboardId)
        .execute();
      const res = await postImport(admin, 'dashboard', SALES_ZIP, { overwrite: 'true' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const dashboards = await db()
        .selectFrom('dashboards')
        .select(['id', 'dashboard_title'])
        .where('uuid', '=', SALES_DASHBOARD_UUID)
        .execute();
      expect(dashboards).toEqual([{ id: dashboardId, dashboard_title: 'Sales Dashboard' }]);
      const charts = await db()
        .selectFrom('slices')
        .select(['id', 'uuid'])
        .where('uuid', 'in', [...chartIds.keys()])
        .execute();
      expect(new Map(charts.map((c) => [c.uuid, c.id]))).toEqual(chartIds);
      const links = await db()
        .selectFrom('dashboard_slices')
        .select('slice_id')
        .where('dashboard_id', '=', dashboardId)
        .execute();
      expect(links).toHaveLength(10);
      const owners = await db()
        .selectFrom('dashboard_user')
        .select('user_id')
        .where('dashboard_id', '=', dashboardId)
        .execute();
      expect(owners).toHaveLength(1);
      expect(
        (
          await db()
            .selectFrom('tables')
            .select('id')
            .where('table_name', '=', 'cleaned_sales_data')
            .execute()
        ).length,
      ).toBe(1);
    });

    it('answers the type Superset expects when the bundle is of another kind', async () => {
      const res = await postImport(admin, 'dataset', SALES_ZIP);
      expect(res.status).toBe(422);
      const error = (res.body as ReturnType<typeof commandError>).errors[0]!;
      expect(error.message).toBe('Error importing dataset');
      expect(error.extra['metadata.yaml']).toEqual({ type: ['Must be equal to SqlaTable.'] });
      expect(error.extra.issue_codes).toEqual([ISSUE]);
    });
  });

  it('imports the featured charts: a new virtual dataset on the examples, 24 charts', async () => {
    const res = await postImport(admin, 'dashboard', FEATURED_ZIP);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const hierarchy = await db()
      .selectFrom('tables')
      .select(['id', 'sql', 'database_id'])
      .where('uuid', '=', HIERARCHY_DATASET_UUID)
      .executeTakeFirstOrThrow();
    expect(hierarchy.sql).toMatch(/^SELECT/);
    const examples = await db()
      .selectFrom('dbs')
      .select('id')
      .where('uuid', '=', EXAMPLES_DATABASE_UUID)
      .executeTakeFirstOrThrow();
    expect(hierarchy.database_id).toBe(examples.id);
    const perm = await db()
      .selectFrom('ab_view_menu')
      .select('name')
      .where('name', '=', `[examples].[hierarchical_dataset](id:${hierarchy.id})`)
      .executeTakeFirst();
    expect(perm).toBeDefined();
    const samples = await admin.post(
      `/datasource/samples?datasource_type=table&datasource_id=${hierarchy.id}`,
    );
    expect(samples.status, JSON.stringify(samples.body)).toBe(200);
    const dashboard = await admin.get<{ result: Array<unknown> }>(
      '/api/v1/dashboard/?q=(filters:!((col:dashboard_title,opr:eq,value:%27Featured%20Charts%27)))',
    );
    expect(dashboard.status).toBe(200);
    const charts = await db()
      .selectFrom('slices as s')
      .innerJoin('dashboard_slices as ds', 'ds.slice_id', 's.id')
      .innerJoin('dashboards as d', 'd.id', 'ds.dashboard_id')
      .select('s.id')
      .where('d.dashboard_title', '=', 'Featured Charts')
      .execute();
    expect(charts).toHaveLength(24);
    const rows = await db()
      .selectFrom('slices')
      .select(['slice_name', 'viz_type', 'params', 'datasource_id'])
      .where(
        'id',
        'in',
        charts.map((c) => c.id),
      )
      .execute();
    // Each chart as the browser draws it: its chart type's query from the stored params, then
    // its props from the answer (the raw-mode table and the bubble chart included).
    const datasets = new Map<number, ExploreDatasource>();
    for (const row of rows) {
      const params = JSON.parse(row.params!) as QueryFormData;
      const plugin = chartRegistry.get(row.viz_type!);
      expect(plugin, row.viz_type!).toBeDefined();
      const data = await admin.post<{ result: ChartDataResult[] }>(
        '/api/v1/chart/data',
        plugin!.buildQuery(params),
      );
      expect(data.status, `${row.slice_name}: ${JSON.stringify(data.body)}`).toBe(200);
      const id = row.datasource_id!;
      if (!datasets.has(id)) {
        const explore = await admin.get<{ result: { dataset: ExploreDatasource } }>(
          `/api/v1/explore/?datasource_id=${id}&datasource_type=table`,
        );
        datasets.set(id, explore.body.result.dataset);
      }
      expect(() =>
        plugin!.transformProps({
          width: 400,
          height: 300,
          formData: params,
          queriesData: data.body.result,
          datasource: datasets.get(id)!,
          hooks: {},
        }),
      ).not.toThrow();
    }
  });

  describe('databases', () => {
    const pgYaml = (name: string, uuid: string, uri: string, more = '') => `database_name: ${name}
sqlalchemy_uri: ${uri}
expose_in_sqllab: true
allow_csv_upload: true
extra:
  allows_virtual_table_explore: true
uuid: ${uuid}
version: 1.0.0
${more}`;

    it('asks for the password of a masked URI, then stores it encrypted', async () => {
      const uuid = '11111111-2222-3333-4444-555555555555';
      const zip = await bundle('Database', {
        'databases/warehouse.yaml': pgYaml(
          'warehouse',
          uuid,
          'postgresql://reader:XXXXXXXXXX@db.example.com:5432/warehouse',
        ),
      });
      const first = await postImport(admin, 'database', zip);
      expect(first.status).toBe(422);
      expect(first.body).toEqual(
        commandError('database', {
          'databases/warehouse.yaml': { _schema: ['Must provide a password for the database'] },
        }),
      );
      const second = await postImport(admin, 'database', zip, {
        passwords: JSON.stringify({ 'databases/warehouse.yaml': 's3cret' }),
      });
      expect(second.status, JSON.stringify(second.body)).toBe(200);
      const row = await db()
        .selectFrom('dbs')
        .selectAll()
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      expect(row.sqlalchemy_uri).toBe(
        'postgresql://reader:XXXXXXXXXX@db.example.com:5432/warehouse',
      );
      expect(row.password).toBeTruthy();
      expect(row.password).not.toContain('s3cret');
      expect(row.allow_file_upload === true || row.allow_file_upload === 1).toBe(true);
      expect(JSON.parse(row.extra!)).toEqual({ allows_virtual_table_explore: true });
      const perm = await db()
        .selectFrom('ab_view_menu')
        .select('name')
        .where('name', '=', `[warehouse].(id:${row.id})`)
        .executeTakeFirst();
      expect(perm).toBeDefined();
      // Again: it exists now, so no password is asked, only overwrite.
      const again = await postImport(admin, 'database', zip);
      expect(again.body).toEqual(
        commandError('database', {
          'databases/warehouse.yaml': 'Database already exists and `overwrite=true` was not passed',
        }),
      );
      const renamed = await bundle('Database', {
        'databases/warehouse.yaml': pgYaml(
          'warehouse2',
          uuid,
          'postgresql://reader:XXXXXXXXXX@db.example.com:5432/warehouse',
        ),
      });
      const over = await postImport(admin, 'database', renamed, { overwrite: 'true' });
      expect(over.status, JSON.stringify(over.body)).toBe(200);
      const after = await db()
        .selectFrom('dbs')
        .select(['id', 'database_name', 'password'])
        .where('uuid', '=', uuid)
        .executeTakeFirstOrThrow();
      expect(after).toEqual({ id: row.id, database_name: 'warehouse2', password: row.password });
    });

    it('maps the examples placeholder onto the examples database, never a second one', async () => {
      const zip = await bundle('Database', { 'databases/examples.yaml': EXAMPLES_DB_YAML });
      const res = await postImport(admin, 'database', zip);
      expect(res.body).toEqual(
        commandError('database', {
          'databases/examples.yaml': 'Database already exists and `overwrite=true` was not passed',
        }),
      );
      const over = await postImport(admin, 'database', zip, { overwrite: 'true' });
      expect(over.status, JSON.stringify(over.body)).toBe(200);
      const rows = await db()
        .selectFrom('dbs')
        .select(['sqlalchemy_uri'])
        .where('database_name', '=', 'examples')
        .execute();
      expect(rows).toEqual([{ sqlalchemy_uri: 'duckdb:///examples.duckdb' }]);
    });

    it('applies the checks of creating a database: drivers, the app’s own files, SSH tunnels', async () => {
      const zip = await bundle('Database', {
        'databases/a.yaml': pgYaml('a', '21111111-2222-3333-4444-555555555555', 'mssql://u@h/db'),
        'databases/b.yaml': pgYaml(
          'b',
          '31111111-2222-3333-4444-555555555555',
          `duckdb:///${path.join(server.dataDir, SECRET_KEY_FILE)}`,
        ),
        'databases/c.yaml': pgYaml(
          'c',
          '41111111-2222-3333-4444-555555555555',
          'postgresql://u@h/db',
          'ssh_tunnel:\n  server_address: bastion\n  server_port: 22\n  username: me\n',
        ),
        'databases/d.yaml': pgYaml(
          'examples',
          '51111111-2222-3333-4444-555555555555',
          'postgresql://u@h/db',
        ),
      });
      const res = await postImport(admin, 'database', zip);
      expect(res.status).toBe(422);
      const extra = (res.body as ReturnType<typeof commandError>).errors[0]!.extra;
      expect(extra['databases/a.yaml']).toEqual({
        sqlalchemy_uri: ['Could not load database driver: mssql'],
      });
      expect(extra['databases/b.yaml']).toEqual({
        sqlalchemy_uri: [
          "This file is the application's own store and cannot be used as a database",
        ],
      });
      expect(extra['databases/c.yaml']).toEqual({
        ssh_tunnel: ['SSH tunnels are not supported: remove ssh_tunnel from the database file'],
      });
      expect(extra['databases/d.yaml']).toEqual({
        database_name: ['A database with the same name already exists.'],
      });
      expect(
        await db()
          .selectFrom('dbs')
          .select('id')
          .where('database_name', 'in', ['a', 'b', 'c'])
          .execute(),
      ).toEqual([]);
    });
  });

  describe('datasets and charts', () => {
    const DATASET_UUID = '61111111-2222-3333-4444-555555555555';
    const CHART_UUID = '71111111-2222-3333-4444-555555555555';

    it('imports a virtual dataset with its columns and metrics, then overwrites it', async () => {
      const zip = await bundle('SqlaTable', {
        'databases/examples.yaml': EXAMPLES_DB_YAML,
        'datasets/examples/pairs.yaml': virtualDatasetYaml(DATASET_UUID, 'pairs'),
      });
      const res = await postImport(admin, 'dataset', zip);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const ds = await db()
        .selectFrom('tables')
        .selectAll()
        .where('uuid', '=', DATASET_UUID)
        .executeTakeFirstOrThrow();
      expect(ds.table_name).toBe('pairs');
      const names = async (table: 'table_columns' | 'sql_metrics') =>
        (await db().selectFrom(table).selectAll().where('table_id', '=', ds.id).execute()).map(
          (r) => ('column_name' in r ? r.column_name : r.metric_name),
        );
      expect(await names('table_columns')).toEqual(['id', 'label']);
      expect(await names('sql_metrics')).toEqual(['total']);
      const owners = await db()
        .selectFrom('sqlatable_user')
        .select('user_id')
        .where('table_id', '=', ds.id)
        .execute();
      expect(owners).toHaveLength(1);
      const got = await admin.get<{ result: { database: { id: number } } }>(
        `/api/v1/dataset/${ds.id}`,
      );
      expect(got.status).toBe(200);

      const again = await postImport(admin, 'dataset', zip);
      expect(again.body).toEqual(
        commandError('dataset', {
          'datasets/examples/pairs.yaml':
            'Dataset already exists and `overwrite=true` was not passed',
        }),
      );
      const changed = await bundle('SqlaTable', {
        'databases/examples.yaml': EXAMPLES_DB_YAML,
        'datasets/examples/pairs.yaml': virtualDatasetYaml(
          DATASET_UUID,
          'pairs',
          '- column_name: twice\n  expression: id * 2\n  type: INTEGER\n',
        ),
      });
      const over = await postImport(admin, 'dataset', changed, { overwrite: 'true' });
      expect(over.status, JSON.stringify(over.body)).toBe(200);
      expect(await names('table_columns')).toEqual(['id', 'label', 'twice']);
      expect(
        (await db().selectFrom('tables').select('id').where('uuid', '=', DATASET_UUID).execute())
          .length,
      ).toBe(1);
    });

    it('imports a chart onto its dataset, its params on the new ids', async () => {
      const zip = await bundle('Slice', {
        'databases/examples.yaml': EXAMPLES_DB_YAML,
        'datasets/examples/pairs.yaml': virtualDatasetYaml(DATASET_UUID, 'pairs'),
        'charts/Pairs.yaml': `slice_name: Pairs
viz_type: table
params:
  datasource: 99__table
  viz_type: table
  metrics: [total]
  groupby: [label]
  row_limit: 10
  slice_id: 1234
query_context: null
cache_timeout: null
uuid: ${CHART_UUID}
dataset_uuid: ${DATASET_UUID}
version: 1.0.0
`,
      });
      const res = await postImport(admin, 'chart', zip);
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      const dataset = await db()
        .selectFrom('tables')
        .select('id')
        .where('uuid', '=', DATASET_UUID)
        .executeTakeFirstOrThrow();
      const chart = await db()
        .selectFrom('slices')
        .selectAll()
        .where('uuid', '=', CHART_UUID)
        .executeTakeFirstOrThrow();
      expect(chart.datasource_id).toBe(dataset.id);
      const params = JSON.parse(chart.params!) as Record<string, unknown>;
      expect(params).toMatchObject({ datasource: `${dataset.id}__table`, slice_id: chart.id });
      // The dataset was related here: used as it is (it still has the overwrite's column).
      const columns = await db()
        .selectFrom('table_columns')
        .select('column_name')
        .where('table_id', '=', dataset.id)
        .execute();
      expect(columns.map((c) => c.column_name)).toContain('twice');
      const data = await admin.post(
        '/api/v1/chart/data',
        legacyQueryContext(params, dataset.id, {}),
      );
      expect(data.status, JSON.stringify(data.body)).toBe(200);
      const again = await postImport(admin, 'chart', zip);
      expect(again.body).toEqual(
        commandError('chart', {
          'charts/Pairs.yaml': 'Chart already exists and `overwrite=true` was not passed',
        }),
      );
      expect((await postImport(admin, 'chart', zip, { overwrite: 'true' })).status).toBe(200);
    });

    it('reports files that do not pass the schemas with Superset’s field messages', async () => {
      const zip = await bundle('Slice', {
        'charts/Broken.yaml': `viz_type: table\nuuid: not-a-uuid\nversion: 1.0.0\ndataset_uuid: ${DATASET_UUID}\nextra_key: tolerated\n`,
        'charts/NotYaml.yaml': 'slice_name: [unclosed\n',
        'charts/Orphan.yaml': `slice_name: Orphan\nviz_type: table\nuuid: 81111111-2222-3333-4444-555555555555\nversion: 1.0.0\ndataset_uuid: 91111111-2222-3333-4444-555555555555\n`,
      });
      const res = await postImport(admin, 'chart', zip);
      expect(res.status).toBe(422);
      expect(res.body).toEqual(
        commandError('chart', {
          'charts/Broken.yaml': {
            slice_name: ['Missing data for required field.'],
            uuid: ['Not a valid UUID.'],
          },
          'charts/NotYaml.yaml': 'Not a valid YAML file',
          'charts/Orphan.yaml': {
            dataset_uuid: [
              'Dataset 91111111-2222-3333-4444-555555555555 is neither in the bundle nor on this server',
            ],
          },
        }),
      );
    });
  });

  describe('uploads that cannot be read', () => {
    it('answers 400 for a multipart body without its boundary, or cut short', async () => {
      for (const [contentType, body] of [
        ['multipart/form-data', 'formData=x'],
        [
          'multipart/form-data; boundary=XYZ',
          '--XYZ\r\nContent-Disposition: form-data; name="formData"',
        ],
      ] as const) {
        const res = await admin.request<{ message: string }>(
          'POST',
          '/api/v1/dashboard/import/',
          body,
          { 'content-type': contentType },
        );
        expect(res.status, JSON.stringify(res.body)).toBe(400);
        expect(res.body.message).toMatch(/^The upload could not be read: /);
      }
    });

    it('answers 400 for a missing file, a file that is not a ZIP, no YAML, unsafe names', async () => {
      const none = await postImport(admin, 'dashboard', null);
      expect(none).toEqual({
        status: 400,
        body: { message: { formData: ['Missing data for required field.'] } },
      });
      const text = await postImport(
        admin,
        'dashboard',
        new TextEncoder().encode('hello, not a zip'),
      );
      expect(text).toEqual({ status: 400, body: { message: 'Not a ZIP file' } });
      const empty = new JSZip();
      empty.file('readme.txt', 'nothing here');
      const noYaml = await postImport(
        admin,
        'dashboard',
        await empty.generateAsync({ type: 'uint8array' }),
      );
      expect(noYaml).toEqual({
        status: 400,
        body: { message: 'No valid import files were found' },
      });
      const evil = new JSZip();
      evil.file('export/metadata.yaml', 'version: 1.0.0\ntype: Dashboard\n');
      evil.file('../../etc/evil.yaml', 'x: 1\n');
      const traversal = await postImport(
        admin,
        'dashboard',
        await evil.generateAsync({ type: 'uint8array' }),
      );
      expect(traversal.status).toBe(400);
      expect(traversal.body.message).toMatch(/^The bundle has a file name with a relative segment/);
      const badPasswords = await postImport(admin, 'dashboard', SALES_ZIP, { passwords: '{nope' });
      expect(badPasswords).toEqual({
        status: 400,
        body: { message: { passwords: ['Not valid JSON'] } },
      });
    });

    it('refuses a bundle that decompresses beyond the limits (400)', async () => {
      const bomb = new JSZip();
      bomb.file('export/metadata.yaml', 'version: 1.0.0\ntype: Dashboard\n');
      bomb.file('export/charts/huge.yaml', `x: "${' '.repeat(21 * 1024 * 1024)}"\n`);
      const zip = await bomb.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
      expect(zip.length).toBeLessThan(1024 * 1024);
      const res = await postImport(admin, 'dashboard', zip);
      expect(res).toEqual({
        status: 400,
        body: { message: 'charts/huge.yaml is larger than the limit of 4 MB' },
      });
    });

    it('answers Superset’s "no valid command" when metadata.yaml is missing or of another version', async () => {
      const zip = new JSZip();
      zip.file('export/charts/a.yaml', 'slice_name: a\n');
      const res = await postImport(admin, 'chart', await zip.generateAsync({ type: 'uint8array' }));
      expect(res.status).toBe(422);
      expect((res.body as ReturnType<typeof commandError>).errors[0]).toMatchObject({
        message: 'Could not find a valid command to import file',
        extra: { 'metadata.yaml': 'Missing metadata.yaml', issue_codes: [ISSUE] },
      });
    });
  });

  describe('permissions', () => {
    it('needs can_write on the kind: 403 for a Gamma user on databases and datasets', async () => {
      const zip = await bundle('Database', { 'databases/examples.yaml': EXAMPLES_DB_YAML });
      expect((await postImport(gamma, 'database', zip)).status).toBe(403);
      expect((await postImport(gamma, 'dataset', zip)).status).toBe(403);
      const anonymous = new ApiClient(server.baseUrl);
      expect((await postImport(anonymous, 'dashboard', SALES_ZIP)).status).toBe(401);
    });

    it('does not let a Gamma user create what it may not, nor use data it may not read', async () => {
      const zip = await bundle('Slice', {
        'databases/examples.yaml': EXAMPLES_DB_YAML,
        'datasets/examples/other.yaml': virtualDatasetYaml(
          'a1111111-2222-3333-4444-555555555555',
          'other',
        ),
        'charts/Other.yaml': `slice_name: Other\nviz_type: table\nparams: {}\nuuid: b1111111-2222-3333-4444-555555555555\nversion: 1.0.0\ndataset_uuid: a1111111-2222-3333-4444-555555555555\n`,
      });
      const res = await postImport(gamma, 'chart', zip);
      expect(res.status).toBe(422);
      expect((res.body as ReturnType<typeof commandError>).errors[0]!.extra).toEqual({
        'datasets/examples/other.yaml':
          "Dataset doesn't exist and user doesn't have permission to create datasets",
        issue_codes: [ISSUE],
      });
      const overwrite = await postImport(gamma, 'dashboard', SALES_ZIP, { overwrite: 'true' });
      expect(overwrite.status).toBe(422);
      expect((overwrite.body as ReturnType<typeof commandError>).errors[0]!.extra).toMatchObject({
        'dashboards/Sales_Dashboard.yaml':
          "A dashboard already exists and user doesn't have permissions to overwrite it",
      });
    });
  });
});
