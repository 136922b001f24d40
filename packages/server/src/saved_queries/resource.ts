import { sql } from 'kysely';
import {
  auditColumns,
  auditFields,
  relatedUsers,
  databaseColumns,
  relatedDatabases,
} from '../api/common-columns.js';
import type { DynamicQuery, RequestContext, ResourceDefinition } from '../api/resource-types.js';
import { loadUserSummaries } from '../api/user-summaries.js';
import { backendOf } from '../databases/uri.js';
import { toIso } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';
import { sqlTables } from './sql-tables.js';
import { assertSavedQueryOwner, savedQueryWriteHandlers } from './write.js';

/** Who sees a saved query: its owner (its user or creator); an admin sees all. */
export function visibleSavedQueries(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (isAdmin(ctx.principal)) return qb;
  return qb.where(
    () => sql<boolean>`(t.created_by_fk = ${ctx.principal.id} or t.user_id = ${ctx.principal.id})`,
  ) as DynamicQuery;
}

/**
 * Saved queries through the REST conventions (list, get, create, update, delete). Each user sees
 * and changes their own; an admin sees and changes all.
 */
export function savedQueriesResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/saved_query',
    table: 'saved_query',
    view: 'SavedQuery',
    noun: 'saved query',
    titleColumn: 'label',
    columns: {
      id: { type: 'number', sortable: true },
      label: { type: 'string', sortable: true },
      description: { type: 'string' },
      schema: { type: 'string', sortable: true },
      sql: { type: 'string' },
      last_run: { type: 'datetime', sortable: true },
      ...databaseColumns('db_id'),
      ...auditColumns(),
    },
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
    listColumns: [
      'id',
      'label',
      'description',
      'database',
      'db_id',
      'schema',
      'sql',
      'sql_tables',
      'template_parameters',
      'last_run_delta_humanized',
      'rows',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'changed_by',
      'created_by',
    ],
    related: {
      created_by: relatedUsers,
      changed_by: relatedUsers,
      database: relatedDatabases,
    },
    distinct: ['schema', 'label'],
    visible: visibleSavedQueries,
    assertCanModify: assertSavedQueryOwner,
    write: savedQueryWriteHandlers() as ResourceDefinition['write'],
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('saved_query as q')
        .innerJoin('dbs', 'dbs.id', 'q.db_id')
        .selectAll('q')
        .select(['dbs.database_name', 'dbs.sqlalchemy_uri'])
        .where('q.id', 'in', ids)
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
            uuid: r.uuid,
            label: r.label,
            description: r.description,
            db_id: r.db_id,
            database: { id: r.db_id, database_name: r.database_name },
            schema: r.schema,
            catalog: r.catalog,
            sql: r.sql,
            sql_tables: sqlTables(r.sql, backendOf(r.sqlalchemy_uri)),
            template_parameters: r.template_parameters,
            extra_json: r.extra_json,
            last_run: toIso(r.last_run),
            rows: r.rows,
            ...auditFields(r, users),
          },
        ]),
      );
    },
  };
}
