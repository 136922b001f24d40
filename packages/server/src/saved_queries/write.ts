import { randomUUID } from 'node:crypto';
import type { Updateable } from 'kysely';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import { nowIso } from '../metadata/db.js';
import type { SavedQueryTable } from '../metadata/schema.js';
import { isAdmin } from '../security/principal.js';
import { MAX_TAB_SQL_LENGTH, MAX_TAB_TEXT_LENGTH } from '../tab_state/payload.js';
import { assertUsableDatabase } from '../tab_state/repository.js';

/** JSON text of an object (or empty): Superset's `extra_json` (a schedule lives there). */
const extraJsonText = z
  .string()
  .max(MAX_TAB_TEXT_LENGTH)
  .nullable()
  .refine(
    (t) => {
      if (t === null || t.trim() === '') return true;
      try {
        const v: unknown = JSON.parse(t);
        return v !== null && typeof v === 'object' && !Array.isArray(v);
      } catch {
        return false;
      }
    },
    { message: 'Field must be a JSON object' },
  );

const fields = {
  label: z.string().trim().min(1).max(256),
  description: z.string().max(MAX_TAB_TEXT_LENGTH).nullable(),
  db_id: z.number().int().positive().max(2_147_483_647),
  schema: z.string().max(128).nullable(),
  catalog: z.string().max(256).nullable(),
  sql: z.string().min(1).max(MAX_TAB_SQL_LENGTH),
  // The editor's parameters text as the user typed it: kept even when it is not yet valid JSON.
  template_parameters: z.string().max(MAX_TAB_TEXT_LENGTH).nullable(),
  extra_json: extraJsonText,
};

export const createSavedQuerySchema = z
  .object({
    label: fields.label,
    db_id: fields.db_id,
    sql: fields.sql,
    description: fields.description.optional(),
    schema: fields.schema.optional(),
    catalog: fields.catalog.optional(),
    template_parameters: fields.template_parameters.optional(),
    extra_json: fields.extra_json.optional(),
  })
  .strict();
export const updateSavedQuerySchema = z.object(fields).partial().strict();
export type CreateSavedQuery = z.infer<typeof createSavedQuerySchema>;
export type UpdateSavedQuery = z.infer<typeof updateSavedQuerySchema>;

/** Only the owner (its user or creator) or an admin changes or deletes a saved query. */
export async function assertSavedQueryOwner(ctx: RequestContext, id: number): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  const row = await ctx.db
    .selectFrom('saved_query')
    .select(['user_id', 'created_by_fk'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || (row.user_id !== ctx.principal.id && row.created_by_fk !== ctx.principal.id))
    throw new ApiError(404, 'Not found');
}

/** Stores a new saved query owned by the caller; the database must be one they may use. */
export async function createSavedQuery(
  ctx: RequestContext,
  body: CreateSavedQuery,
): Promise<number> {
  await assertUsableDatabase(ctx.db, ctx.principal, body.db_id, 'db_id');
  const now = nowIso();
  const row = await ctx.db
    .insertInto('saved_query')
    .values({
      uuid: randomUUID(),
      user_id: ctx.principal.id,
      db_id: body.db_id,
      schema: body.schema ?? null,
      catalog: body.catalog ?? null,
      label: body.label,
      description: body.description ?? null,
      sql: body.sql,
      template_parameters: body.template_parameters ?? null,
      extra_json: body.extra_json ?? null,
      last_run: null,
      rows: null,
      created_on: now,
      changed_on: now,
      created_by_fk: ctx.principal.id,
      changed_by_fk: ctx.principal.id,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSavedQuery(
  ctx: RequestContext,
  id: number,
  body: UpdateSavedQuery,
): Promise<void> {
  if (body.db_id !== undefined)
    await assertUsableDatabase(ctx.db, ctx.principal, body.db_id, 'db_id');
  const changes: Updateable<SavedQueryTable> = {
    changed_on: nowIso(),
    changed_by_fk: ctx.principal.id,
  };
  for (const [key, value] of Object.entries(body)) {
    if (value !== undefined) (changes as Record<string, unknown>)[key] = value;
  }
  await ctx.db.updateTable('saved_query').set(changes).where('id', '=', id).execute();
}

export function savedQueryWriteHandlers(): WriteHandlers<CreateSavedQuery, UpdateSavedQuery> {
  return {
    createSchema: createSavedQuerySchema,
    updateSchema: updateSavedQuerySchema,
    create: createSavedQuery,
    update: (ctx, id, body) => updateSavedQuery(ctx, id, body),
  };
}
