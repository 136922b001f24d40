import type { MeRolesAnswer } from '@strata/core';
import type { Principal } from './principal.js';

/** The permissions whose view names the data a role may read. */
const DATA_ACCESS_PERMS = ['datasource_access', 'database_access'] as const;

/**
 * `GET /api/v1/me/roles/` as Superset answers it: the user's fields, each role's permission
 * pairs, and under `permissions` the distinct views of its `datasource_access` and
 * `database_access` pairs (a kind only when the user has one).
 */
export function meRoles(principal: Principal, createdOn: string | null): MeRolesAnswer['result'] {
  const access = new Map<string, Set<string>>();
  for (const pairs of Object.values(principal.roles)) {
    for (const [perm, view] of pairs) {
      if (!(DATA_ACCESS_PERMS as readonly string[]).includes(perm)) continue;
      const views = access.get(perm) ?? new Set<string>();
      views.add(view);
      access.set(perm, views);
    }
  }
  return {
    username: principal.username,
    firstName: principal.first_name,
    lastName: principal.last_name,
    userId: principal.id,
    isActive: principal.active,
    createdOn,
    email: principal.email,
    roles: Object.fromEntries(
      Object.entries(principal.roles).map(([name, pairs]) => [
        name,
        pairs.map(([p, v]): [string, string] => [p, v]),
      ]),
    ),
    permissions: Object.fromEntries([...access].map(([perm, views]) => [perm, [...views]])),
  };
}
