/**
 * The files of an export bundle checked with zod, under Superset's field names
 * (ImportV1DatabaseSchema, ImportV1DatasetSchema, ImportV1ChartSchema, ImportV1DashboardSchema,
 * ImportV1SavedQuerySchema, the metadata file). Keys these do not name are tolerated and ignored. Problems come out as
 * Superset's marshmallow messages, one list per field (`{"slice_name": ["Missing data for
 * required field."]}`, list items by index), and the limits of the create calls apply (name
 * lengths, the chart type's characters, the slug's characters).
 */
import { z } from 'zod';
import { MAX_TAB_SQL_LENGTH, MAX_TAB_TEXT_LENGTH } from '../tab_state/payload.js';

/** The version every v1 bundle file declares. */
export const IMPORT_VERSION = '1.0.0';

/** Field problems: a list of messages per field, nested for lists and objects. */
export interface FieldErrors {
  [field: string]: string[] | FieldErrors;
}

export type Checked<T> = { ok: true; value: T } | { ok: false; errors: FieldErrors };

const MISSING = 'Missing data for required field.';
const NULL = 'Field may not be null.';
export const NOT_MAPPING = 'Not a valid mapping type.';
export const JSON_NOT_VALID = 'JSON not valid';

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const str = (max?: number) => {
  const s = z.string();
  return max === undefined ? s : s.max(max, `Longer than maximum length ${max}.`);
};
const optStr = (max?: number) => str(max).nullable().optional();
const reqStr = (max?: number) => str(max).min(1, `Shorter than minimum length 1.`);
const optInt = () => z.number().int().nullable().optional();
const optBool = () => z.boolean().nullable().optional();
const uuid = () =>
  z.string().regex(/^[0-9a-fA-F]{8}-?([0-9a-fA-F]{4}-?){3}[0-9a-fA-F]{12}$/, {
    message: 'Not a valid UUID.',
  });
const dict = () => z.record(z.string(), z.unknown());
/** A mapping, or JSON text of one (older exports write `extra` as text). */
const dictOrJson = () =>
  z
    .unknown()
    .refine(
      (v) => {
        if (v === null || v === undefined || isPlainObject(v)) return true;
        if (typeof v !== 'string') return false;
        if (v.trim() === '') return true;
        try {
          return isPlainObject(JSON.parse(v));
        } catch {
          return false;
        }
      },
      { message: NOT_MAPPING },
    )
    .optional();
/** JSON text (or null). */
const jsonText = () =>
  z
    .string()
    .refine(
      (t) => {
        if (t.trim() === '') return true;
        try {
          JSON.parse(t);
          return true;
        } catch {
          return false;
        }
      },
      { message: JSON_NOT_VALID },
    )
    .nullable()
    .optional();

export const metadataSchema = z.looseObject({
  version: z.string().refine((v) => v === IMPORT_VERSION, {
    message: `Must be equal to ${IMPORT_VERSION}.`,
  }),
  type: z.string().optional(),
  timestamp: z.unknown().optional(),
});

const sshTunnel = z.looseObject({}).nullable().optional();

export const databaseSchema = z.looseObject({
  database_name: reqStr(250),
  sqlalchemy_uri: reqStr(1024),
  password: optStr(1024),
  cache_timeout: optInt(),
  expose_in_sqllab: optBool(),
  allow_run_async: optBool(),
  allow_ctas: optBool(),
  allow_cvas: optBool(),
  allow_dml: optBool(),
  allow_csv_upload: optBool(),
  allow_file_upload: optBool(),
  impersonate_user: optBool(),
  extra: dictOrJson(),
  uuid: uuid(),
  version: z.string(),
  is_managed_externally: optBool(),
  external_url: optStr(2048),
  ssh_tunnel: sshTunnel,
});

const columnSchema = z.looseObject({
  column_name: reqStr(255),
  extra: dictOrJson(),
  verbose_name: optStr(1024),
  is_dttm: optBool(),
  is_active: optBool(),
  type: optStr(),
  advanced_data_type: optStr(255),
  groupby: optBool(),
  filterable: optBool(),
  expression: optStr(),
  description: optStr(),
  python_date_format: optStr(255),
});

const metricSchema = z.looseObject({
  metric_name: reqStr(255),
  verbose_name: optStr(1024),
  metric_type: optStr(32),
  expression: reqStr(),
  description: optStr(),
  d3format: optStr(128),
  currency: dictOrJson(),
  extra: dictOrJson(),
  warning_text: optStr(),
});

export const datasetSchema = z.looseObject({
  table_name: reqStr(250),
  main_dttm_col: optStr(250),
  description: optStr(),
  default_endpoint: optStr(),
  offset: optInt(),
  cache_timeout: optInt(),
  schema: optStr(255),
  catalog: optStr(256),
  sql: optStr(),
  params: dictOrJson(),
  template_params: dictOrJson(),
  filter_select_enabled: optBool(),
  fetch_values_predicate: optStr(),
  extra: dictOrJson(),
  uuid: uuid(),
  columns: z.array(columnSchema).max(5000).optional(),
  metrics: z.array(metricSchema).max(5000).optional(),
  version: z.string(),
  database_uuid: uuid(),
  data: optStr(),
  is_managed_externally: optBool(),
  external_url: optStr(2048),
  normalize_columns: optBool(),
  always_filter_main_dttm: optBool(),
});

