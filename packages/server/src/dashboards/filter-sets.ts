/**
 * Saved filter sets of a dashboard (Superset's FilterSetRestApi,
 * `/api/v1/dashboard/{id}/filtersets`): a named native filter state (`json_metadata`:
 * `nativeFilters`, `dataMask`…) owned either by the dashboard (`owner_type` "Dashboard",
 * `owner_id` the dashboard's id) or by one user (`owner_type` "User", `owner_id` the user's id).
 *
 * The dashboard must be visible to the caller (404 otherwise). Everyone who sees it sees its
 * Dashboard-owned sets and their own User-owned sets; other users' User-owned sets are private
 * (to Admin as well). Dashboard-owned sets are made, changed and deleted by the dashboard's
 * owners and Admin; a User-owned set only by its user. Names are not unique (Superset's table has
 * no such constraint). Sets are removed with their dashboard (foreign key, on delete cascade).
 */
import { z } from 'zod';
import { ApiError, forbidden, notFound } from '../api/errors.js';
import type { RequestContext } from '../api/resource-types.js';
import { KV_MAX_VALUE_BYTES } from '../key_value/store.js';
import { nowIso, toIso } from '../metadata/db.js';
import type { FilterSetTable } from '../metadata/schema.js';
import { isAdmin } from '../security/principal.js';
import { ownsDashboard, type VisibleDashboard } from './access.js';

export const FILTER_SET_OWNER_USER = 'User';
export const FILTER_SET_OWNER_DASHBOARD = 'Dashboard';

const MAX_ID = 2_147_483_647;
const MISSING = 'Missing data for required field.';

/** Zod's message options: "missing" when the field is absent, else "not a valid …". */
const required = (what: string) => ({
  error: (issue: { input?: unknown }) =>
    issue.input === undefined ? MISSING : `Not a valid ${what}.`,
});
const text = (min: number, max: number) =>
  z
    .string(required('string'))
    .min(min, `Shorter than minimum length ${min}.`)
    .max(max, `Longer than maximum length ${max}.`);

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `json_metadata`: JSON text of an object, at most the key-value store's value size. Superset's
 * schema requires `nativeFilters` (an object) and allows `dataMask` (an object) and other keys.
 */
const jsonMetadata = z.string(required('string')).superRefine((value, check) => {
  if (Buffer.byteLength(value, 'utf8') > KV_MAX_VALUE_BYTES) {
    check.addIssue({
      code: 'custom',
      message: `json_metadata must be at most ${KV_MAX_VALUE_BYTES} bytes`,
    });
    return;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    check.addIssue({ code: 'custom', message: 'failed to parse json_metadata to json' });
    return;
  }
  if (!isObject(parsed)) {
    check.addIssue({ code: 'custom', message: 'json_metadata must be a JSON object' });
    return;
  }
  if (!isObject(parsed.nativeFilters))
    check.addIssue({ code: 'custom', message: 'json_metadata needs a nativeFilters object' });
  if (parsed.dataMask !== undefined && !isObject(parsed.dataMask))
    check.addIssue({ code: 'custom', message: 'json_metadata: dataMask must be an object' });
});

const ownerType = z.enum([FILTER_SET_OWNER_USER, FILTER_SET_OWNER_DASHBOARD], {
  error: (issue) => (issue.input === undefined ? MISSING : 'Must be one of: User, Dashboard.'),
});

/** The body of POST (Superset's FilterSetPostSchema). Unknown fields are refused. */
export const createFilterSetBody = z
  .object({
    name: text(1, 500),
    description: text(1, 1000).nullable().optional(),
    json_metadata: jsonMetadata,
    owner_type: ownerType,
    owner_id: z.number(required('integer')).int(required('integer')).min(1).max(MAX_ID).optional(),
  })
  .strict()
  .superRefine((body, check) => {
    if (body.owner_type === FILTER_SET_OWNER_USER && body.owner_id === undefined)
      check.addIssue({
        code: 'custom',
        path: ['owner_id'],
        message: 'owner_id is mandatory when owner_type is User',
      });
  });
export type CreateFilterSetBody = z.infer<typeof createFilterSetBody>;

/**
 * The body of PUT (Superset's FilterSetPutSchema): every field optional, none null; `owner_type`
 * may only turn a set into a Dashboard-owned one.
 */
export const updateFilterSetBody = z
  .object({
    name: text(1, 500).optional(),
    description: text(1, 1000).optional(),
    json_metadata: jsonMetadata.optional(),
    owner_type: z
      .enum([FILTER_SET_OWNER_DASHBOARD], {
        error: (issue) => (issue.input === undefined ? MISSING : 'Must be one of: Dashboard.'),
      })
      .optional(),
  })
  .strict();
export type UpdateFilterSetBody = z.infer<typeof updateFilterSetBody>;

/** A filter set as the list answers it; `params` is the parsed `json_metadata`. */
export interface FilterSetItem {
  id: number;
  name: string;
  description: string | null;
  params: Record<string, unknown>;
  owner_id: number;
  owner_type: string;
  dashboard_id: number;
  created_on: string | null;
  changed_on: string | null;
  created_by_fk: number | null;
  changed_by_fk: number | null;
}

type FilterSetRow = Omit<FilterSetTable, 'id'> & { id: number };

