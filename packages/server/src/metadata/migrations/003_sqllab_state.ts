import type { Kysely } from 'kysely';
import { withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * SQL Lab's state kept on the server: the editor tabs of each user (Superset's tab_state), the
 * table metadata panels of a tab (table_schema), and key-value entries (shared queries and
 * permalinks, Superset's key_value).
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await withId(t, s.createTable('tab_state'))
    .addColumn('user_id', 'integer', (c) =>
      c.notNull().references('ab_user.id').onDelete('cascade'),
    )
    .addColumn('label', 'varchar(256)', (c) => c.notNull())
    .addColumn('active', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('database_id', 'integer', (c) => c.references('dbs.id').onDelete('set null'))
    .addColumn('schema', 'varchar(256)')
    .addColumn('catalog', 'varchar(256)')
    .addColumn('sql', t.longText, (c) => c.notNull())
    .addColumn('query_limit', 'integer')
    .addColumn('latest_query_id', 'varchar(11)')
    .addColumn('autorun', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('template_params', t.longText)
    .addColumn('hide_left_bar', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('saved_query_id', 'integer', (c) =>
      c.references('saved_query.id').onDelete('set null'),
    )
    .addColumn('extra_json', t.longText)
    .addColumn('created_on', t.timestamp)
    .addColumn('changed_on', t.timestamp)
    .execute();
  await s.createIndex('tab_state_user_idx').on('tab_state').column('user_id').execute();

  await withId(t, s.createTable('table_schema'))
    .addColumn('tab_state_id', 'integer', (c) =>
      c.notNull().references('tab_state.id').onDelete('cascade'),
    )
    .addColumn('database_id', 'integer', (c) =>
      c.notNull().references('dbs.id').onDelete('cascade'),
    )
    .addColumn('schema', 'varchar(256)')
    .addColumn('catalog', 'varchar(256)')
    .addColumn('table', 'varchar(256)', (c) => c.notNull())
    .addColumn('description', t.longText)
    .addColumn('expanded', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('created_on', t.timestamp)
    .addColumn('changed_on', t.timestamp)
    .execute();
  await s
    .createIndex('table_schema_tab_state_idx')
    .on('table_schema')
    .column('tab_state_id')
    .execute();

  await withId(t, s.createTable('key_value'))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('resource', 'varchar(32)', (c) => c.notNull())
    .addColumn('value', t.longText, (c) => c.notNull())
    .addColumn('created_on', t.timestamp)
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_on', t.timestamp)
    .addColumn('expires_on', t.timestamp)
    .execute();
}

export const migration003: Migration = { name: '003_sqllab_state', up };
