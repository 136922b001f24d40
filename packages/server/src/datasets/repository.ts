import { randomUUID } from 'node:crypto';
import { GenericDataType } from '@strata/core';
import { auditFields } from '../api/common-columns.js';
import { loadOwners, loadUserSummaries, type UserSummary } from '../api/user-summaries.js';
import { parseJsonObject } from '../api/json.js';
import { backendOf } from '../databases/uri.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toBool } from '../metadata/db.js';
import type { DatasetColumnTable, DatasetMetricTable, DatasetTable } from '../metadata/schema.js';
import type { Selectable } from 'kysely';
import { storedGenericType, type SourceColumn } from './columns-sync.js';

export type DatasetRow = Selectable<DatasetTable> & {
  database_name: string;
  sqlalchemy_uri: string;
  /** The database's `extra` JSON (its flags: disable_drill_to_detail…); absent for a query. */
  database_extra?: string | null;
};
export type ColumnRow = Selectable<DatasetColumnTable>;
export type MetricRow = Selectable<DatasetMetricTable>;

/** A dataset with its database, columns, metrics and owners, as read from the store. */
export interface DatasetRecord {
  row: DatasetRow;
  columns: ColumnRow[];
  metrics: MetricRow[];
  owners: UserSummary[];
}

/** Loads datasets with everything that hangs on them, in four queries whatever their number. */
export async function loadDatasetRecords(
  db: MetadataDb,
  ids: number[],
): Promise<Map<number, DatasetRecord>> {
  const out = new Map<number, DatasetRecord>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('tables as t')
    .innerJoin('dbs', 'dbs.id', 't.database_id')
    .selectAll('t')
    .select(['dbs.database_name', 'dbs.sqlalchemy_uri', 'dbs.extra as database_extra'])
    .where('t.id', 'in', ids)
    .execute();
  const columns = await db
    .selectFrom('table_columns')
    .selectAll()
    .where('table_id', 'in', ids)
    .orderBy('id')
    .execute();
  const metrics = await db
    .selectFrom('sql_metrics')
    .selectAll()
    .where('table_id', 'in', ids)
    .orderBy('id')
    .execute();
  const owners = await loadOwners(db, 'sqlatable_user', 'table_id', ids);
  for (const row of rows) {
    out.set(row.id, {
      row,
      columns: columns.filter((c) => c.table_id === row.id),
      metrics: metrics.filter((m) => m.table_id === row.id),
      owners: owners.get(row.id) ?? [],
    });
  }
  return out;
}

/**
 * Superset's CertificationMixin over an `extra` JSON: `certification.certified_by` and
 * `.details`, `warning_markdown`, and `is_certified` when someone certified it.
 */
export function certificationFields(extra: string | null) {
  const obj = parseJsonObject(extra);
  const cert = obj.certification;
  const c = cert && typeof cert === 'object' ? (cert as Record<string, unknown>) : {};
  const certifiedBy = typeof c.certified_by === 'string' ? c.certified_by : null;
  return {
    certified_by: certifiedBy,
    certification_details: typeof c.details === 'string' ? c.details : null,
    is_certified: Boolean(certifiedBy),
    warning_markdown: typeof obj.warning_markdown === 'string' ? obj.warning_markdown : null,
  };
}

/** Superset's `currency_json`: the metric's currency object, null when empty or unreadable. */
export function currencyJson(currency: string | null): Record<string, unknown> | null {
  const obj = parseJsonObject(currency);
  return Object.keys(obj).length > 0 ? obj : null;
}

export function columnApiObject(c: ColumnRow) {
  return {
    id: c.id,
    uuid: c.uuid,
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    description: c.description,
    expression: c.expression,
    filterable: toBool(c.filterable),
    groupby: toBool(c.groupby),
    is_active: toBool(c.is_active),
    is_dttm: toBool(c.is_dttm),
    python_date_format: c.python_date_format,
    type: c.type,
    type_generic: storedGenericType({ type: c.type, is_dttm: toBool(c.is_dttm) }),
    advanced_data_type: c.advanced_data_type,
    extra: c.extra,
  };
}

