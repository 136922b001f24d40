import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import { parseId } from '../api/query-params.js';
import type { ResourceServices } from '../api/resource.js';
import { nowIso } from '../metadata/db.js';
import {
  bodyFields,
  expandedSchema,
  isFormEncoded,
  migrateQuerySchema,
  newTabRow,
  parseJsonText,
  queryEditorSchema,
  TAB_STATE_BODY_LIMIT,
  tabStateUpdateSchema,
  tabUpdateRow,
  tableDescription,
  tableInputSchema,
  validate,
} from './payload.js';
import {
  assertOwnQuery,
  assertOwnSavedQuery,
  assertUsableDatabase,
  isOwnQuery,
  loadTabStateDto,
  ownTab,
} from './repository.js';

/** Superset covers TabStateView and TableSchemaView with `can_sqllab` on `Superset`. */
export const SQLLAB_ACCESS = { perm: 'can_sqllab', view: 'Superset' } as const;
const tags = ['sqllab'];
const idParams = z.object({ id: z.string() });
const queryParams = z.object({ id: z.string(), clientId: z.string() });

/** The body's fields, form-encoded (values JSON text) or JSON. */
function fieldsOf(req: FastifyRequest): Record<string, unknown> {
  return bodyFields(req.body, isFormEncoded(req.headers['content-type']));
}

/** Largest id an integer column holds; larger path ids name nothing (and must not reach SQL). */
const MAX_ID = 2_147_483_647;

/** A path id: a positive integer that fits the id columns, else 404. */
export function pathId(text: string): number {
  const id = parseId(text);
  if (id > MAX_ID) throw new ApiError(404, 'Not found');
  return id;
}

/** A bare JSON value (`"OK"`, a tab id) as Superset answers these views. */
export function sendJson(reply: FastifyReply, value: string | number): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(JSON.stringify(value));
}

