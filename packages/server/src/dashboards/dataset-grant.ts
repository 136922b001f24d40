/**
 * Dataset access through a dashboard (Superset's rule in `raise_for_access`): with the
 * DASHBOARD_RBAC feature on, a user who may view a dashboard that has roles may read the data of
 * a dataset used there, for a chart on that dashboard (`slice_id`) or one of its native filters
 * (`type: NATIVE_FILTER` + `native_filter_id`), without holding access to the dataset itself.
 */
import type { MetadataDb } from '../metadata/db.js';
import { toBool } from '../metadata/db.js';
import { isAdmin, type Principal } from '../security/principal.js';

/** What the request's form data says of where the chart is shown. */
export interface DashboardContext {
  dashboardId: number;
  sliceId: number | null;
  nativeFilterId: string | null;
  isNativeFilter: boolean;
}

const positiveId = (value: unknown): number | null => {
  const n = typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null;
};

/** The dashboard context of a chart data request's form data, or null when it names none. */
export function dashboardContextOf(
  formData: Record<string, unknown> | null | undefined,
): DashboardContext | null {
  const dashboardId = positiveId(formData?.dashboardId);
  if (dashboardId === null) return null;
  const filterId = formData?.native_filter_id;
  return {
    dashboardId,
    sliceId: positiveId(formData?.slice_id),
    nativeFilterId: typeof filterId === 'string' && filterId.length <= 256 ? filterId : null,
    isNativeFilter: formData?.type === 'NATIVE_FILTER',
  };
}

/** Whether a native filter of the dashboard's json_metadata targets the dataset (pure). */
export function nativeFilterTargets(
  jsonMetadata: string | null,
  filterId: string,
  datasetId: number,
): boolean {
  if (!jsonMetadata) return false;
  let meta: unknown;
  try {
    meta = JSON.parse(jsonMetadata);
  } catch {
    return false;
  }
  const filters = (meta as { native_filter_configuration?: unknown })?.native_filter_configuration;
  if (!Array.isArray(filters)) return false;
  return filters.some(
    (f: unknown) =>
      typeof f === 'object' &&
      f !== null &&
      (f as { id?: unknown }).id === filterId &&
      Array.isArray((f as { targets?: unknown }).targets) &&
      ((f as { targets: unknown[] }).targets ?? []).some(
        (t) =>
          typeof t === 'object' &&
          t !== null &&
          (t as { datasetId?: unknown }).datasetId === datasetId,
      ),
  );
}

/**
 * Whether the dashboard of `context` grants the principal the dataset: DASHBOARD_RBAC on, the
 * dashboard has roles, the chart or native filter is on it and uses the dataset, and the
 * principal may view the dashboard (Admin, an owner, or published with one of its roles).
 */
export async function dashboardGrantsDataset(
  db: MetadataDb,
  principal: Principal,
  context: DashboardContext,
  datasetId: number,
  dashboardRbac: boolean,
): Promise<boolean> {
  if (!dashboardRbac || principal.isAnonymous) return false;
  const dashboard = await db
    .selectFrom('dashboards')
    .select(['id', 'published', 'json_metadata'])
    .where('id', '=', context.dashboardId)
    .executeTakeFirst();
  if (!dashboard) return false;
  const roles = await db
    .selectFrom('dashboard_roles as dr')
    .innerJoin('ab_role as r', 'r.id', 'dr.role_id')
    .select('r.name')
    .where('dr.dashboard_id', '=', dashboard.id)
    .execute();
  if (roles.length === 0) return false;

  if (context.isNativeFilter) {
    if (
      context.nativeFilterId === null ||
      !nativeFilterTargets(dashboard.json_metadata, context.nativeFilterId, datasetId)
    )
      return false;
  } else {
    if (context.sliceId === null) return false;
    const onDashboard = await db
      .selectFrom('dashboard_slices as ds')
      .innerJoin('slices as s', 's.id', 'ds.slice_id')
      .select('s.id')
      .where('ds.dashboard_id', '=', dashboard.id)
      .where('ds.slice_id', '=', context.sliceId)
      .where('s.datasource_id', '=', datasetId)
      .where('s.datasource_type', '=', 'table')
      .executeTakeFirst();
    if (!onDashboard) return false;
  }

  if (isAdmin(principal)) return true;
  const owner = await db
    .selectFrom('dashboard_user')
    .select('id')
    .where('dashboard_id', '=', dashboard.id)
    .where('user_id', '=', principal.id)
    .executeTakeFirst();
  if (owner) return true;
  const mine = new Set(Object.keys(principal.roles));
  return toBool(dashboard.published) && roles.some((r) => mine.has(r.name));
}
