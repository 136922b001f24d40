/**
 * Superset's v1 export bundle as pure functions: the objects of an export (loaded by
 * `collect.ts`) → the bundle's files (YAML, Superset's field names and order) → a ZIP whose
 * entries sit under one root folder, `<type>_export_<YYYYMMDDTHHMMSS>/`.
 *
 *     metadata.yaml                        version 1.0.0, type, timestamp
 *     databases/<database>.yaml            password masked, no encrypted extra
 *     datasets/<database>/<table>.yaml     columns, metrics, database_uuid
 *     charts/<slice_name>_<id>.yaml        params as a mapping, dataset_uuid
 *     dashboards/<title>_<id>.yaml         position with each chart's uuid, metadata with the
 *                                          native filters' datasetUuid
 *     queries/<database>/<schema>/<label>.yaml
 *                                          a saved query (no schema folder when it has none),
 *                                          database_uuid
 *
 * References between files are uuids; numeric ids inside params, positions and metadata are kept
 * as Superset keeps them (its importer remaps them).
 */
import JSZip from 'jszip';
import { stringify } from 'yaml';
import { maskUriPassword } from '../databases/uri.js';

/** The bundle format version Superset writes and reads (its EXPORT_VERSION). */
export const EXPORT_VERSION = '1.0.0';

export type ExportKind = 'dashboard' | 'chart' | 'dataset' | 'database' | 'saved_query';

/** `type` of metadata.yaml: the exported model's class name in Superset. */
export const EXPORT_MODEL_TYPES: Record<ExportKind, string> = {
  dashboard: 'Dashboard',
  chart: 'Slice',
  dataset: 'SqlaTable',
  database: 'Database',
  saved_query: 'SavedQuery',
};

export interface DatabaseExport {
  id: number;
  uuid: string;
  database_name: string;
  /** As stored: the password already replaced by the mask (masked again here all the same). */
  sqlalchemy_uri: string;
  cache_timeout: number | null;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_dml: boolean;
  allow_file_upload: boolean;
  /** JSON text. */
  extra: string | null;
}

export interface ColumnExport {
  column_name: string;
  verbose_name: string | null;
  is_dttm: boolean;
  is_active: boolean;
  type: string | null;
  advanced_data_type: string | null;
  groupby: boolean;
  filterable: boolean;
  expression: string | null;
  description: string | null;
  python_date_format: string | null;
  /** JSON text. */
  extra: string | null;
}

export interface MetricExport {
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  /** JSON text of `{symbol, symbolPosition}`, or a plain text. */
  currency: string | null;
  /** JSON text. */
  extra: string | null;
  warning_text: string | null;
}

export interface DatasetExport {
  id: number;
  uuid: string;
  database_id: number;
  table_name: string;
  main_dttm_col: string | null;
  description: string | null;
  default_endpoint: string | null;
  offset: number;
  cache_timeout: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string | null;
  /** JSON text. */
  template_params: string | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  /** JSON text. */
  extra: string | null;
  normalize_columns: boolean;
  always_filter_main_dttm: boolean;
  columns: ColumnExport[];
  metrics: MetricExport[];
}

export interface ChartExport {
  id: number;
  uuid: string;
  slice_name: string;
  description: string | null;
  certified_by: string | null;
  certification_details: string | null;
  viz_type: string | null;
  /** JSON text of the form data. */
  params: string | null;
  /** JSON text, exported as text (as Superset does). */
  query_context: string | null;
  cache_timeout: number | null;
  /** The dataset the chart is built on, when it is one (datasource type `table`). */
  dataset_id: number | null;
}

export interface DashboardExport {
  id: number;
  uuid: string;
  dashboard_title: string | null;
  description: string | null;
  css: string | null;
  slug: string | null;
  certified_by: string | null;
  certification_details: string | null;
  published: boolean;
  position_json: string | null;
  json_metadata: string | null;
  /** The dashboard's charts (its `dashboard_slices`). */
  chart_ids: number[];
}

export interface SavedQueryExport {
  id: number;
  uuid: string;
  database_id: number;
  catalog: string | null;
  schema: string | null;
  label: string;
  description: string | null;
  sql: string;
}

