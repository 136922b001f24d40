import type { Person } from '../../components/people';

/* ---------------------------------------------------------------- server shapes */

/** A column of `GET /api/v1/dataset/{id}`. */
export interface DatasetColumn {
  id?: number;
  uuid?: string;
  column_name: string;
  verbose_name?: string | null;
  description?: string | null;
  expression?: string | null;
  filterable?: boolean | null;
  groupby?: boolean | null;
  is_active?: boolean | null;
  is_dttm?: boolean | null;
  python_date_format?: string | null;
  type?: string | null;
  type_generic?: number | null;
  advanced_data_type?: string | null;
  extra?: string | null;
}

/** A metric of `GET /api/v1/dataset/{id}`. */
export interface DatasetMetric {
  id?: number;
  uuid?: string;
  metric_name: string;
  verbose_name?: string | null;
  expression: string;
  description?: string | null;
  d3format?: string | null;
  currency?: unknown;
  metric_type?: string | null;
  warning_text?: string | null;
  extra?: string | null;
}

/** `GET /api/v1/dataset/{id}` result. */
export interface DatasetDetail {
  id: number;
  table_name: string;
  kind?: 'physical' | 'virtual' | string;
  schema?: string | null;
  sql?: string | null;
  description?: string | null;
  database?: { id: number; database_name: string; backend?: string | null } | null;
  main_dttm_col?: string | null;
  offset?: number | null;
  default_endpoint?: string | null;
  cache_timeout?: number | null;
  filter_select_enabled?: boolean | null;
  fetch_values_predicate?: string | null;
  is_sqllab_view?: boolean | null;
  template_params?: string | null;
  extra?: string | null;
  is_managed_externally?: boolean | null;
  external_url?: string | null;
  owners?: Person[];
  columns?: DatasetColumn[];
  metrics?: DatasetMetric[];
}

/* ---------------------------------------------------------------- edit state */

/** A column being edited; `key` tells rows apart (new rows have no id). */
export interface ColumnRow {
  key: string;
  id?: number;
  uuid?: string;
  column_name: string;
  verbose_name: string;
  description: string;
  expression: string;
  filterable: boolean;
  groupby: boolean;
  is_active: boolean;
  is_dttm: boolean;
  python_date_format: string;
  type: string;
  type_generic: number | null;
  advanced_data_type: string | null;
  extra: string | null;
}

/** A metric being edited; its certification is kept apart from the rest of its extra. */
export interface MetricRow {
  key: string;
  id?: number;
  uuid?: string;
  metric_name: string;
  verbose_name: string;
  expression: string;
  description: string;
  d3format: string;
  warning_text: string;
  certified_by: string;
  certification_details: string;
  currency: unknown;
  metric_type: string | null;
  /** The metric's extra without `certification`. */
  extraRest: Record<string, unknown>;
}

export interface OwnerOption {
  value: number;
  label: string;
}

/** The Settings tab. `extra` is the JSON text of the extra without certification and warning. */
export interface DatasetSettings {
  table_name: string;
  sql: string;
  description: string;
  default_endpoint: string;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  offset: number | null;
  filter_select_enabled: boolean;
  fetch_values_predicate: string;
  template_params: string;
  extra: string;
  certified_by: string;
  certification_details: string;
  warning_markdown: string;
  owners: OwnerOption[];
}

export interface DatasetEditState {
  settings: DatasetSettings;
  /** Physical columns (no expression). */
  columns: ColumnRow[];
  /** Calculated columns (with an expression). */
  calculated: ColumnRow[];
  metrics: MetricRow[];
  /** Numbers the keys of new rows. */
  nextKey: number;
}

export type EditTab = 'settings' | 'metrics' | 'columns' | 'calculated';

/** A validation problem; `key` and `field` point at a cell of a tab's table. */
export interface EditError {
  tab: EditTab;
  key?: string;
  field?: string;
  message: string;
}

/* ---------------------------------------------------------------- helpers */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON text as an object; {} when blank or not an object, null when it is not JSON. */
export function parseJsonObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text || text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function nullIfBlank(text: string): string | null {
  return text.trim() === '' ? null : text;
}

/** The display name of an owner. */
export function ownerLabel(person: Person): string {
  const name = [person.first_name, person.last_name].filter((s) => s && s.trim()).join(' ');
  return name || person.username || `User ${person.id ?? ''}`.trim();
}

/** True for a virtual dataset (a query rather than a table). */
export function isVirtual(ds: Pick<DatasetDetail, 'kind' | 'sql'>): boolean {
  if (ds.kind) return ds.kind === 'virtual';
  return typeof ds.sql === 'string' && ds.sql.trim() !== '';
}

