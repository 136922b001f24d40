import { sql } from 'kysely';
import type { TagRef, TaggableType } from '@strata/core';
import { ApiError } from '../api/errors.js';
import type {
  CustomFilter,
  DynamicDb,
  DynamicQuery,
  RequestContext,
  ResourceDefinition,
} from '../api/resource-types.js';
import type { MetadataDb } from '../metadata/db.js';
import { escapeLike } from '../api/list-query.js';

/**
 * The resources whose objects carry tags, by Superset's object type name; each brings its table
 * and visibility rule (who may see a dashboard, chart or saved query), so tagging and the tag
 * page offer only what the user may see.
 */
export type TaggableResources = Record<TaggableType, ResourceDefinition>;

/** Superset's list filter names (DashboardTagNameFilter, ChartTagIdFilter, …) per type. */
export const TAG_FILTER_NAMES: Record<TaggableType, { byName: string; byId: string }> = {
  dashboard: { byName: 'dashboard_tags', byId: 'dashboard_tag_id' },
  chart: { byName: 'chart_tags', byId: 'chart_tag_id' },
  query: { byName: 'saved_query_tags', byId: 'saved_query_tag_id' },
};

/** Objects carrying a tag whose name contains the text (case-insensitive), as Superset's. */
export function tagNameFilter(type: TaggableType): CustomFilter {
  return (qb, value) => {
    const text = String(value ?? '');
    if (text === '') return qb;
    const pattern = `%${escapeLike(text)}%`;
    return qb.where(
      () =>
        sql<boolean>`exists (select 1 from tagged_object o join tag g on g.id = o.tag_id where o.object_type = ${type} and o.object_id = t.id and lower(g.name) like lower(${pattern}) escape '\\')`,
    ) as DynamicQuery;
  };
}

/** Objects carrying the tag of that id. */
export function tagIdFilter(type: TaggableType): CustomFilter {
  return (qb, value) => {
    const id = Number(value);
    if (!Number.isInteger(id)) throw new ApiError(400, 'Bad request: a tag filter expects an id');
    return qb.where(
      () =>
        sql<boolean>`exists (select 1 from tagged_object o where o.object_type = ${type} and o.object_id = t.id and o.tag_id = ${id})`,
    ) as DynamicQuery;
  };
}

/** The tags of objects of a type: object id → its tags, by name. */
export async function loadTagsOf(
  db: MetadataDb,
  type: TaggableType,
  ids: number[],
): Promise<Map<number, TagRef[]>> {
  const out = new Map<number, TagRef[]>();
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('tagged_object as o')
    .innerJoin('tag as g', 'g.id', 'o.tag_id')
    .select(['o.object_id', 'g.id', 'g.name', 'g.type'])
    .where('o.object_type', '=', type)
    .where('o.object_id', 'in', ids)
    .orderBy('g.name')
    .execute();
  for (const r of rows) {
    const list = out.get(r.object_id) ?? [];
    list.push({ id: r.id, name: r.name, type: r.type });
    out.set(r.object_id, list);
  }
  return out;
}

/**
 * A taggable resource with tags: its list and get answers carry `tags`, its list takes the tag
 * filters (by name and by id), and deleting its objects removes their tags.
 */
export function withTags(def: ResourceDefinition, type: TaggableType): ResourceDefinition {
  const names = TAG_FILTER_NAMES[type];
  const remove = def.remove;
  return {
    ...def,
    listColumns: def.listColumns.includes('tags') ? def.listColumns : [...def.listColumns, 'tags'],
    showColumns:
      def.showColumns && !def.showColumns.includes('tags')
        ? [...def.showColumns, 'tags']
        : def.showColumns,
    // The lists' "Tag" filter offers the tags by name (`related/tags`), matched by id.
    related: {
      ...def.related,
      tags: {
        table: 'tag',
        valueColumn: 'id',
        text: () => sql<string>`r.name`,
        searchColumns: ['name'],
      },
    },
    customFilters: {
      ...def.customFilters,
      [names.byName]: tagNameFilter(type),
      [names.byId]: tagIdFilter(type),
    },
    async load(ctx, ids) {
      const items = await def.load(ctx, ids);
      const tags = await loadTagsOf(ctx.db, type, [...items.keys()]);
      for (const [id, item] of items) item.tags = tags.get(id) ?? [];
      return items;
    },
    async remove(trx, ids, ctx) {
      if (remove) await remove(trx, ids, ctx);
      else
        await (trx as unknown as DynamicDb).deleteFrom(def.table).where('id', 'in', ids).execute();
      await trx
        .deleteFrom('tagged_object')
        .where('object_type', '=', type)
        .where('object_id', 'in', ids)
        .execute();
    },
  };
}

/** The ids among `ids` of objects of the type the user may see. */
export async function visibleObjectIds(
  resources: TaggableResources,
  type: TaggableType,
  ctx: RequestContext,
  ids: number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const def = resources[type];
  const base = (ctx.db as unknown as DynamicDb).selectFrom(`${def.table} as t`) as DynamicQuery;
  const qb = def.visible ? def.visible(base, ctx) : base;
  const rows = await qb
    .select(sql<number>`t.id`.as('id'))
    .where(sql.ref('t.id'), 'in', ids)
    .execute();
  return rows.map((r) => Number((r as { id: number }).id));
}

/** 404 unless the user may see the object. */
export async function assertVisibleObject(
  resources: TaggableResources,
  type: TaggableType,
  ctx: RequestContext,
  id: number,
): Promise<void> {
  const found = await visibleObjectIds(resources, type, ctx, [id]);
  if (found.length === 0) throw new ApiError(404, 'Not found');
}
