/**
 * Creating and changing dashboards (Superset's DashboardPostSchema / DashboardPutSchema): title
 * (blank saved as "[ untitled dashboard ]" on change), unique slug, owners (the creator
 * included), roles, layout, metadata, CSS, published, certification. Only owners and Admin
 * change a dashboard. The layout (`position_json` text, `position_data` object, or Superset's
 * `json_metadata.positions`) and the metadata are checked with core's validators: 400 with
 * `{message: {field: [problems]}}`. The charts named in the layout become the dashboard's charts
 * (Superset keeps `dashboard_slices` in step with the layout).
 */
import { sanitizeStoredCss } from '@strata/core/css';
import { randomUUID } from 'node:crypto';
import { MESSAGES, validateJsonMetadata, validatePositionData } from '@strata/core';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import { assertUsersExist, invalid, replaceLinkRows } from '../api/write-helpers.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { readableChartIds } from './access.js';
import { lastModifiedTime, parseJson, positionChartIds, positionJsonChartIds } from './payload.js';

export { assertDashboardOwner } from './access.js';

const id = z.number().int().positive().max(2_147_483_647);
const MAX_JSON_CHARS = 5_000_000;
export const JSON_NOT_VALID = 'JSON not valid';

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
  /** The layout as JSON text (Superset's field). */
  position_json: z.string().max(MAX_JSON_CHARS).nullable().optional(),
  /** The layout as an object (checked like position_json). */
  position_data: z.unknown().optional(),
  css: z.string().max(1_000_000).nullable().optional(),
  json_metadata: z.string().max(MAX_JSON_CHARS).nullable().optional(),
  published: z.boolean().optional(),
  certified_by: z.string().max(1000).nullable().optional(),
  certification_details: z.string().max(10_000).nullable().optional(),
  is_managed_externally: z.boolean().optional(),
  external_url: z.string().max(1000).nullable().optional(),
});
export const updateDashboardSchema = createDashboardSchema;
type Body = z.infer<typeof createDashboardSchema>;

/** 400 naming the field and its problems, as Superset's marshmallow errors. */
export const fieldProblems = (field: string, problems: string[]) =>
  new ApiError(400, `${field}: ${problems[0] ?? 'invalid'}`, { message: { [field]: problems } });

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

/** The chart ids on a dashboard now. */
export async function dashboardChartIds(db: MetadataDb, dashboardId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('dashboard_slices')
    .select('slice_id')
    .where('dashboard_id', '=', dashboardId)
    .execute();
  return rows.map((r) => r.slice_id);
}

/**
 * Checks a layout: its problems under `field` (400), charts known when they exist and the user
 * may read them, or when they are in `alsoKnown` (the charts already on the dashboard).
 */
export async function assertValidLayout(
  ctx: RequestContext,
  field: string,
  position: unknown,
  alsoKnown: Iterable<number> = [],
): Promise<void> {
  const known = await readableChartIds(ctx, positionChartIds(position));
  for (const chartId of alsoKnown) known.add(chartId);
  const problems = validatePositionData(position, known);
  if (problems.length) throw fieldProblems(field, problems);
}

/** Metadata text checked: null when blank, else a JSON object of the right types (400). */
export function checkedMetadata(text: string | null): { metadata: Record<string, unknown> } | null {
  if (text === null || text.trim() === '') return null;
  const parsed = parseJson(text);
  if (!parsed.ok) throw fieldProblems('json_metadata', [JSON_NOT_VALID]);
  const problems = validateJsonMetadata(parsed.value);
  if (problems.length) throw fieldProblems('json_metadata', problems);
  return { metadata: parsed.value as Record<string, unknown> };
}

/** The layout and metadata columns a write stores (undefined: unchanged). */
interface Content {
  position_json?: string | null;
  json_metadata?: string | null;
}

