import JSZip from 'jszip';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  bundleFiles,
  bundleZip,
  chartContent,
  databaseContent,
  datasetContent,
  defaultPosition,
  exportBundle,
  exportFileStem,
  exportRoot,
  metadataForExport,
  nativeFilterDatasetIds,
  positionForExport,
  pythonIsoTimestamp,
  savedQueryContent,
  savedQueryFolder,
  savedQueryStem,
  secureFilename,
  toYaml,
  type ChartExport,
  type DashboardExport,
  type DatabaseExport,
  type DatasetExport,
  type ExportSet,
  type SavedQueryExport,
} from './bundle.js';

const NOW = new Date('2024-03-05T06:07:08.009Z');

const database = (over: Partial<DatabaseExport> = {}): DatabaseExport => ({
  id: 1,
  uuid: 'db-uuid-1',
  database_name: 'examples',
  sqlalchemy_uri: 'postgresql://user:XXXXXXXXXX@host:5432/db',
  cache_timeout: null,
  expose_in_sqllab: true,
  allow_run_async: false,
  allow_ctas: false,
  allow_cvas: false,
  allow_dml: false,
  allow_file_upload: false,
  extra: '{"allows_virtual_table_explore": true}',
  ...over,
});

const dataset = (over: Partial<DatasetExport> = {}): DatasetExport => ({
  id: 10,
  uuid: 'ds-uuid-10',
  database_id: 1,
  table_name: 'sales',
  main_dttm_col: 'order_date',
  description: null,
  default_endpoint: null,
  offset: 0,
  cache_timeout: null,
  catalog: null,
  schema: 'public',
  sql: null,
  template_params: null,
  filter_select_enabled: true,
  fetch_values_predicate: null,
  extra: null,
  normalize_columns: false,
  always_filter_main_dttm: false,
  columns: [
    {
      column_name: 'order_date',
      verbose_name: null,
      is_dttm: true,
      is_active: true,
      type: 'TIMESTAMP WITHOUT TIME ZONE',
      advanced_data_type: null,
      groupby: true,
      filterable: true,
      expression: null,
      description: null,
      python_date_format: null,
      extra: '{"warning_markdown": null}',
    },
  ],
  metrics: [
    {
      metric_name: 'count',
      verbose_name: 'COUNT(*)',
      metric_type: 'count',
      expression: 'COUNT(*)',
      description: null,
      d3format: null,
      currency: '{"symbol": "EUR", "symbolPosition": "suffix"}',
      extra: null,
      warning_text: null,
    },
  ],
  ...over,
});

const chart = (over: Partial<ChartExport> = {}): ChartExport => ({
  id: 100,
  uuid: 'chart-uuid-100',
  slice_name: 'Quarterly Sales (By Product Line)',
  description: null,
  certified_by: null,
  certification_details: null,
  viz_type: 'table',
  params: '{"viz_type": "table", "datasource": "10__table", "slice_id": 100}',
  query_context: '{"datasource": {"id": 10, "type": "table"}}',
  cache_timeout: null,
  dataset_id: 10,
  ...over,
});

