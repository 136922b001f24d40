import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { DISPLAY_MAX_ROW } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { parseId, parseRisonParam } from '../api/query-params.js';
import { engineCall } from '../databases/engine-errors.js';
import type { DatabaseConnections } from '../databases/connections.js';
import type { EngineSpec } from '../engines/types.js';
import { TemplateError } from '../sql/templating/index.js';
import { csvLine, safeFileName } from './csv.js';
import type { CsvExportDownload, CsvExportService } from './export.js';
import type { SqlLabService } from './service.js';
import { validateSql } from './validate.js';

const tags = ['sqllab'];
const execute = { perm: 'can_execute_sql_query', view: 'SQLLab' } as const;
const getResults = { perm: 'can_get_results', view: 'SQLLab' } as const;
const exportCsv = { perm: 'can_export_csv', view: 'SQLLab' } as const;
const estimate = { perm: 'can_estimate_query_cost', view: 'SQLLab' } as const;
const readQuery = { perm: 'can_read', view: 'Query' } as const;
const readDatabase = { perm: 'can_read', view: 'Database' } as const;

/** Up to 1 MB of SQL text (larger scripts are refused with a clear 400 by the body limit). */
const MAX_SQL = 1_048_576;

const executeBody = z.object({
  client_id: z.string().min(1).max(11),
  database_id: z.number().int().positive(),
  sql: z.string().max(MAX_SQL),
  json: z.boolean().optional(),
  runAsync: z.boolean().optional(),
  schema: z.string().max(255).nullable().optional(),
  catalog: z.string().max(255).nullable().optional(),
  sql_editor_id: z
    .union([z.string().max(256), z.number().int()])
    .nullable()
    .optional()
    .transform((v) => (v === null || v === undefined ? null : String(v))),
  tab: z.string().max(256).nullable().optional(),
  tmp_table_name: z.string().max(256).nullable().optional(),
  tmp_schema_name: z.string().max(256).nullable().optional(),
  select_as_cta: z.boolean().optional(),
  ctas_method: z.enum(['TABLE', 'VIEW']).optional(),
  templateParams: z.string().max(65_536).nullable().optional(),
  queryLimit: z.number().int().min(0).nullable().optional(),
  expand_data: z.boolean().optional(),
});

const resultsQuery = z
  .object({
    key: z.string().max(64),
    rows: z.number().int().min(0).max(100_000).default(DISPLAY_MAX_ROW),
    offset: z.number().int().min(0).default(0),
  })
  .strict();

const stopBody = z.object({ client_id: z.string().min(1).max(11) });
const updatedSinceQuery = z.object({ last_updated_ms: z.number().min(0) }).strict();

