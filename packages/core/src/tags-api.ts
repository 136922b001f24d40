/**
 * Tags (Superset's TAGGING_SYSTEM: `/api/v1/tag/`, TagRestApi): request and answer shapes shared
 * by the server (validation, OpenAPI) and the web (types). Custom tags only.
 */
import { z } from 'zod';

export const TAGGING_SYSTEM_FLAG = 'TAGGING_SYSTEM';
/** Permission view of tags (Superset's `Tag`, read/write method map). */
export const TAG_VIEW = 'Tag';
/** Their menu entry (Superset's "Tags"). */
export const TAG_MENU = 'Tags';
export const TAG_NAME_MAX = 250;

/** Superset's ObjectType: the number in `/api/v1/tag/{object_type}/{object_id}/`. */
export const TAGGED_OBJECT_TYPES = { query: 1, chart: 2, dashboard: 3, dataset: 4 } as const;
export type TaggedObjectTypeName = keyof typeof TAGGED_OBJECT_TYPES;
/** The types Strata tags: dashboards, charts and saved queries (`query`). */
export const TAGGABLE_TYPES = ['dashboard', 'chart', 'query'] as const;
export type TaggableType = (typeof TAGGABLE_TYPES)[number];

/** The type named by Superset's number, or null (datasets are not tagged here). */
export function taggableTypeOf(n: number): TaggableType | null {
  const found = TAGGABLE_TYPES.find((t) => TAGGED_OBJECT_TYPES[t] === n);
  return found ?? null;
}

export const tagName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(TAG_NAME_MAX, `Name must be at most ${TAG_NAME_MAX} characters`)
  // A tag list in a query string is comma-separated (`get_objects/?tags=a,b`); system tags are
  // `kind:value` (Superset's owner:/type:/favorited_by:), which custom tags must not look like.
  .refine((t) => !t.includes(',') && !t.includes(':'), 'A tag name cannot contain "," or ":"');

/** `[type, id]` pairs of Superset's `objects_to_tag`, e.g. `["dashboard", 3]`. */
const objectsToTag = z
  .array(z.tuple([z.enum(TAGGABLE_TYPES), z.number().int().positive().max(2_147_483_647)]))
  .max(1000);

/** `POST /api/v1/tag/`: a custom tag and the objects it carries (Superset's TagPostSchema). */
export const tagCreate = z
  .object({
    name: tagName,
    description: z.string().max(65_535).nullable().optional(),
    objects_to_tag: objectsToTag.optional(),
  })
  .strict();
export type TagCreate = z.infer<typeof tagCreate>;

/** `PUT /api/v1/tag/{id}`: objects_to_tag, when given, replaces what the tag carries. */
export const tagUpdate = tagCreate.partial().strict();
export type TagUpdate = z.infer<typeof tagUpdate>;

/** `POST /api/v1/tag/bulk_create`. */
export const tagBulkCreate = z
  .object({
    tags: z
      .array(z.object({ name: tagName, objects_to_tag: objectsToTag.optional() }).strict())
      .min(1)
      .max(100),
  })
  .strict();
export type TagBulkCreate = z.infer<typeof tagBulkCreate>;

/** `POST /api/v1/tag/{object_type}/{object_id}/`: tags (by name) to add to the object. */
export const tagAddObjects = z
  .object({ properties: z.object({ tags: z.array(tagName).max(100) }) })
  .strict();
export type TagAddObjects = z.infer<typeof tagAddObjects>;

/** A tag on an object in list answers (`tags` of dashboards, charts, saved queries). */
export interface TagRef {
  id: number;
  name: string;
  type: string;
}

const userRef = z.object({ id: z.number().int(), first_name: z.string(), last_name: z.string() });

/** A tag as get answers it (Superset's show_columns). */
export const tagShow = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  description: z.string().nullable(),
  changed_on_delta_humanized: z.string().nullable(),
  created_on_delta_humanized: z.string().nullable(),
  changed_by: userRef.nullable(),
  created_by: userRef.nullable(),
});
export type TagShow = z.infer<typeof tagShow>;

/** An object carrying a tag (Superset's TaggedObjectEntityResponseSchema). */
export interface TaggedObjectEntity {
  id: number;
  type: TaggableType;
  name: string;
  url: string;
  changed_on: string | null;
  created_by: number | null;
  creator: string;
  owners: Array<{ id: number; first_name: string; last_name: string }>;
  tags: TagRef[];
}
