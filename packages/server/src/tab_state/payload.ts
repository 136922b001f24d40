import {
  DEFAULT_SQL,
  UNTITLED_QUERY,
  type QueryDto,
  type TableSchemaDto,
  type TabStateDto,
} from '@strata/core';
import type { Insertable, Selectable, Updateable } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { parseJsonObject } from '../api/json.js';
import { zodFieldErrors } from '../api/query-params.js';
import { toBool } from '../metadata/db.js';
import type { TableSchemaTable, TabStateTable } from '../metadata/schema.js';

/**
 * The pure half of SQL Lab's tab state: reading the bodies Superset's client sends (JSON, or
 * form-encoded with every value JSON text), validating them, and the answer shapes.
 */

/** Longest SQL text a tab keeps. */
export const MAX_TAB_SQL_LENGTH = 1_000_000;
/** Longest template parameters text and extra JSON of a tab. */
export const MAX_TAB_TEXT_LENGTH = 100_000;
/** Longest JSON text of a table panel's description (its columns, keys, select star…). */
export const MAX_TABLE_DESCRIPTION_LENGTH = 2_000_000;
/** Largest row limit a tab may keep (the execute call applies the configured maximum). */
export const MAX_QUERY_LIMIT = 1_000_000_000;
/** Body size these routes accept: form encoding can triple the size of the SQL text. */
export const TAB_STATE_BODY_LIMIT = 8 * 1024 * 1024;

export type TabStateRow = Selectable<TabStateTable>;
export type TableSchemaRow = Selectable<TableSchemaTable>;

/** 400 with `{message: {field: [text]}}`. */
export function badField(field: string, message: string): ApiError {
  return new ApiError(400, message, { message: { [field]: [message] } });
}

/** 422 with `{message: {field: [text]}}`: the body refers to something the caller may not use. */
export function invalidReference(field: string, message: string): ApiError {
  return new ApiError(422, message, { message: { [field]: [message] } });
}

/** Whether a request's body was form-encoded (Superset's client posts these views as forms). */
export function isFormEncoded(contentType: string | string[] | undefined): boolean {
  const value = Array.isArray(contentType) ? contentType[0] : contentType;
  return (value ?? '').toLowerCase().startsWith('application/x-www-form-urlencoded');
}

/** JSON text parsed (400 naming the field when it is not JSON); other values as they are. */
export function parseJsonText(value: unknown, field: string): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    throw badField(field, 'Not a valid JSON value');
  }
}

/**
 * The fields of a body. A JSON body is taken as it is; a form body's values are JSON text each
 * (`sql="SELECT 1"`, `database_id=1`), as Superset's client encodes them, and are parsed.
 */
export function bodyFields(body: unknown, form: boolean): Record<string, unknown> {
  if (body === undefined || body === null || body === '') return {};
  if (typeof body !== 'object' || Array.isArray(body)) {
    throw new ApiError(400, 'Bad request: the body must be an object');
  }
  const fields = body as Record<string, unknown>;
  if (!form) return fields;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields)) {
    if (Array.isArray(value)) throw badField(key, 'Given more than once');
    out[key] = parseJsonText(value, key);
  }
  return out;
}

/** Validates with a schema: 400 with field messages otherwise. */
export function validate<T>(schema: z.ZodType<T>, value: unknown, prefix?: string): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data;
  const fields = zodFieldErrors(parsed.error);
  const named: Record<string, string[]> = {};
  for (const [k, v] of Object.entries(fields)) {
    named[prefix ? (k === '_schema' ? prefix : `${prefix}.${k}`) : k] = v;
  }
  throw new ApiError(400, 'Bad request', { message: named });
}

const name256 = z.string().max(256);
/** Template parameters: JSON text as the editor holds it, or an object (kept as its JSON text). */
const templateParams = z
  .union([z.string().max(MAX_TAB_TEXT_LENGTH), z.record(z.string(), z.unknown())])
  .transform((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
/** Extra JSON of a tab: an object, or JSON text of one. */
const extraJson = z
  .union([z.string().max(MAX_TAB_TEXT_LENGTH), z.record(z.string(), z.unknown())])
  .transform((v, ctx) => {
    if (typeof v !== 'string') return JSON.stringify(v);
    if (v.trim() === '') return null;
    try {
      const parsed: unknown = JSON.parse(v);
      if (parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)) return v;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'Must be a JSON object' });
    return z.NEVER;
  });
const positiveId = z.number().int().positive().max(2_147_483_647);
const queryLimit = z.number().int().min(0).max(MAX_QUERY_LIMIT);
/** A query's client id (Superset's are 11 characters). */
const clientId = z
  .string()
  .min(1)
  .max(11)
  .regex(/^[A-Za-z0-9_-]+$/, 'Not a query client id');
/** A tab id as the client holds it: a number or its text. */
const tabId = z.union([
  positiveId,
  z
    .string()
    .regex(/^\d{1,9}$/, 'Not a tab id')
    .transform(Number),
]);

