import { MESSAGES } from '@strata/core';
import type { AvailableEngine, ParameterField } from './engines';

/** How the connection is described: the engine's parameters form or a SQLAlchemy URI. */
export type ConnectionMode = 'parameters' | 'uri';

/** The password a masked URI carries: the server keeps the stored one when it sees it. */
export const PASSWORD_MASK = 'XXXXXXXXXX';

/** A value of the parameters form (the `query` parameter is entered as `a=1&b=2` text). */
export type ParameterValue = string | number | boolean | null | undefined;

/** The values of the database form. */
export interface DatabaseFormValues {
  database_name: string;
  sqlalchemy_uri: string;
  parameters: Record<string, ParameterValue>;
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  impersonate_user: boolean;
  cache_timeout: number | null;
  extra: string;
}

/** `GET /api/v1/database/{id}` result. */
export interface DatabaseDetail {
  id: number;
  database_name: string;
  sqlalchemy_uri?: string | null;
  backend?: string | null;
  expose_in_sqllab?: boolean;
  allow_run_async?: boolean;
  allow_dml?: boolean;
  allow_ctas?: boolean;
  allow_cvas?: boolean;
  allow_file_upload?: boolean;
  impersonate_user?: boolean;
  cache_timeout?: number | null;
  extra?: string | null;
  parameters?: Record<string, unknown> | null;
  is_managed_externally?: boolean;
}

/** The boolean flags of the Advanced section. */
export const DATABASE_FLAGS = [
  'expose_in_sqllab',
  'allow_run_async',
  'allow_dml',
  'allow_ctas',
  'allow_cvas',
  'allow_file_upload',
  'impersonate_user',
] as const;
export type DatabaseFlag = (typeof DATABASE_FLAGS)[number];

/** Connection parameters as the server takes them. */
export interface ConnectionParameters {
  host?: string;
  port?: number;
  username?: string;
  password?: string;
  database?: string;
  path?: string;
  query?: Record<string, string>;
  [name: string]: string | number | boolean | Record<string, string> | undefined;
}

/** How to describe the connection: with the URI, or with an engine and its parameters. */
export type ConnectionBody =
  { sqlalchemy_uri: string } | { engine: string; parameters: ConnectionParameters };

/** The body of `POST /api/v1/database/` and `PUT /api/v1/database/{id}`. */
export type DatabaseSavePayload = ConnectionBody & {
  database_name: string;
  configuration_method: 'dynamic_form' | 'sqlalchemy_form';
  expose_in_sqllab: boolean;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  allow_file_upload: boolean;
  impersonate_user: boolean;
  cache_timeout: number | null;
  extra?: string;
};

/** Form values for a new database of an engine (display name: the engine's name). */
export function newDatabaseValues(engine: AvailableEngine | null): DatabaseFormValues {
  return {
    database_name: engine?.name ?? '',
    sqlalchemy_uri: '',
    parameters: {},
    expose_in_sqllab: true,
    allow_run_async: false,
    allow_dml: false,
    allow_ctas: false,
    allow_cvas: false,
    allow_file_upload: false,
    impersonate_user: false,
    cache_timeout: null,
    extra: '',
  };
}

function decode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