function columnRow(column: DatasetColumn, key: string): ColumnRow {
  const row: ColumnRow = {
    key,
    column_name: column.column_name,
    verbose_name: str(column.verbose_name),
    description: str(column.description),
    expression: str(column.expression),
    filterable: column.filterable !== false,
    groupby: column.groupby !== false,
    is_active: column.is_active !== false,
    is_dttm: column.is_dttm === true,
    python_date_format: str(column.python_date_format),
    type: str(column.type),
    type_generic: column.type_generic ?? null,
    advanced_data_type: column.advanced_data_type ?? null,
    extra: column.extra ?? null,
  };
  if (column.id !== undefined) row.id = column.id;
  if (column.uuid !== undefined) row.uuid = column.uuid;
  return row;
}

function metricRow(metric: DatasetMetric, key: string): MetricRow {
  const extra = parseJsonObject(metric.extra) ?? {};
  const { certification, ...rest } = extra;
  const cert = isRecord(certification) ? certification : {};
  const row: MetricRow = {
    key,
    metric_name: metric.metric_name,
    verbose_name: str(metric.verbose_name),
    expression: str(metric.expression),
    description: str(metric.description),
    d3format: str(metric.d3format),
    warning_text: str(metric.warning_text),
    certified_by: str(cert.certified_by),
    certification_details: str(cert.details),
    currency: metric.currency ?? null,
    metric_type: metric.metric_type ?? null,
    extraRest: rest,
  };
  if (metric.id !== undefined) row.id = metric.id;
  if (metric.uuid !== undefined) row.uuid = metric.uuid;
  return row;
}

/** The edit state of a loaded dataset: columns split into physical and calculated. */
export function editStateFromDataset(ds: DatasetDetail): DatasetEditState {
  const extra = parseJsonObject(ds.extra);
  let extraText = ds.extra ?? '';
  let certified_by = '';
  let certification_details = '';
  let warning_markdown = '';
  if (extra) {
    const { certification, warning_markdown: warning, ...rest } = extra;
    const cert = isRecord(certification) ? certification : {};
    certified_by = str(cert.certified_by);
    certification_details = str(cert.details);
    warning_markdown = str(warning);
    extraText = Object.keys(rest).length > 0 ? JSON.stringify(rest, null, 2) : '';
  }
  const columns: ColumnRow[] = [];
  const calculated: ColumnRow[] = [];
  (ds.columns ?? []).forEach((c, i) => {
    const row = columnRow(c, c.id !== undefined ? `c${c.id}` : `c-${i}`);
    if (row.expression.trim() !== '') calculated.push(row);
    else columns.push(row);
  });
  const metrics = (ds.metrics ?? []).map((m, i) =>
    metricRow(m, m.id !== undefined ? `m${m.id}` : `m-${i}`),
  );
  return {
    settings: {
      table_name: ds.table_name,
      sql: ds.sql ?? '',
      description: ds.description ?? '',
      default_endpoint: ds.default_endpoint ?? '',
      main_dttm_col: ds.main_dttm_col ?? null,
      cache_timeout: ds.cache_timeout ?? null,
      offset: ds.offset ?? 0,
      filter_select_enabled: ds.filter_select_enabled !== false,
      fetch_values_predicate: ds.fetch_values_predicate ?? '',
      template_params: ds.template_params ?? '',
      extra: extraText,
      certified_by,
      certification_details,
      warning_markdown,
      owners: (ds.owners ?? [])
        .filter((o): o is Person & { id: number } => typeof o.id === 'number')
        .map((o) => ({ value: o.id, label: ownerLabel(o) })),
    },
    columns,
    calculated,
    metrics,
    nextKey: 1,
  };
}

/* ---------------------------------------------------------------- changes */

export function updateSettings(
  state: DatasetEditState,
  patch: Partial<DatasetSettings>,
): DatasetEditState {
  return { ...state, settings: { ...state.settings, ...patch } };
}

/** A name not yet among `taken`: `base`, then `base_2`, `base_3`… */
export function uniqueName(base: string, taken: Iterable<string>): string {
  const names = new Set(taken);
  if (!names.has(base)) return base;
  for (let i = 2; ; i += 1) {
    const name = `${base}_${i}`;
    if (!names.has(name)) return name;
  }
}