const dashboard = (over: Partial<DashboardExport> = {}): DashboardExport => ({
  id: 7,
  uuid: 'dash-uuid-7',
  dashboard_title: 'Sales Dashboard',
  description: null,
  css: '',
  slug: null,
  certified_by: '',
  certification_details: '',
  published: true,
  position_json: JSON.stringify({
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { id: 'ROOT_ID', type: 'ROOT', children: ['GRID_ID'] },
    GRID_ID: { id: 'GRID_ID', type: 'GRID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': { id: 'ROW-1', type: 'ROW', children: ['CHART-a'], parents: ['ROOT_ID', 'GRID_ID'] },
    'CHART-a': {
      id: 'CHART-a',
      type: 'CHART',
      children: [],
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'],
      meta: { chartId: 100, width: 4, height: 50 },
    },
  }),
  json_metadata: JSON.stringify({
    color_scheme: 'supersetColors',
    native_filter_configuration: [
      {
        id: 'NATIVE_FILTER-1',
        name: 'Region',
        targets: [{ datasetId: 10, column: { name: 'region' } }],
        chartsInScope: [100],
      },
    ],
  }),
  chart_ids: [100],
  ...over,
});

const savedQuery = (over: Partial<SavedQueryExport> = {}): SavedQueryExport => ({
  id: 3,
  uuid: '0b9e6f1c-2f53-4d5e-9a55-1b2c3d4e5f60',
  database_id: 1,
  catalog: null,
  schema: 'public',
  label: 'Top customers (2024)',
  description: 'Who bought most',
  sql: 'SELECT name, SUM(amount) FROM orders GROUP BY 1',
  ...over,
});

function set(over: Partial<ExportSet>): ExportSet {
  return {
    kind: 'dashboard',
    roots: [],
    dashboards: new Map(),
    charts: new Map(),
    datasets: new Map(),
    databases: new Map(),
    savedQueries: new Map(),
    ...over,
  };
}

const mapOf = <T extends { id: number }>(...items: T[]) => new Map(items.map((i) => [i.id, i]));

describe('secureFilename', () => {
  it("names files as Werkzeug's secure_filename does", () => {
    expect(secureFilename('Quarterly Sales (By Product Line)')).toBe(
      'Quarterly_Sales_By_Product_Line',
    );
    expect(secureFilename('Vaccine Candidates per Country & Stage')).toBe(
      'Vaccine_Candidates_per_Country__Stage',
    );
    expect(secureFilename('  spaced \t out  ')).toBe('spaced_out');
    expect(secureFilename('Ünïcödé Straße')).toBe('Unicode_Strae');
    expect(secureFilename('My cool movie.mov')).toBe('My_cool_movie.mov');
    expect(secureFilename('🚗 Vehicle Sales 🏍')).toBe('Vehicle_Sales');
  });

  it('never leaves a path separator or a traversal', () => {
    expect(secureFilename('../../../etc/passwd')).toBe('etc_passwd');
    expect(secureFilename('..')).toBe('');
    expect(secureFilename('a/b\\c')).toBe('a_b_c');
    expect(secureFilename('C:\\Windows\\system32')).toBe('C_Windows_system32');
    expect(secureFilename('._hidden_.')).toBe('hidden');
    for (const name of ['../x', '/abs', 'a/../../b', '\\\\share\\x', '....//....//x']) {
      const safe = secureFilename(name);
      expect(safe).not.toMatch(/[/\\]/);
      expect(safe.startsWith('.')).toBe(false);
    }
  });

  it("appends the id as Superset's get_filename does, the id alone when nothing is left", () => {
    expect(exportFileStem('Sales Dashboard', 9)).toBe('Sales_Dashboard_9');
    expect(exportFileStem('examples', 1, true)).toBe('examples');
    expect(exportFileStem('🚗', 12)).toBe('12');
    expect(exportFileStem('..', 3, true)).toBe('3');
  });
});

describe('names and stamps', () => {
  it("stamps the root folder and metadata like Superset's export", () => {
    expect(exportRoot('dashboard', NOW)).toBe('dashboard_export_20240305T060708');
    expect(exportRoot('database', NOW)).toBe('database_export_20240305T060708');
    expect(pythonIsoTimestamp(NOW)).toBe('2024-03-05T06:07:08.009000+00:00');
  });
});

describe('toYaml', () => {
  it('writes block style with list items at their key, no folding, 1.1 look-alikes quoted', () => {
    const long = 'word '.repeat(60).trim();
    const text = toYaml({
      version: '1.0.0',
      timestamp: '2024-01-01T00:00:00+00:00',
      flags: ['yes', 'on', 'no', 'y'],
      time: '1:20',
      nothing: null,
      empty: {},
      metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
      long,
    });
    expect(text).toContain("timestamp: '2024-01-01T00:00:00+00:00'\n");
    expect(text).toContain("flags:\n- 'yes'\n- 'on'\n- 'no'\n- 'y'\n");
    expect(text).toContain("time: '1:20'\n");
    expect(text).toContain('nothing: null\n');
    expect(text).toContain('empty: {}\n');
    expect(text).toContain('metrics:\n- metric_name: count\n  expression: COUNT(*)\n');
    expect(text).toContain(`long: ${long}\n`);
    expect(parse(text, { version: '1.1' })).toMatchObject({ flags: ['yes', 'on', 'no', 'y'] });
  });
});

describe('dashboard layout and metadata', () => {
  const charts = [
    { id: 100, uuid: 'u-100', slice_name: 'One' },
    { id: 101, uuid: 'u-101', slice_name: 'Two' },
  ];
  const uuidOf = (id: number) => charts.find((c) => c.id === id)?.uuid;

  it('fills in each chart' + "'s uuid and appends charts the layout does not show", () => {
    const position = JSON.parse(dashboard().position_json!) as Record<string, unknown>;
    position['CHART-gone'] = { id: 'CHART-gone', type: 'CHART', meta: { chartId: 5, uuid: 'x' } };
    const out = positionForExport(position, charts, uuidOf) as Record<
      string,
      { meta?: Record<string, unknown>; children?: string[]; parents?: string[] }
    >;
    expect(out['CHART-a']!.meta).toEqual({ chartId: 100, width: 4, height: 50, uuid: 'u-100' });
    expect(out['CHART-gone']!.meta).toEqual({ chartId: 5 });
    expect(out.GRID_ID!.children).toEqual(['ROW-1', 'ROW-N-1']);
    expect(out['ROW-N-1']).toEqual({
      children: ['CHART-u-101'],
      id: 'ROW-N-1',
      meta: { background: 'BACKGROUND_TRANSPARENT' },
      type: 'ROW',
      parents: ['ROOT_ID', 'GRID_ID'],
    });
    expect(out['CHART-u-101']).toEqual({
      children: [],
      id: 'CHART-u-101',
      meta: { chartId: 101, height: 50, sliceName: 'Two', uuid: 'u-101', width: 4 },
      type: 'CHART',
      parents: ['ROOT_ID', 'GRID_ID', 'ROW-N-1'],
    });
  });

  it('appends charts without a row when the layout has no grid', () => {
    const out = positionForExport(
      { ROOT_ID: { type: 'ROOT', children: ['TABS-1'] } },
      charts,
      uuidOf,
    );
    expect(Object.keys(out)).toEqual(['ROOT_ID', 'CHART-u-100', 'CHART-u-101']);
    expect(out['CHART-u-100']).not.toHaveProperty('parents');
  });

  it('gives native filter targets the dataset uuid and drops the id', () => {
    const metadata = JSON.parse(dashboard().json_metadata!) as Record<string, unknown>;
    (metadata.native_filter_configuration as unknown[]).push({
      id: 'NATIVE_FILTER-2',
      targets: [{ datasetId: 99, column: { name: 'x' } }, {}],
    });
    const out = metadataForExport(metadata, (id) => (id === 10 ? 'ds-10' : undefined));
    expect(out.native_filter_configuration).toEqual([
      {
        id: 'NATIVE_FILTER-1',
        name: 'Region',
        targets: [{ column: { name: 'region' }, datasetUuid: 'ds-10' }],
        chartsInScope: [100],
      },
      { id: 'NATIVE_FILTER-2', targets: [{ column: { name: 'x' } }, {}] },
    ]);
  });

  it('finds the datasets of native filters', () => {
    expect(nativeFilterDatasetIds(dashboard().json_metadata)).toEqual([10]);
    expect(nativeFilterDatasetIds('not json')).toEqual([]);
    expect(nativeFilterDatasetIds(null)).toEqual([]);
    expect(
      nativeFilterDatasetIds(
        JSON.stringify({
          native_filter_configuration: [
            { targets: [{ datasetId: 3 }, { datasetId: 3 }, { datasetId: '4' }] },
            { targets: [{ datasetId: 5 }] },
            'junk',
          ],
        }),
      ),
    ).toEqual([3, 5]);
  });

  it("uses Superset's default layout when there is none", () => {
    expect(defaultPosition('T')).toEqual({
      DASHBOARD_VERSION_KEY: 'v2',
      ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
      GRID_ID: { children: [], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
      HEADER_ID: { id: 'HEADER_ID', meta: { text: 'T' }, type: 'HEADER' },
    });
  });
});

describe('file contents', () => {
  it('writes a database with the password masked and nothing secret', () => {
    const out = databaseContent(
      database({ sqlalchemy_uri: 'postgresql://user:hunter2@host/db', extra: null }),
    );
    expect(Object.keys(out)).toEqual([
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
    ]);
    expect(out.sqlalchemy_uri).toBe('postgresql://user:XXXXXXXXXX@host/db');
    expect(out.extra).toEqual({});
    expect(databaseContent(database()).extra).toEqual({ allows_virtual_table_explore: true });
  });

  it("writes a dataset in Superset's field order, JSON fields decoded", () => {
    const out = datasetContent(dataset({ template_params: '{"a": 1}', extra: 'not json' }), 'db-u');
    expect(Object.keys(out)).toEqual([
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
    ]);
    expect(out).toMatchObject({
      template_params: { a: 1 },
      extra: 'not json',
      database_uuid: 'db-u',
      version: '1.0.0',
    });
    const [metric] = out.metrics as Array<Record<string, unknown>>;
    expect(Object.keys(metric!)).toEqual([
      'metric_name',
      'verbose_name',
      'metric_type',
      'expression',
      'description',
      'd3format',
      'currency',
      'extra',
      'warning_text',
    ]);
    expect(metric!.currency).toEqual({ symbol: 'EUR', symbolPosition: 'suffix' });
    const [column] = out.columns as Array<Record<string, unknown>>;
    expect(Object.keys(column!)).toEqual([
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
    ]);
    expect(column!.extra).toEqual({ warning_markdown: null });
  });

  it('writes a chart with its params decoded and its query context as text', () => {
    const out = chartContent(chart(), 'ds-u');
    expect(Object.keys(out)).toEqual([
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
    ]);
    expect(out.params).toEqual({ viz_type: 'table', datasource: '10__table', slice_id: 100 });
    expect(out.query_context).toBe('{"datasource": {"id": 10, "type": "table"}}');
    expect(chartContent(chart({ params: null }))).not.toHaveProperty('dataset_uuid');
    expect(chartContent(chart({ params: null })).params).toEqual({});
  });
});

describe('bundleFiles', () => {
  const full = (over: Partial<ExportSet> = {}) =>
    set({
      roots: [7],
      dashboards: mapOf(dashboard({ chart_ids: [100, 101] })),
      charts: mapOf(chart(), chart({ id: 101, uuid: 'chart-uuid-101', slice_name: 'Orphan' })),
      datasets: mapOf(dataset()),
      databases: mapOf(database()),
      ...over,
    });

  it("lists a dashboard's files in Superset's order, each once", () => {
    const files = bundleFiles(full(), NOW);
    expect([...files.keys()]).toEqual([
      'metadata.yaml',
      'dashboards/Sales_Dashboard_7.yaml',
      'charts/Quarterly_Sales_By_Product_Line_100.yaml',
      'datasets/examples/sales.yaml',
      'databases/examples.yaml',
      'charts/Orphan_101.yaml',
    ]);
    expect(parse(files.get('metadata.yaml')!)).toEqual({
      version: '1.0.0',
      type: 'Dashboard',
      timestamp: '2024-03-05T06:07:08.009000+00:00',
    });
    const board = parse(files.get('dashboards/Sales_Dashboard_7.yaml')!) as Record<string, unknown>;
    expect(Object.keys(board)).toEqual([
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
    ]);
    const position = board.position as Record<string, { meta: Record<string, unknown> }>;
    expect(position['CHART-a']!.meta.uuid).toBe('chart-uuid-100');
    expect(position['CHART-chart-uuid-101']!.meta.uuid).toBe('chart-uuid-101');
    const metadata = board.metadata as {
      native_filter_configuration: Array<{ targets: unknown[] }>;
    };
    expect(metadata.native_filter_configuration[0]!.targets).toEqual([
      { column: { name: 'region' }, datasetUuid: 'ds-uuid-10' },
    ]);
    const orphan = parse(files.get('charts/Orphan_101.yaml')!) as Record<string, unknown>;
    expect(orphan.dataset_uuid).toBe('ds-uuid-10');
    const ds = parse(files.get('datasets/examples/sales.yaml')!) as Record<string, unknown>;
    expect(ds.database_uuid).toBe('db-uuid-1');
  });

  it('writes the dataset of a native filter that no chart uses', () => {
    const files = bundleFiles(
      full({
        dashboards: mapOf(dashboard({ chart_ids: [] })),
        charts: new Map(),
      }),
      NOW,
    );
    expect([...files.keys()]).toEqual([
      'metadata.yaml',
      'dashboards/Sales_Dashboard_7.yaml',
      'datasets/examples/sales.yaml',
      'databases/examples.yaml',
    ]);
  });

  it('gives objects whose safe names meet their id rather than overwrite one another', () => {
    const files = bundleFiles(
      set({
        kind: 'dataset',
        roots: [10, 11, 12],
        datasets: mapOf(
          dataset(),
          dataset({ id: 11, uuid: 'ds-11', table_name: 'sales' }),
          dataset({ id: 12, uuid: 'ds-12', table_name: 'Sales', database_id: 2 }),
        ),
        databases: mapOf(database(), database({ id: 2, uuid: 'db-2', database_name: 'Examples' })),
      }),
      NOW,
    );
    expect([...files.keys()]).toEqual([
      'metadata.yaml',
      'datasets/examples/sales.yaml',
      'databases/examples.yaml',
      'datasets/examples/sales_11.yaml',
      'datasets/Examples_2/Sales.yaml',
      'databases/Examples_2.yaml',
    ]);
  });

  it("writes a database with its datasets, a chart with its dataset's", () => {
    const db = bundleFiles(
      set({
        kind: 'database',
        roots: [1],
        datasets: mapOf(dataset()),
        databases: mapOf(database()),
      }),
      NOW,
    );
    expect([...db.keys()]).toEqual([
      'metadata.yaml',
      'databases/examples.yaml',
      'datasets/examples/sales.yaml',
    ]);
    expect(parse(db.get('metadata.yaml')!).type).toBe('Database');
    const ch = bundleFiles(full({ kind: 'chart', roots: [101] }), NOW);
    expect([...ch.keys()]).toEqual([
      'metadata.yaml',
      'charts/Orphan_101.yaml',
      'datasets/examples/sales.yaml',
      'databases/examples.yaml',
    ]);
    expect(parse(ch.get('metadata.yaml')!).type).toBe('Slice');
  });

  it('writes a chart whose dataset is gone without dataset_uuid', () => {
    const files = bundleFiles(
      set({ kind: 'chart', roots: [100], charts: mapOf(chart({ dataset_id: 55 })) }),
      NOW,
    );
    expect([...files.keys()]).toEqual([
      'metadata.yaml',
      'charts/Quarterly_Sales_By_Product_Line_100.yaml',
    ]);
    expect(parse(files.get('charts/Quarterly_Sales_By_Product_Line_100.yaml')!)).not.toHaveProperty(
      'dataset_uuid',
    );
  });
});

describe('saved queries', () => {
  it("writes Superset's SavedQuery export fields, then version and database_uuid", () => {
    const out = savedQueryContent(savedQuery(), 'db-u');
    expect(Object.keys(out)).toEqual([
      'schema',
      'label',
      'description',
      'sql',
      'uuid',
      'version',
      'database_uuid',
    ]);
    expect(out).toEqual({
      schema: 'public',
      label: 'Top customers (2024)',
      description: 'Who bought most',
      sql: 'SELECT name, SUM(amount) FROM orders GROUP BY 1',
      uuid: '0b9e6f1c-2f53-4d5e-9a55-1b2c3d4e5f60',
      version: '1.0.0',
      database_uuid: 'db-u',
    });
    expect(savedQueryContent(savedQuery({ catalog: 'cat' }), 'db-u')).toMatchObject({
      catalog: 'cat',
    });
  });

  it("names files as Superset's ExportSavedQueriesCommand: database, schema, label", () => {
    expect(savedQueryFolder('examples', 'public')).toBe('queries/examples/public');
    expect(savedQueryFolder('examples', null)).toBe('queries/examples');
    expect(savedQueryFolder('examples', '')).toBe('queries/examples');
    expect(savedQueryFolder('examples', '../..')).toBe('queries/examples');
    expect(savedQueryFolder('examples', 'a/b')).toBe('queries/examples/a_b');
    expect(savedQueryStem(savedQuery())).toBe('Top_customers_2024');
    expect(savedQueryStem(savedQuery({ label: '../🚗' }))).toBe(
      '0b9e6f1c-2f53-4d5e-9a55-1b2c3d4e5f60',
    );
  });

  it('lists each query then its database, names that meet given the id', () => {
    const files = bundleFiles(
      set({
        kind: 'saved_query',
        roots: [3, 4, 5],
        savedQueries: mapOf(
          savedQuery(),
          savedQuery({ id: 4, uuid: 'u-4', label: 'Top customers 2024', schema: null }),
          savedQuery({ id: 5, uuid: 'u-5', label: 'Top customers (2024)!' }),
        ),
        databases: mapOf(database()),
      }),
      NOW,
    );
    expect([...files.keys()]).toEqual([
      'metadata.yaml',
      'queries/examples/public/Top_customers_2024.yaml',
      'databases/examples.yaml',
      'queries/examples/Top_customers_2024.yaml',
      'queries/examples/public/Top_customers_2024_5.yaml',
    ]);
    expect(parse(files.get('metadata.yaml')!)).toMatchObject({
      version: '1.0.0',
      type: 'SavedQuery',
    });
    const q = parse(files.get('queries/examples/Top_customers_2024.yaml')!) as Record<
      string,
      unknown
    >;
    expect(q).toMatchObject({ schema: null, uuid: 'u-4', database_uuid: 'db-uuid-1' });
    const db = parse(files.get('databases/examples.yaml')!) as Record<string, unknown>;
    expect(db.sqlalchemy_uri).toBe('postgresql://user:XXXXXXXXXX@host:5432/db');
  });

  it('leaves out a query whose database is not in the set', () => {
    const files = bundleFiles(
      set({ kind: 'saved_query', roots: [3], savedQueries: mapOf(savedQuery()) }),
      NOW,
    );
    expect([...files.keys()]).toEqual(['metadata.yaml']);
  });

  it('names the download saved_query_export_<stamp>.zip', async () => {
    const out = await exportBundle(
      set({
        kind: 'saved_query',
        roots: [3],
        savedQueries: mapOf(savedQuery()),
        databases: mapOf(database()),
      }),
      NOW,
    );
    expect(out.fileName).toBe('saved_query_export_20240305T060708.zip');
    const zip = await JSZip.loadAsync(out.body);
    expect(Object.keys(zip.files)).toEqual([
      'saved_query_export_20240305T060708/metadata.yaml',
      'saved_query_export_20240305T060708/queries/examples/public/Top_customers_2024.yaml',
      'saved_query_export_20240305T060708/databases/examples.yaml',
    ]);
  });
});

describe('the ZIP', () => {
  it('puts every file under the root folder, with no folder entries', async () => {
    const files = new Map([
      ['metadata.yaml', 'version: 1.0.0\n'],
      ['databases/examples.yaml', 'database_name: examples\n'],
    ]);
    const zip = await JSZip.loadAsync(await bundleZip('chart_export_x', files, NOW));
    expect(Object.keys(zip.files)).toEqual([
      'chart_export_x/metadata.yaml',
      'chart_export_x/databases/examples.yaml',
    ]);
    expect(await zip.file('chart_export_x/databases/examples.yaml')!.async('string')).toBe(
      'database_name: examples\n',
    );
  });

  it('names the download after its root folder', async () => {
    const out = await exportBundle(
      set({ kind: 'database', roots: [1], databases: mapOf(database()) }),
      NOW,
    );
    expect(out.fileName).toBe('database_export_20240305T060708.zip');
    const zip = await JSZip.loadAsync(out.body);
    expect(Object.keys(zip.files)).toEqual([
      'database_export_20240305T060708/metadata.yaml',
      'database_export_20240305T060708/databases/examples.yaml',
    ]);
  });
});
