import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Expression } from 'kysely';
import { z } from 'zod';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { hasPerm } from '../security/principal.js';
import { ApiError } from './errors.js';
import { applyFilters, applyOrder, allowedOperators, containsAny, countOf } from './list-query.js';
import { projectColumns } from './projection.js';
import {
  idListSchema,
  infoQuerySchema,
  listQuerySchema,
  parseId,
  parseRisonParam,
  relatedQuerySchema,
} from './query-params.js';
import type {
  DynamicDb,
  DynamicQuery,
  RequestContext,
  ResourceDefinition,
} from './resource-types.js';

export interface ResourceServices {
  db: MetadataDb;
  dialect: RequestContext['dialect'];
}

export function requestContext(req: FastifyRequest, services: ResourceServices): RequestContext {
  return { db: services.db, dialect: services.dialect, principal: req.principal };
}

const dyn = (db: MetadataDb) => db as unknown as DynamicDb;

function baseQuery(def: ResourceDefinition, ctx: RequestContext): DynamicQuery {
  const qb = dyn(ctx.db).selectFrom(`${def.table} as t`) as unknown as DynamicQuery;
  return def.visible ? def.visible(qb, ctx) : qb;
}

/** Ids of the visible objects among `ids`. */
async function visibleIds(
  def: ResourceDefinition,
  ctx: RequestContext,
  ids: number[],
): Promise<number[]> {
  const rows = await baseQuery(def, ctx)
    .select(sql<number>`t.id`.as('id'))
    .where(sql.ref('t.id'), 'in', ids)
    .execute();
  return rows.map((r) => Number((r as { id: number }).id));
}

async function findVisibleOr404(
  def: ResourceDefinition,
  ctx: RequestContext,
  id: number,
): Promise<void> {
  const found = await visibleIds(def, ctx, [id]);
  if (found.length === 0) throw new ApiError(404, 'Not found');
}

/** Lists a page of a resource as the list call answers it. */
export async function listResource(def: ResourceDefinition, ctx: RequestContext, qText: unknown) {
  const q = parseRisonParam(qText, listQuerySchema);
  let qb = applyFilters(baseQuery(def, ctx), def, q.filters, ctx);
  const countRow = await qb.select(sql<number>`count(*)`.as('count')).executeTakeFirst();
  const count = countOf(countRow);
  qb = applyOrder(qb, def, q.order_column, q.order_direction);
  const idRows = await qb
    .select(sql<number>`t.id`.as('id'))
    .limit(q.page_size)
    .offset(q.page * q.page_size)
    .execute();
  const ids = idRows.map((r) => Number((r as { id: number }).id));
  const loaded = ids.length ? await def.load(ctx, ids) : new Map();
  const columns = knownListColumns(def, q.columns ?? q.select_columns);
  const result = ids
    .map((id) => loaded.get(id))
    .filter((x): x is Record<string, unknown> => x !== undefined)
    .map((item) => projectColumns(item, columns?.length ? ['id', ...columns] : def.listColumns));
  const answer: Record<string, unknown> = { count, ids, result };
  const keys = q.keys;
  const want = (k: string) => !keys || keys.includes(k);
  if (keys?.includes('none')) return answer;
  if (want('list_columns')) answer.list_columns = columns?.length ? columns : def.listColumns;
  if (want('order_columns'))
    answer.order_columns = Object.keys(def.columns).filter((c) => def.columns[c]!.sortable);
  if (want('list_title'))
    answer.list_title = `List ${def.noun[0]!.toUpperCase()}${def.noun.slice(1)}`;
  return answer;
}

/**
 * The asked-for list columns the resource knows (a list column, or a dotted name under one),
 * in the order asked. Unknown names are ignored, as Flask-AppBuilder does; when none is known
 * the answer has every list column.
 */
export function knownListColumns(
  def: Pick<ResourceDefinition, 'listColumns'>,
  asked: string[] | undefined,
): string[] | undefined {
  if (!asked) return undefined;
  const known = new Set(def.listColumns);
  return asked.filter((c) => known.has(c) || known.has(c.split('.')[0]!));
}