/**
 * What one export writes: the requested objects (`roots`, of `kind`) and everything they need,
 * by id. A dashboard needs its charts and its native filters' datasets; a chart its dataset; a
 * dataset its database; a saved query its database. A database export also carries the datasets
 * in `datasets` that are on it.
 */
export interface ExportSet {
  kind: ExportKind;
  roots: number[];
  dashboards: Map<number, DashboardExport>;
  charts: Map<number, ChartExport>;
  datasets: Map<number, DatasetExport>;
  databases: Map<number, DatabaseExport>;
  savedQueries: Map<number, SavedQueryExport>;
}

const ASCII_STRIP = /[^A-Za-z0-9_.-]/g;

/**
 * Werkzeug's `secure_filename`, as Superset names export files: accents decomposed and non-ASCII
 * dropped, path separators and runs of spaces turned into `_`, anything but letters, digits,
 * `_`, `.` and `-` removed, leading and trailing dots and underscores stripped. The result never
 * holds a separator and is never `.` or `..`; it may be empty.
 */
export function secureFilename(name: string): string {
  let spaced = '';
  for (const ch of name.normalize('NFKD')) {
    const code = ch.codePointAt(0)!;
    if (code > 0x7f) continue;
    // Separators become spaces; so do the ASCII characters Python's split() takes for spaces.
    spaced += ch === '/' || ch === '\\' || (code >= 0x1c && code <= 0x1f) ? ' ' : ch;
  }
  return spaced
    .split(/\s+/)
    .filter((w) => w !== '')
    .join('_')
    .replace(ASCII_STRIP, '')
    .replace(/^[._]+|[._]+$/g, '');
}

/** Superset's `get_filename`: the safe name, `_<id>` appended unless skipped; the id alone when empty. */
export function exportFileStem(name: string, id: number, skipId = false): string {
  const slug = secureFilename(name);
  if (!slug) return String(id);
  return skipId ? slug : `${slug}_${id}`;
}

/** `YYYYMMDDTHHMMSS` (UTC) of a date, as in the bundle's root folder and file name. */
export function exportStamp(now: Date): string {
  return now.toISOString().slice(0, 19).replace(/[-:]/g, '');
}

/** The root folder of a bundle (also its file name without `.zip`). */
export function exportRoot(kind: ExportKind, now: Date): string {
  return `${kind}_export_${exportStamp(now)}`;
}

/** Python's `datetime.now(tz=timezone.utc).isoformat()`: microseconds and `+00:00`. */
export function pythonIsoTimestamp(now: Date): string {
  const iso = now.toISOString(); // 2024-01-01T00:00:00.123Z
  return `${iso.slice(0, 23)}000+00:00`;
}

/**
 * YAML as Superset's `yaml.safe_dump(..., sort_keys=False)` writes it: block style, keys in
 * order, list items not indented under their key, no folding of long strings, and strings that a
 * YAML 1.1 reader (PyYAML) would take for another type (yes, on, 1:20, dates) quoted.
 */
