/**
 * Scheduling a saved query from SQL Lab (spec 000 §7 `POST /savedqueryviewapi/api/create`):
 * the configuration Superset calls SCHEDULED_QUERIES (here `STRATA_SCHEDULED_QUERIES`), a JSON
 * schema of the schedule's form, its UI hints and cross-field rules, and the pure rules of the
 * form: the fields it shows, their first values, the rules' failures and the saved query's
 * body. Zod stays in `scheduled-queries-api.ts` (the web loads this file at run time).
 *
 * The form is Superset's subset of JSON schema: an object whose properties are strings (plain,
 * `format: date-time`, or `enum`), booleans, integers, numbers, or arrays of strings.
 */

export interface ScheduleFieldSchema {
  type: 'string' | 'boolean' | 'integer' | 'number' | 'array';
  title?: string;
  description?: string;
  format?: string;
  enum?: Array<string | number>;
  default?: unknown;
  items?: { type: 'string' };
  minimum?: number;
  maximum?: number;
}

export interface ScheduleJsonSchema {
  type?: 'object';
  title?: string;
  description?: string;
  properties: Record<string, ScheduleFieldSchema>;
  required?: string[];
}

/** UI hints per field (react-jsonschema-form's `ui:` keys that the form reads). */
export type ScheduleUiSchema = Record<string, Record<string, unknown>>;

/** A cross-field rule: only Superset's `less_equal` (the first field not after the second). */
export interface ScheduleValidation {
  name: 'less_equal';
  arguments: [string, string];
  message: string;
  /** The field the message is shown under. */
  container: string;
}

/** `SCHEDULED_QUERIES` as the bootstrap's `common.conf` gives it. */
export interface ScheduledQueriesConf {
  JSONSCHEMA: ScheduleJsonSchema;
  UISCHEMA?: ScheduleUiSchema;
  VALIDATION?: ScheduleValidation[];
  /** A link to the scheduler's page of a query, `${id}` and `${extra_json.…}` filled in. */
  linkback?: string;
}

/** A field of the form, in the schema's order. */
export interface ScheduleField {
  name: string;
  kind: 'text' | 'datetime' | 'enum' | 'boolean' | 'integer' | 'number' | 'tags';
  label: string;
  required: boolean;
  options: Array<string | number>;
  placeholder: string | null;
  help: string | null;
  min: number | null;
  max: number | null;
}

export type ScheduleValue = string | number | boolean | string[] | null;
export type ScheduleValues = Record<string, ScheduleValue>;

function str(v: unknown): string | null {
  return typeof v === 'string' && v !== '' ? v : null;
}

/** The fields the form shows. */
export function scheduleFields(conf: ScheduledQueriesConf): ScheduleField[] {
  const required = new Set(conf.JSONSCHEMA.required ?? []);
  return Object.entries(conf.JSONSCHEMA.properties).map(([name, s]) => {
    const ui = conf.UISCHEMA?.[name] ?? {};
    const kind: ScheduleField['kind'] =
      s.type === 'boolean'
        ? 'boolean'
        : s.type === 'integer'
          ? 'integer'
          : s.type === 'number'
            ? 'number'
            : s.type === 'array'
              ? 'tags'
              : s.enum && s.enum.length > 0
                ? 'enum'
                : s.format === 'date-time'
                  ? 'datetime'
                  : 'text';
    return {
      name,
      kind,
      label: s.title ?? name,
      required: required.has(name),
      options: s.enum ?? [],
      placeholder: str(ui['ui:placeholder']),
      help: str(ui['ui:help']) ?? str(s.description),
      min: typeof s.minimum === 'number' ? s.minimum : null,
      max: typeof s.maximum === 'number' ? s.maximum : null,
    };
  });
}

/**
 * A date-time field's first value from its default: an ISO date as is; Superset's examples'
 * phrases "tomorrow at 9am" and "9am in N days" from `now`; anything else leaves it empty.
 */
