import { listUrl, risonParam } from '../../app/api/urls';

/** The paths SQL Lab calls, in one place. */
export const SQLLAB_API = {
  bootstrap: '/api/v1/sqllab/',
  execute: '/api/v1/sqllab/execute/',
  estimate: '/api/v1/sqllab/estimate/',
  permalink: '/api/v1/sqllab/permalink',
  stop: '/api/v1/query/stop',
  savedQuery: '/api/v1/saved_query/',
  /** Saves a query with its schedule (Superset's legacy create call). */
  scheduleQuery: '/savedqueryviewapi/api/create',
  tabState: '/tabstateview/',
  tableSchema: '/tableschemaview/',
} as const;

const enc = encodeURIComponent;

/** `POST /api/v1/sqllab/execute/` with the page's query string passed on (for `url_param`). */
export function executeUrl(pageSearch: string): string {
  const search = pageSearch.replace(/^\?/, '');
  return search ? `${SQLLAB_API.execute}?${search}` : SQLLAB_API.execute;
}

/** `GET /api/v1/sqllab/results/?q=(key:'…',rows:N[,offset:M])` */
export function resultsUrl(key: string, rows: number, offset?: number): string {
  const q: Record<string, string | number> = { key, rows };
  if (offset !== undefined && offset > 0) q.offset = offset;
  return `/api/v1/sqllab/results/?q=${risonParam(q)}`;
}

/** `GET /api/v1/query/updated_since?q=(last_updated_ms:N)` */
export function updatedSinceUrl(lastUpdatedMs: number): string {
  return `/api/v1/query/updated_since?q=${risonParam({ last_updated_ms: Math.floor(lastUpdatedMs) })}`;
}

/** `/api/v1/sqllab/export/{client_id}/`: the CSV of a query's results. */
export function csvUrl(clientId: string): string {
  return `/api/v1/sqllab/export/${enc(clientId)}/`;
}

export function tabStateUrl(id: string): string {
  return `${SQLLAB_API.tabState}${enc(id)}`;
}

export function tabQueryUrl(tabId: string, clientId: string): string {
  return `${tabStateUrl(tabId)}/query/${enc(clientId)}`;
}

export function tableSchemaUrl(id: number): string {
  return `${SQLLAB_API.tableSchema}${id}`;
}

export function savedQueryUrl(id: number): string {
  return `${SQLLAB_API.savedQuery}${id}`;
}

export function queryUrl(id: number | string): string {
  return `/api/v1/query/${enc(String(id))}`;
}

export function permalinkUrl(key: string): string {
  return `${SQLLAB_API.permalink}/${enc(key)}`;
}

/** Databases exposed in SQL Lab, by name (when the bootstrap gives none). */
export function sqlLabDatabasesUrl(): string {
  return listUrl('database', {
    filters: [{ col: 'expose_in_sqllab', opr: 'eq', value: true }],
    order_column: 'database_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  });
}

const databaseBase = '/api/v1/database';

export function schemasUrl(dbId: number, force = false): string {
  return force
    ? `${databaseBase}/${dbId}/schemas/?q=${risonParam({ force: true })}`
    : `${databaseBase}/${dbId}/schemas/`;
}

export function tablesUrl(dbId: number, schema: string | null, force = false): string {
  const q: Record<string, string | boolean> = { schema_name: schema ?? '' };
  if (force) q.force = true;
  return `${databaseBase}/${dbId}/tables/?q=${risonParam(q)}`;
}

/** The path of a table's metadata; a missing schema is sent as `null`, as Superset does. */
export function tableMetadataUrl(dbId: number, table: string, schema: string | null): string {
  return `${databaseBase}/${dbId}/table/${enc(table)}/${enc(schema ?? 'null')}/`;
}

/** `GET /api/v1/database/{id}/table_extra/{table}/{schema}/`: partitions. */
export function tableExtraUrl(dbId: number, table: string, schema: string | null): string {
  return `${databaseBase}/${dbId}/table_extra/${enc(table)}/${enc(schema ?? 'null')}/`;
}

export function functionNamesUrl(dbId: number): string {
  return `${databaseBase}/${dbId}/function_names/`;
}

export function validateSqlUrl(dbId: number): string {
  return `${databaseBase}/${dbId}/validate_sql/`;
}

/** `GET /api/v1/dataset/{id}`: a dataset whose query SQL Lab opens (`?datasourceKey=`). */
export function datasetUrl(id: number): string {
  return `/api/v1/dataset/${id}`;
}