export function toYaml(value: unknown): string {
  return stringify(value, {
    version: '1.1',
    lineWidth: 0,
    minContentWidth: 0,
    indentSeq: false,
    singleQuote: true,
  });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** JSON text → value, when it is valid JSON; otherwise undefined. */
function parseJson(text: string | null): unknown {
  if (text === null || text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** Superset's treatment of a JSON text field: decoded when it is valid JSON, else left as it is. */
function decodedOr(text: string | null): unknown {
  if (text === null || text === '') return text;
  const value = parseJson(text);
  return value === undefined ? text : value;
}

/** An object's JSON text decoded: the object, or null when blank, invalid or not an object. */
function jsonObject(text: string | null): Record<string, unknown> | null {
  const value = parseJson(text);
  return isPlainObject(value) ? value : null;
}

/** The dataset ids named by the targets of a dashboard's native filters (`datasetId`). */
export function nativeFilterDatasetIds(jsonMetadata: string | null): number[] {
  const filters = jsonObject(jsonMetadata)?.native_filter_configuration;
  if (!Array.isArray(filters)) return [];
  const ids: number[] = [];
  for (const filter of filters) {
    const targets = isPlainObject(filter) ? filter.targets : undefined;
    if (!Array.isArray(targets)) continue;
    for (const target of targets) {
      const id = isPlainObject(target) ? target.datasetId : undefined;
      if (typeof id === 'number' && Number.isInteger(id) && !ids.includes(id)) ids.push(id);
    }
  }
  return ids;
}

/**
 * The metadata with each native filter target's `datasetId` replaced by `datasetUuid` (a target
 * whose dataset is not in the bundle loses its id and gets no uuid, as in Superset). Chart ids
 * (`chartsInScope`, `timed_refresh_immune_slices`…) are kept. Changes the given (freshly
 * parsed) object and returns it.
 */
export function metadataForExport(
  metadata: Record<string, unknown>,
  datasetUuid: (id: number) => string | undefined,
): Record<string, unknown> {
  const filters = metadata.native_filter_configuration;
  if (!Array.isArray(filters)) return metadata;
  for (const filter of filters) {
    const targets = isPlainObject(filter) ? filter.targets : undefined;
    if (!Array.isArray(targets)) continue;
    for (const target of targets) {
      if (!isPlainObject(target) || !Object.hasOwn(target, 'datasetId')) continue;
      const id = target.datasetId;
      delete target.datasetId;
      const uuid = typeof id === 'number' ? datasetUuid(id) : undefined;
      if (uuid) target.datasetUuid = uuid;
    }
  }
  return metadata;
}

/** Superset's default layout of a dashboard without one: a header and an empty grid. */
export function defaultPosition(title: string): Record<string, unknown> {
  return {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { children: ['GRID_ID'], id: 'ROOT_ID', type: 'ROOT' },
    GRID_ID: { children: [], id: 'GRID_ID', parents: ['ROOT_ID'], type: 'GRID' },
    HEADER_ID: { id: 'HEADER_ID', meta: { text: title }, type: 'HEADER' },
  };
}

const DEFAULT_CHART_HEIGHT = 50;
const DEFAULT_CHART_WIDTH = 4;

/**
 * The layout with `meta.uuid` of every CHART component set from its `chartId` (a uuid that names
 * no chart of the bundle removed), and the charts
 * of the dashboard that no component shows appended (in a new row of the grid when there is
 * one), so that the importer, which finds a dashboard's charts through the layout, links them.
 * Changes the given (freshly parsed) layout and returns it.
 */
export function positionForExport(
  position: Record<string, unknown>,
  charts: Array<Pick<ChartExport, 'id' | 'uuid' | 'slice_name'>>,
  chartUuid: (id: number) => string | undefined,
): Record<string, unknown> {
  const known = new Set(charts.map((c) => c.uuid));
  const referenced = new Set<string>();
  for (const component of Object.values(position)) {
    if (!isPlainObject(component) || component.type !== 'CHART') continue;
    const meta = component.meta;
    if (!isPlainObject(meta)) continue;
    const uuid =
      (typeof meta.chartId === 'number' ? chartUuid(meta.chartId) : undefined) ??
      (typeof meta.uuid === 'string' && known.has(meta.uuid) ? meta.uuid : undefined);
    // A uuid naming no chart of the bundle would make the importer look for a chart it lacks.
    if (uuid) {
      meta.uuid = uuid;
      referenced.add(uuid);
    } else delete meta.uuid;
  }
  const orphans = charts.filter((c) => !referenced.has(c.uuid));
  if (!orphans.length) return position;

  const hashes = orphans.map((c) => `CHART-${c.uuid}`);
  const root = position.ROOT_ID;
  const grid = position.GRID_ID;
  let rowId: string | null = null;
  if (
    isPlainObject(root) &&
    Array.isArray(root.children) &&
    root.children.includes('GRID_ID') &&
    isPlainObject(grid) &&
    Array.isArray(grid.children)
  ) {
    rowId = `ROW-N-${grid.children.length}`;
    grid.children.push(rowId);
    position[rowId] = {
      children: hashes,
      id: rowId,
      meta: { background: 'BACKGROUND_TRANSPARENT' },
      type: 'ROW',
      parents: ['ROOT_ID', 'GRID_ID'],
    };
  }
  orphans.forEach((chart, i) => {
    const id = hashes[i]!;
    position[id] = {
      children: [],
      id,
      meta: {
        chartId: chart.id,
        height: DEFAULT_CHART_HEIGHT,
        sliceName: chart.slice_name,
        uuid: chart.uuid,
        width: DEFAULT_CHART_WIDTH,
      },
      type: 'CHART',
      ...(rowId && { parents: ['ROOT_ID', 'GRID_ID', rowId] }),
    };
  });
  return position;
}

/** The content of a database file. */
export function databaseContent(d: DatabaseExport): Record<string, unknown> {
  return {
    database_name: d.database_name,
    sqlalchemy_uri: maskUriPassword(d.sqlalchemy_uri),
    cache_timeout: d.cache_timeout,
    expose_in_sqllab: d.expose_in_sqllab,
    allow_run_async: d.allow_run_async,
    allow_ctas: d.allow_ctas,
    allow_cvas: d.allow_cvas,
    allow_dml: d.allow_dml,
    allow_file_upload: d.allow_file_upload,
    // Superset's importer wants a mapping here.
    extra: jsonObject(d.extra) ?? {},
    uuid: d.uuid,
    version: EXPORT_VERSION,
  };
}

/** The currency of a metric: `{symbol, symbolPosition}` decoded, other text as it is. */
function currencyOf(text: string | null): unknown {
  return jsonObject(text) ?? text;
}

/** The content of a dataset file. */
export function datasetContent(d: DatasetExport, databaseUuid: string): Record<string, unknown> {
  return {
    table_name: d.table_name,
    main_dttm_col: d.main_dttm_col,
    description: d.description,
    default_endpoint: d.default_endpoint,
    offset: d.offset,
    cache_timeout: d.cache_timeout,
    catalog: d.catalog,
    schema: d.schema,
    sql: d.sql,
    // Strata keeps no dataset `params` (Superset's free-form JSON field).
    params: null,
    template_params: decodedOr(d.template_params),
    filter_select_enabled: d.filter_select_enabled,
    fetch_values_predicate: d.fetch_values_predicate,
    extra: decodedOr(d.extra),
    normalize_columns: d.normalize_columns,
    always_filter_main_dttm: d.always_filter_main_dttm,
    uuid: d.uuid,
    metrics: d.metrics.map((m) => ({
      metric_name: m.metric_name,
      verbose_name: m.verbose_name,
      metric_type: m.metric_type,
      expression: m.expression,
      description: m.description,
      d3format: m.d3format,
      currency: currencyOf(m.currency),
      extra: decodedOr(m.extra),
      warning_text: m.warning_text,
    })),
    columns: d.columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: c.verbose_name,
      is_dttm: c.is_dttm,
      is_active: c.is_active,
      type: c.type,
      advanced_data_type: c.advanced_data_type,
      groupby: c.groupby,
      filterable: c.filterable,
      expression: c.expression,
      description: c.description,
      python_date_format: c.python_date_format,
      extra: decodedOr(c.extra),
    })),
    version: EXPORT_VERSION,
    database_uuid: databaseUuid,
  };
}

