import type { QueryDto, TabStateDto } from '@strata/core';
import { ApiError } from '../api/errors.js';
import { canAccessDatabase, grantedDatabaseNames } from '../databases/access.js';
import type { MetadataDb } from '../metadata/db.js';
import { isAdmin, type Principal } from '../security/principal.js';
import { toQueryDto, type QueryRow } from '../sqllab/query-dto.js';
import { invalidReference, toTabStateDto, type TabStateRow } from './payload.js';

/** Most queries the SQL Lab bootstrap hands back. */
export const BOOTSTRAP_QUERY_LIMIT = 100;

/** Whether the principal may use a database in SQL Lab: any grant on it, as the database list shows. */
export function mayUseDatabase(p: Principal, db: { id: number; database_name: string }): boolean {
  return canAccessDatabase(p, db) || grantedDatabaseNames(p).has(db.database_name);
}

/** The database, or 422 naming `field` when it does not exist or the principal may not use it. */
export async function assertUsableDatabase(
  db: MetadataDb,
  principal: Principal,
  id: number,
  field: string,
): Promise<{ id: number; database_name: string }> {
  const row = await db
    .selectFrom('dbs')
    .select(['id', 'database_name'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || !mayUseDatabase(principal, row))
    throw invalidReference(field, 'Database does not exist');
  return row;
}

/** The caller's own tab, or 404 (another user's tab does not exist for the caller). */
export async function ownTab(db: MetadataDb, userId: number, id: number): Promise<TabStateRow> {
  const row = await db
    .selectFrom('tab_state')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw new ApiError(404, 'Not found');
  return row;
}

/** 422 naming `field` unless the query with this client id is the caller's. */
export async function assertOwnQuery(
  db: MetadataDb,
  userId: number,
  clientId: string,
  field: string,
): Promise<void> {
  const row = await db
    .selectFrom('query')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) throw invalidReference(field, 'Query does not exist');
}

/** Whether the query with this client id is the caller's. */
export async function isOwnQuery(
  db: MetadataDb,
  userId: number,
  clientId: string,
): Promise<boolean> {
  const row = await db
    .selectFrom('query')
    .select('id')
    .where('client_id', '=', clientId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

/** 422 naming `field` unless the saved query is the caller's (an admin may use any). */
export async function assertOwnSavedQuery(
  db: MetadataDb,
  principal: Principal,
  id: number,
  field: string,
): Promise<void> {
  const row = await db
    .selectFrom('saved_query')
    .select(['user_id', 'created_by_fk'])
    .where('id', '=', id)
    .executeTakeFirst();
  const own =
    row !== undefined &&
    (isAdmin(principal) || row.user_id === principal.id || row.created_by_fk === principal.id);
  if (!own) throw invalidReference(field, 'Saved query does not exist');
}

/** Queries as the client sees them, with their database names and users. */
export async function queryDtos(db: MetadataDb, rows: QueryRow[]): Promise<QueryDto[]> {
  if (rows.length === 0) return [];
  const dbIds = [...new Set(rows.map((r) => r.database_id))];
  const userIds = [...new Set(rows.flatMap((r) => (r.user_id === null ? [] : [r.user_id])))];
  const dbs = await db
    .selectFrom('dbs')
    .select(['id', 'database_name'])
    .where('id', 'in', dbIds)
    .execute();
  const users = userIds.length
    ? await db.selectFrom('ab_user').select(['id', 'username']).where('id', 'in', userIds).execute()
    : [];
  const dbName = new Map(dbs.map((d) => [d.id, d.database_name]));
  const userName = new Map(users.map((u) => [u.id, u.username]));
  return rows.map((r) =>
    toQueryDto(r, {
      databaseName: dbName.get(r.database_id) ?? null,
      username: r.user_id === null ? null : (userName.get(r.user_id) ?? null),
    }),
  );
}

/** A tab as `GET /tabstateview/{id}` answers it. */
export async function loadTabStateDto(db: MetadataDb, tab: TabStateRow): Promise<TabStateDto> {
  const tables = await db
    .selectFrom('table_schema')
    .selectAll()
    .where('tab_state_id', '=', tab.id)
    .orderBy('id')
    .execute();
  let latest: QueryDto | null = null;
  if (tab.latest_query_id) {
    const row = await db
      .selectFrom('query')
      .selectAll()
      .where('client_id', '=', tab.latest_query_id)
      .where('user_id', '=', tab.user_id)
      .executeTakeFirst();
    if (row) latest = (await queryDtos(db, [row]))[0] ?? null;
  }
  return toTabStateDto(tab, tables, latest);
}

/** The caller's latest queries run from their tabs (newest first). */
export async function tabQueries(
  db: MetadataDb,
  userId: number,
  tabIds: number[],
  limit = BOOTSTRAP_QUERY_LIMIT,
): Promise<QueryDto[]> {
  if (tabIds.length === 0) return [];
  const rows = await db
    .selectFrom('query')
    .selectAll()
    .where('user_id', '=', userId)
    .where('sql_editor_id', 'in', tabIds.map(String))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return queryDtos(db, rows);
}
