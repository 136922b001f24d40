import { listUrl, resourceBase, risonParam } from '../../app/api';

/** A table or view of `GET /api/v1/database/{id}/tables/`. */
export interface TableOption {
  value: string;
  type?: 'table' | 'view' | string;
  extra?: unknown;
}

/** A key of a column in the table metadata answer. */
export interface ColumnKey {
  type: 'pk' | 'fk' | 'index' | string;
  name?: string | null;
}

/** A column of `GET /api/v1/database/{id}/table/{table}/{schema}/`. */
export interface TableColumn {
  name: string;
  type?: string | null;
  type_generic?: number | null;
  nullable?: boolean;
  keys?: ColumnKey[];
  is_pk?: boolean;
  is_fk?: boolean;
}

export interface TableMetadata {
  name: string;
  columns: TableColumn[];
  selectStar?: string;
}

/** A database the create page offers. */
export interface DatabaseOption {
  id: number;
  database_name: string;
  backend?: string | null;
}

const databaseBase = resourceBase('database');

/** Databases exposed in SQL Lab, by name (one page of 100). */
export function exposedDatabasesUrl(): string {
  return listUrl('database', {
    filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }],
    order_column: 'database_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  });
}

export function schemasUrl(databaseId: number): string {
  return `${databaseBase}/${databaseId}/schemas/`;
}

export function tablesUrl(databaseId: number, schema: string): string {
  return `${databaseBase}/${databaseId}/tables/?q=${risonParam({ schema_name: schema })}`;
}

/** The path of a table's metadata; a missing schema is sent as `null`, as Superset does. */
export function tableMetadataUrl(databaseId: number, table: string, schema: string | null): string {
  const t = encodeURIComponent(table);
  const s = encodeURIComponent(schema ?? 'null');
  return `${databaseBase}/${databaseId}/table/${t}/${s}/`;
}

/** The datasets already made on a database's schema (their table names). */
export function existingDatasetsUrl(databaseId: number, schema: string): string {
  return listUrl('dataset', {
    filters: [
      { col: 'database', opr: 'rel_o_m', value: databaseId },
      { col: 'schema', opr: 'eq', value: schema },
    ],
    columns: ['id', 'table_name'],
    page: 0,
    page_size: 100,
  });
}

/** The tables whose name contains the search text (any case); all of them for blank text. */
export function filterTables(tables: TableOption[], search: string): TableOption[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return tables;
  return tables.filter((t) => t.value.toLowerCase().includes(needle));
}

/** The schema to pick by itself: the only one there is, or none. */
export function defaultSchema(schemas: string[]): string | null {
  return schemas.length === 1 ? (schemas[0] ?? null) : null;
}

/** Short labels of a column's keys: PK, FK, Index (each once, in that order). */
export function columnKeyLabels(column: TableColumn): string[] {
  const types = new Set((column.keys ?? []).map((k) => k.type));
  if (column.is_pk) types.add('pk');
  if (column.is_fk) types.add('fk');
  const labels: string[] = [];
  if (types.has('pk')) labels.push('PK');
  if (types.has('fk')) labels.push('FK');
  if (types.has('index')) labels.push('Index');
  return labels;
}

/** The body of `POST /api/v1/dataset/` for a physical table. */
export function createDatasetPayload(input: {
  databaseId: number;
  schema: string | null;
  table: string;
}): { database: number; schema: string | null; table_name: string } {
  return { database: input.databaseId, schema: input.schema, table_name: input.table };
}

/**
 * The server's reasons of a failed save, without field names: `{message: {table_name: ['x']}}`
 * gives `['x']`, `{message: 'x'}` and `{errors: [{message: 'x'}]}` give `['x']`; nothing
 * readable gives `[]`.
 */
export function serverMessages(body: unknown): string[] {
  if (typeof body !== 'object' || body === null) return [];
  const { message, errors } = body as { message?: unknown; errors?: unknown };
  if (typeof message === 'string' && message !== '') return [message];
  const out: string[] = [];
  if (Array.isArray(errors)) {
    for (const e of errors) {
      const text =
        typeof e === 'object' && e !== null ? (e as { message?: unknown }).message : null;
      if (typeof text === 'string' && text !== '' && !out.includes(text)) out.push(text);
    }
    if (out.length > 0) return out;
  }
  const visit = (value: unknown) => {
    if (typeof value === 'string') {
      if (value && !out.includes(value)) out.push(value);
    } else if (Array.isArray(value)) {
      value.forEach(visit);
    } else if (typeof value === 'object' && value !== null) {
      Object.values(value).forEach(visit);
    }
  };
  visit(message);
  return out;
}