/**
 * The content of a chart file; `dataset_uuid` only when the chart's dataset is in the bundle.
 * Empty params are written as an empty mapping, which Superset's importer requires.
 */
export function chartContent(c: ChartExport, datasetUuid?: string): Record<string, unknown> {
  const params = c.params === null || c.params.trim() === '' ? {} : decodedOr(c.params);
  return {
    slice_name: c.slice_name,
    description: c.description,
    certified_by: c.certified_by,
    certification_details: c.certification_details,
    viz_type: c.viz_type,
    params,
    query_context: c.query_context,
    cache_timeout: c.cache_timeout,
    uuid: c.uuid,
    version: EXPORT_VERSION,
    ...(datasetUuid !== undefined && { dataset_uuid: datasetUuid }),
  };
}

/** The content of a dashboard file. */
export function dashboardContent(
  d: DashboardExport,
  charts: Array<Pick<ChartExport, 'id' | 'uuid' | 'slice_name'>>,
  chartUuid: (id: number) => string | undefined,
  datasetUuid: (id: number) => string | undefined,
): Record<string, unknown> {
  const title = d.dashboard_title ?? '';
  const stored = jsonObject(d.position_json);
  const position = positionForExport(
    stored && Object.keys(stored).length ? stored : defaultPosition(title),
    charts,
    chartUuid,
  );
  return {
    dashboard_title: title,
    description: d.description,
    css: d.css,
    slug: d.slug,
    certified_by: d.certified_by,
    certification_details: d.certification_details,
    published: d.published,
    uuid: d.uuid,
    position,
    metadata: metadataForExport(jsonObject(d.json_metadata) ?? {}, datasetUuid),
    version: EXPORT_VERSION,
  };
}

