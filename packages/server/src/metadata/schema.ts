import type { Generated } from 'kysely';

/**
 * Table types of the metadata store. Names follow Superset's metadata schema where one exists.
 * Timestamps are written as ISO-8601 text and read back as text (SQLite) or Date (PostgreSQL):
 * read them through `toIso`. Booleans come back as 0/1 on SQLite: read them through `toBool`.
 */
type Timestamp = string | Date;
type Bool = boolean | number;

export interface AuditColumns {
  created_on: Timestamp | null;
  changed_on: Timestamp | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

export interface UserTable {
  id: Generated<number>;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  password: string | null;
  active: Bool;
  last_login: Timestamp | null;
  login_count: number;
  fail_login_count: number;
  created_on: Timestamp | null;
  changed_on: Timestamp | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
  /** Bumped by a password change, (de)activation or role change: older tokens are refused. */
  token_generation: Generated<number>;
}

export interface RoleTable {
  id: Generated<number>;
  name: string;
}
export interface UserRoleTable {
  id: Generated<number>;
  user_id: number;
  role_id: number;
}
export interface PermissionTable {
  id: Generated<number>;
  name: string;
}
export interface ViewMenuTable {
  id: Generated<number>;
  name: string;
}
export interface PermissionViewTable {
  id: Generated<number>;
  permission_id: number;
  view_menu_id: number;
}
export interface PermissionViewRoleTable {
  id: Generated<number>;
  permission_view_id: number;
  role_id: number;
}

export interface SessionTable {
  id: string; // sha256 of the cookie token
  user_id: number;
  created_on: Timestamp;
  expires_on: Timestamp;
  last_seen: Timestamp;
  ip: string | null;
  user_agent: string | null;
}

export interface UserPreferenceTable {
  user_id: number;
  /** JSON: core's `UserPreferences`. */
  value: string;
  changed_on: Timestamp;
}

export interface FavStarTable {
  id: Generated<number>;
  user_id: number;
  class_name: string;
  obj_id: number;
  dttm: Timestamp;
}

export interface LogTable {
  id: Generated<number>;
  action: string;
  user_id: number | null;
  json: string;
  dttm: Timestamp;
  dashboard_id: number | null;
  slice_id: number | null;
  duration_ms: number | null;
  referrer: string | null;
}

export interface DatabaseTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  database_name: string;
  sqlalchemy_uri: string;
  password: string | null;
  expose_in_sqllab: Bool;
  allow_run_async: Bool;
  allow_dml: Bool;
  allow_ctas: Bool;
  allow_cvas: Bool;
  allow_file_upload: Bool;
  cache_timeout: number | null;
  extra: string | null;
  impersonate_user: Bool;
  encrypted_extra: string | null;
  server_cert: string | null;
  verbose_name: string | null;
  configuration_method: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
}

export interface DatasetTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  table_name: string;
  database_id: number;
  schema: string | null;
  catalog: string | null;
  sql: string | null;
  description: string | null;
  main_dttm_col: string | null;
  default_endpoint: string | null;
  offset: number;
  cache_timeout: number | null;
  filter_select_enabled: Bool;
  fetch_values_predicate: string | null;
  is_sqllab_view: Bool;
  template_params: string | null;
  extra: string | null;
  normalize_columns: Bool;
  always_filter_main_dttm: Bool;
  is_managed_externally: Bool;
  external_url: string | null;
}

export interface OwnerLinkTable {
  id: Generated<number>;
  user_id: number;
}

export interface DatasetOwnerTable extends OwnerLinkTable {
  table_id: number;
}

export interface ChartTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  slice_name: string;
  datasource_id: number | null;
  datasource_type: string | null;
  viz_type: string | null;
  params: string | null;
  query_context: string | null;
  description: string | null;
  cache_timeout: number | null;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
  last_saved_at: Timestamp | null;
  last_saved_by_fk: number | null;
}

export interface ChartOwnerTable extends OwnerLinkTable {
  slice_id: number;
}

export interface DashboardTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  dashboard_title: string | null;
  slug: string | null;
  position_json: string | null;
  json_metadata: string | null;
  css: string | null;
  description: string | null;
  published: Bool;
  certified_by: string | null;
  certification_details: string | null;
  is_managed_externally: Bool;
  external_url: string | null;
}

export interface DashboardOwnerTable extends OwnerLinkTable {
  dashboard_id: number;
}
export interface DashboardRoleTable {
  id: Generated<number>;
  dashboard_id: number;
  role_id: number;
}
export interface DashboardSliceTable {
  id: Generated<number>;
  dashboard_id: number;
  slice_id: number;
}

export interface SavedQueryTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  user_id: number | null;
  db_id: number;
  schema: string | null;
  catalog: string | null;
  label: string;
  description: string | null;
  sql: string;
  template_parameters: string | null;
  extra_json: string | null;
  last_run: Timestamp | null;
  rows: number | null;
}

