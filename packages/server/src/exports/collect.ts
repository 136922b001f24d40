/**
 * Loading what an export writes, through Kysely, with each resource's own visibility rule.
 *
 * The requested objects must all exist and be visible to the user: otherwise 404, as Superset's
 * export commands answer when the DAO (with its base filter) finds fewer objects than asked for.
 * What they need (a dashboard's charts and its native filters' datasets, a chart's dataset) must
 * be readable too, else 403: a bundle never holds an object its maker may not read, and is never
 * written with pieces silently left out. A dataset's database goes with it (as in Superset, being
 * able to read a dataset is enough to export its connection, password masked). A database export
 * carries the database's datasets that the user may read. A saved query (visible to its owner and
 * Admin, the saved queries' own rule) carries its database, which the user must still be allowed
 * to use (403 otherwise: a query saved before a grant was withdrawn does not hand its connection
 * out).
 */
import { sql } from 'kysely';
import { ApiError } from '../api/errors.js';
import { MAX_ID } from '../api/query-params.js';
import type { DynamicDb, DynamicQuery, RequestContext } from '../api/resource-types.js';
import { chartsResource } from '../charts/resource.js';
import { dashboardVisibility, type DashboardAccessOptions } from '../dashboards/access.js';
import { visibleDatabases } from '../databases/access.js';
import { visibleDatasets } from '../datasets/access.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import { toBool } from '../metadata/db.js';
import { visibleSavedQueries } from '../saved_queries/resource.js';
import {
  nativeFilterDatasetIds,
  type ChartExport,
  type DashboardExport,
  type DatabaseExport,
  type DatasetExport,
  type ExportKind,
  type ExportSet,
  type SavedQueryExport,
} from './bundle.js';

type Visibility = (qb: DynamicQuery, ctx: RequestContext) => DynamicQuery;

/** The answer when an export needs an object its user may not read. */
export const EXPORT_FORBIDDEN_MESSAGE =
  'You do not have access to every chart, dataset and database this export contains';

const notFound = () => new ApiError(404, 'Not found');

/** The ids among `ids` (all valid) of rows of `table` the visibility rule keeps. */
async function visibleAmong(
  ctx: RequestContext,
  table: string,
  visible: Visibility,
  ids: number[],
): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const qb = visible(
    (ctx.db as unknown as DynamicDb).selectFrom(`${table} as t`) as unknown as DynamicQuery,
    ctx,
  );
  const rows = await qb
    .select(sql<number>`t.id`.as('id'))
    .where(sql.ref('t.id'), 'in', ids)
    .execute();
  return new Set(rows.map((r) => Number((r as { id: number }).id)));
}

/** The requested ids, each once, after checking that every one is there and visible (404). */
async function requireVisible(
  ctx: RequestContext,
  table: string,
  visible: Visibility,
  requested: number[],
): Promise<number[]> {
  const ids = [...new Set(requested)];
  if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_ID)) throw notFound();
  const found = await visibleAmong(ctx, table, visible, ids);
  if (found.size !== ids.length) throw notFound();
  return ids;
}

/** 403 unless every id (of existing rows) is readable. */
async function requireReadable(
  ctx: RequestContext,
  table: string,
  visible: Visibility,
  ids: number[],
): Promise<void> {
  const found = await visibleAmong(ctx, table, visible, ids);
  if (ids.some((id) => !found.has(id))) throw new ApiError(403, EXPORT_FORBIDDEN_MESSAGE);
}

async function loadDatabases(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, DatabaseExport>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .selectFrom('dbs')
    .select([
      'id',
      'uuid',
      'database_name',
      'sqlalchemy_uri',
      'cache_timeout',
      'expose_in_sqllab',
      'allow_run_async',
      'allow_ctas',
      'allow_cvas',
      'allow_dml',
      'allow_file_upload',
      'extra',
    ])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        uuid: r.uuid,
        database_name: r.database_name,
        sqlalchemy_uri: r.sqlalchemy_uri,
        cache_timeout: r.cache_timeout,
        expose_in_sqllab: toBool(r.expose_in_sqllab),
        allow_run_async: toBool(r.allow_run_async),
        allow_ctas: toBool(r.allow_ctas),
        allow_cvas: toBool(r.allow_cvas),
        allow_dml: toBool(r.allow_dml),
        allow_file_upload: toBool(r.allow_file_upload),
        extra: r.extra,
      },
    ]),
  );
}

