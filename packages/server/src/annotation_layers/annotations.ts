import { sql, type Updateable } from 'kysely';
import { z } from 'zod';
import { auditColumns, auditFields } from '../api/common-columns.js';
import { ApiError, unprocessable } from '../api/errors.js';
import { anyTextFilter } from '../api/access-filters.js';
import type { DynamicQuery, RequestContext, ResourceDefinition } from '../api/resource-types.js';
import { changedAudit, createdAudit, loadAuditUsers } from '../api/audit.js';
import { toIso, type MetadataDb } from '../metadata/db.js';
import type { AnnotationTable } from '../metadata/schema.js';
import { ANNOTATION_VIEW } from './layers.js';

/** A date-time as Superset's API takes it (ISO 8601; no zone means UTC), stored as ISO text. */
const dttm = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((t) => parseDttm(t) !== null, { message: 'Not a valid datetime.' });

/** JSON text (or empty), as Superset's `validate_json`. */
const jsonText = z
  .string()
  .max(1_000_000)
  .nullable()
  .refine(
    (t) => {
      if (t === null || t.trim() === '') return true;
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'JSON not valid' },
  );

const fields = {
  short_descr: z.string().trim().min(1).max(500),
  long_descr: z.string().max(65_535).nullable(),
  start_dttm: dttm,
  end_dttm: dttm,
  json_metadata: jsonText,
};
export const createAnnotationSchema = z
  .object({
    short_descr: fields.short_descr,
    start_dttm: fields.start_dttm,
    end_dttm: fields.end_dttm,
    long_descr: fields.long_descr.optional(),
    json_metadata: fields.json_metadata.optional(),
  })
  .strict();
export const updateAnnotationSchema = z.object(fields).partial().strict();
export type CreateAnnotation = z.infer<typeof createAnnotationSchema>;
export type UpdateAnnotation = z.infer<typeof updateAnnotationSchema>;

/** ISO text of a date-time, or null when it is not one. A time without a zone is UTC. */
export function parseDttm(text: string): string | null {
  const m =
    /^\d{4}-\d{2}-\d{2}(?:[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,6})?)?)(Z|[+-]\d{2}:?\d{2})?)?$/.exec(
      text,
    );
  if (!m) return null;
  const withZone = m[1] === undefined ? `${text}T00:00:00Z` : m[2] ? text : `${text}Z`;
  const d = new Date(withZone.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? null : d.toISOString();
}

/** The layer, or 404. */
export async function assertLayerExists(db: MetadataDb, layerId: number): Promise<string> {
  const layer = await db
    .selectFrom('annotation_layer')
    .select('name')
    .where('id', '=', layerId)
    .executeTakeFirst();
  if (!layer) throw new ApiError(404, 'Not found');
  return layer.name;
}

/** Superset's checks: short_descr unique on the layer; end not before start. 422 with fields. */
async function validate(
  db: MetadataDb,
  layerId: number,
  values: { short_descr: string | null; start_dttm: string | null; end_dttm: string | null },
  exceptId?: number,
): Promise<void> {
  const errors: Record<string, string[]> = {};
  if (values.short_descr !== null) {
    let qb = db
      .selectFrom('annotation')
      .select('id')
      .where('layer_id', '=', layerId)
      .where('short_descr', '=', values.short_descr);
    if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
    if (await qb.executeTakeFirst())
      errors.short_descr = ['Short description must be unique for this layer'];
  }
  if (values.start_dttm && values.end_dttm && values.end_dttm < values.start_dttm)
    errors.start_dttm = ['End date must be after start date'];
  if (Object.keys(errors).length) throw unprocessable(errors);
}

