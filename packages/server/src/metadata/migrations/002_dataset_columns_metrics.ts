import type { Kysely } from 'kysely';
import { withAudit, withId, type DialectTypes, type Migration } from './helpers.js';

/** Columns and saved metrics of datasets (Superset's table_columns and sql_metrics). */
async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  const s = db.schema;
  await withAudit(t, withId(t, s.createTable('table_columns')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('table_id', 'integer', (c) =>
      c.notNull().references('tables.id').onDelete('cascade'),
    )
    .addColumn('column_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('verbose_name', 'varchar(1024)')
    .addColumn('is_dttm', t.bool, (c) => c.notNull().defaultTo(false))
    .addColumn('is_active', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('type', t.longText)
    .addColumn('advanced_data_type', 'varchar(255)')
    .addColumn('groupby', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('filterable', t.bool, (c) => c.notNull().defaultTo(true))
    .addColumn('expression', t.longText)
    .addColumn('description', t.longText)
    .addColumn('python_date_format', 'varchar(255)')
    .addColumn('extra', t.longText)
    .addUniqueConstraint('table_columns_uq', ['table_id', 'column_name'])
    .execute();
  await withAudit(t, withId(t, s.createTable('sql_metrics')))
    .addColumn('uuid', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('table_id', 'integer', (c) =>
      c.notNull().references('tables.id').onDelete('cascade'),
    )
    .addColumn('metric_name', 'varchar(255)', (c) => c.notNull())
    .addColumn('verbose_name', 'varchar(1024)')
    .addColumn('metric_type', 'varchar(32)')
    .addColumn('expression', t.longText, (c) => c.notNull())
    .addColumn('description', t.longText)
    .addColumn('d3format', 'varchar(128)')
    .addColumn('currency', 'varchar(128)')
    .addColumn('warning_text', t.longText)
    .addColumn('extra', t.longText)
    .addUniqueConstraint('sql_metrics_uq', ['table_id', 'metric_name'])
    .execute();
  await s
    .createIndex('tables_db_schema_name_idx')
    .on('tables')
    .columns(['database_id', 'schema', 'table_name'])
    .execute();
}

export const migration002: Migration = { name: '002_dataset_columns_metrics', up };
