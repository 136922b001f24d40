/**
 * `POST /api/v1/chart/data` (and `GET` with `form_data`): a QueryContext in, Superset's
 * `{result: [...]}` out, or a CSV file for `result_format: csv`. `POST /api/v1/chart/data/batch`:
 * several contexts in, one NDJSON line per context out (see batch.ts).
 */
import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { asyncJobMetadata } from '@strata/core';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import multipart from '@fastify/multipart';
import { z } from 'zod';
import { multipartReadError } from '../api/multipart-errors.js';
import { ApiError } from '../api/errors.js';
import type { ResourceServices } from '../api/resource.js';
import { runsAsync, type AsyncChartData } from './async.js';
import { BATCH_CONCURRENCY, parseBatchBody, runBatch } from './batch.js';
import { chartDataFile } from './files.js';
import { stringifyWithRaw } from './raw-json.js';
import {
  legacyDatasourceId,
  legacyFormData,
  legacyPayload,
  legacyQueryContext,
  legacyResultType,
  type FormData,
} from './legacy.js';
import { LEGACY_VIZ_TYPES } from './legacy_viz/index.js';
import { DECK_MULTI, deckMultiData, deckMultiPayload } from './legacy_viz/deck-multi.js';
import { deckMultiDeps } from './deck-multi-layers.js';
import { savedQueryContext, withRequestOptions } from './saved-chart.js';
import type { ChartDataService, ChartDataAnswer } from './service.js';

const read = { perm: 'can_read', view: 'Chart' } as const;
const tags = ['Charts'];

async function send(reply: FastifyReply, answer: ChartDataAnswer) {
  const format = answer.resultFormat;
  if ((format === 'csv' || format === 'xlsx') && answer.resultType !== 'query') {
    const file = await chartDataFile(format, answer.queries, answer.datasetName);
    return reply
      .type(file.contentType)
      .header('content-disposition', `attachment; filename="${file.fileName}"`)
      .send(file.body);
  }
  return reply
    .type('application/json; charset=utf-8')
    .send(stringifyWithRaw({ result: answer.queries }));
}

/**
 * The batch answer: a stream the lines go into as their contexts complete. The client going away
 * (the response closed, or Fastify destroying the stream) before the last line aborts the runs
 * still going and starts no more; a full stream holds the worker that wrote until it drains.
 */
