import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { GenericDataType } from '@strata/core';
import { engineFeatures } from '../query/compile/features.js';
import { ApiError } from '../api/errors.js';
import { datasourceKeyId, parseId, zodFieldErrors } from '../api/query-params.js';
import { requestContext, type ResourceServices } from '../api/resource.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { engineCall, toApiError } from '../databases/engine-errors.js';
import { limitError, userKeyOf, type ChartQueryLimits } from '../chart_data/query-limits.js';
import type { DatabaseClient, ExecuteResult } from '../engines/types.js';
import { nowIso } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';
import { canReadDataset } from './access.js';
import { storedGenericType } from './columns-sync.js';
import { datasourceJson } from './datasource-json.js';
import { loadDatasetApiObjects, loadDatasetRecords, type DatasetRecord } from './repository.js';
import { fromClause, renderedDatasetSql } from './source.js';
import { isEmptySamplesBody, samplesPayloadSchema, samplesQueries } from './samples.js';
import {
  compileDatasetFrom,
  compileDialectFor,
  compileQuery,
  type CompileDataset,
} from '../query/compile/index.js';
import { resolveTimeRange, withTimeBounds } from '../chart_data/prepare.js';
import { assertDatasetOwner, createDataset, refreshDatasetColumns } from './write.js';
import { syncDatasetPermission } from './access.js';
import { toBool } from '../metadata/db.js';

const read = { perm: 'can_read', view: 'Dataset' } as const;
const write = { perm: 'can_write', view: 'Dataset' } as const;
const tags = ['dataset'];

/** Most distinct values a column-values call answers. */
export const COLUMN_VALUES_LIMIT = 10_000;
/** The longest search text the column values take (`q`). */
export const COLUMN_VALUES_SEARCH_MAX = 1000;

/**
 * The column values' `q`: trimmed text, null when absent or blank; one text at most
 * COLUMN_VALUES_SEARCH_MAX characters long, else a 400.
 */
export function columnValuesSearch(q: unknown): string | null {
  if (q === undefined || q === null) return null;
  if (typeof q !== 'string') throw new ApiError(400, 'The search text must be given once.');
  const text = q.trim();
  if (text.length > COLUMN_VALUES_SEARCH_MAX)
    throw new ApiError(
      400,
      `The search text is longer than ${COLUMN_VALUES_SEARCH_MAX} characters.`,
    );
  return text === '' ? null : text;
}
/** Samples: page size when none is asked, and the largest allowed. */
export const SAMPLES_PER_PAGE = 1000;
export const SAMPLES_MAX_PER_PAGE = 10_000;

function body<T>(schema: z.ZodType<T>, value: unknown): T {
  const parsed = schema.safeParse(value ?? {});
  if (!parsed.success)
    throw new ApiError(400, 'Bad request', { message: zodFieldErrors(parsed.error) });
  return parsed.data;
}

const duplicateBody = z.object({
  base_model_id: z.number().int(),
  table_name: z.string().trim().min(1).max(250),
});
const getOrCreateBody = z.object({
  table_name: z.string().trim().min(1).max(250),
  database_id: z.number().int(),
  schema: z.string().max(255).nullable().optional(),
  catalog: z.string().nullable().optional(),
  template_params: z.string().nullable().optional(),
});
const sqllabVizData = z.object({
  schema: z.string().max(255).nullable().optional(),
  sql: z.string().min(1),
  dbId: z.number().int(),
  templateParams: z.string().nullable().optional(),
  datasourceName: z.string().trim().min(1).max(250),
  metrics: z.array(z.unknown()).optional(),
  columns: z.array(z.unknown()).optional(),
});
const samplesQuery = z.object({
  datasource_type: z.enum(['table', 'query', 'dataset']).default('table'),
  datasource_id: z.coerce.number().int(),
  force: z.enum(['true', 'false']).optional(),
  page: z.coerce.number().int().min(1).default(1),
  per_page: z.coerce.number().int().min(1).max(SAMPLES_MAX_PER_PAGE).default(SAMPLES_PER_PAGE),
});