/** The query editor of `POST /tabstateview/` (unknown keys of the client's editor are ignored). */
export const queryEditorSchema = z.object({
  name: name256.nullish(),
  title: name256.nullish(),
  dbId: positiveId.nullish(),
  schema: name256.nullish(),
  catalog: name256.nullish(),
  sql: z.string().max(MAX_TAB_SQL_LENGTH).nullish(),
  autorun: z.boolean().nullish(),
  queryLimit: queryLimit.nullish(),
  templateParams: templateParams.nullish(),
  hideLeftBar: z.boolean().nullish(),
  latestQueryId: clientId.nullish(),
  remoteId: positiveId.nullish(),
});
export type QueryEditorInput = z.infer<typeof queryEditorSchema>;

/** The fields `PUT /tabstateview/{id}` may change. */
export const tabStateUpdateSchema = z
  .object({
    latest_query_id: clientId.nullable(),
    hide_left_bar: z.boolean(),
    database_id: positiveId.nullable(),
    schema: name256.nullable(),
    catalog: name256.nullable(),
    autorun: z.boolean(),
    label: name256,
    sql: z.string().max(MAX_TAB_SQL_LENGTH),
    query_limit: queryLimit.nullable(),
    template_params: templateParams.nullable(),
    saved_query_id: positiveId.nullable(),
    extra_json: extraJson.nullable(),
  })
  .partial()
  .strict();
export type TabStateUpdate = z.infer<typeof tabStateUpdateSchema>;

/** The table of `POST /tableschemaview/`; other keys (columns, selectStar…) are kept as given. */
export const tableInputSchema = z
  .object({
    dbId: positiveId,
    queryEditorId: tabId,
    schema: name256.nullish(),
    catalog: name256.nullish(),
    name: z.string().min(1).max(256),
    expanded: z.boolean().optional(),
    description: z.record(z.string(), z.unknown()).nullish(),
  })
  .passthrough();
export type TableInput = z.infer<typeof tableInputSchema>;

export const expandedSchema = z.object({ expanded: z.boolean() });
export const migrateQuerySchema = z.object({ queryId: clientId });

/** The row of a new tab. */
export function newTabRow(
  editor: QueryEditorInput,
  userId: number,
  now: string,
): Insertable<TabStateTable> {
  return {
    user_id: userId,
    label: editor.name || editor.title || UNTITLED_QUERY,
    active: true,
    database_id: editor.dbId ?? null,
    schema: editor.schema ?? null,
    catalog: editor.catalog ?? null,
    sql: editor.sql ?? DEFAULT_SQL,
    query_limit: editor.queryLimit ?? null,
    latest_query_id: editor.latestQueryId ?? null,
    autorun: editor.autorun ?? false,
    template_params: editor.templateParams ?? null,
    hide_left_bar: editor.hideLeftBar ?? false,
    saved_query_id: editor.remoteId ?? null,
    extra_json: null,
    created_on: now,
    changed_on: now,
  };
}

/** The column changes of an update (only the fields given). */
export function tabUpdateRow(update: TabStateUpdate, now: string): Updateable<TabStateTable> {
  const row: Updateable<TabStateTable> = { changed_on: now };
  for (const [key, value] of Object.entries(update)) {
    if (value !== undefined) (row as Record<string, unknown>)[key] = value;
  }
  return row;
}

/**
 * What a table panel keeps as its description: the `description` given, else the whole table as
 * the client sent it (Superset's client spreads it back over the panel when it loads the tab).
 */
export function tableDescription(table: TableInput, raw: unknown): string {
  const text = JSON.stringify(table.description ?? raw);
  if (text.length > MAX_TABLE_DESCRIPTION_LENGTH) {
    throw badField('table', 'The table description is too large');
  }
  return text;
}

/** A description read back: its JSON, or null when it is not JSON. */
function parseDescription(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export function toTableSchemaDto(row: TableSchemaRow): TableSchemaDto {
  return {
    id: row.id,
    tab_state_id: row.tab_state_id,
    database_id: row.database_id,
    schema: row.schema,
    catalog: row.catalog,
    table: row.table,
    description: parseDescription(row.description),
    expanded: toBool(row.expanded),
  };
}

export function toTabStateDto(
  row: TabStateRow,
  tables: TableSchemaRow[],
  latestQuery: QueryDto | null,
): TabStateDto {
  return {
    id: row.id,
    user_id: row.user_id,
    label: row.label,
    active: toBool(row.active),
    database_id: row.database_id,
    schema: row.schema,
    catalog: row.catalog,
    sql: row.sql,
    query_limit: row.query_limit,
    template_params: row.template_params,
    autorun: toBool(row.autorun),
    hide_left_bar: toBool(row.hide_left_bar),
    saved_query: row.saved_query_id !== null ? { id: row.saved_query_id } : null,
    latest_query: latestQuery,
    extra_json: parseJsonObject(row.extra_json),
    table_schemas: tables.map(toTableSchemaDto),
  };
}