/**
 * The content of a saved query file: Superset's SavedQuery export fields (schema, label,
 * description, sql, uuid), then version and database_uuid. A catalog is written only when the
 * query has one (Superset 4.1 added the field).
 */
export function savedQueryContent(
  q: SavedQueryExport,
  databaseUuid: string,
): Record<string, unknown> {
  return {
    schema: q.schema,
    label: q.label,
    description: q.description,
    sql: q.sql,
    uuid: q.uuid,
    ...(q.catalog !== null && { catalog: q.catalog }),
    version: EXPORT_VERSION,
    database_uuid: databaseUuid,
  };
}

/**
 * The folder and stem of a saved query's file, as Superset's ExportSavedQueriesCommand names it:
 * `queries/<database>/<schema>/<label>`, without the schema folder when the query has no schema
 * (or one whose safe name is empty), the uuid when the label's safe name is empty. Each part is
 * a safe name on its own, so no part adds a folder.
 */
export function savedQueryFolder(databaseStem: string, schema: string | null): string {
  const schemaStem = schema === null ? '' : secureFilename(schema);
  return schemaStem ? `queries/${databaseStem}/${schemaStem}` : `queries/${databaseStem}`;
}

/** The stem of a saved query's file: its label's safe name, else its uuid. */
export function savedQueryStem(q: Pick<SavedQueryExport, 'label' | 'uuid'>): string {
  return secureFilename(q.label) || secureFilename(q.uuid) || 'query';
}

/** A name not yet in `used` (compared case-insensitively): `base`, else `base_<id>`, … */
function uniqueStem(base: string, id: number, used: Set<string>): string {
  let stem = base;
  while (used.has(stem.toLowerCase())) stem = `${stem}_${id}`;
  used.add(stem.toLowerCase());
  return stem;
}

/**
 * The bundle's files (paths relative to its root → YAML), metadata.yaml first, then each
 * requested object followed by what it needs, each file once, in Superset's order.
 */
