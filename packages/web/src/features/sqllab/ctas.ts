import { CTAS_TARGET_NAME_RULE, isCtasTargetName } from '@strata/core';
import type { CtasMethod } from '@strata/core';
import type { SqlLabDatabase } from './types';

/** The "Create as" choices a database allows, in Superset's order. */
export function ctasMethods(
  db: Pick<SqlLabDatabase, 'allow_ctas' | 'allow_cvas'> | null,
): CtasMethod[] {
  if (!db) return [];
  return [
    ...(db.allow_ctas ? (['TABLE'] as const) : []),
    ...(db.allow_cvas ? (['VIEW'] as const) : []),
  ];
}

/** The dialog's title and the menu entry of a method. */
export function ctasTitle(method: CtasMethod): string {
  return method === 'VIEW' ? 'CREATE VIEW AS' : 'CREATE TABLE AS';
}

/** Where the table or view goes: the database's forced schema, else the tab's schema. */
export function ctasTargetSchema(
  db: Pick<SqlLabDatabase, 'force_ctas_schema'> | null,
  schema: string | null,
): string | null {
  return db?.force_ctas_schema ?? schema;
}

/** The name field's placeholder (Superset's wording, with the schema it goes to). */
export function ctasPlaceholder(method: CtasMethod, schema: string | null): string {
  const what = method === 'VIEW' ? 'CREATE VIEW AS' : 'CREATE TABLE AS';
  return schema ? `Specify name to ${what} schema in: ${schema}` : `Specify name to ${what}`;
}

/** Why a typed name cannot be used, or null ('' is "nothing yet", not an error). */
export function ctasNameError(name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return null;
  return isCtasTargetName(trimmed) ? null : CTAS_TARGET_NAME_RULE;
}