const URI_PATTERN =
  /^([a-zA-Z][a-zA-Z0-9+.-]*):\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?(\[[^\]]*\]|[^:/?#]*)(?::(\d+))?(?:\/([^?#]*))?(?:\?([^#]*))?$/;

/**
 * The parameters of a SQLAlchemy URI for a parameters form: host, port, username, password
 * (the mask stays the mask), database, and `query` as `a=1&b=2` text. For a file engine
 * (a `path` field and no `host`), `sqlite:////data/x.db` gives `path: '/data/x.db'`.
 * Null when the URI cannot be read.
 */
export function parametersFromUri(
  uri: string,
  fields: ParameterField[],
): Record<string, ParameterValue> | null {
  const m = URI_PATTERN.exec(uri.trim());
  if (!m) return null;
  const [, , user, password, host, port, database, query] = m;
  const names = new Set(fields.map((f) => f.name));
  const out: Record<string, ParameterValue> = {};
  if (names.has('path') && !names.has('host')) {
    if (database !== undefined && database !== '') out.path = decode(database);
    if (query && names.has('query')) out.query = query;
    return out;
  }
  if (host) out.host = host.startsWith('[') ? host.slice(1, -1) : decode(host);
  if (port) out.port = Number(port);
  if (user) out.username = decode(user);
  if (password !== undefined) out.password = decode(password);
  if (database) out.database = decode(database);
  if (query) out.query = query;
  return Object.fromEntries(Object.entries(out).filter(([k]) => names.has(k)));
}

/** Form values of a stored database; the parameters are read from its (masked) URI. */
export function databaseFormValues(
  db: DatabaseDetail,
  fields: ParameterField[],
): DatabaseFormValues {
  const uri = db.sqlalchemy_uri ?? '';
  let parameters: Record<string, ParameterValue> = {};
  if (db.parameters && typeof db.parameters === 'object') {
    for (const [key, value] of Object.entries(db.parameters)) {
      if (key === 'query' && value && typeof value === 'object') {
        parameters.query = new URLSearchParams(value as Record<string, string>).toString();
      } else if (['string', 'number', 'boolean'].includes(typeof value)) {
        parameters[key] = value as string | number | boolean;
      }
    }
  } else {
    parameters = parametersFromUri(uri, fields) ?? {};
  }
  return {
    database_name: db.database_name,
    sqlalchemy_uri: uri,
    parameters,
    expose_in_sqllab: db.expose_in_sqllab ?? true,
    allow_run_async: db.allow_run_async ?? false,
    allow_dml: db.allow_dml ?? false,
    allow_ctas: db.allow_ctas ?? false,
    allow_cvas: db.allow_cvas ?? false,
    allow_file_upload: db.allow_file_upload ?? false,
    impersonate_user: db.impersonate_user ?? false,
    cache_timeout: db.cache_timeout ?? null,
    extra: db.extra ?? '',
  };
}

/** `a=1&b=2` -> `{a: '1', b: '2'}`; blank text -> undefined. */
export function parseQueryText(text: string): Record<string, string> | undefined {
  const trimmed = text.trim().replace(/^\?/, '');
  if (trimmed === '') return undefined;
  const out: Record<string, string> = {};
  for (const [key, value] of new URLSearchParams(trimmed)) {
    if (key !== '') out[key] = value;
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/**
 * The parameters to send: only the form's fields, blank ones left out, texts trimmed (the
 * password as typed), numbers as numbers, `query` text as a map.
 */
export function cleanParameters(
  values: Record<string, ParameterValue>,
  fields: ParameterField[],
): ConnectionParameters {
  const out: ConnectionParameters = {};
  for (const field of fields) {
    const raw = values[field.name];
    if (raw === undefined || raw === null) continue;
    if (field.kind === 'switch') {
      out[field.name] = raw === true;
      continue;
    }
    if (field.kind === 'query') {
      const query = parseQueryText(String(raw));
      if (query) out.query = query;
      continue;
    }
    if (field.kind === 'number') {
      const text = String(raw).trim();
      if (text === '') continue;
      const n = Number(text);
      out[field.name] = Number.isFinite(n) ? n : text;
      continue;
    }
    const text = field.kind === 'password' ? String(raw) : String(raw).trim();
    if (text !== '') out[field.name] = text;
  }
  return out;
}

/** What the connection is built from. */
export interface ConnectionContext {
  mode: ConnectionMode;
  engine: AvailableEngine | null;
  fields: ParameterField[];
}

/** The connection part of a body: the trimmed URI, or the engine and its parameters. */
export function connectionBody(
  values: Pick<DatabaseFormValues, 'sqlalchemy_uri' | 'parameters'>,
  context: ConnectionContext,
): ConnectionBody {
  if (context.mode === 'parameters' && context.engine) {
    return {
      engine: context.engine.engine,
      parameters: cleanParameters(values.parameters ?? {}, context.fields),
    };
  }
  return { sqlalchemy_uri: (values.sqlalchemy_uri ?? '').trim() };
}

/**
 * The body of `POST /api/v1/database/test_connection/`; when editing, the stored database's
 * name lets the server use the stored password behind a masked one.
 */
export function testConnectionBody(
  values: Pick<DatabaseFormValues, 'sqlalchemy_uri' | 'parameters'>,
  context: ConnectionContext,
  storedName?: string | null,
): ConnectionBody & { database_name?: string } {
  const body: ConnectionBody & { database_name?: string } = connectionBody(values, context);
  if (storedName) body.database_name = storedName;
  return body;
}

/**
 * The body of a create or edit. `extra` is sent when it was loaded from the server or typed
 * (so an edit does not wipe an extra the form never saw).
 */
export function databaseSavePayload(
  values: DatabaseFormValues,
  context: ConnectionContext,
  options: { extraKnown: boolean },
): DatabaseSavePayload {
  const timeout = values.cache_timeout;
  const payload: DatabaseSavePayload = {
    database_name: values.database_name.trim(),
    ...connectionBody(values, context),
    configuration_method:
      context.mode === 'parameters' && context.engine ? 'dynamic_form' : 'sqlalchemy_form',
    expose_in_sqllab: values.expose_in_sqllab === true,
    allow_run_async: values.allow_run_async === true,
    allow_dml: values.allow_dml === true,
    allow_ctas: values.allow_ctas === true,
    allow_cvas: values.allow_cvas === true,
    allow_file_upload: values.allow_file_upload === true,
    impersonate_user: values.impersonate_user === true,
    cache_timeout:
      timeout === null || timeout === undefined || !Number.isFinite(Number(timeout))
        ? null
        : Math.trunc(Number(timeout)),
  };
  const extra = (values.extra ?? '').trim();
  if (options.extraKnown || extra !== '') payload.extra = extra;
  return payload;
}

/** Why a JSON text cannot be used, or null (blank text is fine). */
export function jsonTextProblem(
  text: string | null | undefined,
  wantObject = false,
): string | null {
  if (!text || text.trim() === '') return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return `Invalid JSON: ${e instanceof Error ? e.message : String(e)}`;
  }
  if (wantObject && (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))) {
    return 'Must be a JSON object';
  }
  return null;
}

/** Error types of `validate_parameters` answers. */
export const MISSING_PARAMETERS_ERROR = 'CONNECTION_MISSING_PARAMETERS_ERROR';
export const ACCESS_DENIED_ERROR = 'CONNECTION_ACCESS_DENIED_ERROR';

/** Errors of a `validate_parameters` answer: per parameter, and for the whole form. */
export interface ParameterErrors {
  fields: Record<string, string[]>;
  form: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * Maps a `validate_parameters` error answer to field and form errors. Each missing parameter
 * gets "This is a required field". As the spec says, missing-parameter and access-denied errors
 * are ignored unless forced; on a blur (not forced) the missing ones are still shown for the
 * fields the user has already left (`touched`). An error naming exactly one invalid field goes
 * under that field; any other error under the form.
 */
export function mapValidationErrors(
  body: unknown,
  options: { force: boolean; touched?: Iterable<string>; fields: ParameterField[] },
): ParameterErrors {
  const result: ParameterErrors = { fields: {}, form: [] };
  if (!isRecord(body)) return result;
  const names = new Set(options.fields.map((f) => f.name));
  const touched = new Set(options.touched ?? []);
  const add = (field: string, message: string) => {
    const list = result.fields[field] ?? [];
    if (!list.includes(message)) list.push(message);
    result.fields[field] = list;
  };
  const errors = Array.isArray(body.errors) ? body.errors : [];
  for (const error of errors) {
    if (!isRecord(error)) continue;
    const type = typeof error.error_type === 'string' ? error.error_type : '';
    const message = typeof error.message === 'string' ? error.message : '';
    const extra = isRecord(error.extra) ? error.extra : {};
    if (type === MISSING_PARAMETERS_ERROR) {
      for (const field of stringList(extra.missing)) {
        if (!names.has(field)) continue;
        if (options.force || touched.has(field)) add(field, MESSAGES.requiredField);
      }
      continue;
    }
    if (type === ACCESS_DENIED_ERROR && !options.force) continue;
    const invalid = stringList(extra.invalid).filter((f) => names.has(f));
    if (invalid.length === 1 && invalid[0] !== undefined && message) {
      add(invalid[0], message);
    } else if (message && !result.form.includes(message)) {
      result.form.push(message);
    }
  }
  if (errors.length === 0 && typeof body.message === 'string' && body.message !== '') {
    result.form.push(body.message);
  }
  return result;
}

/** Form field names the server's validation errors may name. */
const SAVE_FIELDS = new Set<string>([
  'database_name',
  'sqlalchemy_uri',
  'cache_timeout',
  'extra',
  ...DATABASE_FLAGS,
]);

/** A field error for antd's `setFields`. */
export interface FieldError {
  name: string[];
  errors: string[];
}

/**
 * Maps a create/edit validation answer (`{message: {field: [msgs]}}`; parameters as
 * `parameters.host` or `{parameters: {host: [...]}}`) to errors on the form's fields; the
 * messages about anything not on the form are returned as text.
 */
export function saveFieldErrors(
  body: unknown,
  context: { mode: ConnectionMode; fields: ParameterField[] },
): { fields: FieldError[]; other: string[] } {
  const out: { fields: FieldError[]; other: string[] } = { fields: [], other: [] };
  if (!isRecord(body)) return out;
  const message = body.message;
  if (typeof message === 'string') {
    if (message !== '') out.other.push(message);
    return out;
  }
  if (!isRecord(message)) return out;
  const parameterNames = new Set(
    context.mode === 'parameters' ? context.fields.map((f) => f.name) : [],
  );
  const entries: Array<[string, unknown]> = [];
  for (const [key, value] of Object.entries(message)) {
    if (key === 'parameters' && isRecord(value)) {
      for (const [sub, v] of Object.entries(value)) entries.push([`parameters.${sub}`, v]);
    } else {
      entries.push([key, value]);
    }
  }
  for (const [key, value] of entries) {
    const messages = typeof value === 'string' ? [value] : stringList(value);
    if (messages.length === 0) continue;
    const sub = key.startsWith('parameters.') ? key.slice('parameters.'.length) : null;
    if (sub !== null && parameterNames.has(sub)) {
      out.fields.push({ name: ['parameters', sub], errors: messages });
    } else if (
      sub === null &&
      SAVE_FIELDS.has(key) &&
      !(key === 'sqlalchemy_uri' && context.mode === 'parameters')
    ) {
      out.fields.push({ name: [key], errors: messages });
    } else {
      out.other.push(...messages.map((m) => `${sub ?? key}: ${m}`));
    }
  }
  return out;
}
