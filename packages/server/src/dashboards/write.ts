/**
 * Creating and changing dashboards (Superset's DashboardPostSchema / DashboardPutSchema): title,
 * unique slug, owners (the creator included), roles, layout and metadata as JSON objects, CSS,
 * published, certification. Only owners and Admin change a dashboard. The charts named in the
 * layout become the dashboard's charts (Superset keeps `dashboard_slices` in step with
 * `position_json`).
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import { assertUsersExist, invalid, replaceLinkRows } from '../api/write-helpers.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';

const id = z.number().int().positive().max(2_147_483_647);
/** JSON text holding an object (null or blank allowed). */
const jsonObjectText = z
  .string()
  .max(5_000_000)
  .nullable()
  .refine(
    (t) => {
      if (t === null || t.trim() === '') return true;
      try {
        const v: unknown = JSON.parse(t);
        return typeof v === 'object' && v !== null && !Array.isArray(v);
      } catch {
        return false;
      }
    },
    { message: 'Field must be a JSON object' },
  );

export const createDashboardSchema = z.object({
  dashboard_title: z.string().max(500).nullable().optional(),
  slug: z
    .string()
    .max(255)
    .regex(/^[A-Za-z0-9_-]*$/, 'Slug may hold letters, digits, - and _ only')
    .nullable()
    .optional(),
  owners: z.array(id).max(500).optional(),
  roles: z.array(id).max(500).optional(),
  position_json: jsonObjectText.optional(),
  css: z.string().max(1_000_000).nullable().optional(),
  json_metadata: jsonObjectText.optional(),
  published: z.boolean().optional(),
  certified_by: z.string().max(1000).nullable().optional(),
  certification_details: z.string().max(10_000).nullable().optional(),
  is_managed_externally: z.boolean().optional(),
  external_url: z.string().max(1000).nullable().optional(),
});
export const updateDashboardSchema = createDashboardSchema;
type Body = z.infer<typeof createDashboardSchema>;

/** Only owners and Admin change a dashboard. */
export async function assertDashboardOwner(
  ctx: RequestContext,
  dashboardId: number,
): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  const owner = await ctx.db
    .selectFrom('dashboard_user')
    .select('id')
    .where('dashboard_id', '=', dashboardId)
    .where('user_id', '=', ctx.principal.id)
    .executeTakeFirst();
  if (!owner) throw new ApiError(403, 'Changing this Dashboard is forbidden');
}

async function assertSlugFree(
  ctx: RequestContext,
  slug: string | null | undefined,
  exceptId?: number,
) {
  if (!slug) return;
  let q = ctx.db.selectFrom('dashboards').select('id').where('slug', '=', slug);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw invalid('slug', 'Must be unique');
}

async function assertRolesExist(ctx: RequestContext, ids: number[]) {
  if (!ids.length) return;
  const found = await ctx.db.selectFrom('ab_role').select('id').where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw invalid('roles', 'Some roles do not exist');
}

/** Chart ids named by CHART components of a layout. */
export function layoutChartIds(positionJson: string | null | undefined): number[] {
  if (!positionJson) return [];
  let layout: unknown;
  try {
    layout = JSON.parse(positionJson);
  } catch {
    return [];
  }
  const ids = new Set<number>();
  for (const value of Object.values((layout ?? {}) as Record<string, unknown>)) {
    const c = value as { type?: unknown; meta?: { chartId?: unknown } } | null;
    if (
      c &&
      c.type === 'CHART' &&
      typeof c.meta?.chartId === 'number' &&
      Number.isInteger(c.meta.chartId)
    )
      ids.add(c.meta.chartId);
  }
  return [...ids];
}

/** The dashboard's charts become those of its layout (existing charts only). */
async function syncCharts(trx: MetadataDb, dashboardId: number, positionJson: string | null) {
  const wanted = layoutChartIds(positionJson);
  const existing = wanted.length
    ? (await trx.selectFrom('slices').select('id').where('id', 'in', wanted).execute()).map(
        (r) => r.id,
      )
    : [];
  await trx.deleteFrom('dashboard_slices').where('dashboard_id', '=', dashboardId).execute();
  if (existing.length)
    await trx
      .insertInto('dashboard_slices')
      .values(existing.map((slice_id) => ({ slice_id, dashboard_id: dashboardId })))
      .execute();
}

export function dashboardWriteHandlers(): WriteHandlers<Body, Body> {
  return {
    createSchema: createDashboardSchema,
    updateSchema: updateDashboardSchema,
    async create(ctx, body) {
      const owners = [...new Set([ctx.principal.id, ...(body.owners ?? [])])];
      await assertUsersExist(ctx, owners);
      await assertRolesExist(ctx, body.roles ?? []);
      await assertSlugFree(ctx, body.slug);
      const now = nowIso();
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('dashboards')
          .values({
            uuid: randomUUID(),
            dashboard_title: body.dashboard_title ?? null,
            slug: body.slug || null,
            position_json: body.position_json ?? null,
            json_metadata: body.json_metadata ?? null,
            css: body.css ?? null,
            description: null,
            published: body.published ?? false,
            certified_by: body.certified_by ?? null,
            certification_details: body.certification_details ?? null,
            is_managed_externally: body.is_managed_externally ?? false,
            external_url: body.external_url ?? null,
            created_on: now,
            changed_on: now,
            created_by_fk: ctx.principal.id,
            changed_by_fk: ctx.principal.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceLinkRows(trx, 'dashboard_user', 'dashboard_id', row.id, 'user_id', owners);
        await replaceLinkRows(
          trx,
          'dashboard_roles',
          'dashboard_id',
          row.id,
          'role_id',
          body.roles ?? [],
        );
        if (body.position_json) await syncCharts(trx, row.id, body.position_json);
        return row.id;
      });
    },
    async update(ctx, dashboardId, body) {
      if (body.owners) await assertUsersExist(ctx, body.owners);
      if (body.roles) await assertRolesExist(ctx, body.roles);
      if (body.slug !== undefined) await assertSlugFree(ctx, body.slug, dashboardId);
      const { owners, roles, slug, ...scalar } = body;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('dashboards')
          .set({
            ...scalar,
            ...(slug !== undefined ? { slug: slug || null } : {}),
            changed_on: nowIso(),
            changed_by_fk: ctx.principal.id,
          })
          .where('id', '=', dashboardId)
          .execute();
        if (owners)
          await replaceLinkRows(
            trx,
            'dashboard_user',
            'dashboard_id',
            dashboardId,
            'user_id',
            owners,
          );
        if (roles)
          await replaceLinkRows(
            trx,
            'dashboard_roles',
            'dashboard_id',
            dashboardId,
            'role_id',
            roles,
          );
        if (body.position_json !== undefined)
          await syncCharts(trx, dashboardId, body.position_json);
      });
    },
  };
}
