import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { datasourceKeyId } from '../api/query-params.js';
import type { ResourceServices } from '../api/resource.js';
import { canReadDataset } from '../datasets/access.js';
import { loadDatasetRecords } from '../datasets/repository.js';
import type { MetadataDb } from '../metadata/db.js';
import { CSRF_INVALID, CSRF_MISSING } from '../security/auth-plugin.js';
import type { Principal } from '../security/principal.js';
import type { SessionService } from '../security/sessions.js';
import { MAX_TAB_SQL_LENGTH, MAX_TAB_TEXT_LENGTH, validate } from '../tab_state/payload.js';
import { assertUsableDatabase, mayUseDatabase } from '../tab_state/repository.js';
import { SQLLAB_ACCESS } from '../tab_state/routes.js';
import { getEntry, KV_MAX_VALUE_BYTES, KV_RESOURCE, putEntry, type KvResource } from './store.js';

const tags = ['sqllab'];
/** Form encoding can triple a value's size; the value itself is held to KV_MAX_VALUE_BYTES. */
const KV_BODY_LIMIT = 4 * KV_MAX_VALUE_BYTES;
const positiveId = z.number().int().positive().max(2_147_483_647);
const idText = z.union([
  positiveId,
  z
    .string()
    .regex(/^\d{1,9}$/, 'Not an id')
    .transform(Number),
]);

/** The state a SQL Lab permalink keeps (Superset's SqlLabPermalinkSchema, plus the catalog). */
export const permalinkStateSchema = z.object({
  dbId: positiveId,
  name: z.string().max(256),
  sql: z.string().max(MAX_TAB_SQL_LENGTH),
  schema: z.string().max(256).nullish(),
  catalog: z.string().max(256).nullish(),
  autorun: z.boolean().optional(),
  templateParams: z.string().max(MAX_TAB_TEXT_LENGTH).nullish(),
});

/** The query a chart opens in SQL Lab: `form_data` JSON, or the same fields one by one. */
const sqllabFormSchema = z.object({
  sql: z.string().min(1).max(MAX_TAB_SQL_LENGTH),
  datasourceKey: z.string().max(64).optional(),
  dbId: idText.optional(),
  schema: z.string().max(256).nullish(),
  catalog: z.string().max(256).nullish(),
  name: z.string().max(256).optional(),
  templateParams: z.string().max(MAX_TAB_TEXT_LENGTH).nullish(),
});

const keyParams = z.object({ key: z.string() });

function tooLarge(): ApiError {
  return new ApiError(413, 'The value is too large (at most 1 MB)');
}

/** The stored text, or 413 when it is too large. */
function sizedValue(text: string): string {
  if (Buffer.byteLength(text, 'utf8') > KV_MAX_VALUE_BYTES) throw tooLarge();
  return text;
}

/**
 * Whether the caller may read a stored SQL Lab state: when it names a database, the caller must
 * be allowed to use it (a link never shows SQL of a database the reader cannot query).
 */
async function mayReadState(db: MetadataDb, principal: Principal, value: unknown) {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return true;
  const dbId = (value as Record<string, unknown>).dbId;
  if (typeof dbId !== 'number' || !Number.isInteger(dbId)) return true;
  const row = await db
    .selectFrom('dbs')
    .select(['id', 'database_name'])
    .where('id', '=', dbId)
    .executeTakeFirst();
  return row === undefined || mayUseDatabase(principal, row);
}