function permissionsOn(def: ResourceDefinition, ctx: RequestContext): string[] {
  const out = new Set<string>();
  for (const p of ['can_read', 'can_write', 'can_export']) {
    if (hasPerm(ctx.principal, p, def.view)) out.add(p);
  }
  if (
    def.readPermission &&
    hasPerm(ctx.principal, def.readPermission.perm, def.readPermission.view)
  )
    out.add('can_read');
  if (
    def.writePermission &&
    hasPerm(ctx.principal, def.writePermission.perm, def.writePermission.view)
  )
    out.add('can_write');
  return [...out];
}

async function removeObjects(def: ResourceDefinition, ctx: RequestContext, ids: number[]) {
  if (def.assertCanModify) for (const id of ids) await def.assertCanModify(ctx, id);
  await ctx.db.transaction().execute(async (trx) => {
    if (def.favoriteClassName) {
      await trx
        .deleteFrom('favstar')
        .where('class_name', '=', def.favoriteClassName)
        .where('obj_id', 'in', ids)
        .execute();
    }
    if (def.remove) await def.remove(trx, ids, ctx);
    else await dyn(trx).deleteFrom(def.table).where('id', 'in', ids).execute();
  });
  if (def.afterRemove) await def.afterRemove(ids, ctx);
}

/**
 * Registers the REST conventions for one resource: list, _info, related, distinct, get, create,
 * update, delete, bulk delete and favourites. Every route declares its permission.
 */
