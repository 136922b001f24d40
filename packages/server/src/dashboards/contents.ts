/**
 * What a dashboard shows: its charts (Superset's `GET /api/v1/dashboard/{id_or_slug}/charts`,
 * ChartEntityResponseSchema) and the datasets of those charts in the datasource shape Explore
 * reads (`GET .../datasets`). Both follow chart data's access rule: a chart (its form data, its
 * query context) and a dataset are shown only when the user may read the chart's dataset, or
 * when the dashboard's roles grant it with DASHBOARD_RBAC; other charts are left out.
 */
import { humanizeTimeDelta } from '@strata/core';
import { loadOwners } from '../api/user-summaries.js';
import type { RequestContext } from '../api/resource-types.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { canReadDataset, hasAllDatasourceAccess } from '../datasets/access.js';
import { datasourceJson } from '../datasets/datasource-json.js';
import { loadDatasetRecords, type DatasetRecord } from '../datasets/repository.js';
import type { EngineSpec } from '../engines/types.js';
import { toBool, toDate, toIso } from '../metadata/db.js';
import {
  rolesGrantDatasets,
  type DashboardAccessOptions,
  type VisibleDashboard,
} from './access.js';
import { chartFormData } from './payload.js';

/** The engine of a database, or null for an engine this server lacks (no grains, no SELECT *). */
function specOf(
  connections: DatabaseConnections,
  row: { sqlalchemy_uri: string },
): EngineSpec | null {
  try {
    return connections.spec(row);
  } catch {
    return null;
  }
}

async function chartRows(ctx: RequestContext, dashboardId: number) {
  return ctx.db
    .selectFrom('dashboard_slices as ds')
    .innerJoin('slices as s', 's.id', 'ds.slice_id')
    .selectAll('s')
    .where('ds.dashboard_id', '=', dashboardId)
    .orderBy('s.id')
    .execute();
}

type ChartRow = Awaited<ReturnType<typeof chartRows>>[number];

/** The table datasets of the charts, ascending. */
function datasetIdsOf(rows: ChartRow[]): number[] {
  const ids = rows
    .filter((r) => r.datasource_type === 'table' && r.datasource_id !== null)
    .map((r) => r.datasource_id!);
  return [...new Set(ids)].sort((a, b) => a - b);
}

/**
 * The datasets among the charts' that the user may read: each by dataset access, or all of
 * them when the dashboard's roles grant them (DASHBOARD_RBAC), as chart data decides.
 */
async function readableDatasets(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  rows: ChartRow[],
  opts: DashboardAccessOptions,
): Promise<Map<number, DatasetRecord>> {
  const records = await loadDatasetRecords(ctx.db, datasetIdsOf(rows));
  if (await rolesGrantDatasets(ctx, dashboard, opts)) return records;
  const out = new Map<number, DatasetRecord>();
  for (const [id, rec] of records) {
    if (
      canReadDataset(
        ctx.principal,
        rec.row,
        rec.owners.map((o) => o.id),
      )
    )
      out.set(id, rec);
  }
  return out;
}

/**
 * The dashboard's charts the user may read the data of, each with its form data (params,
 * `slice_id`, `datasource`). A chart on a dataset the user cannot read is left out, as is a
 * chart on anything but a table dataset, unless the user has access to all datasources.
 */
export async function dashboardCharts(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  opts: DashboardAccessOptions,
) {
  const all = await chartRows(ctx, dashboard.id);
  const readable = await readableDatasets(ctx, dashboard, all, opts);
  const everything = hasAllDatasourceAccess(ctx.principal);
  const rows = all.filter((r) =>
    r.datasource_type === 'table' && r.datasource_id !== null
      ? readable.has(r.datasource_id)
      : everything,
  );
  const owners = await loadOwners(
    ctx.db,
    'slice_user',
    'slice_id',
    rows.map((r) => r.id),
  );
  const now = new Date();
  return rows.map((r) => {
    const changed = toDate(r.changed_on);
    return {
      id: r.id,
      uuid: r.uuid,
      slice_name: r.slice_name,
      viz_type: r.viz_type,
      form_data: chartFormData(r),
      query_context: r.query_context,
      datasource: `${r.datasource_id}__${r.datasource_type}`,
      datasource_id: r.datasource_id,
      datasource_type: r.datasource_type,
      description: r.description,
      description_markeddown: r.description ?? '',
      cache_timeout: r.cache_timeout,
      changed_on: toIso(r.changed_on),
      modified: changed ? humanizeTimeDelta(changed, now) : null,
      url: `/explore/?slice_id=${r.id}`,
      slice_url: `/explore/?slice_id=${r.id}`,
      thumbnail_url: null,
      owners: owners.get(r.id) ?? [],
      certified_by: r.certified_by,
      certification_details: r.certification_details,
      is_managed_externally: toBool(r.is_managed_externally),
    };
  });
}

/**
 * The datasets of the dashboard's charts that the user may read (or that the dashboard's roles
 * grant with DASHBOARD_RBAC), in Explore's datasource shape.
 */
export async function dashboardDatasets(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  connections: DatabaseConnections,
  opts: DashboardAccessOptions,
) {
  const rows = await chartRows(ctx, dashboard.id);
  const readable = await readableDatasets(ctx, dashboard, rows, opts);
  const out = [];
  for (const id of datasetIdsOf(rows)) {
    const rec = readable.get(id);
    if (!rec) continue;
    const data = datasourceJson(rec, specOf(connections, rec.row));
    out.push({
      ...data,
      column_names: data.columns.map((c) => c.column_name),
      column_types: data.columns.map((c) => c.type_generic),
    });
  }
  return out;
}