async function loadDatasets(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, DatasetExport>> {
  const records = await loadDatasetRecords(ctx.db, ids);
  const out = new Map<number, DatasetExport>();
  for (const { row, columns, metrics } of records.values()) {
    out.set(row.id, {
      id: row.id,
      uuid: row.uuid,
      database_id: row.database_id,
      table_name: row.table_name,
      main_dttm_col: row.main_dttm_col,
      description: row.description,
      default_endpoint: row.default_endpoint,
      offset: row.offset,
      cache_timeout: row.cache_timeout,
      catalog: row.catalog,
      schema: row.schema,
      sql: row.sql,
      template_params: row.template_params,
      filter_select_enabled: toBool(row.filter_select_enabled),
      fetch_values_predicate: row.fetch_values_predicate,
      extra: row.extra,
      normalize_columns: toBool(row.normalize_columns),
      always_filter_main_dttm: toBool(row.always_filter_main_dttm),
      columns: columns.map((c) => ({
        column_name: c.column_name,
        verbose_name: c.verbose_name,
        is_dttm: toBool(c.is_dttm),
        is_active: toBool(c.is_active),
        type: c.type,
        advanced_data_type: c.advanced_data_type,
        groupby: toBool(c.groupby),
        filterable: toBool(c.filterable),
        expression: c.expression,
        description: c.description,
        python_date_format: c.python_date_format,
        extra: c.extra,
      })),
      metrics: metrics.map((m) => ({
        metric_name: m.metric_name,
        verbose_name: m.verbose_name,
        metric_type: m.metric_type,
        expression: m.expression,
        description: m.description,
        d3format: m.d3format,
        currency: m.currency,
        extra: m.extra,
        warning_text: m.warning_text,
      })),
    });
  }
  return out;
}

async function loadCharts(ctx: RequestContext, ids: number[]): Promise<Map<number, ChartExport>> {
  if (!ids.length) return new Map();
  const rows = await ctx.db
    .selectFrom('slices')
    .select([
      'id',
      'uuid',
      'slice_name',
      'description',
      'certified_by',
      'certification_details',
      'viz_type',
      'params',
      'query_context',
      'cache_timeout',
      'datasource_id',
      'datasource_type',
    ])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        uuid: r.uuid,
        slice_name: r.slice_name,
        description: r.description,
        certified_by: r.certified_by,
        certification_details: r.certification_details,
        viz_type: r.viz_type,
        params: r.params,
        query_context: r.query_context,
        cache_timeout: r.cache_timeout,
        dataset_id: r.datasource_type === 'table' ? r.datasource_id : null,
      },
    ]),
  );
}

async function loadDashboards(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, DashboardExport>> {
  const rows = await ctx.db
    .selectFrom('dashboards')
    .select([
      'id',
      'uuid',
      'dashboard_title',
      'description',
      'css',
      'slug',
      'certified_by',
      'certification_details',
      'published',
      'position_json',
      'json_metadata',
    ])
    .where('id', 'in', ids)
    .execute();
  const links = await ctx.db
    .selectFrom('dashboard_slices')
    .select(['dashboard_id', 'slice_id'])
    .where('dashboard_id', 'in', ids)
    .orderBy('id')
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        ...r,
        published: toBool(r.published),
        chart_ids: [
          ...new Set(links.filter((l) => l.dashboard_id === r.id).map((l) => l.slice_id)),
        ],
      },
    ]),
  );
}