export function dateTimeDefault(value: unknown, now: Date): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim().toLowerCase();
  const at = (days: number, hour: number) => {
    const d = new Date(now);
    d.setDate(d.getDate() + days);
    d.setHours(hour, 0, 0, 0);
    return d.toISOString();
  };
  const hourOf = (h: string, ampm: string | undefined) => {
    const n = Number(h) % 12;
    return ampm === 'pm' ? n + 12 : n;
  };
  let m = /^tomorrow at (\d{1,2})\s*(am|pm)$/.exec(text);
  if (m) return at(1, hourOf(m[1]!, m[2]));
  m = /^(\d{1,2})\s*(am|pm) in (\d{1,4}) days?$/.exec(text);
  if (m) return at(Number(m[3]), hourOf(m[1]!, m[2]));
  if (/^\d{4}-\d{2}-\d{2}/.test(value)) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : new Date(t).toISOString();
  }
  return null;
}

/** The form's first values: the schema's defaults (dates resolved from `now`). */
export function scheduleDefaults(conf: ScheduledQueriesConf, now: Date): ScheduleValues {
  const values: ScheduleValues = {};
  for (const f of scheduleFields(conf)) {
    const d = conf.JSONSCHEMA.properties[f.name]?.default;
    if (f.kind === 'datetime') values[f.name] = dateTimeDefault(d, now);
    else if (f.kind === 'boolean') values[f.name] = d === true;
    else if (f.kind === 'tags')
      values[f.name] = Array.isArray(d) ? d.filter((x): x is string => typeof x === 'string') : [];
    else if (f.kind === 'integer' || f.kind === 'number')
      values[f.name] = typeof d === 'number' ? d : null;
    else values[f.name] = typeof d === 'string' || typeof d === 'number' ? d : null;
  }
  return values;
}

function comparable(v: ScheduleValue | undefined): number | string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'number') return v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? v : t;
  }
  return null;
}

function isEmpty(v: ScheduleValue | undefined): boolean {
  return (
    v === null ||
    v === undefined ||
    (typeof v === 'string' && v.trim() === '') ||
    (Array.isArray(v) && v.length === 0)
  );
}

/** What is wrong with the values, by field: missing required fields, then the rules. */
export function scheduleErrors(
  conf: ScheduledQueriesConf,
  values: ScheduleValues,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const f of scheduleFields(conf)) {
    if (f.required && f.kind !== 'boolean' && isEmpty(values[f.name]))
      errors[f.name] = `${f.label} is required`;
  }
  for (const rule of conf.VALIDATION ?? []) {
    if (rule.name !== 'less_equal') continue;
    const [a, b] = rule.arguments;
    const x = comparable(values[a]);
    const y = comparable(values[b]);
    if (x === null || y === null || typeof x !== typeof y) continue;
    if (x > y && errors[rule.container] === undefined) errors[rule.container] = rule.message;
  }
  return errors;
}

/** The values as `schedule_info` keeps them: empty fields left out. */
export function scheduleInfo(values: ScheduleValues): Record<string, ScheduleValue> {
  return Object.fromEntries(Object.entries(values).filter(([, v]) => !isEmpty(v)));
}

/** Body of `POST /savedqueryviewapi/api/create` for a scheduled query. */
export interface ScheduleQueryRequest {
  label: string;
  description: string;
  db_id: number;
  schema: string | null;
  catalog: string | null;
  sql: string;
  template_parameters: string | null;
  /** JSON text: `{"schedule_info": {...}}`. */
  extra_json: string;
}

export function scheduleQueryBody(input: {
  label: string;
  description: string;
  dbId: number;
  schema: string | null;
  catalog: string | null;
  sql: string;
  templateParams: string | null;
  values: ScheduleValues;
}): ScheduleQueryRequest {
  return {
    label: input.label.trim(),
    description: input.description.trim(),
    db_id: input.dbId,
    schema: input.schema,
    catalog: input.catalog,
    sql: input.sql,
    template_parameters: input.templateParams,
    extra_json: JSON.stringify({ schedule_info: scheduleInfo(input.values) }),
  };
}
