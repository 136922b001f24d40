import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import type { ResourceDefinition } from '../api/resource-types.js';
import { loadUserSummaries } from '../api/user-summaries.js';
import { toBool } from '../metadata/db.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { backendOf, maskUriPassword, uriParameters } from './uri.js';
import { databaseWriteHandlers, removeDatabases } from './write.js';
import type { EngineRegistry } from '../engines/registry.js';
import type { DatabaseConnections } from './connections.js';
import { visibleDatabases } from './access.js';
import { parseJsonObject } from '../api/json.js';
import { sqlLabDatabase } from '../tab_state/bootstrap.js';

/** Databases through the REST conventions (reads and delete). Credentials never leave. */
export function databasesResource(
  box: SecretBox,
  engines: EngineRegistry,
  connections: DatabaseConnections,
): ResourceDefinition {
  return {
    prefix: '/api/v1/database',
    table: 'dbs',
    view: 'Database',
    noun: 'database',
    titleColumn: 'database_name',
    columns: {
      id: { type: 'number', sortable: true },
      database_name: { type: 'string', sortable: true },
      expose_in_sqllab: { type: 'boolean', sortable: true },
      allow_run_async: { type: 'boolean', sortable: true },
      allow_dml: { type: 'boolean', sortable: true },
      allow_file_upload: { type: 'boolean', sortable: true },
      allow_ctas: { type: 'boolean' },
      allow_cvas: { type: 'boolean' },
      ...auditColumns(),
    },
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
    listColumns: [
      'id',
      'database_name',
      'backend',
      'expose_in_sqllab',
      'allow_run_async',
      'allow_dml',
      'allow_ctas',
      'allow_cvas',
      'allow_file_upload',
      'allow_multi_catalog',
      'allows_cost_estimate',
      'allows_subquery',
      'allows_virtual_table_explore',
      'disable_data_preview',
      'disable_drill_to_detail',
      'engine_information',
      'extra',
      'force_ctas_schema',
      'explore_database_id',
      'uuid',
      'changed_on',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'changed_by',
      'created_by',
    ],
    related: {
      created_by: relatedUsers,
      changed_by: relatedUsers,
    },
    distinct: ['database_name'],
    write: databaseWriteHandlers(box, engines, connections) as ResourceDefinition['write'],
    remove: (trx, ids) => removeDatabases(trx, ids, connections),
    visible: visibleDatabases,
    async load(ctx, ids) {
      const rows = await ctx.db.selectFrom('dbs').selectAll().where('id', 'in', ids).execute();
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
      );
      return new Map(
        rows.map((r) => {
          const extra = parseJsonObject(r.extra);
          return [
            r.id,
            {
              // Superset's list flags (allows_*, allow_multi_catalog, disable_*, engine_information).
              ...sqlLabDatabase(r, engines),
              id: r.id,
              uuid: r.uuid,
              database_name: r.database_name,
              sqlalchemy_uri: maskUriPassword(r.sqlalchemy_uri),
              backend: backendOf(r.sqlalchemy_uri),
              expose_in_sqllab: toBool(r.expose_in_sqllab),
              allow_run_async: toBool(r.allow_run_async),
              allow_dml: toBool(r.allow_dml),
              allow_ctas: toBool(r.allow_ctas),
              allow_cvas: toBool(r.allow_cvas),
              allow_file_upload: toBool(r.allow_file_upload),
              disable_data_preview: extra.disable_data_preview === true,
              extra: r.extra ?? '{}',
              engine: backendOf(r.sqlalchemy_uri),
              configuration_method: r.configuration_method ?? 'sqlalchemy_form',
              parameters: uriParameters(r.sqlalchemy_uri),
              explore_database_id:
                typeof extra.explore_database_id === 'number' ? extra.explore_database_id : r.id,
              cache_timeout: r.cache_timeout,
              impersonate_user: toBool(r.impersonate_user),
              is_managed_externally: toBool(r.is_managed_externally),
              ...auditFields(r, users),
            },
          ];
        }),
      );
    },
  };
}
