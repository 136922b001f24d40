import type { FastifyInstance } from 'fastify';
import { humanizeTimeDelta, LOG_BATCH_SIZE } from '@strata/core';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { MAX_ID, parseRisonParam } from '../api/query-params.js';
import { registerResource, requestContext, type ResourceServices } from '../api/resource.js';
import type { RequestContext } from '../api/resource-types.js';
import { canReadChart } from '../chart_data/saved-chart.js';
import { findVisibleDashboard, type DashboardAccessOptions } from '../dashboards/access.js';
import { nowIso, toDate } from '../metadata/db.js';
import { logResource } from './resource.js';

const MAX_EVENT_BYTES = 16 * 1024;

const eventSchema = z.record(z.string(), z.unknown());
const optionalId = z
  .union([z.string().regex(/^\d{1,10}$/), z.number().int().min(0)])
  .optional()
  .refine((v) => v === undefined || Number(v) <= MAX_ID, 'must be an id')
  .transform((v) => (v === undefined ? null : Number(v)));
const logQuery = z.object({
  explode: z.string().optional(),
  dashboard_id: optionalId,
  slice_id: optionalId,
});

/** Events arrive as JSON `{events: [...]}`, or `events` as a JSON string (form posts, beacons). */
export function parseEvents(body: unknown): Array<Record<string, unknown>> {
  let events: unknown =
    body && typeof body === 'object' ? (body as Record<string, unknown>).events : undefined;
  if (typeof events === 'string') {
    try {
      events = JSON.parse(events);
    } catch {
      throw new ApiError(400, 'Bad request: events must be JSON');
    }
  }
  if (events && !Array.isArray(events) && typeof events === 'object') events = [events];
  const parsed = z.array(eventSchema).max(LOG_BATCH_SIZE).safeParse(events);
  if (!parsed.success)
    throw new ApiError(
      400,
      `Bad request: events must be a list of at most ${LOG_BATCH_SIZE} objects`,
    );
  return parsed.data;
}

const numberOrNull = (v: unknown): number | null => {
  const n =
    typeof v === 'number' ? v : typeof v === 'string' && /^\d{1,12}$/.test(v) ? Number(v) : NaN;
  return Number.isFinite(n) ? Math.round(n) : null;
};

/** Whether the user may still open a recent item: its dashboard, or its chart. */
async function mayStillSee(
  ctx: RequestContext,
  row: {
    d_id: number | null;
    slice_id: number | null;
    s_created_by: number | null;
    s_datasource_id: number | null;
    s_datasource_type: string | null;
  },
  dashboardAccess: DashboardAccessOptions,
): Promise<boolean> {
  if (row.d_id !== null) {
    try {
      await findVisibleDashboard(ctx, row.d_id, dashboardAccess);
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.statusCode === 404) return false;
      throw e;
    }
  }
  if (row.slice_id === null) return false;
  return canReadChart(ctx.db, ctx.principal, {
    id: row.slice_id,
    created_by_fk: row.s_created_by,
    datasource_id: row.s_datasource_id,
    datasource_type: row.s_datasource_type,
  });
}

const recentQuery = z
  .object({
    page: z.number().int().min(0).default(0),
    page_size: z.number().int().min(1).max(100).default(5),
    actions: z.array(z.string()).optional(),
    distinct: z.boolean().default(true),
  })
  .strict();

/**
 * The event log (`POST /superset/log/`) and what it feeds: the user's recent activity, and the
 * log list. Recent activity names only dashboards and charts the user may still see (an event
 * may name any id: the log takes what the browser says).
 */
export function registerLogRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  dashboardAccess: DashboardAccessOptions,
): void {
  const db = services.db;
  app.post(
    '/superset/log/',
    { config: { access: { perm: 'can_log', view: 'Superset' }, csrfExempt: true } },
    async (req) => {
      const query = logQuery.safeParse(req.query ?? {});
      if (!query.success)
        throw new ApiError(400, 'Bad request: dashboard_id and slice_id must be ids');
      const events = parseEvents(req.body);
      const referrer = (req.headers.referer ?? '').slice(0, 1024) || null;
      const now = nowIso();
      const rows = events.map((event) => {
        const json = JSON.stringify(event);
        if (json.length > MAX_EVENT_BYTES) throw new ApiError(413, 'An event is too large');
        const source = event.source;
        const sourceId = numberOrNull(event.source_id);
        return {
          action: String(event.event_name ?? 'log').slice(0, 512),
          user_id: req.principal.id,
          json,
          dttm: now,
          dashboard_id:
            query.data.dashboard_id ??
            (source === 'dashboard' ? sourceId : numberOrNull(event.dashboard_id)),
          slice_id:
            query.data.slice_id ?? (source === 'slice' ? sourceId : numberOrNull(event.slice_id)),
          duration_ms: numberOrNull(event.duration),
          referrer,
        };
      });
      if (rows.length) await db.insertInto('logs').values(rows).execute();
      return { message: 'OK' };
    },
  );

  app.get(
    '/api/v1/log/recent_activity/',
    { config: { access: { perm: 'can_read', view: 'Log' } } },
    async (req) => {
      const q = parseRisonParam((req.query as Record<string, unknown>).q, recentQuery);
      const rows = await db
        .selectFrom('logs as l')
        .leftJoin('dashboards as d', 'd.id', 'l.dashboard_id')
        .leftJoin('slices as s', 's.id', 'l.slice_id')
        .select([
          'l.action',
          'l.dttm',
          'l.dashboard_id',
          'l.slice_id',
          'd.id as d_id',
          'd.dashboard_title',
          'd.slug',
          's.slice_name',
          's.created_by_fk as s_created_by',
          's.datasource_id as s_datasource_id',
          's.datasource_type as s_datasource_type',
        ])
        .where('l.user_id', '=', req.principal.id)
        .where((eb) => eb.or([eb('d.id', 'is not', null), eb('s.id', 'is not', null)]))
        .$if(!!q.actions?.length, (qb) => qb.where('l.action', 'in', q.actions!))
        .orderBy('l.dttm', 'desc')
        .orderBy('l.id', 'desc')
        .limit(1000)
        .execute();
      const seen = new Set<string>();
      const items = [];
      const ctx = requestContext(req, services);
      const wanted = (q.page + 1) * q.page_size;
      for (const r of rows) {
        if (items.length >= wanted) break;
        const isDashboard = r.d_id !== null;
        const key = isDashboard ? `d${r.dashboard_id}` : `s${r.slice_id}`;
        if (q.distinct && seen.has(key)) continue;
        seen.add(key);
        if (!(await mayStillSee(ctx, r, dashboardAccess))) continue;
        const when = toDate(r.dttm) ?? new Date();
        items.push({
          action: r.action,
          item_type: isDashboard ? 'dashboard' : 'slice',
          item_url: isDashboard
            ? `/superset/dashboard/${r.slug || r.dashboard_id}/`
            : `/explore/?slice_id=${r.slice_id}`,
          item_title: (isDashboard ? r.dashboard_title : r.slice_name) ?? '',
          time: when.getTime(),
          time_delta_humanized: humanizeTimeDelta(when),
        });
      }
      const start = q.page * q.page_size;
      return { result: items.slice(start, start + q.page_size) };
    },
  );

  registerResource(app, logResource(), services);
}
