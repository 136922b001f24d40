/**
 * What a dashboard shows: its charts (Superset's `GET /api/v1/dashboard/{id_or_slug}/charts`,
 * ChartEntityResponseSchema) and the datasets of those charts in the datasource shape Explore
 * reads (`GET .../datasets`), the latter only those the user may read.
 */
import { humanizeTimeDelta } from '@strata/core';
import { loadOwners } from '../api/user-summaries.js';
import type { RequestContext } from '../api/resource-types.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { canReadDataset } from '../datasets/access.js';
import { datasourceJson } from '../datasets/datasource-json.js';
import { loadDatasetRecords } from '../datasets/repository.js';
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

/** The dashboard's charts, each with its form data (params, `slice_id`, `datasource`). */
export async function dashboardCharts(ctx: RequestContext, dashboard: VisibleDashboard) {
  const rows = await chartRows(ctx, dashboard.id);
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
  const ids = [
    ...new Set(
      rows
        .filter((r) => r.datasource_type === 'table' && r.datasource_id !== null)
        .map((r) => r.datasource_id!),
    ),
  ].sort((a, b) => a - b);
  const records = await loadDatasetRecords(ctx.db, ids);
  const granted = await rolesGrantDatasets(ctx, dashboard, opts);
  const out = [];
  for (const id of ids) {
    const rec = records.get(id);
    if (!rec) continue;
    if (
      !granted &&
      !canReadDataset(
        ctx.principal,
        rec.row,
        rec.owners.map((o) => o.id),
      )
    )
      continue;
    const data = datasourceJson(rec, specOf(connections, rec.row));
    out.push({
      ...data,
      column_names: data.columns.map((c) => c.column_name),
      column_types: data.columns.map((c) => c.type_generic),
    });
  }
  return out;
}
