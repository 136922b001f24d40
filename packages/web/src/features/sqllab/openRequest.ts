/** What the address asks SQL Lab to open when the page starts. */
export type OpenRequest =
  | { kind: 'savedQuery'; id: number }
  | { kind: 'permalink'; key: string }
  | { kind: 'query'; id: string }
  | { kind: 'kv'; id: string }
  /** A dataset's query (`?datasourceKey=12__table`, with the SQL to show or its SELECT *). */
  | { kind: 'datasource'; key: string; datasetId: number | null; sql: string | null }
  | {
      kind: 'new';
      dbId: number | null;
      catalog: string | null;
      schema: string | null;
      sql: string | null;
      name: string | null;
      autorun: boolean;
    };

/** The query parameters that open something; the others are left for `url_param`. */
export const OPEN_PARAMS = [
  'savedQueryId',
  'queryId',
  'datasourceKey',
  'id',
  'dbid',
  'catalog',
  'schema',
  'sql',
  'name',
  'title',
  'autorun',
  'new',
] as const;

const PERMALINK = /^\/(?:superset\/)?sqllab\/p\/([^/]+)\/?$/;

function positiveInt(text: string | null): number | null {
  if (text === null || !/^\d+$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/** Reads the opening request of a SQL Lab address (path and query string), or null. */
export function parseOpenRequest(pathname: string, search: string): OpenRequest | null {
  const permalink = PERMALINK.exec(pathname);
  if (permalink?.[1]) return { kind: 'permalink', key: decodeURIComponent(permalink[1]) };
  const params = new URLSearchParams(search);
  const savedQueryId = positiveInt(params.get('savedQueryId'));
  if (savedQueryId !== null) return { kind: 'savedQuery', id: savedQueryId };
  const queryId = params.get('queryId');
  if (queryId) return { kind: 'query', id: queryId };
  const kvId = params.get('id');
  if (kvId) return { kind: 'kv', id: kvId };
  const datasourceKey = params.get('datasourceKey');
  if (datasourceKey) {
    return {
      kind: 'datasource',
      key: datasourceKey,
      datasetId: datasetIdOfKey(datasourceKey),
      sql: params.get('sql'),
    };
  }
  const dbId = positiveInt(params.get('dbid'));
  const sql = params.get('sql');
  const isNew = params.get('new') === 'true';
  if (dbId !== null || sql !== null || isNew) {
    return {
      kind: 'new',
      dbId,
      catalog: params.get('catalog'),
      schema: params.get('schema'),
      sql,
      name: params.get('name') ?? params.get('title'),
      autorun: params.get('autorun') === 'true',
    };
  }
  return null;
}

/** The dataset id of a datasource key (`12__table`), or null when it is not one. */
export function datasetIdOfKey(key: string): number | null {
  const m = /^(\d{1,9})__table$/.exec(key);
  return m ? positiveInt(m[1]!) : null;
}

/** A dataset of `GET /api/v1/dataset/{id}` as far as opening its query reads it. */
export function readDatasetAnswer(answer: unknown): SharedQueryState | null {
  const r = isRecord(answer) && isRecord(answer.result) ? answer.result : null;
  if (!r) return null;
  const database = isRecord(r.database) ? r.database : null;
  const dbId = typeof database?.id === 'number' ? database.id : null;
  const table = typeof r.table_name === 'string' ? r.table_name : null;
  if (dbId === null || table === null) return null;
  const schema = typeof r.schema === 'string' && r.schema !== '' ? r.schema : null;
  const selectStar =
    typeof r.select_star === 'string' && r.select_star.trim() !== '' ? r.select_star : null;
  const sql = typeof r.sql === 'string' && r.sql.trim() !== '' ? r.sql : null;
  return {
    dbId,
    name: `Query ${table}`,
    catalog: typeof r.catalog === 'string' ? r.catalog : null,
    schema,
    sql: sql ?? selectStar ?? `SELECT * FROM ${schema ? `${schema}.` : ''}${table}`,
    autorun: false,
    templateParams: null,
  };
}

/** The query string without the opening parameters ('' or '?a=b'). */
export function searchWithoutOpenParams(search: string): string {
  const params = new URLSearchParams(search);
  for (const p of OPEN_PARAMS) params.delete(p);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

/** A permalink's or shared query's state (`GET /api/v1/sqllab/permalink/{key}`, `/kv/{id}`). */
export interface SharedQueryState {
  dbId?: number | null;
  name?: string | null;
  title?: string | null;
  catalog?: string | null;
  schema?: string | null;
  autorun?: boolean;
  sql?: string | null;
  templateParams?: string | null;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Reads a shared query state from an answer (bare, or wrapped in `result` / `state`). */
export function readSharedState(answer: unknown): SharedQueryState | null {
  const parse = (x: unknown): unknown => {
    if (typeof x !== 'string') return x;
    try {
      return JSON.parse(x) as unknown;
    } catch {
      return null;
    }
  };
  let v: unknown = parse(answer);
  for (let i = 0; i < 3 && isRecord(v); i += 1) {
    const inner = isRecord(v.result) ? v.result : v.state !== undefined ? parse(v.state) : null;
    if (!isRecord(inner)) break;
    v = inner;
  }
  if (!isRecord(v) || (typeof v.sql !== 'string' && typeof v.dbId !== 'number')) return null;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  const templateParams = v.templateParams;
  return {
    dbId: typeof v.dbId === 'number' ? v.dbId : null,
    name: str(v.name) ?? str(v.title),
    catalog: str(v.catalog),
    schema: str(v.schema),
    autorun: v.autorun === true,
    sql: str(v.sql),
    templateParams:
      typeof templateParams === 'string'
        ? templateParams
        : isRecord(templateParams)
          ? JSON.stringify(templateParams)
          : null,
  };
}

/** A query of `GET /api/v1/query/{id}` as far as opening it reads it. */
export function readQueryAnswer(answer: unknown): SharedQueryState | null {
  const r = isRecord(answer) && isRecord(answer.result) ? answer.result : answer;
  if (!isRecord(r)) return null;
  const database = isRecord(r.database) ? r.database : null;
  const dbId =
    typeof r.database_id === 'number'
      ? r.database_id
      : typeof r.dbId === 'number'
        ? r.dbId
        : typeof database?.id === 'number'
          ? database.id
          : null;
  const str = (x: unknown) => (typeof x === 'string' ? x : null);
  return {
    dbId,
    name: str(r.tab_name) ?? str(r.tab),
    catalog: str(r.catalog),
    schema: str(r.schema),
    sql: str(r.sql),
    autorun: false,
    templateParams: null,
  };
}
