import { sql } from 'kysely';
import { escapeLike } from '../api/list-query.js';
import type { DynamicQuery, RequestContext } from '../api/resource-types.js';
import type { MetadataDb } from '../metadata/db.js';
import { ensureObjectPermission } from '../security/object-permissions.js';
import { hasPerm, isAdmin, type Principal } from '../security/principal.js';

/** Superset's per-object permission names. */
export const DATABASE_ACCESS = 'database_access';
export const SCHEMA_ACCESS = 'schema_access';
export const DATASOURCE_ACCESS = 'datasource_access';

/** View-menu name of a database: `[examples].(id:1)`. */
export function databaseViewName(db: { id: number; database_name: string }): string {
  return `[${db.database_name}].(id:${db.id})`;
}

/** View-menu name of a schema: `[examples].[public]`. */
export function schemaViewName(databaseName: string, schema: string): string {
  return `[${databaseName}].[${schema}]`;
}

/** View-menu name of a dataset: `[examples].[birth_names](id:3)`. */
export function datasetViewName(databaseName: string, tableName: string, id: number): string {
  return `[${databaseName}].[${tableName}](id:${id})`;
}

export function hasAllDatabaseAccess(p: Principal): boolean {
  return (
    isAdmin(p) ||
    hasPerm(p, 'all_database_access', 'all_database_access') ||
    hasPerm(p, 'all_datasource_access', 'all_datasource_access')
  );
}

/** Whether the principal may use the whole database. */
export function canAccessDatabase(
  p: Principal,
  db: { id: number; database_name: string },
): boolean {
  return hasAllDatabaseAccess(p) || hasPerm(p, DATABASE_ACCESS, databaseViewName(db));
}

/** The schemas of `schemas` the principal may see in a database. */
export function accessibleSchemas(
  p: Principal,
  db: { id: number; database_name: string },
  schemas: string[],
): string[] {
  if (canAccessDatabase(p, db)) return schemas;
  const prefix = `${SCHEMA_ACCESS}|[${db.database_name}].[`;
  const granted = new Set<string>();
  for (const key of p.perms) {
    if (key.startsWith(prefix) && key.endsWith(']')) granted.add(key.slice(prefix.length, -1));
  }
  return schemas.filter((s) => granted.has(s));
}

/** Ids of the databases the principal holds any grant on (database, schema or dataset). */
export function grantedDatabaseNames(p: Principal): Set<string> {
  const names = new Set<string>();
  for (const key of p.perms) {
    const m = /^(database_access|schema_access|datasource_access)\|\[([^\]]*)\]/.exec(key);
    if (m) names.add(m[2]!);
  }
  return names;
}

/**
 * Whether the principal may edit the database: `PUT /api/v1/database/{id}` asks can_write on
 * Database and a database the principal sees (the rule of `visibleDatabases`).
 */
export function canEditDatabase(p: Principal, db: { database_name: string }): boolean {
  if (!isAdmin(p) && !hasPerm(p, 'can_write', 'Database')) return false;
  return hasAllDatabaseAccess(p) || grantedDatabaseNames(p).has(db.database_name);
}

/** The databases list shows what the principal may use. */
export function visibleDatabases(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (hasAllDatabaseAccess(ctx.principal)) return qb;
  const names = [...grantedDatabaseNames(ctx.principal)];
  if (names.length === 0) return qb.where(() => sql<boolean>`1 = 0`) as DynamicQuery;
  return qb.where(() => sql<boolean>`t.database_name in (${sql.join(names)})`) as DynamicQuery;
}

/** Creates (or renames) the database_access permission of a database, in the given transaction. */
export async function syncDatabasePermission(
  trx: MetadataDb,
  db: { id: number; database_name: string },
  previousName?: string,
): Promise<void> {
  const previous =
    previousName === undefined
      ? undefined
      : databaseViewName({ id: db.id, database_name: previousName });
  await ensureObjectPermission(trx, DATABASE_ACCESS, databaseViewName(db), previous);
}

/** Removes the per-object permissions of a database (its own, its schemas', its datasets'). */
export async function dropDatabasePermissions(
  trx: MetadataDb,
  db: { id: number; database_name: string },
): Promise<void> {
  const views = await trx
    .selectFrom('ab_view_menu')
    .select('id')
    .where(
      () =>
        sql<boolean>`(name = ${databaseViewName(db)} or name like ${`${escapeLike(`[${db.database_name}].[`)}%`} escape '\\')`,
    )
    .execute();
  const ids = views.map((v) => v.id);
  if (ids.length) await trx.deleteFrom('ab_view_menu').where('id', 'in', ids).execute();
}
