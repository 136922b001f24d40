import type { TaggableType, TaggedObjectEntity } from '@strata/core';
import { fullName } from '../api/common-columns.js';
import type { RequestContext } from '../api/resource-types.js';
import { loadOwners, loadUserSummaries } from '../api/user-summaries.js';
import { toIso } from '../metadata/db.js';
import { loadTagsOf, visibleObjectIds, type TaggableResources } from './objects.js';

interface Base {
  id: number;
  name: string | null;
  url: string;
  changed_on: string | Date | null;
  created_by_fk: number | null;
}

async function rowsOf(ctx: RequestContext, type: TaggableType, ids: number[]): Promise<Base[]> {
  switch (type) {
    case 'dashboard': {
      const rows = await ctx.db
        .selectFrom('dashboards')
        .select(['id', 'dashboard_title', 'slug', 'changed_on', 'created_by_fk'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => ({
        ...r,
        name: r.dashboard_title,
        url: `/superset/dashboard/${r.slug || r.id}/`,
      }));
    }
    case 'chart': {
      const rows = await ctx.db
        .selectFrom('slices')
        .select(['id', 'slice_name', 'changed_on', 'created_by_fk'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => ({ ...r, name: r.slice_name, url: `/explore/?slice_id=${r.id}` }));
    }
    case 'query': {
      const rows = await ctx.db
        .selectFrom('saved_query')
        .select(['id', 'label', 'changed_on', 'created_by_fk'])
        .where('id', 'in', ids)
        .execute();
      return rows.map((r) => ({ ...r, name: r.label, url: `/sqllab/?savedQueryId=${r.id}` }));
    }
  }
}

const OWNER_LINKS = {
  dashboard: ['dashboard_user', 'dashboard_id'],
  chart: ['slice_user', 'slice_id'],
} as const;

/**
 * The objects carrying any of the tags (by id), of the given types, that the user may see
 * (Superset's `get_objects`), each with its owners and tags; newest change first.
 */
export async function taggedEntities(
  resources: TaggableResources,
  ctx: RequestContext,
  tagIds: number[],
  types: readonly TaggableType[],
): Promise<TaggedObjectEntity[]> {
  if (tagIds.length === 0) return [];
  const out: TaggedObjectEntity[] = [];
  for (const type of types) {
    const tagged = await ctx.db
      .selectFrom('tagged_object')
      .select('object_id')
      .distinct()
      .where('object_type', '=', type)
      .where('tag_id', 'in', tagIds)
      .execute();
    const ids = await visibleObjectIds(
      resources,
      type,
      ctx,
      tagged.map((t) => t.object_id),
    );
    if (ids.length === 0) continue;
    const rows = await rowsOf(ctx, type, ids);
    const tags = await loadTagsOf(ctx.db, type, ids);
    const link = type === 'query' ? null : OWNER_LINKS[type];
    const owners = link ? await loadOwners(ctx.db, link[0], link[1], ids) : new Map();
    const users = await loadUserSummaries(
      ctx.db,
      rows.map((r) => r.created_by_fk),
    );
    for (const r of rows) {
      out.push({
        id: r.id,
        type,
        name: r.name ?? '',
        url: r.url,
        changed_on: toIso(r.changed_on),
        created_by: r.created_by_fk,
        creator: fullName(r.created_by_fk ? users.get(r.created_by_fk) : undefined),
        owners: (owners.get(r.id) ?? []).map(
          (o: { id: number; first_name: string; last_name: string }) => ({
            id: o.id,
            first_name: o.first_name,
            last_name: o.last_name,
          }),
        ),
        tags: tags.get(r.id) ?? [],
      });
    }
  }
  return out.sort((a, b) => (b.changed_on ?? '').localeCompare(a.changed_on ?? ''));
}
