import type { TagCreate, TagUpdate, TaggableType } from '@strata/core';
import { ApiError, unprocessable } from '../api/errors.js';
import type { RequestContext } from '../api/resource-types.js';
import { changedAudit, createdAudit, sentFields } from '../api/audit.js';
import type { MetadataDb } from '../metadata/db.js';
import { visibleObjectIds, type TaggableResources } from './objects.js';

type ObjectsToTag = Array<[TaggableType, number]>;

/**
 * 404 unless the user may see every object named, and 403 unless they may change each (its
 * resource's owner rule): a tag changes what the object's lists and pages show.
 */
async function assertVisibleObjects(
  resources: TaggableResources,
  ctx: RequestContext,
  objects: ObjectsToTag,
): Promise<void> {
  const byType = new Map<TaggableType, number[]>();
  for (const [type, id] of objects) byType.set(type, [...(byType.get(type) ?? []), id]);
  for (const [type, ids] of byType) {
    const unique = [...new Set(ids)];
    const found = await visibleObjectIds(resources, type, ctx, unique);
    if (found.length !== unique.length) throw new ApiError(404, 'Not found');
    const canModify = resources[type].assertCanModify;
    if (canModify) for (const id of unique) await canModify(ctx, id);
  }
}

/** 422 `{name: ["Name must be unique"]}` when another tag has the name. */
async function assertUniqueName(db: MetadataDb, name: string, exceptId?: number): Promise<void> {
  let qb = db.selectFrom('tag').select('id').where('name', '=', name);
  if (exceptId !== undefined) qb = qb.where('id', '!=', exceptId);
  if (await qb.executeTakeFirst()) throw unprocessable({ name: ['Name must be unique'] });
}

/** Puts the tag on the objects that do not carry it yet; returns those it was put on. */
async function tagObjects(
  db: MetadataDb,
  userId: number,
  tagId: number,
  objects: ObjectsToTag,
): Promise<ObjectsToTag> {
  const added: ObjectsToTag = [];
  const audit = createdAudit(userId);
  for (const [type, id] of objects) {
    const has = await db
      .selectFrom('tagged_object')
      .select('id')
      .where('tag_id', '=', tagId)
      .where('object_type', '=', type)
      .where('object_id', '=', id)
      .executeTakeFirst();
    if (has) continue;
    await db
      .insertInto('tagged_object')
      .values({
        tag_id: tagId,
        object_type: type,
        object_id: id,
        ...audit,
      })
      .execute();
    added.push([type, id]);
  }
  return added;
}

/** The id of the custom tag of that name, created when there is none. */
async function tagIdByName(db: MetadataDb, userId: number, name: string): Promise<number> {
  const found = await db.selectFrom('tag').select('id').where('name', '=', name).executeTakeFirst();
  if (found) return found.id;
  const row = await db
    .insertInto('tag')
    .values({ name, type: 'custom', description: null, ...createdAudit(userId) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function createTag(
  resources: TaggableResources,
  ctx: RequestContext,
  body: TagCreate,
): Promise<number> {
  await assertUniqueName(ctx.db, body.name);
  const objects = (body.objects_to_tag ?? []) as ObjectsToTag;
  await assertVisibleObjects(resources, ctx, objects);
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tag')
      .values({
        name: body.name,
        type: 'custom',
        description: body.description ?? null,
        ...createdAudit(ctx.principal.id),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    await tagObjects(trx, ctx.principal.id, row.id, objects);
    return row.id;
  });
}

/** Changes a tag; `objects_to_tag`, when given, replaces what it carries. */
export async function updateTag(
  resources: TaggableResources,
  ctx: RequestContext,
  id: number,
  body: TagUpdate,
): Promise<void> {
  if (body.name !== undefined) await assertUniqueName(ctx.db, body.name, id);
  const objects = body.objects_to_tag as ObjectsToTag | undefined;
  if (objects) await assertVisibleObjects(resources, ctx, objects);
  await ctx.db.transaction().execute(async (trx) => {
    await trx
      .updateTable('tag')
      .set({
        ...sentFields({ name: body.name, description: body.description }),
        ...changedAudit(ctx.principal.id),
      })
      .where('id', '=', id)
      .execute();
    if (objects) {
      await trx.deleteFrom('tagged_object').where('tag_id', '=', id).execute();
      await tagObjects(trx, ctx.principal.id, id, objects);
    }
  });
}

/** `bulk_create`: each named tag (created when missing) put on its objects. */
export async function bulkCreateTags(
  resources: TaggableResources,
  ctx: RequestContext,
  tags: Array<{ name: string; objects_to_tag?: ObjectsToTag }>,
): Promise<{ objects_tagged: ObjectsToTag; objects_skipped: ObjectsToTag }> {
  for (const t of tags) await assertVisibleObjects(resources, ctx, t.objects_to_tag ?? []);
  return ctx.db.transaction().execute(async (trx) => {
    const tagged = new Map<string, [TaggableType, number]>();
    const skipped = new Map<string, [TaggableType, number]>();
    for (const t of tags) {
      const tagId = await tagIdByName(trx, ctx.principal.id, t.name);
      const objects = t.objects_to_tag ?? [];
      const added = await tagObjects(trx, ctx.principal.id, tagId, objects);
      const addedKeys = new Set(added.map(([type, id]) => `${type}:${id}`));
      for (const o of objects) {
        const key = `${o[0]}:${o[1]}`;
        if (addedKeys.has(key)) tagged.set(key, o);
        else skipped.set(key, o);
      }
    }
    for (const key of tagged.keys()) skipped.delete(key);
    return { objects_tagged: [...tagged.values()], objects_skipped: [...skipped.values()] };
  });
}

/** Puts the named tags (created when missing) on one object the user may see. */
export async function addTagsToObject(
  resources: TaggableResources,
  ctx: RequestContext,
  type: TaggableType,
  objectId: number,
  names: string[],
): Promise<void> {
  await assertVisibleObjects(resources, ctx, [[type, objectId]]);
  await ctx.db.transaction().execute(async (trx) => {
    for (const name of new Set(names)) {
      const tagId = await tagIdByName(trx, ctx.principal.id, name);
      await tagObjects(trx, ctx.principal.id, tagId, [[type, objectId]]);
    }
  });
}

/** Takes the named tag off an object; 404 when the object or the tag on it is not there. */
export async function removeTagFromObject(
  resources: TaggableResources,
  ctx: RequestContext,
  type: TaggableType,
  objectId: number,
  name: string,
): Promise<void> {
  await assertVisibleObjects(resources, ctx, [[type, objectId]]);
  const tag = await ctx.db
    .selectFrom('tag')
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  if (!tag) throw new ApiError(404, 'Not found');
  const res = await ctx.db
    .deleteFrom('tagged_object')
    .where('tag_id', '=', tag.id)
    .where('object_type', '=', type)
    .where('object_id', '=', objectId)
    .executeTakeFirst();
  if (Number(res.numDeletedRows) === 0) throw new ApiError(404, 'Not found');
}

/** Deletes tags and what they are on. */
export async function deleteTags(db: MetadataDb, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('tagged_object').where('tag_id', 'in', ids).execute();
    await trx.deleteFrom('tag').where('id', 'in', ids).execute();
  });
}