export interface QueryTable {
  id: Generated<number>;
  client_id: string;
  database_id: number;
  user_id: number | null;
  tmp_table_name: string | null;
  tab_name: string | null;
  sql_editor_id: string | null;
  status: string;
  schema: string | null;
  catalog: string | null;
  sql: string;
  select_sql: string | null;
  executed_sql: string | null;
  limit: number | null;
  limiting_factor: string | null;
  select_as_cta: Bool;
  select_as_cta_used: Bool;
  ctas_method: string | null;
  progress: number;
  rows: number | null;
  error_message: string | null;
  results_key: string | null;
  start_time: number | null; // epoch milliseconds, as Superset keeps them
  start_running_time: number | null;
  end_time: number | null;
  end_result_backend_time: number | null;
  tracking_url: string | null;
  extra_json: string | null;
  changed_on: Timestamp;
  /** The instance running the query (or holding it in its in-process queue); migration 008. */
  worker_id: string | null;
  /** The prepared script (JSON) an asynchronous query runs from; migration 008. */
  strata_script: string | null;
}

/** A process of the install, with its roles and heartbeat (migration 008). */
export interface InstanceTable {
  id: string;
  roles: string;
  hostname: string;
  pid: number;
  started_at: number;
  heartbeat_at: number;
}

/** A schedule's tick, claimed by the scheduler that fires it (migration 008). */
export interface ScheduleTickTable {
  schedule: string;
  tick: number;
  claimed_by: string;
  claimed_at: number;
  runs: Generated<number>;
}

export interface DatasetColumnTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  column_name: string;
  verbose_name: string | null;
  is_dttm: Bool;
  is_active: Bool;
  type: string | null;
  advanced_data_type: string | null;
  groupby: Bool;
  filterable: Bool;
  expression: string | null;
  description: string | null;
  python_date_format: string | null;
  extra: string | null;
}

export interface DatasetMetricTable extends AuditColumns {
  id: Generated<number>;
  uuid: string;
  table_id: number;
  metric_name: string;
  verbose_name: string | null;
  metric_type: string | null;
  expression: string;
  description: string | null;
  d3format: string | null;
  currency: string | null;
  warning_text: string | null;
  extra: string | null;
}

/** A SQL Lab editor tab kept on the server (Superset's tab_state). */
export interface TabStateTable {
  id: Generated<number>;
  user_id: number;
  label: string;
  active: Bool;
  database_id: number | null;
  schema: string | null;
  catalog: string | null;
  sql: string;
  query_limit: number | null;
  /** The client id of the tab's latest query. */
  latest_query_id: string | null;
  autorun: Bool;
  template_params: string | null;
  hide_left_bar: Bool;
  saved_query_id: number | null;
  extra_json: string | null;
  created_on: Timestamp | null;
  changed_on: Timestamp | null;
}

/** A table metadata panel of a SQL Lab tab (Superset's table_schema). */
export interface TableSchemaTable {
  id: Generated<number>;
  tab_state_id: number;
  database_id: number;
  schema: string | null;
  catalog: string | null;
  table: string;
  /** JSON text of what the client showed (columns, keys, select star…). */
  description: string | null;
  expanded: Bool;
  created_on: Timestamp | null;
  changed_on: Timestamp | null;
}

/** A stored value read back by an unguessable key (shared queries, SQL Lab permalinks). */
/** Change counters kept by triggers (migration 005): `security`, `datasources`. */
export interface StrataVersionTable {
  name: string;
  /** PostgreSQL answers bigint as text. */
  version: number | string;
}

export interface KeyValueTable {
  id: Generated<number>;
  uuid: string;
  resource: string;
  value: string;
  created_on: Timestamp | null;
  created_by_fk: number | null;
  changed_on: Timestamp | null;
  expires_on: Timestamp | null;
  /**
   * What the entry is about, for finding it without its key (migration 006): a dashboard filter
   * state's `dashboard:{id}:tab:{tabId}:owner:{userId}`. Null for entries found by key only.
   */
  lookup: string | null;
}

/** A dynamic plugin: a chart type's ES module bundle (Superset's dynamic_plugin). */
export interface DynamicPluginTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  key: string;
  bundle_url: string;
}

/** A named piece of dashboard CSS (Superset's css_templates). */
export interface CssTemplateTable extends AuditColumns {
  id: Generated<number>;
  template_name: string | null;
  css: string | null;
}

/** A tag (Superset's tag; custom tags only here). */
export interface TagTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  type: string;
  description: string | null;
}

/** A tag on an object (Superset's tagged_object): object_type `dashboard`, `chart` or `query`. */
export interface TaggedObjectTable extends AuditColumns {
  id: Generated<number>;
  tag_id: number;
  object_id: number;
  object_type: string;
}

