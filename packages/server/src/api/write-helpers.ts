/** Pieces every resource's create/update shares: field errors, JSON text fields, owners. */
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