/** Adds an empty metric with a fresh name at the end. */
export function addMetric(state: DatasetEditState): DatasetEditState {
  const key = `new-${state.nextKey}`;
  const metric: MetricRow = {
    key,
    metric_name: uniqueName(
      'new_metric',
      state.metrics.map((m) => m.metric_name),
    ),
    verbose_name: '',
    expression: '',
    description: '',
    d3format: '',
    warning_text: '',
    certified_by: '',
    certification_details: '',
    currency: null,
    metric_type: null,
    extraRest: {},
  };
  return { ...state, metrics: [...state.metrics, metric], nextKey: state.nextKey + 1 };
}

export function updateMetric(
  state: DatasetEditState,
  key: string,
  patch: Partial<Omit<MetricRow, 'key' | 'id'>>,
): DatasetEditState {
  return {
    ...state,
    metrics: state.metrics.map((m) => (m.key === key ? { ...m, ...patch } : m)),
  };
}

export function removeMetric(state: DatasetEditState, key: string): DatasetEditState {
  return { ...state, metrics: state.metrics.filter((m) => m.key !== key) };
}

/** Adds an empty calculated column with a fresh name at the end. */
export function addCalculatedColumn(state: DatasetEditState): DatasetEditState {
  const key = `new-${state.nextKey}`;
  const taken = [...state.columns, ...state.calculated].map((c) => c.column_name);
  const column: ColumnRow = {
    key,
    column_name: uniqueName('new_column', taken),
    verbose_name: '',
    description: '',
    expression: '',
    filterable: true,
    groupby: true,
    is_active: true,
    is_dttm: false,
    python_date_format: '',
    type: '',
    type_generic: null,
    advanced_data_type: null,
    extra: null,
  };
  return { ...state, calculated: [...state.calculated, column], nextKey: state.nextKey + 1 };
}

/** Changes a column, physical or calculated; renaming the main datetime column follows it. */
export function updateColumn(
  state: DatasetEditState,
  key: string,
  patch: Partial<Omit<ColumnRow, 'key' | 'id'>>,
): DatasetEditState {
  const apply = (rows: ColumnRow[]) => rows.map((c) => (c.key === key ? { ...c, ...patch } : c));
  const before = [...state.columns, ...state.calculated].find((c) => c.key === key);
  let settings = state.settings;
  if (
    before &&
    patch.column_name !== undefined &&
    settings.main_dttm_col === before.column_name &&
    patch.column_name !== before.column_name
  ) {
    settings = { ...settings, main_dttm_col: patch.column_name };
  }
  return { ...state, settings, columns: apply(state.columns), calculated: apply(state.calculated) };
}

/** Removes a calculated column (physical ones come from the source and stay). */
export function removeCalculatedColumn(state: DatasetEditState, key: string): DatasetEditState {
  return { ...state, calculated: state.calculated.filter((c) => c.key !== key) };
}

/** Names of the temporal columns, for the main datetime column. */
export function temporalColumnNames(state: DatasetEditState): string[] {
  return [...state.columns, ...state.calculated]
    .filter((c) => c.is_dttm && c.column_name.trim() !== '')
    .map((c) => c.column_name);
}

/** What a columns sync changed. */
export interface SyncSummary {
  added: string[];
  removed: string[];
  modified: string[];
}

/**
 * Puts the physical columns of a freshly synced dataset into the edit state: edits of columns
 * that are still there are kept (their type follows the source), new ones are added, gone
 * ones removed. Calculated columns, metrics and settings stay as edited.
 */
export function mergeSyncedColumns(
  state: DatasetEditState,
  synced: DatasetColumn[],
): { state: DatasetEditState; summary: SyncSummary } {
  const current = new Map(state.columns.map((c) => [c.column_name, c]));
  const summary: SyncSummary = { added: [], removed: [], modified: [] };
  const columns: ColumnRow[] = [];
  synced
    .filter((c) => !c.expression || c.expression.trim() === '')
    .forEach((c, i) => {
      const fresh = columnRow(c, c.id !== undefined ? `c${c.id}` : `s-${i}`);
      const mine = current.get(c.column_name);
      if (!mine) {
        summary.added.push(c.column_name);
        columns.push(fresh);
        return;
      }
      current.delete(c.column_name);
      if (mine.type !== fresh.type) summary.modified.push(c.column_name);
      const row: ColumnRow = { ...mine, type: fresh.type, type_generic: fresh.type_generic };
      if (fresh.id !== undefined) row.id = fresh.id;
      columns.push(row);
    });
  summary.removed = [...current.keys()];
  return { state: { ...state, columns }, summary };
}

/* ---------------------------------------------------------------- validation */

function duplicates(names: string[]): string[] {
  const seen = new Set<string>();
  const dups = new Set<string>();
  for (const name of names) {
    if (seen.has(name)) dups.add(name);
    seen.add(name);
  }
  return [...dups];
}

