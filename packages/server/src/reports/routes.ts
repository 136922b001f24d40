/**
 * The routes of `/api/v1/report/` (issue 18): the resource (`resource.ts`), a report's execution
 * log (`/{id}/log/`, `/{id}/log/{log_id}`) and "send now" (`POST /{id}/run`: owners and Admin;
 * a Working log row, then a `report.execute` job naming it; 202 `{id, log_id}`).
 */
import { randomUUID } from 'node:crypto';
import { reportLogItem, reportLogListAnswer, reportRunAnswer } from '@strata/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { projectColumns } from '../api/projection.js';
import { parseId } from '../api/query-params.js';
import {
  listResource,
  registerResource,
  requestContext,
  type ResourceServices,
} from '../api/resource.js';
import type { DynamicDb, DynamicQuery, RequestContext } from '../api/resource-types.js';
import type { JobQueue } from '../jobs/types.js';
import { nowIso } from '../metadata/db.js';
import { enqueueReportRun } from './jobs.js';
import { loadReportLogs, REPORT_LOG_COLUMNS, reportLogsOf } from './logs.js';
import { reportsResource, visibleReports, type ReportResourceDeps } from './resource.js';
import { assertReportOwner } from './write.js';

export interface ReportRouteDeps extends ReportResourceDeps {
  queue: JobQueue;
}

const read = { perm: 'can_read', view: 'ReportSchedule' } as const;
const write = { perm: 'can_write', view: 'ReportSchedule' } as const;
const tags = ['report schedule'];
const qSchema = z.object({ q: z.string().optional() });
const idParams = z.object({ id: z.string() });
const logParams = z.object({ id: z.string(), logId: z.string() });

/** The report a path names, when the principal sees it; 404 otherwise. */
async function visibleReportId(ctx: RequestContext, text: string): Promise<number> {
  const id = parseId(text);
  const qb = visibleReports(
    (ctx.db as unknown as DynamicDb).selectFrom('report_schedule as t') as unknown as DynamicQuery,
    ctx,
  );
  const row = await qb
    .select(sql<number>`t.id`.as('id'))
    .where(sql.ref('t.id'), '=', id)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  return id;
}

export function registerReportRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  deps: ReportRouteDeps,
): void {
  registerResource(app, reportsResource(deps), services);

  app.get(
    '/api/v1/report/:id/log/',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'List the execution log of a report schedule',
        params: idParams,
        querystring: qSchema,
        response: { 200: reportLogListAnswer },
      },
    },
    async (req: FastifyRequest<{ Params: { id: string } }>) => {
      const ctx = requestContext(req, services);
      const id = await visibleReportId(ctx, req.params.id);
      return listResource(reportLogsOf(id), ctx, (req.query as { q?: unknown }).q);
    },
  );

  app.get(
    '/api/v1/report/:id/log/:logId',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Get one execution log row of a report schedule',
        params: logParams,
        response: { 200: z.object({ id: z.number().int(), result: reportLogItem }) },
      },
    },
    async (req: FastifyRequest<{ Params: { id: string; logId: string } }>) => {
      const ctx = requestContext(req, services);
      const id = await visibleReportId(ctx, req.params.id);
      const logId = parseId(req.params.logId);
      const owner = await ctx.db
        .selectFrom('report_execution_log')
        .select('report_schedule_id')
        .where('id', '=', logId)
        .executeTakeFirst();
      const item = owner?.report_schedule_id === id && (await loadReportLogs(ctx, [logId]));
      const found = item ? item.get(logId) : undefined;
      if (!found) throw new ApiError(404, 'Not found');
      return { id: logId, result: projectColumns(found, REPORT_LOG_COLUMNS) };
    },
  );

  app.post(
    '/api/v1/report/:id/run',
    {
      config: { access: write },
      schema: {
        tags,
        summary: 'Run a report schedule now',
        params: idParams,
        response: { 202: reportRunAnswer },
      },
    },
    async (req: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
      const ctx = requestContext(req, services);
      const id = await visibleReportId(ctx, req.params.id);
      await assertReportOwner(ctx, id);
      const now = nowIso();
      const log = await ctx.db
        .insertInto('report_execution_log')
        .values({
          uuid: randomUUID(),
          scheduled_dttm: now,
          start_dttm: now,
          end_dttm: null,
          value: null,
          value_row_json: null,
          state: 'Working',
          error_message: null,
          report_schedule_id: id,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      try {
        await enqueueReportRun(deps.queue, id, log.id, Date.parse(now));
      } catch (e) {
        req.log.error({ err: e, report_id: id }, 'report run could not be queued');
        await ctx.db
          .updateTable('report_execution_log')
          .set({
            state: 'Error',
            end_dttm: nowIso(),
            error_message: 'The run could not be queued.',
          })
          .where('id', '=', log.id)
          .execute();
        throw new ApiError(503, 'The report could not be queued; try again later.');
      }
      return reply.code(202).send({ id, log_id: log.id });
    },
  );
}
