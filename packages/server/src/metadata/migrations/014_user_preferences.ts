import type { Kysely } from 'kysely';
import type { DialectTypes, Migration } from './helpers.js';

/**
 * Per-user preferences (issue 21: the colour theme), one row per user holding a JSON document
 * validated by core's `userPreferences` schema; gone with the user.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  await db.schema
    .createTable('strata_user_preference')
    .addColumn('user_id', 'integer', (c) =>
      c.primaryKey().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('value', t.longText, (c) => c.notNull())
    .addColumn('changed_on', t.timestamp, (c) => c.notNull())
    .execute();
}

export const migration014: Migration = { name: '014_user_preferences', up };