/**
 * What stops a save: metrics without a name or an expression, calculated columns without a
 * name or an expression, duplicate metric or column names, JSON that is not JSON, and a
 * virtual dataset without a name or SQL.
 */
export function validateEditState(state: DatasetEditState, virtual: boolean): EditError[] {
  const errors: EditError[] = [];
  const s = state.settings;
  if (virtual) {
    if (s.table_name.trim() === '') {
      errors.push({ tab: 'settings', field: 'table_name', message: 'Dataset name is required' });
    }
    if (s.sql.trim() === '') {
      errors.push({ tab: 'settings', field: 'sql', message: 'SQL is required' });
    }
  }
  if (parseJsonObject(s.extra) === null) {
    errors.push({ tab: 'settings', field: 'extra', message: 'Extra must be a JSON object' });
  }
  if (s.template_params.trim() !== '' && parseJsonObject(s.template_params) === null) {
    errors.push({
      tab: 'settings',
      field: 'template_params',
      message: 'Template parameters must be a JSON object',
    });
  }
  for (const m of state.metrics) {
    if (m.metric_name.trim() === '') {
      errors.push({
        tab: 'metrics',
        key: m.key,
        field: 'metric_name',
        message: 'Metric name is required',
      });
    }
    if (m.expression.trim() === '') {
      errors.push({
        tab: 'metrics',
        key: m.key,
        field: 'expression',
        message: `Metric [${m.metric_name.trim() || '?'}] requires an expression`,
      });
    }
  }
  const metricNames = state.metrics.map((m) => m.metric_name.trim()).filter((n) => n !== '');
  for (const name of duplicates(metricNames)) {
    for (const m of state.metrics.filter((x) => x.metric_name.trim() === name)) {
      errors.push({
        tab: 'metrics',
        key: m.key,
        field: 'metric_name',
        message: `Metric name [${name}] is duplicated`,
      });
    }
  }
  for (const c of state.calculated) {
    if (c.column_name.trim() === '') {
      errors.push({
        tab: 'calculated',
        key: c.key,
        field: 'column_name',
        message: 'Column name is required',
      });
    }
    if (c.expression.trim() === '') {
      errors.push({
        tab: 'calculated',
        key: c.key,
        field: 'expression',
        message: `Calculated column [${c.column_name.trim() || '?'}] requires an expression`,
      });
    }
  }
  const all = [...state.columns, ...state.calculated];
  const columnNames = all.map((c) => c.column_name.trim()).filter((n) => n !== '');
  for (const name of duplicates(columnNames)) {
    for (const c of state.calculated.filter((x) => x.column_name.trim() === name)) {
      errors.push({
        tab: 'calculated',
        key: c.key,
        field: 'column_name',
        message: `Column name [${name}] is duplicated`,
      });
    }
  }
  return errors;
}

/** The distinct messages of a list of errors, in order. */
export function errorMessages(errors: EditError[]): string[] {
  return [...new Set(errors.map((e) => e.message))];
}

/** The message of a cell, if it has one. */
export function cellError(
  errors: EditError[],
  tab: EditTab,
  key: string,
  field: string,
): string | undefined {
  return errors.find((e) => e.tab === tab && e.key === key && e.field === field)?.message;
}

/** The message of a settings field, if it has one. */
export function settingsError(errors: EditError[], field: string): string | undefined {
  return errors.find((e) => e.tab === 'settings' && e.key === undefined && e.field === field)
    ?.message;
}

/* ---------------------------------------------------------------- payload */

export interface ColumnPayload {
  id?: number;
  column_name: string;
  verbose_name: string | null;
  description: string | null;
  expression: string | null;
  filterable: boolean;
  groupby: boolean;
  is_active: boolean;
  is_dttm: boolean;
  python_date_format: string | null;
  type: string | null;
  advanced_data_type: string | null;
  extra: string | null;
}

export interface MetricPayload {
  id?: number;
  metric_name: string;
  verbose_name: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  warning_text: string | null;
  currency?: unknown;
  metric_type?: string | null;
  extra: string | null;
}

/** The body of `PUT /api/v1/dataset/{id}`. */
export interface DatasetPayload {
  table_name?: string;
  sql?: string;
  description: string | null;
  default_endpoint: string | null;
  main_dttm_col: string | null;
  cache_timeout: number | null;
  offset: number;
  filter_select_enabled: boolean;
  fetch_values_predicate: string | null;
  template_params: string | null;
  extra: string | null;
  owners: number[];
  columns: ColumnPayload[];
  metrics: MetricPayload[];
}

