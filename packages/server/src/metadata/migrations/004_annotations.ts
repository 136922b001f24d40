import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/**
 * Native annotation layers and their annotations (Superset's annotation_layer and annotation
 * tables): a layer is a named group; an annotation is a time span with texts and JSON metadata.
 */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await withAudit(
    t,
    withId(t, s.createTable('annotation_layer'))
      .addColumn('name', 'varchar(250)', (c) => c.notNull())
      .addColumn('descr', t.longText),
  ).execute();
  await s
    .createIndex('annotation_layer_name_idx')
    .on('annotation_layer')
    .column('name')
    .unique()
    .execute();

  await withAudit(
    t,
    withId(t, s.createTable('annotation'))
      .addColumn('start_dttm', t.timestamp)
      .addColumn('end_dttm', t.timestamp)
      .addColumn('layer_id', 'integer', (c) =>
        c.notNull().references('annotation_layer.id').onDelete('cascade'),
      )
      .addColumn('short_descr', 'varchar(500)')
      .addColumn('long_descr', t.longText)
      .addColumn('json_metadata', t.longText),
  ).execute();
  await s
    .createIndex('annotation_layer_span_idx')
    .on('annotation')
    .columns(['layer_id', 'start_dttm', 'end_dttm'])
    .execute();
}

export const migration004: Migration = { name: '004_annotations', up };