/** Dataset endpoints beyond CRUD: refresh, duplicate, get-or-create, SQL Lab, samples, values. */
/** One page of samples as Superset answers it; `labels` name the columns when given. */
function samplesPage(
  result: ExecuteResult,
  labels: readonly string[],
  total: number,
  q: { page: number; per_page: number },
) {
  const colnames = result.columns.map((c, i) => labels[i] ?? c.name);
  return {
    colnames,
    coltypes: result.columns.map((c) => c.generic),
    data: result.rows.map((row) => Object.fromEntries(colnames.map((n, i) => [n, row[i]]))),
    rowcount: result.rows.length,
    total_count: total,
    page: q.page,
    per_page: q.per_page,
    is_cached: false,
  };
}

export function registerDatasetRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  connections: DatabaseConnections,
  limits: ChartQueryLimits,
): void {
  const ctxOf = (req: FastifyRequest) => requestContext(req, services);
  // Issue 16 point 2: samples and column values run under the chart queries' limits (one of
  // the user's query slots, SQL_MAX_ROW, the byte budget counted while rows stream in).
  const limitedRows = <T>(
    req: FastifyRequest,
    client: DatabaseClient,
    sql: string,
    options: {
      schema: string | null;
      maxRows: number;
      labels?: readonly string[];
      signal?: AbortSignal;
    },
    build: (result: ExecuteResult) => T,
  ): Promise<T> =>
    limits.inUserSlot(userKeyOf(req.principal), options.signal, async () => {
      let run: Awaited<ReturnType<ChartQueryLimits['execute']>>;
      try {
        // Samples and column values run in a read-only transaction (issue 16 point 1).
        run = await limits.execute(client, sql, { ...options, readOnly: true });
      } catch (e) {
        throw limitError(e) ?? toApiError(e);
      }
      try {
        return build(run.result);
      } finally {
        run.budget.release();
      }
    });

  /** A dataset the principal may read, or 404. */
  const readable = async (req: FastifyRequest, id: number): Promise<DatasetRecord> => {
    const rec = (await loadDatasetRecords(services.db, [id])).get(id);
    if (
      !rec ||
      !canReadDataset(
        req.principal,
        { ...rec.row, database_name: rec.row.database_name },
        rec.owners.map((o) => o.id),
      )
    ) {
      throw new ApiError(404, 'Not found');
    }
    return rec;
  };

  app.put<{ Params: { id: string } }>(
    '/api/v1/dataset/:id/refresh',
    { config: { access: write }, schema: { tags, summary: 'Sync columns from the source' } },
    async (req) => {
      const id = parseId(req.params.id);
      await readable(req, id);
      const ctx = ctxOf(req);
      await assertDatasetOwner(ctx, id);
      await engineCall(() => refreshDatasetColumns(ctx, connections, id));
      return { message: 'OK' };
    },
  );

  app.post(
    '/api/v1/dataset/duplicate',
    { config: { access: write }, schema: { tags, summary: 'Duplicate a virtual dataset' } },
    async (req, reply) => {
      const b = body(duplicateBody, req.body);
      const base = await readable(req, b.base_model_id);
      if (!base.row.sql)
        throw new ApiError(422, 'Dataset is not virtual', {
          message: { base_model_id: ['Dataset is not virtual'] },
        });
      const ctx = ctxOf(req);
      const exists = await ctx.db
        .selectFrom('tables')
        .select('id')
        .where('database_id', '=', base.row.database_id)
        .where('table_name', '=', b.table_name)
        .executeTakeFirst();
      if (exists)
        throw new ApiError(422, `Dataset ${b.table_name} already exists`, {
          message: { table_name: [`Dataset ${b.table_name} already exists`] },
        });
      const now = nowIso();
      const id = await ctx.db.transaction().execute(async (trx) => {
        const {
          id: _id,
          uuid: _uuid,
          database_name: _dn,
          sqlalchemy_uri: _u,
          database_extra: _de,
          ...fields
        } = base.row;
        const row = await trx
          .insertInto('tables')
          .values({
            ...fields,
            uuid: randomUUID(),
            table_name: b.table_name,
            created_on: now,
            changed_on: now,
            created_by_fk: ctx.principal.id,
            changed_by_fk: ctx.principal.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (base.columns.length) {
          await trx
            .insertInto('table_columns')
            .values(
              base.columns.map(({ id: _cid, ...c }) => ({
                ...c,
                uuid: randomUUID(),
                table_id: row.id,
                created_on: now,
                changed_on: now,
                created_by_fk: ctx.principal.id,
                changed_by_fk: ctx.principal.id,
              })),
            )
            .execute();
        }
        if (base.metrics.length) {
          await trx
            .insertInto('sql_metrics')
            .values(
              base.metrics.map(({ id: _mid, ...m }) => ({
                ...m,
                uuid: randomUUID(),
                table_id: row.id,
                created_on: now,
                changed_on: now,
                created_by_fk: ctx.principal.id,
                changed_by_fk: ctx.principal.id,
              })),
            )
            .execute();
        }
        await trx
          .insertInto('sqlatable_user')
          .values({ user_id: ctx.principal.id, table_id: row.id })
          .execute();
        await syncDatasetPermission(trx, {
          id: row.id,
          table_name: b.table_name,
          database_name: base.row.database_name,
        });
        return row.id;
      });
      const item = (await loadDatasetApiObjects(services.db, [id])).get(id);
      return reply.code(201).send({ id, result: item });
    },
  );

  app.post(
    '/api/v1/dataset/get_or_create/',
    {
      config: { access: write },
      schema: { tags, summary: 'The id of a dataset on a table, created when missing' },
    },
    async (req) => {
      const b = body(getOrCreateBody, req.body);
      const ctx = ctxOf(req);
      let q = ctx.db
        .selectFrom('tables')
        .select('id')
        .where('database_id', '=', b.database_id)
        .where('table_name', '=', b.table_name);
      q = b.schema ? q.where('schema', '=', b.schema) : q.where('schema', 'is', null);
      const found = await q.executeTakeFirst();
      if (found) {
        await readable(req, found.id);
        return { result: { table_id: found.id } };
      }
      const id = await createDataset(ctx, connections, {
        database: b.database_id,
        schema: b.schema ?? null,
        table_name: b.table_name,
        template_params: b.template_params ?? null,
      });
      return { result: { table_id: id } };
    },
  );

  app.post(
    '/superset/sqllab_viz/',
    {
      config: { access: write },
      schema: { tags, summary: 'A virtual dataset from a SQL Lab query' },
    },
    async (req) => {
      const raw = (req.body ?? {}) as Record<string, unknown>;
      let data: unknown = raw.data;
      if (typeof data === 'string') {
        try {
          data = JSON.parse(data);
        } catch {
          throw new ApiError(400, 'Bad request: data must be JSON');
        }
      }
      const d = body(sqllabVizData, data);
      const ctx = ctxOf(req);
      const id = await createDataset(
        ctx,
        connections,
        { database: d.dbId, schema: d.schema ?? null, table_name: d.datasourceName, sql: d.sql },
        { is_sqllab_view: true, template_params: d.templateParams ?? null },
      );
      const rec = (await loadDatasetRecords(services.db, [id])).get(id)!;
      return { data: datasourceJson(rec, connections.spec(rec.row)) };
    },
  );

  app.get(
    '/superset/fetch_datasource_metadata',
    { config: { access: read }, schema: { tags, summary: 'A datasource by its key {id}__table' } },
    async (req) => {
      const key = String((req.query as Record<string, unknown>).datasourceKey ?? '');
      const id = datasourceKeyId(key);
      if (id === null)
        throw new ApiError(400, 'Bad request: datasourceKey must look like {id}__table');
      const rec = await readable(req, id);
      return datasourceJson(rec, connections.spec(rec.row));
    },
  );

  app.post(
    '/datasource/samples',
    { config: { access: read }, schema: { tags, summary: 'Sample rows of a dataset' } },
    async (req) => {
      const parsed = samplesQuery.safeParse(req.query ?? {});
      if (!parsed.success)
        throw new ApiError(400, 'Bad request', { message: zodFieldErrors(parsed.error) });
      const q = parsed.data;
      // Drill to detail: the body's filters and time range through the query compiler.
      const payload = isEmptySamplesBody(req.body) ? null : body(samplesPayloadSchema, req.body);
      const rec = await readable(req, q.datasource_id);
      const { client, spec } = await connections.forId(rec.row.database_id);
      if (payload) {
        const now = new Date();
        const compiled: CompileDataset = compileDatasetFrom(rec);
        if (compiled.sql?.trim()) compiled.sql = await renderedDatasetSql(spec, rec.row);
        // The body's extras.where: the allow list of functions unless an admin asks.
        const dialect = compileDialectFor(spec, isAdmin(req.principal));
        const queries = samplesQueries(
          payload,
          {
            columns: compiled.columns.map((c) => c.column_name),
            main_dttm_col: compiled.main_dttm_col,
          },
          q.page,
          q.per_page,
        );
        const compile = (query: typeof queries.rows) =>
          compileQuery(withTimeBounds(query, null, now), compiled, dialect, {
            resolveTimeRange: (text) => resolveTimeRange(text, now),
          });
        const rowsSql = compile(queries.rows);
        const countSql = compile(queries.count);
        const countResult = await engineCall(() =>
          client.execute(countSql.sql, { schema: rec.row.schema, readOnly: true }),
        );
        return limitedRows(
          req,
          client,
          rowsSql.sql,
          { schema: rec.row.schema, maxRows: q.per_page, labels: rowsSql.labels },
          (result) => ({
            result: {
              ...samplesPage(result, rowsSql.labels, Number(countResult.rows[0]?.[0] ?? 0), q),
              rejected_filters: rowsSql.rejectedFilters.map((f) => ({
                reason: 'not_in_datasource',
                column: f.column,
              })),
            },
          }),
        );
      }
      const from = await fromClause(spec, rec.row);
      const offset = (q.page - 1) * q.per_page;
      const countResult = await engineCall(() =>
        client.execute(`SELECT COUNT(*) AS total FROM ${from}`, {
          schema: rec.row.schema,
          readOnly: true,
        }),
      );
      const total = Number(countResult.rows[0]?.[0] ?? 0);
      return limitedRows(
        req,
        client,
        `SELECT * FROM ${from} LIMIT ${q.per_page} OFFSET ${offset}`,
        { schema: rec.row.schema, maxRows: q.per_page },
        (result) => ({ result: samplesPage(result, [], total, q) }),
      );
    },
  );

  app.get<{
    Params: { type: string; id: string; column: string };
    Querystring: Record<string, unknown>;
  }>(
    '/api/v1/datasource/:type/:id/column/:column/values/',
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Distinct values of a dataset column',
        description:
          'At most `limit` values, ordered. `q`: only values containing it, ignoring case ' +
          '(the search of the filter editors as the user types). A request the client ' +
          'abandons is cancelled on the database.',
      },
    },
    async (req, reply) => {
      if (!['table', 'dataset'].includes(req.params.type)) throw new ApiError(404, 'Not found');
      const search = columnValuesSearch(req.query.q);
      const rec = await readable(req, parseId(req.params.id));
      const column = rec.columns.find((c) => c.column_name === req.params.column);
      if (!column) throw new ApiError(404, `Column ${req.params.column} does not exist`);
      const { client, spec } = await connections.forId(rec.row.database_id);
      const expr = column.expression
        ? `(${column.expression})`
        : spec.quoteIdentifier(column.column_name);
      const generic = storedGenericType({ type: column.type, is_dttm: toBool(column.is_dttm) });
      const conditions: string[] = [];
      if (rec.row.fetch_values_predicate) conditions.push(`(${rec.row.fetch_values_predicate})`);
      if (search !== null) {
        const features = engineFeatures(compileDialectFor(spec, isAdmin(req.principal)));
        const text = generic === GenericDataType.STRING ? expr : features.castText(expr);
        conditions.push(features.containsText(text, search));
      }
      const where = conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
      const from = await fromClause(spec, rec.row);
      const sqlText = `SELECT DISTINCT ${expr} AS column_values FROM ${from}${where} ORDER BY 1 LIMIT ${COLUMN_VALUES_LIMIT}`;
      // The suggestions' request is aborted at every keystroke: its query must not run on.
      const controller = new AbortController();
      reply.raw.once('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return limitedRows(
        req,
        client,
        sqlText,
        { schema: rec.row.schema, maxRows: COLUMN_VALUES_LIMIT, signal: controller.signal },
        (result) => ({
          result: result.rows.map((r) => r[0]),
          limit: COLUMN_VALUES_LIMIT,
          type_generic: generic,
        }),
      );
    },
  );
}
