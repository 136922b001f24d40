/**
 * Who sees and who changes a dashboard (Superset's DashboardAccessFilter and ownership check).
 *
 * Admin sees every dashboard; owners see theirs, drafts included; others see published
 * dashboards whose charts use at least one dataset they may read, or that have no charts. With
 * DASHBOARD_RBAC, a dashboard that has roles is seen through its roles instead: published and
 * one of them the user's. The same rule answers the list, a dashboard by id or slug, its charts,
 * its datasets, favourites and permalinks.
 */
import { MESSAGES } from '@strata/core';
import { sql, type RawBuilder } from 'kysely';
import { ApiError } from '../api/errors.js';
import { parseId } from '../api/query-params.js';
import type { DynamicDb, DynamicQuery, RequestContext } from '../api/resource-types.js';
import { canReadDataset, hasAllDatasourceAccess, visibleDatasets } from '../datasets/access.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import { hasPerm, isAdmin, type Principal } from '../security/principal.js';

export interface DashboardAccessOptions {
  /** The DASHBOARD_RBAC feature flag. */
  dashboardRbac: boolean;
}

const MAX_ID = 2_147_483_647;
const SLUG = /^[A-Za-z0-9_-]{1,255}$/;

const dyn = (ctx: RequestContext) => ctx.db as unknown as DynamicDb;

const seesAllDatasets = (p: Principal) =>
  hasAllDatasourceAccess(p) || hasPerm(p, 'all_database_access', 'all_database_access');

/** The condition (over dashboards aliased `t`) of what the principal sees; null: everything. */
export function visibleDashboardCondition(
  ctx: RequestContext,
  opts: DashboardAccessOptions,
): RawBuilder<boolean> | null {
  const p = ctx.principal;
  if (isAdmin(p)) return null;
  const published = sql<boolean>`t.published = ${true}`;
  const ors: RawBuilder<boolean>[] = [];
  if (!p.isAnonymous)
    ors.push(
      sql<boolean>`exists (select 1 from dashboard_user o where o.dashboard_id = t.id and o.user_id = ${p.id})`,
    );

  const byData: RawBuilder<boolean>[] = [published];
  if (opts.dashboardRbac)
    byData.push(
      sql<boolean>`not exists (select 1 from dashboard_roles dr where dr.dashboard_id = t.id)`,
    );
  if (!seesAllDatasets(p)) {
    const datasetIds = visibleDatasets(
      dyn(ctx).selectFrom('tables as t') as unknown as DynamicQuery,
      ctx,
    ).select(sql<number>`t.id`.as('id'));
    byData.push(
      sql<boolean>`(not exists (select 1 from dashboard_slices ds where ds.dashboard_id = t.id) or exists (select 1 from dashboard_slices ds inner join slices s on s.id = ds.slice_id where ds.dashboard_id = t.id and s.datasource_type = ${'table'} and s.datasource_id in ${datasetIds}))`,
    );
  }
  ors.push(sql<boolean>`(${sql.join(byData, sql` and `)})`);

  const roleNames = Object.keys(p.roles);
  if (opts.dashboardRbac && roleNames.length)
    ors.push(
      sql<boolean>`(${published} and exists (select 1 from dashboard_roles dr inner join ab_role r on r.id = dr.role_id where dr.dashboard_id = t.id and r.name in (${sql.join(roleNames)})))`,
    );
  return sql<boolean>`(${sql.join(ors, sql` or `)})`;
}

/** The `visible` rule of the dashboard resource. */
export function dashboardVisibility(opts: DashboardAccessOptions) {
  return (qb: DynamicQuery, ctx: RequestContext): DynamicQuery => {
    const cond = visibleDashboardCondition(ctx, opts);
    return cond ? (qb.where(() => cond) as DynamicQuery) : qb;
  };
}

/** The id a path names: digits are an id, anything else a slug (Superset's id_or_slug); 404. */
export async function resolveDashboardId(ctx: RequestContext, text: string): Promise<number> {
  if (/^\d+$/.test(text)) return parseId(text);
  if (!SLUG.test(text)) throw new ApiError(404, 'Not found');
  const row = await ctx.db
    .selectFrom('dashboards')
    .select('id')
    .where('slug', '=', text)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  return row.id;
}

export interface VisibleDashboard {
  id: number;
  slug: string | null;
  dashboard_title: string | null;
  published: boolean | number;
  css: string | null;
  position_json: string | null;
  json_metadata: string | null;
}