export const chartSchema = z.looseObject({
  slice_name: reqStr(250),
  description: optStr(),
  certified_by: optStr(1000),
  certification_details: optStr(10_000),
  viz_type: reqStr(250).regex(/^[A-Za-z0-9_]+$/, 'Unknown chart type'),
  params: dict().nullable().optional(),
  query_context: jsonText(),
  cache_timeout: optInt(),
  uuid: uuid(),
  version: z.string(),
  dataset_uuid: uuid(),
  is_managed_externally: optBool(),
  external_url: optStr(1000),
});

export const dashboardSchema = z.looseObject({
  dashboard_title: str(500),
  description: optStr(),
  css: optStr(1_000_000),
  slug: str(255)
    .regex(/^[A-Za-z0-9_-]*$/, 'Slug may hold letters, digits, - and _ only')
    .nullable()
    .optional(),
  uuid: uuid(),
  position: dict().nullable().optional(),
  metadata: dict().nullable().optional(),
  version: z.string(),
  is_managed_externally: optBool(),
  external_url: optStr(1000),
  certified_by: optStr(1000),
  certification_details: optStr(10_000),
  published: optBool(),
});

/**
 * A saved query (`queries/<database>/<schema>/<label>.yaml`): Superset's ImportV1SavedQuerySchema
 * (label and schema may be null; sql required), a catalog as Superset 4.1 writes it, and the
 * limits of the saved query create call (SQL and description lengths).
 */
export const savedQuerySchema = z.looseObject({
  catalog: optStr(256),
  schema: optStr(128),
  label: optStr(256),
  description: optStr(MAX_TAB_TEXT_LENGTH),
  sql: str(MAX_TAB_SQL_LENGTH),
  uuid: uuid(),
  version: z.string(),
  database_uuid: uuid(),
});

export type MetadataConfig = z.infer<typeof metadataSchema>;
export type DatabaseConfig = z.infer<typeof databaseSchema>;
export type DatasetConfig = z.infer<typeof datasetSchema>;
export type ColumnConfig = z.infer<typeof columnSchema>;
export type MetricConfig = z.infer<typeof metricSchema>;
export type ChartConfig = z.infer<typeof chartSchema>;
export type DashboardConfig = z.infer<typeof dashboardSchema>;
export type SavedQueryConfig = z.infer<typeof savedQuerySchema>;

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let at: unknown = root;
  for (const key of path) {
    if (at === null || typeof at !== 'object') return undefined;
    at = (at as Record<PropertyKey, unknown>)[key as string];
  }
  return at;
}

const TYPE_MESSAGES: Record<string, string> = {
  string: 'Not a valid string.',
  number: 'Not a valid integer.',
  int: 'Not a valid integer.',
  boolean: 'Not a valid boolean.',
  object: NOT_MAPPING,
  record: NOT_MAPPING,
  map: NOT_MAPPING,
  array: 'Not a valid list.',
};

/** One zod problem as marshmallow words it. */
function messageOf(issue: z.core.$ZodIssue, input: unknown): string {
  if (issue.code === 'invalid_type') {
    const value = valueAt(input, issue.path);
    if (value === undefined) return MISSING;
    if (value === null) return NULL;
    return TYPE_MESSAGES[issue.expected] ?? 'Invalid value.';
  }
  if (issue.code === 'too_big' && issue.origin === 'array')
    return `Longer than maximum length ${String(issue.maximum)}.`;
  if (issue.code === 'invalid_format' && issue.format === 'uuid') return 'Not a valid UUID.';
  return issue.message;
}

/** Adds a message under a path (`['columns', 0, 'column_name']`) of nested field errors. */
export function addFieldError(
  errors: FieldErrors,
  path: readonly PropertyKey[],
  message: string,
): void {
  const keys = path.length ? path.map(String) : ['_schema'];
  let at: FieldErrors = errors;
  for (const key of keys.slice(0, -1)) {
    const next = at[key];
    if (next === undefined || Array.isArray(next)) {
      const nested: FieldErrors = {};
      if (Array.isArray(next)) nested._schema = next;
      at[key] = nested;
      at = nested;
    } else at = next;
  }
  const last = keys[keys.length - 1]!;
  const current = at[last];
  if (current === undefined) at[last] = [message];
  else if (Array.isArray(current)) {
    if (!current.includes(message)) current.push(message);
  } else {
    const list = (current._schema ??= []) as string[];
    if (!list.includes(message)) list.push(message);
  }
}

/** Checks a parsed YAML document against a schema: its value, or marshmallow-style problems. */
export function checkConfig<T>(schema: z.ZodType<T>, input: unknown): Checked<T> {
  if (!isPlainObject(input)) return { ok: false, errors: { _schema: ['Invalid input type.'] } };
  const parsed = schema.safeParse(input);
  if (parsed.success) return { ok: true, value: parsed.data };
  const errors: FieldErrors = {};
  for (const issue of parsed.error.issues) {
    addFieldError(errors, issue.path, messageOf(issue, input));
  }
  return { ok: false, errors };
}

/** JSON text of a mapping field as the store keeps it (null when absent). */
export function jsonTextOf(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  return JSON.stringify(value);
}

export { parseYaml } from './yaml.js';
