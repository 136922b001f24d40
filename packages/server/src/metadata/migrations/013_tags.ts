import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * Tags (issue 21, Superset's TAGGING_SYSTEM): Superset's `tag` (a name, unique, and its type —
 * `custom` here) and `tagged_object` (a tag on a dashboard, chart or saved query, by Superset's
 * object type name: `dashboard`, `chart`, `query`). A tag's rows go with it.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  await withAudit(t, withId(t, db.schema.createTable('tag')))
    .addColumn('name', 'varchar(250)', (c) => c.notNull())
    .addColumn('type', 'varchar(50)', (c) => c.notNull().defaultTo('custom'))
    .addColumn('description', t.longText)
    .addUniqueConstraint('tag_name_uq', ['name'])
    .execute();
  await withAudit(t, withId(t, db.schema.createTable('tagged_object')))
    .addColumn('tag_id', 'integer', (c) => c.notNull().references('tag.id').onDelete('cascade'))
    .addColumn('object_id', 'integer', (c) => c.notNull())
    .addColumn('object_type', 'varchar(50)', (c) => c.notNull())
    .addUniqueConstraint('tagged_object_uq', ['tag_id', 'object_id', 'object_type'])
    .execute();
  await db.schema
    .createIndex('tagged_object_object_idx')
    .on('tagged_object')
    .columns(['object_type', 'object_id'])
    .execute();
}

export const migration013: Migration = { name: '013_tags', up };
