/**
 * "Save as" of a dashboard (Superset's `POST /api/v1/dashboard/{id_or_slug}/copy/` and
 * `DashboardDAO.copy_dashboard`): a new draft owned by the caller, with the given title, CSS and
 * metadata (its `positions` the layout, else the source's layout), the source's other metadata
 * kept. With `duplicate_slices` the charts of the layout are copied too (new charts owned by the
 * caller, names kept) and the layout and chart-keyed metadata point at the copies.
 */
import { randomUUID } from 'node:crypto';
import { MESSAGES } from '@strata/core';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext } from '../api/resource-types.js';
import { replaceLinkRows } from '../api/write-helpers.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';
import { ownsDashboard, type DashboardAccessOptions, type VisibleDashboard } from './access.js';
import {
  lastModifiedTime,
  parseJson,
  positionChartIds,
  remapLayoutChartIds,
  remapMetadataChartIds,
} from './payload.js';
import {
  assertValidLayout,
  checkedMetadata,
  dashboardChartIds,
  fieldProblems,
  savedTitle,
  storedCss,
  syncCharts,
} from './write.js';

export const copyDashboardSchema = z.object({
  dashboard_title: z.string().max(500).nullable().optional(),
  css: z.string().max(1_000_000).nullable().optional(),
  json_metadata: z.string().max(5_000_000),
  duplicate_slices: z.boolean().optional(),
});
export type CopyDashboardBody = z.infer<typeof copyDashboardSchema>;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** The query context of a copied chart, its form data's `slice_id` the copy's. */
function copiedQueryContext(text: string | null, oldId: number, newId: number): string | null {
  if (!text) return text;
  const parsed = parseJson(text);
  if (!parsed.ok || !isPlainObject(parsed.value)) return text;
  const formData = parsed.value.form_data;
  if (!isPlainObject(formData) || formData.slice_id !== oldId) return text;
  return JSON.stringify({ ...parsed.value, form_data: { ...formData, slice_id: newId } });
}

/** Copies charts for the caller; answers old id → new id. */
async function duplicateCharts(
  trx: MetadataDb,
  ctx: RequestContext,
  ids: number[],
  now: string,
): Promise<Map<number, number>> {
  const map = new Map<number, number>();
  if (!ids.length) return map;
  const rows = await trx
    .selectFrom('slices')
    .selectAll()
    .where('id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const r of rows) {
    const made = await trx
      .insertInto('slices')
      .values({
        uuid: randomUUID(),
        slice_name: r.slice_name,
        datasource_id: r.datasource_id,
        datasource_type: r.datasource_type,
        viz_type: r.viz_type,
        params: r.params,
        query_context: r.query_context,
        description: r.description,
        cache_timeout: r.cache_timeout,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        last_saved_at: now,
        last_saved_by_fk: ctx.principal.id,
        created_on: now,
        changed_on: now,
        created_by_fk: ctx.principal.id,
        changed_by_fk: ctx.principal.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const context = copiedQueryContext(r.query_context, r.id, made.id);
    if (context !== r.query_context)
      await trx
        .updateTable('slices')
        .set({ query_context: context })
        .where('id', '=', made.id)
        .execute();
    await replaceLinkRows(trx, 'slice_user', 'slice_id', made.id, 'user_id', [ctx.principal.id]);
    map.set(r.id, made.id);
  }
  return map;
}

/** Copies a dashboard the caller sees; answers the new id and its `last_modified_time`. */
export async function copyDashboard(
  ctx: RequestContext,
  source: VisibleDashboard,
  body: CopyDashboardBody,
  opts: DashboardAccessOptions,
): Promise<{ id: number; last_modified_time: number | null }> {
  // Superset: with DASHBOARD_RBAC only owners copy a dashboard.
  if (opts.dashboardRbac && !isAdmin(ctx.principal) && !(await ownsDashboard(ctx, source.id)))
    throw new ApiError(403, MESSAGES.dashboardEditForbidden);
  const checked = checkedMetadata(body.json_metadata);
  if (checked === null) throw fieldProblems('json_metadata', ['Missing data for required field.']);
  const { positions, ...given } = checked.metadata;

  const sourceCharts = await dashboardChartIds(ctx.db, source.id);
  let layout: Record<string, unknown> | null = null;
  if (positions !== undefined && positions !== null) {
    await assertValidLayout(ctx, 'json_metadata', positions, sourceCharts);
    layout = positions as Record<string, unknown>;
  } else if (source.position_json) {
    const parsed = parseJson(source.position_json);
    if (parsed.ok && isPlainObject(parsed.value)) layout = parsed.value;
  }
  const parsedSourceMeta = source.json_metadata ? parseJson(source.json_metadata) : null;
  const sourceMeta =
    parsedSourceMeta?.ok && isPlainObject(parsedSourceMeta.value) ? parsedSourceMeta.value : {};
  const { positions: _old, ...keptMeta } = sourceMeta;

  const sourceSet = new Set(sourceCharts);
  const toCopy = layout
    ? positionChartIds(layout).filter((c) => sourceSet.has(c))
    : [...sourceCharts];
  const now = nowIso();
  const id = await ctx.db.transaction().execute(async (trx) => {
    const map = body.duplicate_slices
      ? await duplicateCharts(trx, ctx, toCopy, now)
      : new Map<number, number>();
    const newLayout = layout && map.size ? remapLayoutChartIds(layout, map) : layout;
    const metadata = remapMetadataChartIds({ ...keptMeta, ...given }, map);
    const row = await trx
      .insertInto('dashboards')
      .values({
        uuid: randomUUID(),
        dashboard_title: savedTitle(body.dashboard_title ?? null),
        slug: null,
        position_json: newLayout ? JSON.stringify(newLayout) : null,
        json_metadata: JSON.stringify(metadata),
        css: storedCss(body.css),
        description: null,
        published: false,
        certified_by: null,
        certification_details: null,
        is_managed_externally: false,
        external_url: null,
        created_on: now,
        changed_on: now,
        created_by_fk: ctx.principal.id,
        changed_by_fk: ctx.principal.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await replaceLinkRows(trx, 'dashboard_user', 'dashboard_id', row.id, 'user_id', [
      ctx.principal.id,
    ]);
    if (newLayout) await syncCharts(trx, row.id, JSON.stringify(newLayout));
    else {
      const charts = body.duplicate_slices ? [...map.values()] : sourceCharts;
      await replaceLinkRows(trx, 'dashboard_slices', 'dashboard_id', row.id, 'slice_id', charts);
    }
    return row.id;
  });
  return { id, last_modified_time: lastModifiedTime(now) };
}