function sendBatch(
  req: FastifyRequest,
  reply: FastifyReply,
  service: ChartDataService,
  contexts: unknown[],
) {
  const controller = new AbortController();
  const stream = new PassThrough();
  let done = false;
  const gone = () => {
    if (!done) controller.abort();
  };
  // Not req.raw: a request's 'close' comes as soon as its body has been read.
  reply.raw.once('close', gone);
  stream.once('close', gone);
  stream.on('error', gone);

  const write = (line: string): void | Promise<void> => {
    if (controller.signal.aborted) return;
    if (stream.destroyed || stream.writableEnded) return gone();
    if (stream.write(line)) return;
    return new Promise<void>((resolve) => {
      const settle = () => {
        stream.off('drain', settle);
        stream.off('close', settle);
        controller.signal.removeEventListener('abort', settle);
        resolve();
      };
      stream.on('drain', settle);
      stream.on('close', settle);
      controller.signal.addEventListener('abort', settle);
    });
  };

  void runBatch(
    contexts,
    (ctx, signal) =>
      service.run(req.principal, ctx, signal, { rawData: true, versions: req.versions }),
    write,
    {
      // As many as one user may run at once (STRATA_CHART_QUERIES_PER_USER, default 6).
      concurrency: Math.min(BATCH_CONCURRENCY, service.limits.queriesPerUser),
      signal: controller.signal,
      onUnexpected: (err) => req.log.error({ err }, 'chart data batch item failed'),
    },
  )
    .catch((err: unknown) => req.log.error({ err }, 'chart data batch failed'))
    .finally(() => {
      done = true;
      reply.raw.off('close', gone);
      try {
        if (!stream.destroyed && !stream.writableEnded) stream.end();
      } catch (err) {
        req.log.error({ err }, 'chart data batch stream failed');
      }
    });

  return reply
    .code(200)
    .type('application/x-ndjson; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(stream);
}

/** The form data of a GET: JSON text in `form_data`, holding the query context's fields. */
function contextFromQuery(query: Record<string, unknown>): unknown {
  const text = query.form_data;
  if (typeof text !== 'string' || text.trim() === '')
    throw new ApiError(400, 'Bad request: form_data is required');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Bad request: form_data is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new ApiError(400, 'Bad request: form_data must be an object');
  const context = parsed as Record<string, unknown>;
  const out: Record<string, unknown> =
    query.force === 'true' ? { ...context, force: true } : { ...context };
  // The dashboard the chart is shown on (its roles may grant the dataset; see service.ts).
  const dashboard = query.dashboard_id;
  if (dashboard !== undefined) {
    if (typeof dashboard !== 'string' || !/^\d{1,10}$/.test(dashboard) || Number(dashboard) < 1)
      throw new ApiError(400, 'Bad request: dashboard_id must be a positive integer');
    const fd = (out.form_data ?? {}) as Record<string, unknown>;
    out.form_data = { ...fd, dashboardId: fd.dashboardId ?? Number(dashboard) };
  }
  return out;
}

/** GLOBAL_ASYNC_QUERIES in the chart data routes. */
export interface AsyncChartDataRoutes {
  chart: AsyncChartData;
  /** The request's async channel (see async_events/channel.ts); null: no channel. */
  channelOf: (req: FastifyRequest) => string | null;
  /** The GLOBAL_ASYNC_QUERIES flag: `POST /api/v1/chart/data` starts jobs. */
  enabled: boolean;
}

export function registerChartDataRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  service: ChartDataService,
  asyncQueries: AsyncChartDataRoutes | null = null,
): void {
  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/chart/data',
    {
      // Read-only, on Superset's WTF_CSRF_EXEMPT_LIST: embedded clients post it without a token.
      config: { access: read, csrfExempt: true },
      schema: {
        tags,
        summary: 'Data of a chart query context',
        description:
          'With GLOBAL_ASYNC_QUERIES, a JSON context of full results that is not cached answers ' +
          '202 with the job started; its event names the result URL.',
        response: { 202: asyncJobMetadata },
      },
    },
    async (req, reply) => {
      // Without a channel (anonymous viewers of public dashboards) the query runs at once.
      const channelId =
        asyncQueries?.enabled && runsAsync(req.body) ? asyncQueries.channelOf(req) : null;
      if (asyncQueries && channelId) {
        const started = await asyncQueries.chart.start(
          req.principal,
          channelId,
          req.body,
          req.versions,
        );
        if ('cached' in started) return send(reply, started.cached);
        return reply.code(202).send(started.job);
      }
      return send(
        reply,
        await service.run(req.principal, req.body, undefined, {
          rawData: true,
          versions: req.versions,
        }),
      );
    },
  );
  app.post(
    '/api/v1/chart/data/batch',
    {
      config: { access: read },
      schema: { tags, summary: 'Data of several chart query contexts (NDJSON)' },
    },
    async (req, reply) => sendBatch(req, reply, service, parseBatchBody(req.body)),
  );
  app.get(
    '/api/v1/chart/data',
    { config: { access: read }, schema: { tags, summary: 'Data of a chart query context' } },
    async (req, reply) =>
      send(
        reply,
        await service.run(
          req.principal,
          contextFromQuery((req.query ?? {}) as Record<string, unknown>),
        ),
      ),
  );
  app.get(
    '/api/v1/chart/:id/data/',
    { config: { access: read }, schema: { tags, summary: 'Data of a saved chart' } },
    async (req, reply) => {
      const { id } = req.params as { id: string };
      if (!/^\d{1,10}$/.test(id)) throw new ApiError(404, 'Not found');
      const saved = await savedQueryContext(services.db, req.principal, Number(id));
      const params = (req.query ?? {}) as Record<string, unknown>;
      return send(
        reply,
        await service.run(req.principal, withRequestOptions(saved, params), undefined, {
          versions: req.versions,
        }),
      );
    },
  );
  if (asyncQueries) {
    const chart = asyncQueries.chart;
    app.withTypeProvider<ZodTypeProvider>().get(
      '/api/v1/chart/data/:cache_key',
      {
        config: { access: read },
        schema: {
          tags,
          summary: "Data of an async chart query that finished (its event's result_url)",
          params: z.object({ cache_key: z.string() }),
        },
      },
      async (req, reply) => send(reply, await chart.result(req.principal, req.params.cache_key)),
    );
  }
  const exploreJson = { perm: 'can_explore_json', view: 'Superset' } as const;
  // The multipart parser only here: Superset's legacy ChartClient posts the form data as a
  // multipart/form-data form (SupersetClient.postForm), text fields only.
  app.register(async (scope) => {
    await scope.register(multipart, { limits: LEGACY_FORM_LIMITS });
    for (const url of ['/superset/explore_json/', '/superset/explore_json/:type/:id/']) {
      scope.route({
        method: ['GET', 'POST'],
        url,
        // On Superset's WTF_CSRF_EXEMPT_LIST too (views.core.explore_json): it only reads.
        config: { access: exploreJson, csrfExempt: true },
        schema: {
          tags,
          summary: 'Legacy chart data from form data',
          description:
            'Form data as JSON text in `form_data` (query string, or a urlencoded, multipart or ' +
            "JSON body); `data` is the viz type's own shape (Superset's viz.py `get_data`) for " +
            `${[...LEGACY_VIZ_TYPES, DECK_MULTI].join(', ')}, else the records.`,
        },
        handler: async (req, reply) => {
          const form = req.isMultipart() ? await legacyFormFields(req) : null;
          const query = (req.query ?? {}) as Record<string, unknown>;
          const flags = form ? legacyFlags(query, form) : query;
          const formData = legacyFormData(flags, form ?? req.body);
          const { id } = (req.params ?? {}) as { id?: string };
          if (formData.viz_type === DECK_MULTI)
            return reply.send(
              await deckMultiAnswer(
                req,
                service,
                services,
                formData,
                legacyDatasourceId(formData, id),
                flags,
              ),
            );
          const context = legacyQueryContext(formData, legacyDatasourceId(formData, id), flags);
          const answer = await service.run(req.principal, context, undefined, {
            versions: req.versions,
          });
          if (answer.resultFormat === 'csv') return send(reply, answer);
          return reply.send(legacyPayload(answer.queries[0]!, formData, legacyResultType(flags)));
        },
      });
    }
  });
}

