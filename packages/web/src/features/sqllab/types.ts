import type { ScheduledQueriesConf } from '@strata/core';
import type { QueryDto, QueryResultsPayload, SqlLabError, TabStateDto } from '@strata/core';

/** A validation error of `POST /api/v1/database/{id}/validate_sql/`. */
export interface ValidationError {
  line_number: number | null;
  start_column: number | null;
  end_column: number | null;
  message: string;
}

/** The last validation of a tab's SQL: the text it was made for and what the server found. */
export interface ValidationResult {
  sql: string;
  errors: ValidationError[];
}

/** A query editor tab (the spec's "Query editor tab", client side). */
export interface QueryEditor {
  /** The client id: the server id as text for tabs loaded from the server, else 11 random characters. */
  id: string;
  /** The server's tab state id (`/tabstateview/{id}`), once the tab is stored there. */
  tabViewId: string | null;
  name: string;
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
  sql: string;
  selectedText: string | null;
  autorun: boolean;
  /** JSON text of an object, or null. */
  templateParams: string | null;
  queryLimit: number | null;
  /** Client id of the tab's latest query. */
  latestQueryId: string | null;
  /** The saved query this tab edits. */
  remoteId: number | null;
  /** False while only the id and name are known (a server tab not opened yet). */
  loaded: boolean;
  hideLeftBar: boolean;
  validationResult: ValidationResult | null;
  /** Heights of the editor and of the south pane, in percent of the tab. */
  northPercent: number;
  southPercent: number;
  functionNames: string[];
}

/** A key of a column of a table metadata answer. */
export interface ColumnKey {
  type: 'pk' | 'fk' | 'index' | string;
  name?: string | null;
  column_names?: string[];
  constrained_columns?: string[];
  referred_table?: string;
  referred_columns?: string[];
  referred_schema?: string | null;
}

/** A column of `GET /api/v1/database/{id}/table/{name}/{schema}/`. */
export interface TableColumnMeta {
  name: string;
  type?: string | null;
  longType?: string | null;
  keys?: ColumnKey[];
  comment?: string | null;
}

/** The table metadata answer. */
export interface TableMetadataAnswer {
  name: string;
  schema?: string | null;
  columns: TableColumnMeta[];
  selectStar?: string;
  primaryKey?: ColumnKey | null;
  foreignKeys?: ColumnKey[];
  indexes?: ColumnKey[];
  comment?: string | null;
}

/** A table metadata panel of the left bar (the spec's "Table schema"). */
export interface TablePanel {
  /** Client id. */
  id: string;
  /** The server id (`/tableschemaview/{id}`), once stored. */
  remoteId: number | null;
  dbId: number;
  catalog: string | null;
  schema: string | null;
  name: string;
  /** The tab (client id) the panel belongs to. */
  queryEditorId: string;
  expanded: boolean;
  columns: TableColumnMeta[];
  selectStar: string | null;
  primaryKey: ColumnKey | null;
  foreignKeys: ColumnKey[];
  indexes: ColumnKey[];
  /** Client id of the data preview query. */
  dataPreviewQueryId: string | null;
  isMetadataLoading: boolean;
  isExtraMetadataLoading: boolean;
  /** The table's partitions (`table_extra`), when the engine reports any. */
  partitions?: TablePartitions | null;
  error: string | null;
}

/** Partition columns and the latest partition's values (`table_extra`'s `partitions`). */
export interface TablePartitions {
  cols: string[];
  latest: Record<string, unknown> | null;
  partitionQuery: string | null;
}

/** A database as SQL Lab's bootstrap (or the database list) gives it. */
export interface SqlLabDatabase {
  id: number;
  database_name: string;
  backend: string | null;
  allow_run_async: boolean;
  allow_dml: boolean;
  allow_ctas: boolean;
  allow_cvas: boolean;
  /** Whether the database gives cost estimates (its `cost_estimate_enabled` extra). */
  allows_cost_estimate: boolean;
  /** Schema CREATE TABLE/VIEW AS must write to, or null. */
  force_ctas_schema: string | null;
  disable_data_preview: boolean;
  expose_in_sqllab: boolean;
}

/** SQL Lab's configuration values from the bootstrap. */
export interface SqlLabConf {
  DEFAULT_SQLLAB_LIMIT: number;
  SQL_MAX_ROW: number;
  DISPLAY_MAX_ROW: number;
  /** The schedule form (the server's STRATA_SCHEDULED_QUERIES), or null: no Schedule action. */
  SCHEDULED_QUERIES: ScheduledQueriesConf | null;
}

/** A query as the page keeps it: the server's fields and what only the client knows. */
export interface SqlLabQuery extends QueryDto {
  isDataPreview: boolean;
  /** The previewed table, for data previews. */
  tableName: string | null;
  runAsync: boolean;
  templateParams: string | null;
  queryLimit: number | null;
  /** Errors of a failed query (Superset's SupersetError list). */
  errors: SqlLabError[];
  /** The execute call has not answered yet: server states seen meanwhile do not finish it. */
  awaitingResponse: boolean;
  /** The results of a finished query are being read (`GET /api/v1/sqllab/results/`). */
  resultsLoading: boolean;
  resultsError: string | null;
}

/** `GET /api/v1/sqllab/` */
export interface SqlLabBootstrap {
  active_tab: TabStateDto | null;
  tab_state_ids: Array<[number, string]>;
  databases: Record<string, Partial<SqlLabDatabase> & { id: number; database_name: string }>;
  queries: Record<string, QueryDto>;
  common?: { conf?: Partial<SqlLabConf> };
}

export type { QueryDto, QueryResultsPayload };

/** A table of `GET /api/v1/database/{id}/tables/`. */
export interface TableOption {
  value: string;
  type?: string | null;
}

/** The south pane's tabs: results, history, or a data preview (by table panel id). */
export type SouthTab = 'results' | 'history' | `preview:${string}`;