/** A dashboard the principal sees, by id or slug; 404 when there is none or it is hidden. */
export async function findVisibleDashboard(
  ctx: RequestContext,
  idOrSlug: string | number,
  opts: DashboardAccessOptions,
): Promise<VisibleDashboard> {
  const id = typeof idOrSlug === 'number' ? idOrSlug : await resolveDashboardId(ctx, idOrSlug);
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) throw new ApiError(404, 'Not found');
  const qb = dashboardVisibility(opts)(
    dyn(ctx).selectFrom('dashboards as t') as unknown as DynamicQuery,
    ctx,
  );
  const row = await qb
    .select([
      sql<number>`t.id`.as('id'),
      sql<string | null>`t.slug`.as('slug'),
      sql<string | null>`t.dashboard_title`.as('dashboard_title'),
      sql<boolean | number>`t.published`.as('published'),
      sql<string | null>`t.css`.as('css'),
      sql<string | null>`t.position_json`.as('position_json'),
      sql<string | null>`t.json_metadata`.as('json_metadata'),
    ])
    .where(sql.ref('t.id'), '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  return row as unknown as VisibleDashboard;
}

/** Whether the principal owns the dashboard. */
export async function ownsDashboard(ctx: RequestContext, dashboardId: number): Promise<boolean> {
  if (ctx.principal.isAnonymous) return false;
  const owner = await ctx.db
    .selectFrom('dashboard_user')
    .select('id')
    .where('dashboard_id', '=', dashboardId)
    .where('user_id', '=', ctx.principal.id)
    .executeTakeFirst();
  return owner !== undefined;
}

/** Only owners and Admin change (edit, publish, delete) a dashboard: 403 otherwise. */
export async function assertDashboardOwner(
  ctx: RequestContext,
  dashboardId: number,
): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  if (!(await ownsDashboard(ctx, dashboardId)))
    throw new ApiError(403, MESSAGES.dashboardEditForbidden);
}

/**
 * With DASHBOARD_RBAC, whether the dashboard's roles grant the principal its charts' datasets
 * (the rule of `dataset-grant.ts`: it has roles, and the principal is Admin, an owner, or holds
 * one of them on a published dashboard).
 */
export async function rolesGrantDatasets(
  ctx: RequestContext,
  dashboard: Pick<VisibleDashboard, 'id' | 'published'>,
  opts: DashboardAccessOptions,
): Promise<boolean> {
  if (!opts.dashboardRbac || ctx.principal.isAnonymous) return false;
  const roles = await ctx.db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('ab_role as r', 'r.id', 'dr.role_id')
    .select('r.name')
    .where('dr.dashboard_id', '=', dashboard.id)
    .execute();
  if (roles.length === 0) return false;
  if (isAdmin(ctx.principal) || (await ownsDashboard(ctx, dashboard.id))) return true;
  const mine = new Set(Object.keys(ctx.principal.roles));
  return (
    (dashboard.published === true || dashboard.published === 1) &&
    roles.some((r) => mine.has(r.name))
  );
}

/**
 * The charts among `ids` that exist and that the principal may read: all with access to every
 * dataset, else those it owns or created and those on a dataset it may read.
 */
export async function readableChartIds(ctx: RequestContext, ids: number[]): Promise<Set<number>> {
  const wanted = [...new Set(ids.filter((i) => Number.isInteger(i) && i >= 1 && i <= MAX_ID))];
  if (!wanted.length) return new Set();
  const rows = await ctx.db
    .selectFrom('slices')
    .select(['id', 'datasource_id', 'datasource_type', 'created_by_fk'])
    .where('id', 'in', wanted)
    .execute();
  const p = ctx.principal;
  if (seesAllDatasets(p)) return new Set(rows.map((r) => r.id));
  const owned = p.isAnonymous
    ? new Set<number>()
    : new Set(
        (
          await ctx.db
            .selectFrom('slice_user')
            .select('slice_id')
            .where('slice_id', 'in', wanted)
            .where('user_id', '=', p.id)
            .execute()
        ).map((r) => r.slice_id),
      );
  const datasetIds = rows
    .filter((r) => r.datasource_type === 'table' && r.datasource_id !== null)
    .map((r) => r.datasource_id!);
  const datasets = await loadDatasetRecords(ctx.db, [...new Set(datasetIds)]);
  const out = new Set<number>();
  for (const r of rows) {
    const rec =
      r.datasource_type === 'table' && r.datasource_id !== null
        ? datasets.get(r.datasource_id)
        : undefined;
    if (
      (!p.isAnonymous && r.created_by_fk === p.id) ||
      owned.has(r.id) ||
      (rec &&
        canReadDataset(
          p,
          rec.row,
          rec.owners.map((o) => o.id),
        ))
    )
      out.add(r.id);
  }
  return out;
}
