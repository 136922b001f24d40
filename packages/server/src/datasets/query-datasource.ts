/**
 * A SQL Lab query as an Explore datasource (Superset's `Query`, datasource type "query"): a chart
 * explored on an unsaved query. Its SQL is the SQL the query ran, its columns are the stored
 * results' columns with their generic types, it has no saved metrics and no main time column.
 * Only the query's owner and users with all_query_access (or Admin) see it; to anyone else it
 * does not exist. Chart data compiles it as a virtual dataset over that SQL on its database.
 */
import { GenericDataType } from '@strata/core';
import type { EngineSpec } from '../engines/types.js';
import type { MetadataDb } from '../metadata/db.js';
import type { CompileDataset } from '../query/compile/index.js';
import type { Principal } from '../security/principal.js';
import { resultColumns } from '../sqllab/payload.js';
import type { QueryRow } from '../sqllab/query-dto.js';
import type { ResultsBackend } from '../sqllab/results-backend.js';
import { seesAllQueries } from '../sqllab/service.js';
import { datasourceJson } from './datasource-json.js';
import type { ColumnRow, DatasetRecord } from './repository.js';

/** The name of a query explored without a tab name. */
export const QUERY_DATASOURCE_NAME = 'SQL query';

/** A result column of the query, as the stored results describe it. */
export interface QueryDatasourceColumn {
  column_name: string;
  type: string | null;
  type_generic: GenericDataType;
  is_dttm: boolean;
}

/** A query with its database and the columns of its stored results. */
export interface QueryDatasource {
  query: QueryRow;
  database: { id: number; database_name: string; sqlalchemy_uri: string };
  /** Empty when the query has no stored results (failed, or the results expired). */
  columns: QueryDatasourceColumn[];
}

/** Whether a principal may explore a query: its owner, all_query_access, Admin. */
export function canReadQuery(p: Principal, query: Pick<QueryRow, 'user_id'>): boolean {
  return (!p.isAnonymous && query.user_id !== null && query.user_id === p.id) || seesAllQueries(p);
}

/** The query row of an id when the principal may explore it, else null. */
export async function readableQuery(
  db: MetadataDb,
  principal: Principal,
  id: number,
): Promise<QueryRow | null> {
  const row = await db.selectFrom('query').selectAll().where('id', '=', id).executeTakeFirst();
  return row && canReadQuery(principal, row) ? row : null;
}

/** The query datasource of an id, or null when it does not exist or the principal may not see it. */
export async function loadQueryDatasource(
  db: MetadataDb,
  results: ResultsBackend | null,
  principal: Principal,
  id: number,
): Promise<QueryDatasource | null> {
  const query = await readableQuery(db, principal, id);
  if (!query) return null;
  const database = await db
    .selectFrom('dbs')
    .select(['id', 'database_name', 'sqlalchemy_uri'])
    .where('id', '=', query.database_id)
    .executeTakeFirst();
  if (!database) return null;
  const meta = query.results_key && results ? await results.readMeta(query.results_key) : null;
  const columns = meta
    ? resultColumns(meta.columns).map((c) => ({
        column_name: c.column_name,
        type: c.type,
        type_generic: (c.type_generic ?? GenericDataType.STRING) as GenericDataType,
        is_dttm: c.is_dttm,
      }))
    : [];
  return { query, database, columns };
}

/** The name Explore shows: the query's tab name, else "SQL query". */
export function queryDatasourceName(query: Pick<QueryRow, 'tab_name'>): string {
  const name = query.tab_name?.trim();
  return name ? name : QUERY_DATASOURCE_NAME;
}

/** The SQL the query ran (rendered and limited), else the SQL as typed. */
export function queryDatasourceSql(query: Pick<QueryRow, 'executed_sql' | 'sql'>): string {
  return query.executed_sql?.trim() ? query.executed_sql : query.sql;
}

/**
 * The query as a virtual dataset record (what the chart data service and the datasource JSON
 * read): its SQL, database and schema, the result columns; no metrics, no template parameters
 * (the executed SQL is already rendered).
 */
export function queryDatasetRecord(qd: QueryDatasource): DatasetRecord {
  const q = qd.query;
  const name = queryDatasourceName(q);
  const columns: ColumnRow[] = qd.columns.map((c, i) => ({
    id: i + 1,
    uuid: '',
    table_id: q.id,
    column_name: c.column_name,
    verbose_name: null,
    is_dttm: c.is_dttm,
    is_active: true,
    type: c.type,
    advanced_data_type: null,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    python_date_format: null,
    extra: null,
    created_on: null,
    changed_on: null,
    created_by_fk: null,
    changed_by_fk: null,
  }));
  return {
    row: {
      id: q.id,
      uuid: '',
      table_name: name,
      database_id: qd.database.id,
      schema: q.schema,
      catalog: q.catalog,
      sql: queryDatasourceSql(q),
      description: null,
      main_dttm_col: null,
      default_endpoint: null,
      offset: 0,
      cache_timeout: null,
      filter_select_enabled: true,
      fetch_values_predicate: null,
      is_sqllab_view: false,
      template_params: null,
      extra: null,
      normalize_columns: false,
      always_filter_main_dttm: false,
      is_managed_externally: false,
      external_url: null,
      created_on: null,
      changed_on: q.changed_on,
      created_by_fk: q.user_id,
      changed_by_fk: null,
      database_name: qd.database.database_name,
      sqlalchemy_uri: qd.database.sqlalchemy_uri,
    },
    columns,
    metrics: [],
    owners: [],
  };
}

/** What the compiler needs: the query's SQL as a virtual dataset, with the stored generic types. */
export function queryCompileDataset(qd: QueryDatasource): CompileDataset {
  return {
    table_name: queryDatasourceName(qd.query),
    schema: qd.query.schema,
    sql: queryDatasourceSql(qd.query),
    columns: qd.columns.map((c) => ({
      column_name: c.column_name,
      expression: null,
      is_dttm: c.is_dttm,
      type_generic: c.type_generic,
    })),
    metrics: [],
    main_dttm_col: null,
    fetch_values_predicate: null,
  };
}

/** The datasource Explore reads for a query (Superset's `Query.data`), type "query". */
export function queryDatasourceJson(qd: QueryDatasource, spec: EngineSpec | null) {
  const base = datasourceJson(queryDatasetRecord(qd), spec);
  const q = qd.query;
  const name = queryDatasourceName(q);
  return {
    ...base,
    uid: `${q.id}__query`,
    type: 'query',
    name,
    datasource_name: name,
    table_name: name,
    owners: q.user_id !== null ? [q.user_id] : [],
    columns: qd.columns.map((c) => ({
      column_name: c.column_name,
      verbose_name: null,
      description: null,
      expression: null,
      filterable: true,
      groupby: true,
      is_active: true,
      is_dttm: c.is_dttm,
      python_date_format: null,
      type: c.type,
      type_generic: c.type_generic,
      advanced_data_type: null,
      extra: null,
    })),
    metrics: [],
    main_dttm_col: null,
    select_star: null,
    edit_url: null,
    url: null,
    explore_url: `/explore/?datasource_type=query&datasource_id=${q.id}`,
    health_check_message: null,
  };
}
