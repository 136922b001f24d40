import type { Kysely } from 'kysely';
import type { DialectTypes, Migration } from './helpers.js';

/**
 * A per-user token generation: every access and refresh token carries the generation it was
 * issued at, and a password change, a deactivation or reactivation, or a change of roles bumps
 * it, so tokens issued before are refused.
 */
async function up(db: Kysely<unknown>, _t: DialectTypes): Promise<void> {
  await db.schema
    .alterTable('ab_user')
    .addColumn('token_generation', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export const migration007: Migration = { name: '007_token_generation', up };