export function bundleFiles(set: ExportSet, now: Date): Map<string, string> {
  const byId = <T extends { id: number }>(m: Map<number, T>) =>
    [...m.values()].sort((a, b) => a.id - b.id);

  // Databases are named without their id, datasets too (Superset's layout); two objects whose
  // safe names meet get their id appended rather than overwrite one another.
  const databaseStems = new Map<number, string>();
  const usedDatabases = new Set<string>();
  for (const d of byId(set.databases))
    databaseStems.set(
      d.id,
      uniqueStem(exportFileStem(d.database_name, d.id, true), d.id, usedDatabases),
    );
  const datasetPaths = new Map<number, string>();
  const usedDatasets = new Map<number, Set<string>>();
  for (const d of byId(set.datasets)) {
    const folder = databaseStems.get(d.database_id);
    if (folder === undefined) continue;
    const used = usedDatasets.get(d.database_id) ?? new Set<string>();
    usedDatasets.set(d.database_id, used);
    const stem = uniqueStem(exportFileStem(d.table_name, d.id, true), d.id, used);
    datasetPaths.set(d.id, `datasets/${folder}/${stem}.yaml`);
  }

  const files = new Map<string, string>();
  files.set(
    'metadata.yaml',
    toYaml({
      version: EXPORT_VERSION,
      type: EXPORT_MODEL_TYPES[set.kind],
      timestamp: pythonIsoTimestamp(now),
    }),
  );
  const add = (path: string, content: () => Record<string, unknown>) => {
    if (!files.has(path)) files.set(path, toYaml(content()));
  };

  const addDatabase = (id: number) => {
    const d = set.databases.get(id);
    if (d) add(`databases/${databaseStems.get(id)!}.yaml`, () => databaseContent(d));
  };
  const datasetUuid = (id: number) =>
    datasetPaths.has(id) ? set.datasets.get(id)?.uuid : undefined;
  const addDataset = (id: number, withDatabase = true) => {
    const d = set.datasets.get(id);
    const path = datasetPaths.get(id);
    const database = d && set.databases.get(d.database_id);
    if (!d || !path || !database) return;
    add(path, () => datasetContent(d, database.uuid));
    if (withDatabase) addDatabase(d.database_id);
  };
  const addChart = (id: number) => {
    const c = set.charts.get(id);
    if (!c) return;
    const dsUuid = c.dataset_id === null ? undefined : datasetUuid(c.dataset_id);
    add(`charts/${exportFileStem(c.slice_name, c.id)}.yaml`, () => chartContent(c, dsUuid));
    if (c.dataset_id !== null) addDataset(c.dataset_id);
  };
  const chartUuid = (id: number) => set.charts.get(id)?.uuid;
  const addDashboard = (id: number) => {
    const d = set.dashboards.get(id);
    if (!d) return;
    const charts = d.chart_ids.map((c) => set.charts.get(c)).filter((c) => c !== undefined);
    add(`dashboards/${exportFileStem(d.dashboard_title ?? '', d.id)}.yaml`, () =>
      dashboardContent(d, charts, chartUuid, datasetUuid),
    );
    for (const c of charts) addChart(c.id);
    for (const ds of nativeFilterDatasetIds(d.json_metadata)) addDataset(ds);
  };

  const queryPaths = new Map<number, string>();
  const usedQueries = new Map<string, Set<string>>();
  for (const q of byId(set.savedQueries)) {
    const databaseStem = databaseStems.get(q.database_id);
    if (databaseStem === undefined) continue;
    const folder = savedQueryFolder(databaseStem, q.schema);
    const used = usedQueries.get(folder) ?? new Set<string>();
    usedQueries.set(folder, used);
    queryPaths.set(q.id, `${folder}/${uniqueStem(savedQueryStem(q), q.id, used)}.yaml`);
  }
  const addSavedQuery = (id: number) => {
    const q = set.savedQueries.get(id);
    const path = queryPaths.get(id);
    const database = q && set.databases.get(q.database_id);
    if (!q || !path || !database) return;
    add(path, () => savedQueryContent(q, database.uuid));
    addDatabase(q.database_id);
  };

  for (const id of set.roots) {
    if (set.kind === 'dashboard') addDashboard(id);
    else if (set.kind === 'saved_query') addSavedQuery(id);
    else if (set.kind === 'chart') addChart(id);
    else if (set.kind === 'dataset') addDataset(id);
    else {
      addDatabase(id);
      for (const d of byId(set.datasets)) if (d.database_id === id) addDataset(d.id, false);
    }
  }
  return files;
}

/** The ZIP of a bundle: every file under `<root>/`, no folder entries, dated `now`. */
export async function bundleZip(
  root: string,
  files: Map<string, string>,
  now: Date,
): Promise<Buffer> {
  const zip = new JSZip();
  for (const [path, content] of files)
    zip.file(`${root}/${path}`, content, { createFolders: false, date: now });
  return zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}

/** A whole export: the bundle's file name and its ZIP. */
export async function exportBundle(
  set: ExportSet,
  now: Date,
): Promise<{ fileName: string; body: Buffer }> {
  const root = exportRoot(set.kind, now);
  return { fileName: `${root}.zip`, body: await bundleZip(root, bundleFiles(set, now), now) };
}
