import { sql } from 'kysely';
import { canSeeAllDatasources, ownedOrCreated } from '../api/access-filters.js';
import {
  auditColumns,
  auditFields,
  relatedUsers,
  databaseColumns,
  relatedDatabases,
} from '../api/common-columns.js';
import type { ResourceDefinition } from '../api/resource-types.js';
import { loadOwners, loadUserSummaries } from '../api/user-summaries.js';
import { toBool } from '../metadata/db.js';

/** Datasets through the REST conventions (reads and delete). */
export function datasetsResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/dataset',
    table: 'tables',
    view: 'Dataset',
    noun: 'dataset',
    titleColumn: 'table_name',
    columns: {
      id: { type: 'number', sortable: true },
      table_name: { type: 'string', sortable: true },
      schema: { type: 'string', sortable: true },
      sql: { type: 'string' },
      is_sqllab_view: { type: 'boolean' },
      ...databaseColumns('database_id'),
      kind: {
        type: 'string',
        sortable: true,
        expr: () => sql`(case when t.sql is null or t.sql = '' then 'physical' else 'virtual' end)`,
        operators: ['eq'],
      },
      owners: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'sqlatable_user',
          linkOwnerColumn: 'table_id',
          linkTargetColumn: 'user_id',
        },
      },
      ...auditColumns(),
    },
    customFilters: {
      dataset_is_null_or_empty: (qb, value) =>
        qb.where(() =>
          value === true || value === 'true'
            ? sql<boolean>`(t.sql is null or t.sql = '')`
            : sql<boolean>`(t.sql is not null and t.sql <> '')`,
        ) as typeof qb,
    },
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
    listColumns: [
      'id',
      'table_name',
      'kind',
      'schema',
      'sql',
      'database',
      'owners',
      'description',
      'explore_url',
      'default_endpoint',
      'extra',
      'is_managed_externally',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'changed_by',
      'created_by',
    ],
    related: {
      owners: relatedUsers,
      created_by: relatedUsers,
      changed_by: relatedUsers,
      database: relatedDatabases,
    },
    distinct: ['schema', 'table_name'],
    visible: (qb, ctx) =>
      canSeeAllDatasources(ctx) ? qb : ownedOrCreated(qb, ctx, 'sqlatable_user', 'table_id'),
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('tables as t')
        .innerJoin('dbs', 'dbs.id', 't.database_id')
        .selectAll('t')
        .select(['dbs.database_name', 'dbs.sqlalchemy_uri'])
        .where('t.id', 'in', ids)
        .execute();
      const owners = await loadOwners(ctx.db, 'sqlatable_user', 'table_id', ids);
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
      );
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            uuid: r.uuid,
            table_name: r.table_name,
            kind: r.sql ? 'virtual' : 'physical',
            schema: r.schema,
            catalog: r.catalog,
            sql: r.sql,
            description: r.description,
            database: { id: r.database_id, database_name: r.database_name },
            main_dttm_col: r.main_dttm_col,
            default_endpoint: r.default_endpoint,
            offset: r.offset,
            cache_timeout: r.cache_timeout,
            filter_select_enabled: toBool(r.filter_select_enabled),
            fetch_values_predicate: r.fetch_values_predicate,
            is_sqllab_view: toBool(r.is_sqllab_view),
            template_params: r.template_params,
            extra: r.extra,
            is_managed_externally: toBool(r.is_managed_externally),
            external_url: r.external_url,
            datasource_type: 'table',
            explore_url: `/explore/?datasource_type=table&datasource_id=${r.id}`,
            owners: owners.get(r.id) ?? [],
            ...auditFields(r, users),
          },
        ]),
      );
    },
  };
}