export function registerResource(
  app: FastifyInstance,
  def: ResourceDefinition,
  services: ResourceServices,
): void {
  const read = def.readPermission ?? { perm: 'can_read', view: def.view };
  const write = def.writePermission ?? { perm: 'can_write', view: def.view };
  const ctxOf = (req: FastifyRequest) => requestContext(req, services);
  const p = def.prefix;
  const tags = [def.noun];
  const qSchema = z.object({ q: z.string().optional() });
  const idParams = z.object({ id: z.string() });
  const columnParams = z.object({ column: z.string() });
  const itemAnswer = def.itemSchema
    ? z.object({ id: z.number().int(), result: def.itemSchema })
    : undefined;
  const answers = (status: number) => (itemAnswer ? { response: { [status]: itemAnswer } } : {});

  app.get(
    `${p}/`,
    {
      config: { access: read },
      schema: { tags, summary: `List ${def.noun}s`, querystring: qSchema },
    },
    async (req) => listResource(def, ctxOf(req), (req.query as Record<string, unknown>).q),
  );

  app.get(
    `${p}/_info`,
    {
      config: { access: read },
      schema: { tags, summary: 'Metadata and permissions', querystring: qSchema },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const q = parseRisonParam((req.query as Record<string, unknown>).q, infoQuerySchema);
      const want = (k: string) => !q.keys || q.keys.includes(k);
      const answer: Record<string, unknown> = {};
      if (want('permissions')) answer.permissions = permissionsOn(def, ctx);
      if (want('filters')) {
        const filters: Record<string, Array<{ name: string; operator: string }>> = {};
        for (const [name, column] of Object.entries(def.columns)) {
          filters[name] = allowedOperators(column).map((op) => ({ name: op, operator: op }));
        }
        answer.filters = filters;
      }
      if (def.write && want('add_columns'))
        answer.add_columns = Object.keys(jsonShape(def.write.createSchema));
      if (def.write && want('edit_columns'))
        answer.edit_columns = Object.keys(jsonShape(def.write.updateSchema));
      return answer;
    },
  );

  app.get<{ Params: { column: string } }>(
    `${p}/related/:column`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Related objects for a column',
        params: columnParams,
        querystring: qSchema,
      },
    },
    async (req) => {
      const source = def.related?.[req.params.column];
      if (!source) throw new ApiError(404, `No related column ${req.params.column}`);
      const q = parseRisonParam((req.query as Record<string, unknown>).q, relatedQuerySchema);
      const db = dyn(services.db);
      let qb = db.selectFrom(`${source.table} as r`) as unknown as DynamicQuery;
      if (source.where) {
        const cond = source.where();
        qb = qb.where(() => cond as Expression<boolean>) as DynamicQuery;
      }
      if (source.visible) {
        const allowed = source
          .visible(db.selectFrom(`${source.table} as t`) as unknown as DynamicQuery, ctxOf(req))
          .select(sql.ref(`t.${source.valueColumn}`).as('v'));
        qb = qb.where(sql.ref(`r.${source.valueColumn}`), 'in', allowed) as DynamicQuery;
      }
      if (q.filter) {
        const cond = containsAny('r', source.searchColumns, q.filter);
        qb = qb.where(() => cond) as DynamicQuery;
      }
      const countRow = await qb.select(sql<number>`count(*)`.as('count')).executeTakeFirst();
      const rows = await qb
        .select([
          sql.ref(`r.${source.valueColumn}`).as('value'),
          source.text().as('text'),
          ...(source.extraColumns ?? []).map((c) => sql.ref(`r.${c}`).as(c)),
        ])
        .orderBy(source.text())
        .limit(q.page_size)
        .offset(q.page * q.page_size)
        .execute();
      return {
        count: countOf(countRow),
        result: rows.map((r) => {
          const row = r as Record<string, unknown>;
          const item: Record<string, unknown> = { value: row.value, text: row.text };
          if (source.extra) item.extra = source.extra(row);
          return item;
        }),
      };
    },
  );

  app.get<{ Params: { column: string } }>(
    `${p}/distinct/:column`,
    {
      config: { access: read },
      schema: {
        tags,
        summary: 'Distinct values of a column',
        params: columnParams,
        querystring: qSchema,
      },
    },
    async (req) => {
      const name = req.params.column;
      if (!def.distinct?.includes(name)) throw new ApiError(404, `No distinct column ${name}`);
      const q = parseRisonParam((req.query as Record<string, unknown>).q, relatedQuerySchema);
      const ctx = ctxOf(req);
      const ref = sql.ref(`t.${name}`);
      let qb = baseQuery(def, ctx).where(
        () => sql`${ref} is not null` as Expression<boolean>,
      ) as DynamicQuery;
      if (q.filter) {
        const cond = containsAny('t', [name], q.filter);
        qb = qb.where(() => cond) as DynamicQuery;
      }
      const countRow = await dyn(services.db)
        .selectFrom(qb.select(ref.as('v')).distinct().as('d'))
        .select(sql<number>`count(*)`.as('count'))
        .executeTakeFirst();
      const rows = await qb
        .select(ref.as('v'))
        .distinct()
        .orderBy(ref)
        .limit(q.page_size)
        .offset(q.page * q.page_size)
        .execute();
      return {
        count: countOf(countRow),
        result: rows.map((r) => {
          const v = (r as { v: unknown }).v;
          return { text: String(v), value: v };
        }),
      };
    },
  );

  if (def.favoriteClassName) {
    const className = def.favoriteClassName;
    app.get(
      `${p}/favorite_status/`,
      {
        config: { access: read },
        schema: { tags, summary: 'Favourite status of objects', querystring: qSchema },
      },
      async (req) => {
        const ids = parseRisonParam((req.query as Record<string, unknown>).q, idListSchema, []);
        const ctx = ctxOf(req);
        const found = await visibleIds(def, ctx, ids);
        if (found.length === 0) throw new ApiError(404, 'Not found');
        const favs = await services.db
          .selectFrom('favstar')
          .select('obj_id')
          .where('user_id', '=', ctx.principal.id)
          .where('class_name', '=', className)
          .where('obj_id', 'in', found)
          .execute();
        const starred = new Set(favs.map((f) => f.obj_id));
        const foundSet = new Set(found);
        return {
          result: ids
            .filter((id) => foundSet.has(id))
            .map((id) => ({ id, value: starred.has(id) })),
        };
      },
    );
    app.post<{ Params: { id: string } }>(
      `${p}/:id/favorites/`,
      { config: { access: read }, schema: { tags, summary: 'Star an object', params: idParams } },
      async (req) => {
        const ctx = ctxOf(req);
        if (ctx.principal.isAnonymous) throw new ApiError(401, 'Not authorized');
        const id = parseId(req.params.id);
        await findVisibleOr404(def, ctx, id);
        const exists = await services.db
          .selectFrom('favstar')
          .select('id')
          .where('user_id', '=', ctx.principal.id)
          .where('class_name', '=', className)
          .where('obj_id', '=', id)
          .executeTakeFirst();
        if (!exists) {
          await services.db
            .insertInto('favstar')
            .values({
              user_id: ctx.principal.id,
              class_name: className,
              obj_id: id,
              dttm: nowIso(),
            })
            .execute();
        }
        return { result: 'OK' };
      },
    );
    app.delete<{ Params: { id: string } }>(
      `${p}/:id/favorites/`,
      { config: { access: read }, schema: { tags, summary: 'Unstar an object', params: idParams } },
      async (req) => {
        const ctx = ctxOf(req);
        if (ctx.principal.isAnonymous) throw new ApiError(401, 'Not authorized');
        const id = parseId(req.params.id);
        await findVisibleOr404(def, ctx, id);
        await services.db
          .deleteFrom('favstar')
          .where('user_id', '=', ctx.principal.id)
          .where('class_name', '=', className)
          .where('obj_id', '=', id)
          .execute();
        return { result: 'OK' };
      },
    );
  }

  app.get<{ Params: { id: string } }>(
    `${p}/:id`,
    {
      config: { access: read },
      schema: { tags, summary: `Get a ${def.noun}`, params: idParams, ...answers(200) },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const id = def.resolveId ? await def.resolveId(ctx, req.params.id) : parseId(req.params.id);
      await findVisibleOr404(def, ctx, id);
      const item = (await def.load(ctx, [id])).get(id);
      if (!item) throw new ApiError(404, 'Not found');
      const columns = def.showColumns;
      return { id, result: columns ? projectColumns(item, columns) : item };
    },
  );

  if (def.write) {
    const handlers = def.write;
    app.post(
      `${p}/`,
      {
        config: { access: write },
        schema: {
          tags,
          summary: `Create a ${def.noun}`,
          body: handlers.createSchema,
          ...answers(201),
        },
      },
      async (req, reply: FastifyReply) => {
        const ctx = ctxOf(req);
        const body = req.body;
        const id = await handlers.create(ctx, body);
        const item = (await def.load(ctx, [id])).get(id);
        return reply.code(201).send({ id, result: item ?? body });
      },
    );
    app.put<{ Params: { id: string } }>(
      `${p}/:id`,
      {
        config: { access: write },
        schema: {
          tags,
          summary: `Update a ${def.noun}`,
          params: idParams,
          body: handlers.updateSchema,
          ...answers(200),
        },
      },
      async (req) => {
        const ctx = ctxOf(req);
        const id = parseId(req.params.id);
        await findVisibleOr404(def, ctx, id);
        if (def.assertCanModify) await def.assertCanModify(ctx, id);
        const body = req.body;
        const extra = await handlers.update(
          ctx,
          id,
          body,
          (req.query ?? {}) as Record<string, unknown>,
        );
        const item = (await def.load(ctx, [id])).get(id);
        return { id, result: item, ...(extra ?? {}) };
      },
    );
  }

  if (def.deletable === false) return;

  app.delete<{ Params: { id: string } }>(
    `${p}/:id`,
    {
      config: { access: write },
      schema: { tags, summary: `Delete a ${def.noun}`, params: idParams },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const id = parseId(req.params.id);
      await findVisibleOr404(def, ctx, id);
      await removeObjects(def, ctx, [id]);
      return { message: 'OK' };
    },
  );

  app.delete(
    `${p}/`,
    {
      config: { access: write },
      schema: { tags, summary: `Delete several ${def.noun}s`, querystring: qSchema },
    },
    async (req) => {
      const ctx = ctxOf(req);
      const ids = [
        ...new Set(parseRisonParam((req.query as Record<string, unknown>).q, idListSchema, [])),
      ];
      const found = await visibleIds(def, ctx, ids);
      if (found.length !== ids.length) throw new ApiError(404, 'Not found');
      await removeObjects(def, ctx, ids);
      return { message: `Deleted ${ids.length} ${def.noun}${ids.length === 1 ? '' : 's'}` };
    },
  );
}

/** Top-level keys of an object schema (for _info's add/edit columns). */
function jsonShape(schema: z.ZodType<unknown>): Record<string, unknown> {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ?? {};
}