/** The caller's table panel (through its tab), or 404. */
async function ownTableSchema(services: ResourceServices, userId: number, id: number) {
  const row = await services.db
    .selectFrom('table_schema as s')
    .innerJoin('tab_state as t', 't.id', 's.tab_state_id')
    .select(['s.id', 's.tab_state_id'])
    .where('s.id', '=', id)
    .where('t.user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  return row;
}

/**
 * SQL Lab's editor tabs and their table panels, kept per user (Superset's TabStateView and
 * TableSchemaView). Every row is the caller's own: another user's ids answer 404.
 */
export function registerTabStateRoutes(app: FastifyInstance, services: ResourceServices): void {
  const { db } = services;

  app.post(
    '/tabstateview/',
    {
      config: { access: SQLLAB_ACCESS },
      bodyLimit: TAB_STATE_BODY_LIMIT,
      schema: { tags, summary: 'Create a SQL Lab tab (it becomes the active one)' },
    },
    async (req) => {
      const fields = fieldsOf(req);
      if (fields.queryEditor === undefined)
        throw new ApiError(400, 'Bad request', {
          message: { queryEditor: ['Missing data for required field.'] },
        });
      const editor = validate(
        queryEditorSchema,
        parseJsonText(fields.queryEditor, 'queryEditor'),
        'queryEditor',
      );
      const userId = req.principal.id;
      if (editor.dbId != null)
        await assertUsableDatabase(db, req.principal, editor.dbId, 'queryEditor.dbId');
      if (editor.remoteId != null)
        await assertOwnSavedQuery(db, req.principal, editor.remoteId, 'queryEditor.remoteId');
      // A latest query the server does not hold for the caller (a tab migrated from the
      // browser) is dropped rather than refused.
      const latest =
        editor.latestQueryId && (await isOwnQuery(db, userId, editor.latestQueryId))
          ? editor.latestQueryId
          : null;
      const values = newTabRow({ ...editor, latestQueryId: latest }, userId, nowIso());
      const id = await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tab_state')
          .set({ active: false })
          .where('user_id', '=', userId)
          .execute();
        const row = await trx
          .insertInto('tab_state')
          .values(values)
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return { id };
    },
  );

  app.get<{ Params: { id: string } }>(
    '/tabstateview/:id',
    {
      config: { access: SQLLAB_ACCESS },
      schema: {
        tags,
        summary: 'A SQL Lab tab with its table panels and latest query',
        params: idParams,
      },
    },
    async (req) => {
      const tab = await ownTab(db, req.principal.id, pathId(req.params.id));
      return loadTabStateDto(db, tab);
    },
  );

  app.put<{ Params: { id: string } }>(
    '/tabstateview/:id',
    {
      config: { access: SQLLAB_ACCESS },
      bodyLimit: TAB_STATE_BODY_LIMIT,
      schema: { tags, summary: 'Change fields of a SQL Lab tab', params: idParams },
    },
    async (req, reply) => {
      const userId = req.principal.id;
      const tab = await ownTab(db, userId, pathId(req.params.id));
      const update = validate(tabStateUpdateSchema, fieldsOf(req));
      if (update.database_id != null)
        await assertUsableDatabase(db, req.principal, update.database_id, 'database_id');
      if (update.saved_query_id != null)
        await assertOwnSavedQuery(db, req.principal, update.saved_query_id, 'saved_query_id');
      if (update.latest_query_id != null)
        await assertOwnQuery(db, userId, update.latest_query_id, 'latest_query_id');
      await db
        .updateTable('tab_state')
        .set(tabUpdateRow(update, nowIso()))
        .where('id', '=', tab.id)
        .where('user_id', '=', userId)
        .execute();
      return sendJson(reply, tab.id);
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/tabstateview/:id',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: 'Remove a SQL Lab tab and its table panels', params: idParams },
    },
    async (req, reply) => {
      const tab = await ownTab(db, req.principal.id, pathId(req.params.id));
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('table_schema').where('tab_state_id', '=', tab.id).execute();
        await trx.deleteFrom('tab_state').where('id', '=', tab.id).execute();
      });
      return sendJson(reply, 'OK');
    },
  );

  app.post<{ Params: { id: string } }>(
    '/tabstateview/:id/activate',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: 'Make a SQL Lab tab the active one', params: idParams },
    },
    async (req, reply) => {
      const userId = req.principal.id;
      const tab = await ownTab(db, userId, pathId(req.params.id));
      await db
        .updateTable('tab_state')
        .set({ active: sql<boolean>`(id = ${tab.id})` })
        .where('user_id', '=', userId)
        .execute();
      return sendJson(reply, tab.id);
    },
  );

  app.post<{ Params: { id: string } }>(
    '/tabstateview/:id/migrate_query',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: "Attach one of the caller's queries to a tab", params: idParams },
    },
    async (req, reply) => {
      const userId = req.principal.id;
      const tab = await ownTab(db, userId, pathId(req.params.id));
      const { queryId } = validate(migrateQuerySchema, fieldsOf(req));
      await db
        .updateTable('query')
        .set({ sql_editor_id: String(tab.id) })
        .where('client_id', '=', queryId)
        .where('user_id', '=', userId)
        .execute();
      return sendJson(reply, tab.id);
    },
  );

  app.delete<{ Params: { id: string; clientId: string } }>(
    '/tabstateview/:id/query/:clientId',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: "Remove one of a tab's queries", params: queryParams },
    },
    async (req, reply) => {
      const userId = req.principal.id;
      const tab = await ownTab(db, userId, pathId(req.params.id));
      const clientId = req.params.clientId;
      const editorId = String(tab.id);
      await db.transaction().execute(async (trx) => {
        if (tab.latest_query_id === clientId) {
          // The tab's latest query becomes the one run before it in the tab, if any.
          const previous = await trx
            .selectFrom('query')
            .select('client_id')
            .where('client_id', '<>', clientId)
            .where('user_id', '=', userId)
            .where('sql_editor_id', '=', editorId)
            .orderBy('id', 'desc')
            .executeTakeFirst();
          await trx
            .updateTable('tab_state')
            .set({ latest_query_id: previous?.client_id ?? null })
            .where('id', '=', tab.id)
            .execute();
        }
        await trx
          .deleteFrom('query')
          .where('client_id', '=', clientId)
          .where('user_id', '=', userId)
          .where('sql_editor_id', '=', editorId)
          .execute();
      });
      return sendJson(reply, 'OK');
    },
  );

  app.post(
    '/tableschemaview/',
    {
      config: { access: SQLLAB_ACCESS },
      bodyLimit: TAB_STATE_BODY_LIMIT,
      schema: { tags, summary: 'Keep a table panel with a tab' },
    },
    async (req) => {
      const fields = fieldsOf(req);
      if (fields.table === undefined)
        throw new ApiError(400, 'Bad request', {
          message: { table: ['Missing data for required field.'] },
        });
      const raw = parseJsonText(fields.table, 'table');
      const table = validate(tableInputSchema, raw, 'table');
      const tab = await ownTab(db, req.principal.id, table.queryEditorId);
      await assertUsableDatabase(db, req.principal, table.dbId, 'table.dbId');
      const description = tableDescription(table, raw);
      const schema = table.schema ?? null;
      const catalog = table.catalog ?? null;
      const now = nowIso();
      const id = await db.transaction().execute(async (trx) => {
        // One panel per table in a tab: a panel added again replaces the old one.
        let old = trx
          .deleteFrom('table_schema')
          .where('tab_state_id', '=', tab.id)
          .where('database_id', '=', table.dbId)
          .where('table', '=', table.name);
        old = schema === null ? old.where('schema', 'is', null) : old.where('schema', '=', schema);
        old =
          catalog === null ? old.where('catalog', 'is', null) : old.where('catalog', '=', catalog);
        await old.execute();
        const row = await trx
          .insertInto('table_schema')
          .values({
            tab_state_id: tab.id,
            database_id: table.dbId,
            schema,
            catalog,
            table: table.name,
            description,
            expanded: table.expanded ?? true,
            created_on: now,
            changed_on: now,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        return row.id;
      });
      return { id };
    },
  );

  app.post<{ Params: { id: string } }>(
    '/tableschemaview/:id/expanded',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: 'Expand or collapse a table panel', params: idParams },
    },
    async (req) => {
      const panel = await ownTableSchema(services, req.principal.id, pathId(req.params.id));
      const { expanded } = validate(expandedSchema, fieldsOf(req));
      await db
        .updateTable('table_schema')
        .set({ expanded, changed_on: nowIso() })
        .where('id', '=', panel.id)
        .execute();
      return { id: panel.id, expanded };
    },
  );

  app.delete<{ Params: { id: string } }>(
    '/tableschemaview/:id',
    {
      config: { access: SQLLAB_ACCESS },
      schema: { tags, summary: 'Remove a table panel', params: idParams },
    },
    async (req, reply) => {
      const panel = await ownTableSchema(services, req.principal.id, pathId(req.params.id));
      await db.deleteFrom('table_schema').where('id', '=', panel.id).execute();
      return sendJson(reply, 'OK');
    },
  );
}
