import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * Dynamic plugins (issue 19), Superset's `dynamic_plugin` table: a chart type's ES module
 * bundle, by URL, registered under its key. Name, key and bundle URL are each unique.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  await withAudit(t, withId(t, db.schema.createTable('dynamic_plugin')))
    .addColumn('name', t.longText, (c) => c.notNull())
    .addColumn('key', t.longText, (c) => c.notNull())
    .addColumn('bundle_url', t.longText, (c) => c.notNull())
    .addUniqueConstraint('dynamic_plugin_name_uq', ['name'])
    .addUniqueConstraint('dynamic_plugin_key_uq', ['key'])
    .addUniqueConstraint('dynamic_plugin_bundle_url_uq', ['bundle_url'])
    .execute();
}

export const migration010: Migration = { name: '010_dynamic_plugins', up };