async function checkedContent(
  ctx: RequestContext,
  body: Body,
  dashboardId: number | null,
): Promise<Content> {
  const out: Content = {};
  let positions: unknown;
  if (body.json_metadata !== undefined) {
    const checked = checkedMetadata(body.json_metadata);
    if (checked === null) out.json_metadata = null;
    else if (Object.hasOwn(checked.metadata, 'positions')) {
      // Superset's client sends the layout inside the metadata; it is kept as the layout.
      const { positions: p, ...rest } = checked.metadata;
      positions = p;
      out.json_metadata = JSON.stringify(rest);
    } else out.json_metadata = body.json_metadata;
  }
  const current = dashboardId === null ? [] : await dashboardChartIds(ctx.db, dashboardId);
  if (body.position_json !== undefined) {
    const text = body.position_json;
    if (text === null || text.trim() === '') out.position_json = null;
    else {
      const parsed = parseJson(text);
      if (!parsed.ok) throw fieldProblems('position_json', [JSON_NOT_VALID]);
      await assertValidLayout(ctx, 'position_json', parsed.value, current);
      out.position_json = text;
    }
  } else if (body.position_data !== undefined) {
    if (body.position_data === null) out.position_json = null;
    else {
      await assertValidLayout(ctx, 'position_data', body.position_data, current);
      out.position_json = JSON.stringify(body.position_data);
    }
  } else if (positions !== undefined && positions !== null) {
    await assertValidLayout(ctx, 'json_metadata', positions, current);
    out.position_json = JSON.stringify(positions);
  }
  return out;
}

/**
 * A dashboard's custom CSS as stored: sanitised by core's parser-based sanitiser (issue 16
 * point 14), so no API client, import or copy can keep CSS that loads or runs anything; the
 * author's text is kept as written when nothing had to go. The web sanitises again before
 * injecting it.
 */
export function storedCss(css: string | null | undefined): string | null {
  if (css === null || css === undefined) return null;
  return sanitizeStoredCss(css);
}

/** A title as saved on change: a blank one is "[ untitled dashboard ]". */
export const savedTitle = (title: string | null): string =>
  title === null || title.trim() === '' ? MESSAGES.untitledDashboard : title;

/** The dashboard's charts become those of its layout (existing charts only). */
export async function syncCharts(
  trx: MetadataDb,
  dashboardId: number,
  positionJson: string | null,
) {
  const wanted = positionJsonChartIds(positionJson).filter((i) => i >= 1 && i <= 2_147_483_647);
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
      const content = await checkedContent(ctx, body, null);
      const title = body.dashboard_title;
      const now = nowIso();
      return ctx.db.transaction().execute(async (trx) => {
        const row = await trx
          .insertInto('dashboards')
          .values({
            uuid: randomUUID(),
            dashboard_title: title === undefined || title === null ? null : savedTitle(title),
            slug: body.slug || null,
            position_json: content.position_json ?? null,
            json_metadata: content.json_metadata ?? null,
            css: storedCss(body.css),
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
        if (content.position_json) await syncCharts(trx, row.id, content.position_json);
        return row.id;
      });
    },
    async update(ctx, dashboardId, body) {
      if (body.owners) await assertUsersExist(ctx, body.owners);
      if (body.roles) await assertRolesExist(ctx, body.roles);
      if (body.slug !== undefined) await assertSlugFree(ctx, body.slug, dashboardId);
      const content = await checkedContent(ctx, body, dashboardId);
      const {
        owners,
        roles,
        slug,
        dashboard_title,
        position_json: _text,
        position_data: _data,
        json_metadata: _metadata,
        ...scalar
      } = body;
      const now = nowIso();
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('dashboards')
          .set({
            ...scalar,
            ...(scalar.css !== undefined ? { css: storedCss(scalar.css) } : {}),
            ...content,
            ...(dashboard_title !== undefined
              ? { dashboard_title: savedTitle(dashboard_title) }
              : {}),
            ...(slug !== undefined ? { slug: slug || null } : {}),
            changed_on: now,
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
        if (content.position_json !== undefined)
          await syncCharts(trx, dashboardId, content.position_json);
      });
      return { last_modified_time: lastModifiedTime(now) };
    },
  };
}