function parseStored(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** A stored entry the caller may read, or 404. */
async function readableEntry(
  db: MetadataDb,
  principal: Principal,
  resource: KvResource,
  key: string,
): Promise<{ text: string; value: unknown }> {
  const entry = await getEntry(db, resource, key);
  if (!entry) throw new ApiError(404, 'Not found');
  const value = parseStored(entry.value);
  if (!(await mayReadState(db, principal, value))) throw new ApiError(404, 'Not found');
  return { text: entry.value, value };
}

/** The page address of a permalink key, on the origin the request came to. */
export function permalinkUrl(req: FastifyRequest, key: string): string {
  return `${req.protocol}://${req.host}/sqllab/p/${key}`;
}

export interface KeyValueRouteOptions {
  sessions: SessionService;
}

/**
 * Key-value entries behind SQL Lab's sharing: `/kv/store/` and `/kv/{id}/` (a shared query),
 * SQL Lab permalinks, and the `/superset/sqllab/` form a chart posts to open its query.
 * Keys are random (see keys.ts); entries are read only by users who may use their database.
 */
export function registerKeyValueRoutes(
  app: FastifyInstance,
  services: ResourceServices,
  opts: KeyValueRouteOptions,
): void {
  const { db } = services;

  app.post(
    '/kv/store/',
    {
      config: { access: SQLLAB_ACCESS },
      bodyLimit: KV_BODY_LIMIT,
      schema: { tags, summary: 'Store a shared query; answers its id' },
    },
    async (req) => {
      const body: unknown = req.body;
      const data =
        body !== null && typeof body === 'object' && !Array.isArray(body)
          ? (body as Record<string, unknown>).data
          : undefined;
      let text: string;
      if (typeof data === 'string') text = data;
      else if (data !== null && typeof data === 'object') text = JSON.stringify(data);
      else
        throw new ApiError(400, 'Bad request', {
          message: { data: ['Missing data for required field.'] },
        });
      const key = await putEntry(db, KV_RESOURCE.sharedQuery, sizedValue(text), req.principal.id);
      return { id: key };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/kv/:id/',
    {
      config: { access: SQLLAB_ACCESS },
      schema: {
        tags,
        summary: 'A shared query, as it was stored',
        params: z.object({ id: z.string() }),
      },
    },
    async (req, reply) => {
      const entry = await readableEntry(db, req.principal, KV_RESOURCE.sharedQuery, req.params.id);
      return reply.type('text/plain; charset=utf-8').send(entry.text);
    },
  );

  app.post(
    '/api/v1/sqllab/permalink',
    {
      config: { access: SQLLAB_ACCESS },
      schema: {
        tags,
        summary: 'A permanent link to a SQL Lab editor state',
        body: permalinkStateSchema,
      },
    },
    async (req, reply) => {
      const state = req.body as z.infer<typeof permalinkStateSchema>;
      await assertUsableDatabase(db, req.principal, state.dbId, 'dbId');
      const key = await putEntry(
        db,
        KV_RESOURCE.sqllabPermalink,
        sizedValue(JSON.stringify(state)),
        req.principal.id,
      );
      return reply.code(201).send({ key, url: permalinkUrl(req, key) });
    },
  );

  app.get<{ Params: { key: string } }>(
    '/api/v1/sqllab/permalink/:key',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: 'The SQL Lab editor state of a permanent link', params: keyParams },
    },
    async (req) => {
      const entry = await readableEntry(
        db,
        req.principal,
        KV_RESOURCE.sqllabPermalink,
        req.params.key,
      );
      if (entry.value === null || typeof entry.value !== 'object' || Array.isArray(entry.value))
        throw new ApiError(404, 'Not found');
      return entry.value;
    },
  );

  /** A form post carries its CSRF token as the `csrf_token` field (a form cannot set headers). */
  const checkFormCsrf = (req: FastifyRequest, fields: Record<string, unknown>) => {
    if (req.authMethod !== 'cookie') return;
    const header = req.headers['x-csrftoken'];
    const token =
      (Array.isArray(header) ? header[0] : header) ||
      (typeof fields.csrf_token === 'string' ? fields.csrf_token : undefined);
    if (!token) throw new ApiError(400, CSRF_MISSING);
    if (!opts.sessions.checkCsrf(req.sessionId!, token)) throw new ApiError(400, CSRF_INVALID);
  };

  const openInSqlLab = async (req: FastifyRequest, reply: FastifyReply) => {
    const body: unknown = req.body ?? {};
    if (typeof body !== 'object' || body === null || Array.isArray(body))
      throw new ApiError(400, 'Bad request: the body must be a form or an object');
    const fields = body as Record<string, unknown>;
    checkFormCsrf(req, fields);
    let source: unknown = fields;
    if (fields.form_data !== undefined) {
      if (typeof fields.form_data !== 'string')
        throw new ApiError(400, 'Bad request: form_data must be JSON text');
      try {
        source = JSON.parse(fields.form_data) as unknown;
      } catch {
        throw new ApiError(400, 'Bad request', { message: { form_data: ['Not valid JSON'] } });
      }
    }
    const form = validate(sqllabFormSchema, source);
    let dbId = form.dbId ?? null;
    let schema = form.schema ?? null;
    let catalog = form.catalog ?? null;
    let name = form.name ?? null;
    if (form.datasourceKey !== undefined) {
      const datasetId = datasourceKeyId(form.datasourceKey);
      if (datasetId === null)
        throw new ApiError(400, 'Bad request', {
          message: { datasourceKey: ['Must look like {id}__table'] },
        });
      const rec = (await loadDatasetRecords(db, [datasetId])).get(datasetId);
      if (
        !rec ||
        !canReadDataset(
          req.principal,
          rec.row,
          rec.owners.map((o) => o.id),
        )
      ) {
        // Gone (or not the caller's to read): SQL Lab opens and says the datasource could not
        // be loaded, rather than a bare 404 in a new window.
        return reply.redirect(
          `/sqllab/?datasourceKey=${encodeURIComponent(form.datasourceKey)}`,
          302,
        );
      }
      dbId = rec.row.database_id;
      schema = form.schema ?? rec.row.schema;
      catalog = form.catalog ?? rec.row.catalog;
      name = name ?? `Query ${rec.row.table_name}`;
    }
    if (dbId === null)
      throw new ApiError(400, 'Bad request', {
        message: { datasourceKey: ['A datasourceKey or a dbId is required'] },
      });
    await assertUsableDatabase(db, req.principal, dbId, 'dbId');
    const state: Record<string, unknown> = {
      dbId,
      name: name ?? 'Untitled Query',
      sql: form.sql,
      schema,
      catalog,
      autorun: false,
      ...(form.templateParams ? { templateParams: form.templateParams } : {}),
      ...(form.datasourceKey ? { datasourceKey: form.datasourceKey } : {}),
    };
    const key = await putEntry(
      db,
      KV_RESOURCE.sqllabPermalink,
      sizedValue(JSON.stringify(state)),
      req.principal.id,
    );
    return reply.redirect(`/sqllab/p/${key}`, 302);
  };

  for (const path of ['/superset/sqllab/', '/sqllab/']) {
    app.post(
      path,
      {
        // The form's own csrf_token field is checked in the handler.
        config: { access: SQLLAB_ACCESS, csrfExempt: true },
        bodyLimit: KV_BODY_LIMIT,
        schema: { tags, summary: 'Open a query in SQL Lab (a form post); redirects to its link' },
      },
      openInSqlLab,
    );
  }
}
