import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * Saved filter sets of dashboards (Superset's filter_sets): a named native filter state owned by
 * the dashboard (`owner_type` "Dashboard", `owner_id` the dashboard's id) or by one user
 * (`owner_type` "User", `owner_id` the user's id); removed with their dashboard. And a lookup
 * column for key-value entries found by what they are about rather than by key (a user's live
 * filter state of a dashboard and browser tab), indexed with the resource.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await withAudit(
    t,
    withId(t, s.createTable('filter_sets'))
      .addColumn('name', 'varchar(500)', (c) => c.notNull())
      .addColumn('description', t.longText)
      .addColumn('json_metadata', t.longText, (c) => c.notNull())
      .addColumn('owner_id', 'integer', (c) => c.notNull())
      .addColumn('owner_type', 'varchar(255)', (c) => c.notNull())
      .addColumn('dashboard_id', 'integer', (c) =>
        c.notNull().references('dashboards.id').onDelete('cascade'),
      ),
  ).execute();
  await s
    .createIndex('filter_sets_dashboard_idx')
    .on('filter_sets')
    .columns(['dashboard_id', 'owner_type', 'owner_id'])
    .execute();

  await s.alterTable('key_value').addColumn('lookup', 'varchar(255)').execute();
  await s
    .createIndex('key_value_lookup_idx')
    .on('key_value')
    .columns(['resource', 'lookup'])
    .execute();
}

export const migration006: Migration = { name: '006_filter_sets', up };
