/** Pieces every resource's create/update shares: field errors, JSON text fields, owners. */
import type { Kysely } from 'kysely';
import { z } from 'zod';
import { ApiError } from './errors.js';
import type { RequestContext } from './resource-types.js';

/** A 422 naming the field, in Superset's `{message: {field: [text]}}` shape. */
export const invalid = (field: string, message: string) =>
  new ApiError(422, message, { message: { [field]: [message] } });

/** Text that must parse as JSON (null or blank allowed). */
export const jsonText = z
  .string()
  .nullable()
  .refine(
    (t) => {
      if (t === null || t.trim() === '') return true;
      try {
        JSON.parse(t);
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Field must be valid JSON' },
  );

/** Every id must be a user: 422 "Owners are invalid" otherwise. */
export async function assertUsersExist(ctx: RequestContext, ids: number[]): Promise<void> {
  if (!ids.length) return;
  const found = await ctx.db.selectFrom('ab_user').select('id').where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size) throw invalid('owners', 'Owners are invalid');
}

/**
 * Replaces an object's rows in a link table (owners, roles, dashboards of a chart…): the old
 * rows deleted, one row per distinct target id inserted; call it inside the write's transaction.
 */
export async function replaceLinkRows(
  trx: RequestContext['db'],
  table: 'slice_user' | 'dashboard_slices' | 'dashboard_user' | 'dashboard_roles',
  ownerColumn: 'slice_id' | 'dashboard_id',
  ownerId: number,
  targetColumn: 'user_id' | 'dashboard_id' | 'slice_id' | 'role_id',
  ids: readonly number[],
): Promise<void> {
  // The table and column names come from the fixed unions above, never from a request.
  const db = trx as unknown as Kysely<Record<string, Record<string, number>>>;
  await db.deleteFrom(table).where(ownerColumn, '=', ownerId).execute();
  const unique = [...new Set(ids)];
  if (unique.length)
    await db
      .insertInto(table)
      .values(unique.map((id) => ({ [ownerColumn]: ownerId, [targetColumn]: id })))
      .execute();
}

/** Owner link tables and the column naming their object (the user column is `user_id`). */
const OWNER_LINKS = {
  sqlatable_user: 'table_id',
  slice_user: 'slice_id',
  dashboard_user: 'dashboard_id',
} as const;

/** Adds a user to an object's owners unless already there; call it inside the write's transaction. */
export async function addOwnerRow(
  trx: RequestContext['db'],
  table: keyof typeof OWNER_LINKS,
  objectId: number,
  userId: number,
): Promise<void> {
  // The table and column names come from the fixed map above, never from a request.
  const db = trx as unknown as Kysely<Record<string, Record<string, number>>>;
  const column = OWNER_LINKS[table];
  const has = await db
    .selectFrom(table)
    .select('user_id')
    .where(column, '=', objectId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!has)
    await db
      .insertInto(table)
      .values({ [column]: objectId, user_id: userId })
      .execute();
}