export function metricApiObject(m: MetricRow) {
  return {
    id: m.id,
    uuid: m.uuid,
    metric_name: m.metric_name,
    verbose_name: m.verbose_name,
    expression: m.expression,
    description: m.description,
    d3format: m.d3format,
    currency: m.currency,
    metric_type: m.metric_type,
    warning_text: m.warning_text,
    extra: m.extra,
  };
}

/** A health message when the dataset's settings point at columns it does not have. */
export function healthCheckMessage(rec: DatasetRecord): string | null {
  const main = rec.row.main_dttm_col;
  if (main && !rec.columns.some((c) => c.column_name === main)) {
    return `The main datetime column "${main}" is not a column of this dataset`;
  }
  return null;
}

/** The dataset as `GET /api/v1/dataset/{id}` answers it. */
export function datasetApiObject(rec: DatasetRecord, users: Map<number, UserSummary>) {
  const r = rec.row;
  return {
    id: r.id,
    uuid: r.uuid,
    table_name: r.table_name,
    datasource_name: r.table_name,
    kind: r.sql ? 'virtual' : 'physical',
    datasource_type: 'table',
    schema: r.schema,
    catalog: r.catalog,
    sql: r.sql,
    description: r.description,
    database: {
      id: r.database_id,
      database_name: r.database_name,
      backend: backendOf(r.sqlalchemy_uri),
    },
    main_dttm_col: r.main_dttm_col,
    default_endpoint: r.default_endpoint,
    offset: r.offset,
    cache_timeout: r.cache_timeout,
    filter_select_enabled: toBool(r.filter_select_enabled),
    fetch_values_predicate: r.fetch_values_predicate,
    is_sqllab_view: toBool(r.is_sqllab_view),
    template_params: r.template_params,
    extra: r.extra,
    normalize_columns: toBool(r.normalize_columns),
    always_filter_main_dttm: toBool(r.always_filter_main_dttm),
    is_managed_externally: toBool(r.is_managed_externally),
    external_url: r.external_url,
    explore_url: `/explore/?datasource_type=table&datasource_id=${r.id}`,
    url: `/tablemodelview/edit/${r.id}`,
    owners: rec.owners.map((o) => ({ id: o.id, first_name: o.first_name, last_name: o.last_name })),
    columns: rec.columns.map(columnApiObject),
    metrics: rec.metrics.map(metricApiObject),
    health_check_message: healthCheckMessage(rec),
    ...auditFields(r, users),
  };
}

/** Loads API objects for ids (the resource definition's loader). */
export async function loadDatasetApiObjects(db: MetadataDb, ids: number[]) {
  const recs = await loadDatasetRecords(db, ids);
  const users = await loadUserSummaries(
    db,
    [...recs.values()].flatMap((r) => [r.row.created_by_fk, r.row.changed_by_fk]),
  );
  return new Map(
    [...recs].map(([id, rec]) => [id, datasetApiObject(rec, users) as Record<string, unknown>]),
  );
}

/** Column rows for columns read from a source. */
export function sourceColumnRows(tableId: number, cols: SourceColumn[], userId: number | null) {
  const now = nowIso();
  return cols.map((c) => ({
    uuid: randomUUID(),
    table_id: tableId,
    column_name: c.name,
    verbose_name: null,
    is_dttm: c.generic === GenericDataType.TEMPORAL,
    is_active: true,
    type: c.type,
    advanced_data_type: null,
    groupby: true,
    filterable: true,
    expression: null,
    description: null,
    python_date_format: null,
    extra: null,
    created_on: now,
    changed_on: now,
    created_by_fk: userId,
    changed_by_fk: userId,
  }));
}
