import { z } from 'zod';
import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import { unprocessable } from '../api/errors.js';
import { anyTextFilter } from '../api/access-filters.js';
import { changedAudit, createdAudit, loadAuditUsers, sentFields } from '../api/audit.js';
import type { RequestContext, ResourceDefinition, WriteHandlers } from '../api/resource-types.js';
import type { MetadataDb } from '../metadata/db.js';

/** Permission view of annotation layers and annotations (Superset's `Annotation`). */
export const ANNOTATION_VIEW = 'Annotation';

const layerFields = {
  name: z.string().trim().min(1).max(250),
  descr: z.string().max(65_535).nullable(),
};
export const createLayerSchema = z
  .object({ name: layerFields.name, descr: layerFields.descr.optional() })
  .strict();
export const updateLayerSchema = z.object(layerFields).partial().strict();
type CreateLayer = z.infer<typeof createLayerSchema>;
type UpdateLayer = z.infer<typeof updateLayerSchema>;

/** 422 `{message: {name: ["Name must be unique"]}}` when another layer has the name. */
async function assertUniqueName(db: MetadataDb, name: string, exceptId?: number): Promise<void> {
  let qb = db.selectFrom('annotation_layer').select('id').where('name', '=', name);
  if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
  if (await qb.executeTakeFirst()) throw unprocessable({ name: ['Name must be unique'] });
}

async function createLayer(ctx: RequestContext, body: CreateLayer): Promise<number> {
  await assertUniqueName(ctx.db, body.name);
  const row = await ctx.db
    .insertInto('annotation_layer')
    .values({ name: body.name, descr: body.descr ?? null, ...createdAudit(ctx.principal.id) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function updateLayer(ctx: RequestContext, id: number, body: UpdateLayer): Promise<void> {
  if (body.name !== undefined) await assertUniqueName(ctx.db, body.name, id);
  await ctx.db
    .updateTable('annotation_layer')
    .set({ ...sentFields(body), ...changedAudit(ctx.principal.id) })
    .where('id', '=', id)
    .execute();
}

function layerWriteHandlers(): WriteHandlers<CreateLayer, UpdateLayer> {
  return {
    createSchema: createLayerSchema,
    updateSchema: updateLayerSchema,
    create: createLayer,
    update: (ctx, id, body) => updateLayer(ctx, id, body),
  };
}

/** A layer with annotations cannot be deleted (422), as Superset refuses it. */
async function removeLayers(trx: MetadataDb, ids: number[]): Promise<void> {
  const used = await trx
    .selectFrom('annotation')
    .select('id')
    .where('layer_id', 'in', ids)
    .executeTakeFirst();
  if (used) {
    throw unprocessable(
      ids.length === 1
        ? 'Annotation layer has associated annotations.'
        : 'Annotation layers has associated annotations.',
    );
  }
  await trx.deleteFrom('annotation_layer').where('id', 'in', ids).execute();
}

/**
 * Annotation layers through the REST conventions: list (filters on name/descr, the all-text
 * filter `annotation_layer_all_text`), get, create, update, delete, bulk delete.
 */
export function annotationLayersResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/annotation_layer',
    table: 'annotation_layer',
    view: ANNOTATION_VIEW,
    noun: 'annotation layer',
    titleColumn: 'name',
    columns: {
      id: { type: 'number', sortable: true },
      name: { type: 'string', sortable: true },
      descr: { type: 'string', sortable: true },
      ...auditColumns(),
    },
    customFilters: {
      annotation_layer_all_text: anyTextFilter(['name', 'descr']),
    },
    defaultOrder: { column: 'name', direction: 'asc' },
    listColumns: [
      'id',
      'name',
      'descr',
      'created_by',
      'changed_by',
      'changed_on',
      'changed_on_delta_humanized',
      'created_on',
    ],
    showColumns: ['id', 'name', 'descr'],
    related: { created_by: relatedUsers, changed_by: relatedUsers },
    distinct: ['name'],
    write: layerWriteHandlers() as ResourceDefinition['write'],
    remove: (trx, ids) => removeLayers(trx, ids),
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('annotation_layer')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      const users = await loadAuditUsers(ctx.db, rows);
      return new Map(
        rows.map((r) => [
          r.id,
          { id: r.id, name: r.name, descr: r.descr, ...auditFields(r, users) },
        ]),
      );
    },
  };
}