const estimateBody = z.object({
  database_id: z.number().int().positive(),
  sql: z.string().max(MAX_SQL),
  schema: z.string().max(255).nullable().optional(),
  catalog: z.string().max(255).nullable().optional(),
  template_params: z
    .union([z.string().max(65_536), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
});

const validateBody = z.object({
  sql: z.string().max(MAX_SQL),
  schema: z.string().max(255).nullable().optional(),
  catalog: z.string().max(255).nullable().optional(),
  template_params: z
    .union([z.string().max(65_536), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
});

/** Template parameters arrive as JSON text or as an object. */
function paramsText(v: string | Record<string, unknown> | null | undefined): string | null {
  if (v === null || v === undefined) return null;
  return typeof v === 'string' ? v : JSON.stringify(v);
}

/** The page's query string, passed on for `url_param`. */
function urlParams(req: FastifyRequest): Record<string, string> {
  const out: Record<string, string> = {};
  const query = req.query as Record<string, unknown>;
  for (const [k, v] of Object.entries(query ?? {})) {
    if (typeof v === 'string') out[k] = v;
    else if (Array.isArray(v) && typeof v[0] === 'string') out[k] = v[0];
  }
  return out;
}

/** Template errors answer 400 with Superset's error shape. */
function templateFailure(e: unknown): unknown {
  if (!(e instanceof TemplateError)) return e;
  const error = {
    message: e.message,
    error_type: 'INVALID_TEMPLATE_PARAMS_ERROR',
    level: 'error',
    extra: e.line !== null ? { line: e.line } : {},
  };
  return new ApiError(400, e.message, { message: e.message, errors: [error] });
}

/**
 * The body of a full-result download: the export's chunks as the socket takes them. A client
 * that goes away cancels the export (the worker stops the query); a failure after the first
 * chunk destroys the stream, so the response ends without its last chunk.
 */
function streamDownload(download: CsvExportDownload, gone: AbortSignal): Readable {
  let finished = false;
  const stop = () => {
    if (!finished) void download.cancel();
  };
  if (gone.aborted) stop();
  gone.addEventListener('abort', stop, { once: true });
  async function* chunks(): AsyncGenerator<string> {
    try {
      if (download.first !== '') yield download.first;
      for (;;) {
        const message = await download.next();
        if (message.kind === 'data') yield message.text;
        else if (message.kind === 'end') break;
        else throw new Error(message.message);
      }
      finished = true;
    } finally {
      gone.removeEventListener('abort', stop);
      if (!finished) await download.cancel();
      await download.close();
    }
  }
  return Readable.from(chunks(), { objectMode: false });
}

/** SQL Lab's query endpoints: execute, results, stop, polling, estimate, validation, export. */
export function registerSqlLabRoutes(
  app: FastifyInstance,
  service: SqlLabService,
  connections: DatabaseConnections,
  exports: CsvExportService,
): void {
  /** The request's SQL with its template rendered for the user and the page's parameters. */
  const renderFor = (
    req: FastifyRequest,
    spec: EngineSpec,
    body: { sql: string; template_params?: string | Record<string, unknown> | null },
  ): Promise<string> =>
    service.renderSql(
      req.principal,
      spec,
      body.sql,
      paramsText(body.template_params),
      urlParams(req),
    );

  app.post(
    '/api/v1/sqllab/execute/',
    {
      config: { access: execute },
      schema: { tags, summary: 'Execute a SQL query', body: executeBody },
    },
    async (req, reply) => {
      const body = req.body as z.infer<typeof executeBody>;
      const answer = await service.execute(req.principal, body, urlParams(req));
      return reply.code(answer.status).send(answer.body);
    },
  );

  app.get(
    '/api/v1/sqllab/results/',
    { config: { access: getResults }, schema: { tags, summary: 'Results of a query by key' } },
    async (req) => {
      const q = parseRisonParam((req.query as { q?: unknown }).q, resultsQuery, undefined);
      return service.readResults(req.principal, q.key, q.rows, q.offset);
    },
  );

  app.post(
    '/api/v1/query/stop',
    { config: { access: readQuery }, schema: { tags, summary: 'Stop a query', body: stopBody } },
    async (req) => {
      const body = req.body as z.infer<typeof stopBody>;
      await service.stop(req.principal, body.client_id);
      return { result: 'OK' };
    },
  );

  app.get(
    '/api/v1/query/updated_since',
    { config: { access: readQuery }, schema: { tags, summary: 'Queries changed since a time' } },
    async (req) => {
      const q = parseRisonParam((req.query as { q?: unknown }).q, updatedSinceQuery, undefined);
      return { result: await service.updatedSince(req.principal, q.last_updated_ms) };
    },
  );

  app.post(
    '/api/v1/sqllab/estimate/',
    {
      config: { access: estimate },
      schema: { tags, summary: 'Estimate the cost of a query', body: estimateBody },
    },
    async (req) => {
      const body = req.body as z.infer<typeof estimateBody>;
      const database = await service.databaseFor(req.principal, body.database_id, body.schema);
      const { client, spec } = await connections.forId(database.id);
      let rendered: string;
      try {
        rendered = await renderFor(req, spec, body);
      } catch (e) {
        throw templateFailure(e);
      }
      const result = await engineCall(() => client.estimateCost(rendered, body.schema ?? null));
      return { result };
    },
  );

  app.post(
    '/api/v1/database/:id/validate_sql/',
    {
      config: { access: readDatabase },
      schema: { tags: ['database'], summary: 'Validate SQL', body: validateBody },
    },
    async (req) => {
      const id = parseId((req.params as { id: string }).id);
      const body = req.body as z.infer<typeof validateBody>;
      const database = await service.databaseFor(req.principal, id, body.schema);
      const { client, spec } = await connections.forId(database.id);
      let rendered: string;
      try {
        rendered = await renderFor(req, spec, body);
      } catch (e) {
        if (e instanceof TemplateError) {
          return {
            result: [
              {
                line_number: e.line ?? 1,
                start_column: null,
                end_column: null,
                message: e.message,
              },
            ],
          };
        }
        throw e;
      }
      return {
        result: await validateSql(client, spec, rendered, {
          schema: body.schema ?? null,
          allowDml: database.allow_dml,
        }),
      };
    },
  );

  app.get(
    '/api/v1/sqllab/export/:client_id/',
    { config: { access: exportCsv }, schema: { tags, summary: 'Export query results as CSV' } },
    async (req, reply) => {
      const clientId = (req.params as { client_id: string }).client_id;
      const query = await service.ownQuery(req.principal, clientId);
      const started = new Date(Number(query.start_time ?? Date.now()))
        .toISOString()
        .replace(/[:.]/g, '-');
      const filename = safeFileName(`${query.tab_name ?? 'query'}_${started}`, 'csv');
      const csvReply = (body: Readable) =>
        reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="${filename}"`)
          .send(body);
      // The whole result, run again on a worker and streamed (a failure before the first chunk
      // is answered as JSON; after it, the connection is cut: see docs/architecture.md).
      // The client going away (before or during the download) cancels the export.
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      const download = await exports.open(req.principal, clientId, gone.signal);
      if (download) return csvReply(streamDownload(download, gone.signal));
      // A script that may write is never run twice: its stored result is exported.
      const rows = service.exportRows(req.principal, clientId);
      // The first item (the columns) is read before answering, so a missing result is a 4xx.
      const first = await rows.next();
      if (first.done || !('columns' in first.value)) throw new ApiError(404, 'No results.');
      const header = csvLine(first.value.columns.map((c) => c.name));
      async function* body() {
        yield header;
        for await (const item of rows) {
          if ('rows' in item) {
            let chunk = '';
            for (const r of item.rows) chunk += csvLine(r);
            yield chunk;
          }
        }
      }
      return csvReply(Readable.from(body(), { objectMode: false }));
    },
  );
}