/** A native annotation layer (Superset's annotation_layer). */
export interface AnnotationLayerTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  descr: string | null;
}

/** An annotation of a layer: a time span with texts (Superset's annotation). */
export interface AnnotationTable extends AuditColumns {
  id: Generated<number>;
  start_dttm: Timestamp | null;
  end_dttm: Timestamp | null;
  layer_id: number;
  short_descr: string | null;
  long_descr: string | null;
  /** JSON text of an object. */
  json_metadata: string | null;
}

/**
 * A saved native filter state of a dashboard (Superset's filter_sets). `owner_type` "Dashboard":
 * `owner_id` is the dashboard's id; "User": the user's id.
 */
/** An alert or a report (issue 18; Superset's `report_schedule`). */
export interface ReportScheduleTable extends AuditColumns {
  id: Generated<number>;
  /** 'Alert' | 'Report'. */
  type: string;
  name: string;
  description: string | null;
  context_markdown: string | null;
  active: Bool;
  crontab: string;
  /** 'charts' | 'dashboards' | 'alerts_reports'. */
  creation_method: string;
  timezone: string;
  /** 'PNG' | 'PDF' | 'CSV' | 'TEXT'. */
  report_format: string;
  sql: string | null;
  chart_id: number | null;
  dashboard_id: number | null;
  database_id: number | null;
  last_eval_dttm: Timestamp | null;
  /** A ReportState, or null before the first run. */
  last_state: string | null;
  last_value: number | null;
  last_value_row_json: string | null;
  /** 'not null' | 'operator' (alerts). */
  validator_type: string | null;
  /** JSON `{op, threshold}`. */
  validator_config_json: string | null;
  /** Days. */
  log_retention: number;
  /** Seconds. */
  grace_period: number;
  /** Seconds. */
  working_timeout: number;
  force_screenshot: Bool;
  custom_width: number | null;
  custom_height: number | null;
  email_subject: string | null;
  /** JSON `{dashboard?: {activeTabs, anchor, dataMask}}`. */
  extra_json: string;
}

export interface ReportScheduleUserTable {
  id: Generated<number>;
  user_id: number;
  report_schedule_id: number;
}

export interface ReportRecipientTable extends AuditColumns {
  id: Generated<number>;
  /** 'Email' | 'Slack' | 'Webhook'. */
  type: string;
  /** JSON `RecipientConfig` (core's reports-api). */
  recipient_config_json: string;
  report_schedule_id: number;
}

/** One run of a report (Superset's `report_execution_log`). */
export interface ReportExecutionLogTable {
  id: Generated<number>;
  uuid: string;
  scheduled_dttm: Timestamp;
  start_dttm: Timestamp | null;
  end_dttm: Timestamp | null;
  value: number | null;
  value_row_json: string | null;
  /** A ReportState. */
  state: string;
  error_message: string | null;
  report_schedule_id: number;
}

export interface FilterSetTable extends AuditColumns {
  id: Generated<number>;
  name: string;
  description: string | null;
  /** JSON text of an object (`nativeFilters`, `dataMask`…). */
  json_metadata: string;
  owner_id: number;
  owner_type: string;
  dashboard_id: number;
}

export interface MetadataSchema {
  table_columns: DatasetColumnTable;
  sql_metrics: DatasetMetricTable;
  ab_user: UserTable;
  ab_role: RoleTable;
  ab_user_role: UserRoleTable;
  ab_permission: PermissionTable;
  ab_view_menu: ViewMenuTable;
  ab_permission_view: PermissionViewTable;
  ab_permission_view_role: PermissionViewRoleTable;
  strata_session: SessionTable;
  strata_user_preference: UserPreferenceTable;
  favstar: FavStarTable;
  logs: LogTable;
  dbs: DatabaseTable;
  tables: DatasetTable;
  sqlatable_user: DatasetOwnerTable;
  slices: ChartTable;
  slice_user: ChartOwnerTable;
  dashboards: DashboardTable;
  dashboard_user: DashboardOwnerTable;
  dashboard_roles: DashboardRoleTable;
  dashboard_slices: DashboardSliceTable;
  saved_query: SavedQueryTable;
  query: QueryTable;
  strata_instance: InstanceTable;
  strata_schedule_tick: ScheduleTickTable;
  tab_state: TabStateTable;
  table_schema: TableSchemaTable;
  key_value: KeyValueTable;
  strata_version: StrataVersionTable;
  annotation_layer: AnnotationLayerTable;
  annotation: AnnotationTable;
  filter_sets: FilterSetTable;
  report_schedule: ReportScheduleTable;
  report_schedule_user: ReportScheduleUserTable;
  report_recipient: ReportRecipientTable;
  report_execution_log: ReportExecutionLogTable;
  dynamic_plugin: DynamicPluginTable;
  css_templates: CssTemplateTable;
  tag: TagTable;
  tagged_object: TaggedObjectTable;
}
