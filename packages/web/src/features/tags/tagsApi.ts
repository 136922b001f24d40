/**
 * The calls of `/api/v1/tag/` (Superset's TagRestApi, with TAGGING_SYSTEM): a tag, the objects
 * carrying it, the tag names for a select, and tagging or untagging an object. The Tags list's
 * own list calls go through ListView with `TAG_RESOURCE`.
 */
import {
  TAGGED_OBJECT_TYPES,
  type ListResponse,
  type TagRef,
  type TagShow,
  type TaggableType,
  type TaggedObjectEntity,
} from '@strata/core';
import { api, itemUrl, listUrl, resourceBase } from '../../app/api';
import { tagChanges } from './tagChanges';

export const TAG_RESOURCE = 'tag';

/** The REST resource of each taggable type (its get answer carries `tags`). */
const RESOURCE_OF: Record<TaggableType, string> = {
  dashboard: 'dashboard',
  chart: 'chart',
  query: 'saved_query',
};

/** `GET /api/v1/tag/{id}` */
export async function fetchTag(id: number, signal?: AbortSignal): Promise<TagShow> {
  const res = await api.get<{ result: TagShow }>(itemUrl(TAG_RESOURCE, id), { signal });
  return res.result;
}

/** `GET /api/v1/tag/get_objects/?tagIds={id}`: what carries the tag (that the user may see). */
export async function fetchTaggedObjects(
  tagId: number,
  signal?: AbortSignal,
): Promise<TaggedObjectEntity[]> {
  const res = await api.get<{ result: TaggedObjectEntity[] }>(
    `${resourceBase(TAG_RESOURCE)}/get_objects/?tagIds=${tagId}`,
    { signal },
  );
  return res.result;
}

/** Tag names containing the text, for a select (first 50 by name). */
export async function searchTagNames(text: string, signal?: AbortSignal): Promise<string[]> {
  const res = await api.get<ListResponse<TagRef>>(
    listUrl(TAG_RESOURCE, {
      filters: text ? [{ col: 'name', opr: 'ct', value: text }] : [],
      order_column: 'name',
      order_direction: 'asc',
      page: 0,
      page_size: 50,
      columns: ['name'],
      keys: ['none'],
    }),
    { signal },
  );
  return res.result.map((t) => t.name);
}

/** The names of the tags an object carries. */
export async function fetchObjectTagNames(
  type: TaggableType,
  id: number,
  signal?: AbortSignal,
): Promise<string[]> {
  const res = await api.get<{ result: { tags?: TagRef[] } }>(itemUrl(RESOURCE_OF[type], id), {
    signal,
  });
  return (res.result.tags ?? []).map((t) => t.name);
}

/**
 * Makes an object carry exactly `after` (names): `POST /api/v1/tag/{type}/{id}/` with the new
 * ones, `DELETE /api/v1/tag/{type}/{id}/{name}/` for each one taken off.
 */
export async function saveObjectTags(
  type: TaggableType,
  id: number,
  before: string[],
  after: string[],
): Promise<void> {
  const { add, remove } = tagChanges(before, after);
  const base = `${resourceBase(TAG_RESOURCE)}/${TAGGED_OBJECT_TYPES[type]}/${id}`;
  if (add.length) await api.post(`${base}/`, { properties: { tags: add } });
  for (const name of remove) await api.delete(`${base}/${encodeURIComponent(name)}/`);
}
