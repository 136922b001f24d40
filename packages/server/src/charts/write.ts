/**
 * Creating and changing charts (Superset's ChartPostSchema / ChartPutSchema and their commands):
 * the dataset must exist and be readable, every dashboard must exist and be editable by the
 * user, the creator becomes an owner, only owners (or Admin) change a chart, and the dashboard
 * links are replaced in the same transaction as the chart row.
 */
import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import { assertUsersExist, invalid, jsonText, replaceLinkRows } from '../api/write-helpers.js';
import { canReadDataset } from '../datasets/access.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import { nowIso } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';

const id = z.number().int().positive().max(2_147_483_647);
const fields = {
  slice_name: z.string().trim().min(1).max(250),
  description: z.string().nullable(),
  viz_type: z
    .string()
    .trim()
    .min(1)
    .max(250)
    .regex(/^[A-Za-z0-9_]+$/, 'Unknown chart type'),
  owners: z.array(id).max(500),
  params: jsonText,
  query_context: jsonText,
  query_context_generation: z.boolean().nullable(),
  cache_timeout: z.number().int().min(-1).nullable(),
  datasource_id: id,
  datasource_type: z.enum(['table', 'dataset', 'query', 'saved_query', 'view', 'sl_table']),
  dashboards: z.array(id).max(1000),
  certified_by: z.string().max(1000).nullable(),
  certification_details: z.string().max(10_000).nullable(),
  is_managed_externally: z.boolean().nullable(),
  external_url: z.string().max(1000).nullable(),
};

export const createChartSchema = z.object({
  slice_name: fields.slice_name,
  description: fields.description.optional(),
  viz_type: fields.viz_type.default('table'),
  owners: fields.owners.optional(),
  params: fields.params.optional(),
  query_context: fields.query_context.optional(),
  query_context_generation: fields.query_context_generation.optional(),
  cache_timeout: fields.cache_timeout.optional(),
  datasource_id: fields.datasource_id,
  datasource_type: fields.datasource_type,
  dashboards: fields.dashboards.optional(),
  certified_by: fields.certified_by.optional(),
  certification_details: fields.certification_details.optional(),
  is_managed_externally: fields.is_managed_externally.optional(),
  external_url: fields.external_url.optional(),
});
export const updateChartSchema = createChartSchema.partial().extend({
  viz_type: fields.viz_type.optional(),
});
type CreateBody = z.infer<typeof createChartSchema>;
type UpdateBody = z.infer<typeof updateChartSchema>;

/** Only owners and Admin change a chart. */
export async function assertChartOwner(ctx: RequestContext, chartId: number): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  const owner = await ctx.db
    .selectFrom('slice_user')
    .select('id')
    .where('slice_id', '=', chartId)
    .where('user_id', '=', ctx.principal.id)
    .executeTakeFirst();
  if (!owner) throw new ApiError(403, 'Changing this chart is forbidden');
}

async function assertDatasource(ctx: RequestContext, datasetId: number): Promise<void> {
  const rec = (await loadDatasetRecords(ctx.db, [datasetId])).get(datasetId);
  if (
    !rec ||
    !canReadDataset(
      ctx.principal,
      rec.row,
      rec.owners.map((o) => o.id),
    )
  )
    throw invalid('datasource_id', 'Datasource does not exist');
}

/** Every dashboard exists and the user may edit it (owner or Admin). */
async function assertDashboards(ctx: RequestContext, ids: number[]): Promise<void> {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await ctx.db
    .selectFrom('dashboards')
    .select('id')
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw invalid('dashboards', 'Dashboards do not exist');
  if (isAdmin(ctx.principal)) return;
  const owned = await ctx.db
    .selectFrom('dashboard_user')
    .select('dashboard_id')
    .where('dashboard_id', 'in', unique)
    .where('user_id', '=', ctx.principal.id)
    .execute();
  if (owned.length !== unique.length)
    throw new ApiError(403, 'Changing one of these dashboards is forbidden');
}

export function chartWriteHandlers(): WriteHandlers<CreateBody, UpdateBody> {
  return {
    createSchema: createChartSchema,
    updateSchema: updateChartSchema,
    async create(ctx, body) {
      await assertDatasource(ctx, body.datasource_id);
      const owners = [...new Set([ctx.principal.id, ...(body.owners ?? [])])];
      await assertUsersExist(ctx, owners);
      await assertDashboards(ctx, body.dashboards ?? []);
      const now = nowIso();
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('slices')
          .values({
            uuid: randomUUID(),
            slice_name: body.slice_name,
            datasource_id: body.datasource_id,
            datasource_type: body.datasource_type === 'dataset' ? 'table' : body.datasource_type,
            viz_type: body.viz_type,
            params: body.params ?? null,
            query_context: body.query_context ?? null,
            description: body.description ?? null,
            cache_timeout: body.cache_timeout ?? null,
            certified_by: body.certified_by ?? null,
            certification_details: body.certification_details ?? null,
            is_managed_externally: body.is_managed_externally ?? false,
            external_url: body.external_url ?? null,
            last_saved_at: now,
            last_saved_by_fk: ctx.principal.id,
            created_on: now,
            changed_on: now,
            created_by_fk: ctx.principal.id,
            changed_by_fk: ctx.principal.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await replaceLinkRows(trx, 'slice_user', 'slice_id', row.id, 'user_id', owners);
        await replaceLinkRows(
          trx,
          'dashboard_slices',
          'slice_id',
          row.id,
          'dashboard_id',
          body.dashboards ?? [],
        );
        return row.id;
      });
    },
    async update(ctx, chartId, body) {
      if (body.datasource_id !== undefined) await assertDatasource(ctx, body.datasource_id);
      if (body.owners) await assertUsersExist(ctx, body.owners);
      if (body.dashboards) {
        // Dashboards the chart is already on stay allowed; new ones must be editable.
        const current = await ctx.db
          .selectFrom('dashboard_slices')
          .select('dashboard_id')
          .where('slice_id', '=', chartId)
          .execute();
        const known = new Set(current.map((d) => d.dashboard_id));
        await assertDashboards(
          ctx,
          body.dashboards.filter((d) => !known.has(d)),
        );
      }
      const {
        owners,
        dashboards,
        query_context_generation: _g,
        datasource_type,
        is_managed_externally,
        ...scalar
      } = body;
      const now = nowIso();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('slices')
          .set({
            ...scalar,
            ...(datasource_type !== undefined
              ? { datasource_type: datasource_type === 'dataset' ? 'table' : datasource_type }
              : {}),
            ...(is_managed_externally !== undefined
              ? { is_managed_externally: is_managed_externally === true }
              : {}),
            last_saved_at: now,
            last_saved_by_fk: ctx.principal.id,
            changed_on: now,
            changed_by_fk: ctx.principal.id,
          })
          .where('id', '=', chartId)
          .execute();
        if (owners)
          await replaceLinkRows(trx, 'slice_user', 'slice_id', chartId, 'user_id', owners);
        if (dashboards)
          await replaceLinkRows(
            trx,
            'dashboard_slices',
            'slice_id',
            chartId,
            'dashboard_id',
            dashboards,
          );
      });
    },
  };
}
