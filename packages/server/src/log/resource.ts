import { sql } from 'kysely';
import { relatedUsers } from '../api/common-columns.js';
import type { DynamicQuery, RequestContext, ResourceDefinition } from '../api/resource-types.js';
import { toIso } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';

/** Permission view of the event log (Superset's LogRestApi: `Log`, read for list and get). */
export const LOG_VIEW = 'Log';

/** An admin sees every event; anyone else holding can_read on Log only their own. */
function visibleEvents(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (isAdmin(ctx.principal)) return qb;
  return qb.where(() => sql<boolean>`t.user_id = ${ctx.principal.id}`) as DynamicQuery;
}

/**
 * `/api/v1/log/` (Superset's LogRestApi list and get) through the REST conventions: filters on
 * action, user, dttm (gt/lt), dashboard_id and slice_id; newest first; read-only. The event
 * log's writes are `POST /superset/log/` (`routes.ts`).
 */
export function logResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/log',
    table: 'logs',
    view: LOG_VIEW,
    noun: 'log',
    titleColumn: 'action',
    columns: {
      id: { type: 'number', sortable: true },
      action: { type: 'string', sortable: true },
      user: { type: 'number', relation: { kind: 'one', fkColumn: 'user_id' } },
      user_id: { type: 'number' },
      'user.username': {
        type: 'string',
        sortable: true,
        expr: () => sql`(select u.username from ab_user u where u.id = t.user_id)`,
      },
      dttm: { type: 'datetime', sortable: true },
      dashboard_id: { type: 'number', sortable: true },
      slice_id: { type: 'number', sortable: true },
      duration_ms: { type: 'number', sortable: true },
      referrer: { type: 'string' },
    },
    defaultOrder: { column: 'dttm', direction: 'desc' },
    listColumns: [
      'id',
      'user',
      'action',
      'dttm',
      'json',
      'slice_id',
      'dashboard_id',
      'user_id',
      'duration_ms',
      'referrer',
    ],
    related: { user: relatedUsers },
    distinct: ['action'],
    visible: visibleEvents,
    deletable: false,
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('logs as l')
        .leftJoin('ab_user as u', 'u.id', 'l.user_id')
        .selectAll('l')
        .select(['u.username', 'u.first_name', 'u.last_name'])
        .where('l.id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            // Superset's `user.username`; the name too, for the list page.
            user:
              r.user_id !== null && r.username !== null
                ? { username: r.username, first_name: r.first_name, last_name: r.last_name }
                : null,
            action: r.action,
            dttm: toIso(r.dttm),
            json: r.json,
            slice_id: r.slice_id,
            dashboard_id: r.dashboard_id,
            user_id: r.user_id,
            duration_ms: r.duration_ms,
            referrer: r.referrer,
          },
        ]),
      );
    },
  };
}
