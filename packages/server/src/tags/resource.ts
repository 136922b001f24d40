import {
  TAG_VIEW,
  tagCreate,
  tagShow,
  tagUpdate,
  type TagCreate,
  type TagUpdate,
} from '@strata/core';
import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import type { ResourceDefinition, WriteHandlers } from '../api/resource-types.js';
import { loadUserSummaries } from '../api/user-summaries.js';
import type { TaggableResources } from './objects.js';
import { createTag, updateTag } from './service.js';

function writeHandlers(resources: TaggableResources): WriteHandlers<TagCreate, TagUpdate> {
  return {
    createSchema: tagCreate,
    updateSchema: tagUpdate,
    create: (ctx, body) => createTag(resources, ctx, body),
    update: (ctx, id, body) => updateTag(resources, ctx, id, body),
  };
}

const userRef = (u: { id: number; first_name: string; last_name: string } | null) =>
  u ? { id: u.id, first_name: u.first_name, last_name: u.last_name } : null;

/**
 * `/api/v1/tag/` (Superset's TagRestApi) through the REST conventions: list (filters on name,
 * type, created_by), `_info`, related users, get, create (with `objects_to_tag`), update. Its
 * deletes (by id, and in bulk by names as Superset's) and the tagging calls are in `routes.ts`.
 */
export function tagsResource(resources: TaggableResources): ResourceDefinition {
  return {
    prefix: '/api/v1/tag',
    table: 'tag',
    view: TAG_VIEW,
    noun: 'tag',
    titleColumn: 'name',
    columns: {
      id: { type: 'number', sortable: true },
      name: { type: 'string', sortable: true },
      type: { type: 'string', sortable: true },
      description: { type: 'string' },
      ...auditColumns(),
    },
    defaultOrder: { column: 'name', direction: 'asc' },
    listColumns: [
      'id',
      'name',
      'type',
      'description',
      'changed_by',
      'changed_on_delta_humanized',
      'created_on_delta_humanized',
      'created_by',
    ],
    showColumns: [
      'id',
      'name',
      'type',
      'description',
      'changed_by',
      'changed_on_delta_humanized',
      'created_on_delta_humanized',
      'created_by',
    ],
    itemSchema: tagShow,
    related: { created_by: relatedUsers, changed_by: relatedUsers },
    distinct: ['name'],
    write: writeHandlers(resources) as ResourceDefinition['write'],
    deletable: false,
    async load(ctx, ids) {
      const rows = await ctx.db.selectFrom('tag').selectAll().where('id', 'in', ids).execute();
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
      );
      return new Map(
        rows.map((r) => {
          const audit = auditFields(r, users);
          return [
            r.id,
            {
              id: r.id,
              name: r.name,
              type: r.type,
              description: r.description,
              ...audit,
              changed_by: userRef(audit.changed_by),
              created_by: userRef(audit.created_by),
            },
          ];
        }),
      );
    },
  };
}
