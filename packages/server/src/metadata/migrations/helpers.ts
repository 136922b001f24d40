import type { ColumnDataType, CreateTableBuilder, Kysely } from 'kysely';
import type { MetadataDialect } from '../../config/config.js';

/** Column types that differ between the two metadata dialects. */
export interface DialectTypes {
  dialect: MetadataDialect;
  timestamp: ColumnDataType;
  bool: ColumnDataType;
  longText: ColumnDataType;
  bigint: ColumnDataType;
}

export function dialectTypes(dialect: MetadataDialect): DialectTypes {
  return dialect === 'postgresql'
    ? { dialect, timestamp: 'timestamptz', bool: 'boolean', longText: 'text', bigint: 'bigint' }
    : { dialect, timestamp: 'text', bool: 'integer', longText: 'text', bigint: 'integer' };
}

/** Adds an auto-incrementing integer primary key named `id` (serial on PostgreSQL). */
export function withId<TB extends string, C extends string>(
  t: DialectTypes,
  builder: CreateTableBuilder<TB, C>,
): CreateTableBuilder<TB, C | 'id'> {
  return t.dialect === 'postgresql'
    ? builder.addColumn('id', 'serial', (c) => c.primaryKey())
    : builder.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
}

/** created_on, changed_on, created_by_fk, changed_by_fk. */
export function withAudit<TB extends string, C extends string>(
  t: DialectTypes,
  builder: CreateTableBuilder<TB, C>,
): CreateTableBuilder<TB, C | 'created_on' | 'changed_on' | 'created_by_fk' | 'changed_by_fk'> {
  return builder
    .addColumn('created_on', t.timestamp)
    .addColumn('changed_on', t.timestamp)
    .addColumn('created_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'))
    .addColumn('changed_by_fk', 'integer', (c) => c.references('ab_user.id').onDelete('set null'));
}

/** A migration gets the database and the dialect's types. */
export interface Migration {
  name: string;
  up(db: Kysely<unknown>, t: DialectTypes): Promise<void>;
}
