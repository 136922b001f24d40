import { randomBytes } from 'node:crypto';
import type { PermissionPair } from '@strata/core';
import { ROLE_ADMIN, ROLE_PUBLIC } from '@strata/core';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toBool } from '../metadata/db.js';
import {
  ALL_PERMISSION_PAIRS,
  BUILTIN_ROLE_NAMES,
  builtinRolePairs,
  pairKey,
} from './catalogue.js';
import { hashPassword } from './passwords.js';
import { makePrincipal, type Principal } from './principal.js';

/**
 * Makes sure every permission pair the app checks exists, and every built-in role. A role that is
 * created gets its defined pairs; a pair that is new (an upgrade added it) is granted to the
 * built-in roles that define it. Pairs an administrator removed from a role stay removed. Admin
 * always holds every pair.
 */
export async function syncPermissionCatalogue(db: MetadataDb): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const ensureNamed = async (table: 'ab_permission' | 'ab_view_menu', names: string[]) => {
      const existing = await trx.selectFrom(table).select(['id', 'name']).execute();
      const byName = new Map(existing.map((r) => [r.name, r.id]));
      for (const name of names) {
        if (!byName.has(name)) {
          const row = await trx
            .insertInto(table)
            .values({ name })
            .returning('id')
            .executeTakeFirstOrThrow();
          byName.set(name, row.id);
        }
      }
      return byName;
    };
    const permIds = await ensureNamed('ab_permission', [
      ...new Set(ALL_PERMISSION_PAIRS.map((p) => p[0])),
    ]);
    const viewIds = await ensureNamed('ab_view_menu', [
      ...new Set(ALL_PERMISSION_PAIRS.map((p) => p[1])),
    ]);

    const pvRows = await trx
      .selectFrom('ab_permission_view')
      .select(['id', 'permission_id', 'view_menu_id'])
      .execute();
    const pvByKey = new Map(pvRows.map((r) => [`${r.permission_id}:${r.view_menu_id}`, r.id]));
    const pvIdOf = new Map<string, number>();
    const newPairs = new Set<string>();
    for (const [p, v] of ALL_PERMISSION_PAIRS) {
      const pid = permIds.get(p)!;
      const vid = viewIds.get(v)!;
      let id = pvByKey.get(`${pid}:${vid}`);
      if (id === undefined) {
        const row = await trx
          .insertInto('ab_permission_view')
          .values({ permission_id: pid, view_menu_id: vid })
          .returning('id')
          .executeTakeFirstOrThrow();
        id = row.id;
        newPairs.add(pairKey(p, v));
      }
      pvIdOf.set(pairKey(p, v), id);
    }

    const roles = await trx.selectFrom('ab_role').select(['id', 'name']).execute();
    const roleIds = new Map(roles.map((r) => [r.name, r.id]));
    for (const roleName of BUILTIN_ROLE_NAMES) {
      let roleId = roleIds.get(roleName);
      const created = roleId === undefined;
      if (roleId === undefined) {
        const row = await trx
          .insertInto('ab_role')
          .values({ name: roleName })
          .returning('id')
          .executeTakeFirstOrThrow();
        roleId = row.id;
      }
      const wanted = builtinRolePairs(roleName).filter(
        ([p, v]) => roleName === ROLE_ADMIN || created || newPairs.has(pairKey(p, v)),
      );
      if (wanted.length === 0) continue;
      const have = await trx
        .selectFrom('ab_permission_view_role')
        .select('permission_view_id')
        .where('role_id', '=', roleId)
        .execute();
      const haveSet = new Set(have.map((h) => h.permission_view_id));
      const toAdd = wanted
        .map(([p, v]) => pvIdOf.get(pairKey(p, v))!)
        .filter((id) => !haveSet.has(id))
        .map((id) => ({ permission_view_id: id, role_id: roleId }));
      if (toAdd.length) await trx.insertInto('ab_permission_view_role').values(toAdd).execute();
    }
  });
}

/** Permission pairs of each role, for a set of role ids. */
export async function rolePairs(
  db: MetadataDb,
  roleIds: number[],
): Promise<Record<string, PermissionPair[]>> {
  if (roleIds.length === 0) return {};
  const rows = await db
    .selectFrom('ab_role as r')
    .leftJoin('ab_permission_view_role as pvr', 'pvr.role_id', 'r.id')
    .leftJoin('ab_permission_view as pv', 'pv.id', 'pvr.permission_view_id')
    .leftJoin('ab_permission as p', 'p.id', 'pv.permission_id')
    .leftJoin('ab_view_menu as v', 'v.id', 'pv.view_menu_id')
    .select(['r.name as role', 'p.name as permission', 'v.name as view'])
    .where('r.id', 'in', roleIds)
    .execute();
  const out: Record<string, PermissionPair[]> = {};
  for (const row of rows) {
    const list = (out[row.role] ??= []);
    if (row.permission && row.view) list.push([row.permission, row.view]);
  }
  return out;
}

/** The principal of an active user, or null when the user is gone or inactive. */
export async function loadPrincipal(db: MetadataDb, userId: number): Promise<Principal | null> {
  const user = await db
    .selectFrom('ab_user')
    .select(['id', 'username', 'first_name', 'last_name', 'email', 'active', 'token_generation'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user || !toBool(user.active)) return null;
  const roleRows = await db
    .selectFrom('ab_user_role')
    .select('role_id')
    .where('user_id', '=', userId)
    .execute();
  const roles = await rolePairs(
    db,
    roleRows.map((r) => r.role_id),
  );
  const { token_generation, ...fields } = user;
  return makePrincipal(
    { ...fields, active: true, tokenGeneration: Number(token_generation) },
    roles,
  );
}

/** Anonymous visitors act with the Public role. */
export async function loadAnonymousPrincipal(db: MetadataDb): Promise<Principal> {
  const role = await db
    .selectFrom('ab_role')
    .select('id')
    .where('name', '=', ROLE_PUBLIC)
    .executeTakeFirst();
  const roles = role ? await rolePairs(db, [role.id]) : {};
  return makePrincipal(
    {
      id: 0,
      username: '',
      first_name: '',
      last_name: '',
      email: '',
      active: true,
      isAnonymous: true,
    },
    roles,
  );
}

export interface AdminBootstrapResult {
  created: boolean;
  username: string;
  /** Set when a password was generated: it is shown once and never stored in clear. */
  generatedPassword: string | null;
}

/** On an empty store, creates the first admin user. */
export async function ensureAdminUser(
  db: MetadataDb,
  username: string,
  password: string | null,
): Promise<AdminBootstrapResult> {
  const any = await db.selectFrom('ab_user').select('id').limit(1).executeTakeFirst();
  if (any) return { created: false, username, generatedPassword: null };
  const generated = password ? null : randomBytes(18).toString('base64url');
  const hash = await hashPassword(password ?? generated!);
  await db.transaction().execute(async (trx) => {
    const now = nowIso();
    const user = await trx
      .insertInto('ab_user')
      .values({
        username,
        first_name: 'Strata',
        last_name: 'Admin',
        email: `${username}@localhost`,
        password: hash,
        active: true,
        login_count: 0,
        fail_login_count: 0,
        created_on: now,
        changed_on: now,
        created_by_fk: null,
        changed_by_fk: null,
        last_login: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const role = await trx
      .selectFrom('ab_role')
      .select('id')
      .where('name', '=', ROLE_ADMIN)
      .executeTakeFirstOrThrow();
    await trx.insertInto('ab_user_role').values({ user_id: user.id, role_id: role.id }).execute();
  });
  return { created: true, username, generatedPassword: generated };
}
