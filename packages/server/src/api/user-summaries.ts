import { sql } from 'kysely';
import type { MetadataDb } from '../metadata/db.js';
import type { DynamicDb } from './resource-types.js';

export interface UserSummary {
  id: number;
  first_name: string;
  last_name: string;
  username?: string;
}

/** id, first and last name of users, for owners, created_by and changed_by fields. */
export async function loadUserSummaries(
  db: MetadataDb,
  ids: Array<number | null | undefined>,
): Promise<Map<number, UserSummary>> {
  const wanted = [...new Set(ids.filter((x): x is number => typeof x === 'number'))];
  if (wanted.length === 0) return new Map();
  const rows = await db
    .selectFrom('ab_user')
    .select(['id', 'first_name', 'last_name', 'username'])
    .where('id', 'in', wanted)
    .execute();
  return new Map(rows.map((r) => [r.id, r]));
}

/** Owners of objects through a link table: object id -> its owners. */
export async function loadOwners(
  db: MetadataDb,
  linkTable: 'dashboard_user' | 'slice_user' | 'sqlatable_user',
  objectColumn: 'dashboard_id' | 'slice_id' | 'table_id',
  objectIds: number[],
): Promise<Map<number, UserSummary[]>> {
  const out = new Map<number, UserSummary[]>();
  if (objectIds.length === 0) return out;
  const rows = await (db as unknown as DynamicDb)
    .selectFrom(`${linkTable} as l`)
    .innerJoin('ab_user as u', 'u.id', 'l.user_id')
    .select([
      sql.ref<number>(`l.${objectColumn}`).as('object_id'),
      sql.ref<number>('u.id').as('id'),
      sql.ref<string>('u.first_name').as('first_name'),
      sql.ref<string>('u.last_name').as('last_name'),
      sql.ref<string>('u.username').as('username'),
    ])
    .where(sql.ref(`l.${objectColumn}`), 'in', objectIds)
    .orderBy(sql.ref('u.id'))
    .execute();
  for (const r of rows) {
    const list = out.get(r.object_id) ?? [];
    list.push({ id: r.id, first_name: r.first_name, last_name: r.last_name, username: r.username });
    out.set(r.object_id, list);
  }
  return out;
}
