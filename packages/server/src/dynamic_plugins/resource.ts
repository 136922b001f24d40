import {
  DYNAMIC_PLUGIN_VIEW,
  dynamicPluginCreate,
  dynamicPluginShow,
  dynamicPluginUpdate,
  type DynamicPluginCreate,
  type DynamicPluginUpdate,
} from '@strata/core';
import { anyTextFilter } from '../api/access-filters.js';
import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import type { ResourceDefinition, WriteHandlers } from '../api/resource-types.js';
import { loadUserSummaries } from '../api/user-summaries.js';
import { createPlugin, updatePlugin, type DynamicPluginPolicy } from './service.js';

function writeHandlers(
  policy: DynamicPluginPolicy,
): WriteHandlers<DynamicPluginCreate, DynamicPluginUpdate> {
  return {
    createSchema: dynamicPluginCreate,
    updateSchema: dynamicPluginUpdate,
    create: (ctx, body) => createPlugin(ctx.db, policy, ctx.principal.id, body),
    update: (ctx, id, body) => updatePlugin(ctx.db, policy, ctx.principal.id, id, body),
  };
}

/**
 * `/api/v1/dynamic_plugin/`: Superset's FAB CRUD views of `DynamicPlugin` (list, show, add,
 * edit, delete under `/dynamic-plugins/`) as a REST resource through the shared conventions:
 * list (filters on name/key/bundle_url, the all-text filter `dynamic_plugin_all_text`), get,
 * create, update, delete, bulk delete. can_read / can_write on `DynamicPlugin`.
 */
export function dynamicPluginsResource(policy: DynamicPluginPolicy): ResourceDefinition {
  return {
    prefix: '/api/v1/dynamic_plugin',
    table: 'dynamic_plugin',
    view: DYNAMIC_PLUGIN_VIEW,
    noun: 'plugin',
    titleColumn: 'name',
    columns: {
      id: { type: 'number', sortable: true },
      name: { type: 'string', sortable: true },
      key: { type: 'string', sortable: true },
      bundle_url: { type: 'string', sortable: true },
      ...auditColumns(),
    },
    customFilters: {
      dynamic_plugin_all_text: anyTextFilter(['name', 'key', 'bundle_url']),
    },
    defaultOrder: { column: 'name', direction: 'asc' },
    listColumns: [
      'id',
      'name',
      'key',
      'bundle_url',
      'created_by',
      'changed_by',
      'changed_on',
      'changed_on_delta_humanized',
      'created_on',
    ],
    showColumns: ['id', 'name', 'key', 'bundle_url'],
    itemSchema: dynamicPluginShow,
    related: { created_by: relatedUsers, changed_by: relatedUsers },
    distinct: ['name', 'key'],
    write: writeHandlers(policy) as ResourceDefinition['write'],
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('dynamic_plugin')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
      );
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            name: r.name,
            key: r.key,
            bundle_url: r.bundle_url,
            ...auditFields(r, users),
          },
        ]),
      );
    },
  };
}