/**
 * deck.gl Multiple Layers (no query of its own): the chart's dataset checked as any chart's (a
 * context without queries), then its layers (`legacy_viz/deck-multi.ts`).
 */
async function deckMultiAnswer(
  req: FastifyRequest,
  service: ChartDataService,
  services: ResourceServices,
  formData: FormData,
  datasetId: number,
  flags: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  await service.run(
    req.principal,
    { datasource: { id: datasetId, type: 'table' }, queries: [], form_data: formData },
    undefined,
    { versions: req.versions },
  );
  const resultType = legacyResultType(flags);
  if (resultType === 'query') return { query: '', language: 'sql' };
  if (resultType !== 'full') return { data: [] };
  // Each layer merges the dashboard's filters (extra_form_data) into its own query.
  const deps = deckMultiDeps(services.db, service, req.principal, req.versions);
  return deckMultiPayload(formData, await deckMultiData(formData, deps));
}

/** Small: a form of a few text fields (form_data may be some hundred kB with filters). */
const LEGACY_FORM_LIMITS = {
  fields: 20,
  fieldSize: 2 * 1024 * 1024,
  files: 1,
  fileSize: 1,
  parts: 21,
  headerPairs: 50,
};

/** The text fields of a multipart explore_json form (Superset's `request.form`); a file is a 400. */
async function legacyFormFields(req: FastifyRequest): Promise<Record<string, string>> {
  const fields: Record<string, string> = {};
  try {
    for await (const part of req.parts()) {
      if (part.type === 'file') {
        part.file.resume();
        throw new ApiError(400, 'Bad request: the form takes text fields only, not files');
      }
      if (part.fieldnameTruncated || part.valueTruncated)
        throw new ApiError(400, `Bad request: the form field ${part.fieldname} is too long`);
      fields[part.fieldname] = String(part.value ?? '');
    }
  } catch (e) {
    throw multipartReadError(e, 'Bad request: the form') ?? e;
  }
  return fields;
}

/** The legacy flags: the query string's, else the form's (Superset reads both). */
function legacyFlags(
  query: Record<string, unknown>,
  form: Record<string, string>,
): Record<string, unknown> {
  const flags: Record<string, unknown> = { ...query };
  for (const name of ['csv', 'query', 'results', 'samples', 'force'])
    if (flags[name] === undefined && form[name] !== undefined) flags[name] = form[name];
  return flags;
}