function columnPayload(c: ColumnRow, calculated: boolean): ColumnPayload {
  const out: ColumnPayload = {
    column_name: c.column_name.trim(),
    verbose_name: nullIfBlank(c.verbose_name),
    description: nullIfBlank(c.description),
    expression: calculated ? c.expression.trim() : null,
    filterable: c.filterable,
    groupby: c.groupby,
    is_active: c.is_active,
    is_dttm: c.is_dttm,
    python_date_format: nullIfBlank(c.python_date_format.trim()),
    type: nullIfBlank(c.type.trim()),
    advanced_data_type: c.advanced_data_type,
    extra: c.extra,
  };
  return c.id !== undefined ? { id: c.id, ...out } : out;
}

function metricPayload(m: MetricRow): MetricPayload {
  const extra: Record<string, unknown> = { ...m.extraRest };
  if (m.certified_by.trim() !== '') {
    extra.certification = {
      certified_by: m.certified_by.trim(),
      details: m.certification_details.trim(),
    };
  }
  const out: MetricPayload = {
    metric_name: m.metric_name.trim(),
    verbose_name: nullIfBlank(m.verbose_name),
    expression: m.expression.trim(),
    description: nullIfBlank(m.description),
    d3format: nullIfBlank(m.d3format.trim()),
    warning_text: nullIfBlank(m.warning_text),
    extra: Object.keys(extra).length > 0 ? JSON.stringify(extra) : null,
  };
  if (m.currency !== null && m.currency !== undefined && m.currency !== '') {
    out.currency = m.currency;
  }
  if (m.metric_type) out.metric_type = m.metric_type;
  return m.id !== undefined ? { id: m.id, ...out } : out;
}

/**
 * The dataset extra to save: the Extra text with the certification (`{certified_by, details}`)
 * and `warning_markdown` put back in; null when nothing is left. Call on a valid state.
 */
export function datasetExtra(settings: DatasetSettings): string | null {
  const extra: Record<string, unknown> = { ...(parseJsonObject(settings.extra) ?? {}) };
  delete extra.certification;
  delete extra.warning_markdown;
  if (settings.certified_by.trim() !== '') {
    extra.certification = {
      certified_by: settings.certified_by.trim(),
      details: settings.certification_details.trim(),
    };
  }
  if (settings.warning_markdown.trim() !== '') extra.warning_markdown = settings.warning_markdown;
  return Object.keys(extra).length > 0 ? JSON.stringify(extra) : null;
}

/**
 * The PUT body: settings, owners (ids), the full columns list (physical and calculated: items
 * with an id are updated, those without added, missing ones removed) and the full metrics list.
 * The name and SQL are sent for virtual datasets only.
 */
export function buildDatasetPayload(state: DatasetEditState, virtual: boolean): DatasetPayload {
  const s = state.settings;
  const payload: DatasetPayload = {
    description: nullIfBlank(s.description),
    default_endpoint: nullIfBlank(s.default_endpoint.trim()),
    main_dttm_col: s.main_dttm_col || null,
    cache_timeout:
      s.cache_timeout === null || !Number.isFinite(s.cache_timeout)
        ? null
        : Math.trunc(s.cache_timeout),
    offset: s.offset === null || !Number.isFinite(s.offset) ? 0 : Math.trunc(s.offset),
    filter_select_enabled: s.filter_select_enabled,
    fetch_values_predicate: nullIfBlank(s.fetch_values_predicate),
    template_params: nullIfBlank(s.template_params.trim()),
    extra: datasetExtra(s),
    owners: [...new Set(s.owners.map((o) => o.value))],
    columns: [
      ...state.columns.map((c) => columnPayload(c, false)),
      ...state.calculated.map((c) => columnPayload(c, true)),
    ],
    metrics: state.metrics.map(metricPayload),
  };
  if (virtual) {
    payload.table_name = s.table_name.trim();
    payload.sql = s.sql;
  }
  return payload;
}

/**
 * Where the edit dialog's "Use legacy datasource editor" link goes (spec 001 §2): the dataset's
 * edit url (`/tablemodelview/edit/{id}`, the dataset list with its editor open), or null — no
 * link — when DISABLE_LEGACY_DATASOURCE_EDITOR is on or the dataset is not loaded.
 */
export function legacyEditorUrl(
  dataset: { id: number } | null,
  featureFlags: Record<string, boolean | undefined>,
): string | null {
  if (!dataset || featureFlags.DISABLE_LEGACY_DATASOURCE_EDITOR === true) return null;
  return `/tablemodelview/edit/${dataset.id}`;
}