function paramsOf(jsonMetadataText: string): Record<string, unknown> {
  try {
    const parsed: unknown = JSON.parse(jsonMetadataText);
    return isObject(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

const itemOf = (r: FilterSetRow): FilterSetItem => ({
  id: r.id,
  name: r.name,
  description: r.description,
  params: paramsOf(r.json_metadata),
  owner_id: r.owner_id,
  owner_type: r.owner_type,
  dashboard_id: r.dashboard_id,
  created_on: toIso(r.created_on),
  changed_on: toIso(r.changed_on),
  created_by_fk: r.created_by_fk,
  changed_by_fk: r.changed_by_fk,
});

/** 400 naming one field and its problem (the shape of `parseBody`'s answers). */
const fieldProblem = (field: string, problem: string) =>
  new ApiError(400, 'Bad request', { message: { [field]: [problem] } });

/** Whether the principal may change the dashboard's own sets: Admin and the dashboard's owners. */
async function editsDashboard(ctx: RequestContext, dashboardId: number): Promise<boolean> {
  return isAdmin(ctx.principal) || ownsDashboard(ctx, dashboardId);
}

/** The dashboard's sets the principal sees: its Dashboard-owned ones and the principal's own. */
export async function listFilterSets(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
): Promise<{ count: number; ids: number[]; result: FilterSetItem[] }> {
  const p = ctx.principal;
  const rows = await ctx.db
    .selectFrom('filter_sets')
    .selectAll()
    .where('dashboard_id', '=', dashboard.id)
    .where((eb) => {
      const shared = eb('owner_type', '=', FILTER_SET_OWNER_DASHBOARD);
      return p.isAnonymous
        ? shared
        : eb.or([
            shared,
            eb.and([eb('owner_type', '=', FILTER_SET_OWNER_USER), eb('owner_id', '=', p.id)]),
          ]);
    })
    .orderBy('id')
    .execute();
  const result = rows.map(itemOf);
  return { count: result.length, ids: result.map((r) => r.id), result };
}

/**
 * Saves a new set on the dashboard. Dashboard-owned: `owner_id` is the dashboard's id (400 when
 * another is given), and only the dashboard's owners and Admin make one (403). User-owned:
 * `owner_id` must be the caller's own id (403).
 */
export async function createFilterSet(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  body: CreateFilterSetBody,
): Promise<{ id: number; result: Record<string, unknown> }> {
  let ownerId: number;
  if (body.owner_type === FILTER_SET_OWNER_DASHBOARD) {
    if (body.owner_id !== undefined && body.owner_id !== dashboard.id)
      throw fieldProblem(
        'owner_id',
        'owner_id must be the dashboard id when owner_type is Dashboard',
      );
    if (!(await editsDashboard(ctx, dashboard.id))) throw forbidden();
    ownerId = dashboard.id;
  } else {
    if (ctx.principal.isAnonymous || body.owner_id !== ctx.principal.id) throw forbidden();
    ownerId = ctx.principal.id;
  }
  const now = nowIso();
  const row = await ctx.db
    .insertInto('filter_sets')
    .values({
      name: body.name,
      description: body.description ?? null,
      json_metadata: body.json_metadata,
      owner_id: ownerId,
      owner_type: body.owner_type,
      dashboard_id: dashboard.id,
      created_on: now,
      changed_on: now,
      created_by_fk: ctx.principal.id,
      changed_by_fk: ctx.principal.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, result: { ...body, owner_id: ownerId } };
}

/**
 * A set of this dashboard the principal may change: 404 when there is none (or it belongs to
 * another dashboard), 403 when it is another user's or, Dashboard-owned, the principal does not
 * edit the dashboard.
 */
async function changeableSet(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  filterSetId: number,
): Promise<FilterSetRow> {
  const row = await ctx.db
    .selectFrom('filter_sets')
    .selectAll()
    .where('id', '=', filterSetId)
    .where('dashboard_id', '=', dashboard.id)
    .executeTakeFirst();
  if (!row) throw notFound();
  if (row.owner_type === FILTER_SET_OWNER_USER) {
    if (ctx.principal.isAnonymous || row.owner_id !== ctx.principal.id) throw forbidden();
  } else if (!(await editsDashboard(ctx, dashboard.id))) throw forbidden();
  return row;
}

/**
 * Changes a set's name, description or metadata; `owner_type` "Dashboard" hands a User-owned set
 * to the dashboard (its owner's own set, and only for those who edit the dashboard).
 */
export async function updateFilterSet(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  filterSetId: number,
  body: UpdateFilterSetBody,
): Promise<{ id: number; result: Record<string, unknown> }> {
  const row = await changeableSet(ctx, dashboard, filterSetId);
  const toDashboard =
    body.owner_type === FILTER_SET_OWNER_DASHBOARD && row.owner_type !== FILTER_SET_OWNER_DASHBOARD;
  if (toDashboard && !(await editsDashboard(ctx, dashboard.id))) throw forbidden();
  await ctx.db
    .updateTable('filter_sets')
    .set({
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.json_metadata !== undefined ? { json_metadata: body.json_metadata } : {}),
      ...(body.owner_type !== undefined
        ? { owner_type: body.owner_type, owner_id: dashboard.id }
        : {}),
      changed_on: nowIso(),
      changed_by_fk: ctx.principal.id,
    })
    .where('id', '=', row.id)
    .execute();
  return { id: row.id, result: body };
}

/** Deletes a set the principal may change (404 / 403 as `changeableSet`). */
export async function deleteFilterSet(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  filterSetId: number,
): Promise<void> {
  const row = await changeableSet(ctx, dashboard, filterSetId);
  await ctx.db.deleteFrom('filter_sets').where('id', '=', row.id).execute();
}