/** The datasets (readable: 403 otherwise) and their databases, added to the set. */
async function addDatasets(ctx: RequestContext, set: ExportSet, wanted: number[]): Promise<void> {
  const ids = [...new Set(wanted)].filter((id) => !set.datasets.has(id));
  // Ids of datasets that are gone are left out, as Superset leaves them (no dataset_uuid).
  const datasets = await loadDatasets(ctx, ids);
  await requireReadable(ctx, 'tables', visibleDatasets, [...datasets.keys()]);
  for (const [id, d] of datasets) set.datasets.set(id, d);
  const databaseIds = [...new Set([...datasets.values()].map((d) => d.database_id))].filter(
    (id) => !set.databases.has(id),
  );
  for (const [id, d] of await loadDatabases(ctx, databaseIds)) set.databases.set(id, d);
}

/** Charts (readable: 403 otherwise) with their datasets and databases, added to the set. */
async function addCharts(
  ctx: RequestContext,
  set: ExportSet,
  ids: number[],
  opts: DashboardAccessOptions,
): Promise<void> {
  const charts = await loadCharts(ctx, ids);
  await requireReadable(ctx, 'slices', chartsResource(opts).visible!, [...charts.keys()]);
  for (const [id, c] of charts) set.charts.set(id, c);
  await addDatasets(
    ctx,
    set,
    [...charts.values()].map((c) => c.dataset_id).filter((id): id is number => id !== null),
  );
}

async function loadSavedQueries(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, SavedQueryExport>> {
  const rows = await ctx.db
    .selectFrom('saved_query')
    .select(['id', 'uuid', 'db_id', 'catalog', 'schema', 'label', 'description', 'sql'])
    .where('id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        uuid: r.uuid,
        database_id: r.db_id,
        catalog: r.catalog,
        schema: r.schema,
        label: r.label,
        description: r.description,
        sql: r.sql,
      },
    ]),
  );
}

const emptySet = (kind: ExportKind, roots: number[]): ExportSet => ({
  kind,
  roots,
  dashboards: new Map(),
  charts: new Map(),
  datasets: new Map(),
  databases: new Map(),
  savedQueries: new Map(),
});

/** Everything an export of `kind` for the requested ids writes (404, 403 as above). */
export async function collectExport(
  ctx: RequestContext,
  kind: ExportKind,
  requested: number[],
  opts: DashboardAccessOptions,
): Promise<ExportSet> {
  switch (kind) {
    case 'dashboard': {
      const ids = await requireVisible(ctx, 'dashboards', dashboardVisibility(opts), requested);
      const set = emptySet(kind, ids);
      set.dashboards = await loadDashboards(ctx, ids);
      const dashboards = [...set.dashboards.values()];
      await addCharts(ctx, set, [...new Set(dashboards.flatMap((d) => d.chart_ids))], opts);
      await addDatasets(
        ctx,
        set,
        dashboards.flatMap((d) => nativeFilterDatasetIds(d.json_metadata)),
      );
      return set;
    }
    case 'chart': {
      const ids = await requireVisible(ctx, 'slices', chartsResource(opts).visible!, requested);
      const set = emptySet(kind, ids);
      await addCharts(ctx, set, ids, opts);
      return set;
    }
    case 'dataset': {
      const ids = await requireVisible(ctx, 'tables', visibleDatasets, requested);
      const set = emptySet(kind, ids);
      await addDatasets(ctx, set, ids);
      return set;
    }
    case 'database': {
      const ids = await requireVisible(ctx, 'dbs', visibleDatabases, requested);
      const set = emptySet(kind, ids);
      set.databases = await loadDatabases(ctx, ids);
      const onThem = await ctx.db
        .selectFrom('tables')
        .select('id')
        .where('database_id', 'in', ids)
        .execute();
      const readable = await visibleAmong(
        ctx,
        'tables',
        visibleDatasets,
        onThem.map((r) => r.id),
      );
      set.datasets = await loadDatasets(ctx, [...readable]);
      return set;
    }
    case 'saved_query': {
      const ids = await requireVisible(ctx, 'saved_query', visibleSavedQueries, requested);
      const set = emptySet(kind, ids);
      set.savedQueries = await loadSavedQueries(ctx, ids);
      const databaseIds = [...new Set([...set.savedQueries.values()].map((q) => q.database_id))];
      await requireReadable(ctx, 'dbs', visibleDatabases, databaseIds);
      set.databases = await loadDatabases(ctx, databaseIds);
      return set;
    }
  }
}