export async function createAnnotation(
  ctx: RequestContext,
  layerId: number,
  body: CreateAnnotation,
): Promise<number> {
  await assertLayerExists(ctx.db, layerId);
  const start = parseDttm(body.start_dttm);
  const end = parseDttm(body.end_dttm);
  await validate(ctx.db, layerId, {
    short_descr: body.short_descr,
    start_dttm: start,
    end_dttm: end,
  });
  const row = await ctx.db
    .insertInto('annotation')
    .values({
      layer_id: layerId,
      short_descr: body.short_descr,
      long_descr: body.long_descr ?? null,
      start_dttm: start,
      end_dttm: end,
      json_metadata: body.json_metadata ?? null,
      ...createdAudit(ctx.principal.id),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function findAnnotation(db: MetadataDb, layerId: number, id: number) {
  const row = await db
    .selectFrom('annotation')
    .selectAll()
    .where('layer_id', '=', layerId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  return row;
}

export async function updateAnnotation(
  ctx: RequestContext,
  layerId: number,
  id: number,
  body: UpdateAnnotation,
): Promise<void> {
  await assertLayerExists(ctx.db, layerId);
  const current = await findAnnotation(ctx.db, layerId, id);
  const start =
    body.start_dttm !== undefined ? parseDttm(body.start_dttm) : toIso(current.start_dttm);
  const end = body.end_dttm !== undefined ? parseDttm(body.end_dttm) : toIso(current.end_dttm);
  await validate(
    ctx.db,
    layerId,
    { short_descr: body.short_descr ?? null, start_dttm: start, end_dttm: end },
    id,
  );
  const changes: Updateable<AnnotationTable> = changedAudit(ctx.principal.id);
  if (body.short_descr !== undefined) changes.short_descr = body.short_descr;
  if (body.long_descr !== undefined) changes.long_descr = body.long_descr;
  if (body.json_metadata !== undefined) changes.json_metadata = body.json_metadata;
  if (body.start_dttm !== undefined) changes.start_dttm = start;
  if (body.end_dttm !== undefined) changes.end_dttm = end;
  await ctx.db
    .updateTable('annotation')
    .set(changes)
    .where('id', '=', id)
    .where('layer_id', '=', layerId)
    .execute();
}

/** Deletes annotations of a layer; 404 unless every id is one of the layer's. */
export async function deleteAnnotations(
  ctx: RequestContext,
  layerId: number,
  ids: number[],
): Promise<void> {
  await assertLayerExists(ctx.db, layerId);
  const unique = [...new Set(ids)];
  const found = await ctx.db
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', '=', layerId)
    .where('id', 'in', unique)
    .execute();
  if (found.length !== unique.length) throw new ApiError(404, 'Not found');
  await ctx.db
    .deleteFrom('annotation')
    .where('layer_id', '=', layerId)
    .where('id', 'in', unique)
    .execute();
}

/** API objects of annotations, with their layer. */
export async function loadAnnotations(
  ctx: RequestContext,
  ids: number[],
): Promise<Map<number, Record<string, unknown>>> {
  const rows = await ctx.db
    .selectFrom('annotation as a')
    .innerJoin('annotation_layer as l', 'l.id', 'a.layer_id')
    .selectAll('a')
    .select('l.name as layer_name')
    .where('a.id', 'in', ids)
    .execute();
  const users = await loadAuditUsers(ctx.db, rows);
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        short_descr: r.short_descr,
        long_descr: r.long_descr,
        start_dttm: toIso(r.start_dttm),
        end_dttm: toIso(r.end_dttm),
        json_metadata: r.json_metadata,
        layer: { id: r.layer_id, name: r.layer_name },
        ...auditFields(r, users),
      },
    ]),
  );
}

/**
 * The annotations of one layer as a list resource (the list call's filters, order and paging);
 * the other calls are the routes in `routes.ts`.
 */
export function annotationsOfLayer(layerId: number): ResourceDefinition {
  return {
    prefix: `/api/v1/annotation_layer/${layerId}/annotation`,
    table: 'annotation',
    view: ANNOTATION_VIEW,
    noun: 'annotation',
    titleColumn: 'short_descr',
    columns: {
      id: { type: 'number', sortable: true },
      short_descr: { type: 'string', sortable: true },
      long_descr: { type: 'string' },
      start_dttm: { type: 'datetime', sortable: true },
      end_dttm: { type: 'datetime', sortable: true },
      ...auditColumns(),
    },
    customFilters: {
      annotation_all_text: anyTextFilter(['short_descr', 'long_descr']),
    },
    defaultOrder: { column: 'short_descr', direction: 'asc' },
    listColumns: [
      'id',
      'short_descr',
      'long_descr',
      'start_dttm',
      'end_dttm',
      'json_metadata',
      'layer',
      'created_by',
      'changed_by',
      'changed_on_delta_humanized',
    ],
    showColumns: [
      'id',
      'short_descr',
      'long_descr',
      'start_dttm',
      'end_dttm',
      'json_metadata',
      'layer',
    ],
    visible: (qb) => qb.where(() => sql<boolean>`t.layer_id = ${layerId}`) as DynamicQuery,
    load: loadAnnotations,
  };
}
