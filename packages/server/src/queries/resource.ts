import { sql } from 'kysely';
import { databaseColumns, relatedDatabases, relatedUsers } from '../api/common-columns.js';
import type { DynamicQuery, ResourceDefinition } from '../api/resource-types.js';
import { loadUserSummaries } from '../api/user-summaries.js';
import { toIso } from '../metadata/db.js';
import { hasPerm, isAdmin } from '../security/principal.js';

/** Query history (read-only): a user sees their own queries; all_query_access sees every one. */
export function queriesResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/query',
    table: 'query',
    view: 'Query',
    noun: 'query',
    titleColumn: 'client_id',
    deletable: false,
    columns: {
      id: { type: 'number', sortable: true },
      status: { type: 'string', sortable: true },
      schema: { type: 'string', sortable: true },
      sql: { type: 'string' },
      tab_name: { type: 'string', sortable: true },
      rows: { type: 'number', sortable: true },
      start_time: { type: 'number', sortable: true },
      end_time: { type: 'number', sortable: true },
      changed_on: { type: 'datetime', sortable: true },
      ...databaseColumns('database_id'),
      user: { type: 'number', relation: { kind: 'one', fkColumn: 'user_id' } },
      'user.first_name': {
        type: 'string',
        sortable: true,
        expr: () => sql`(select u.first_name from ab_user u where u.id = t.user_id)`,
      },
    },
    defaultOrder: { column: 'changed_on', direction: 'desc' },
    listColumns: [
      'id',
      'client_id',
      'database',
      'schema',
      'sql',
      'executed_sql',
      'status',
      'start_time',
      'end_time',
      'rows',
      'tab_name',
      'tracking_url',
      'error_message',
      'user',
      'changed_on',
    ],
    related: {
      user: relatedUsers,
      database: relatedDatabases,
    },
    distinct: ['status', 'schema'],
    visible: (qb, ctx) =>
      isAdmin(ctx.principal) || hasPerm(ctx.principal, 'all_query_access', 'all_query_access')
        ? qb
        : (qb.where(() => sql<boolean>`t.user_id = ${ctx.principal.id}`) as DynamicQuery),
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('query as q')
        .innerJoin('dbs', 'dbs.id', 'q.database_id')
        .selectAll('q')
        .select('dbs.database_name')
        .where('q.id', 'in', ids)
        .execute();
      const users = await loadUserSummaries(
        ctx.db,
        rows.map((r) => r.user_id),
      );
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            client_id: r.client_id,
            database: { id: r.database_id, database_name: r.database_name },
            schema: r.schema,
            sql: r.sql,
            executed_sql: r.executed_sql,
            status: r.status,
            start_time: r.start_time === null ? null : Number(r.start_time),
            end_time: r.end_time === null ? null : Number(r.end_time),
            rows: r.rows,
            tab_name: r.tab_name,
            sql_editor_id: r.sql_editor_id,
            tracking_url: r.tracking_url,
            error_message: r.error_message,
            results_key: r.results_key,
            user: r.user_id ? (users.get(r.user_id) ?? null) : null,
            changed_on: toIso(r.changed_on),
          },
        ]),
      );
    },
  };
}
