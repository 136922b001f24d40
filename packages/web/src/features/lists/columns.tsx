import type { ListColumn } from '../../components/ListView';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import type { Person } from '../../components/people';
import { MutedText, PersonText, SqlPreview } from './cells';
import type { DatabaseRef } from './types';

/*
 * Columns that several lists share. Each builder is typed by the fields its cell reads, so
 * `ownersColumn<ChartRow>()` only compiles for rows that have `owners`.
 */

/** "Owners": their initials avatars. */
export function ownersColumn<T extends { owners?: Person[] | null }>(): ListColumn<T> {
  return {
    key: 'owners',
    title: 'Owners',
    width: 150,
    render: (row) => <OwnerAvatars owners={row.owners} />,
  };
}

/** "Modified" (or another title): how long ago the item changed, e.g. "2 days ago". */
export function modifiedColumn<T extends { changed_on_delta_humanized?: string | null }>(
  title = 'Modified',
): ListColumn<T> {
  return {
    key: 'changed_on_delta_humanized',
    title,
    sortKey: 'changed_on_delta_humanized',
    width: 160,
    render: (row) => <MutedText>{row.changed_on_delta_humanized}</MutedText>,
  };
}

/** "Modified by": who changed the item last, sorted by first name. */
export function modifiedByColumn<T extends { changed_by?: Person | null }>(): ListColumn<T> {
  return {
    key: 'changed_by',
    title: 'Modified by',
    sortKey: 'changed_by.first_name',
    width: 170,
    render: (row) => <PersonText person={row.changed_by} />,
  };
}

/** "Created by": who created the item, sorted by first name. */
export function createdByColumn<T extends { created_by?: Person | null }>(): ListColumn<T> {
  return {
    key: 'created_by',
    title: 'Created by',
    sortKey: 'created_by.first_name',
    render: (row) => <PersonText person={row.created_by} />,
  };
}

/** "Database": the name of the item's database. */
export function databaseColumn<T extends { database?: DatabaseRef | null }>(): ListColumn<T> {
  return {
    key: 'database',
    title: 'Database',
    sortKey: 'database.database_name',
    render: (row) => <MutedText>{row.database?.database_name}</MutedText>,
  };
}

/** "Schema". */
export function schemaColumn<T extends { schema?: string | null }>(): ListColumn<T> {
  return {
    key: 'schema',
    title: 'Schema',
    sortKey: 'schema',
    render: (row) => <MutedText>{row.schema}</MutedText>,
  };
}

/** "SQL": a one-line preview. */
export function sqlColumn<T extends { sql?: string | null }>(): ListColumn<T> {
  return { key: 'sql', title: 'SQL', render: (row) => <SqlPreview sql={row.sql} /> };
}

/** The keys of T whose values MutedText can show. */
type TextKey<T> = {
  [K in keyof T]-?: T[K] extends string | number | null | undefined ? K : never;
}[keyof T] &
  string;

/** A sortable column of plain secondary text, keyed and sorted by the field it shows. */
export function textColumn<T>(key: TextKey<T>, title: string): ListColumn<T> {
  return {
    key,
    title,
    sortKey: key,
    render: (row) => <MutedText>{row[key] as string | number | null | undefined}</MutedText>,
  };
}
