import type { PermissionPair } from '@strata/core';
import { pairKey } from './catalogue.js';

/** The user a request acts for, with the permissions of all their roles. */
export interface Principal {
  id: number;
  username: string;
  first_name: string;
  last_name: string;
  email: string;
  active: boolean;
  isAnonymous: boolean;
  /** The user's token generation: tokens issued at another one are refused (0 for anonymous). */
  tokenGeneration: number;
  /** role name -> its permission pairs */
  roles: Record<string, PermissionPair[]>;
  perms: Set<string>;
}

export function makePrincipal(
  user: Omit<Principal, 'roles' | 'perms' | 'isAnonymous' | 'tokenGeneration'> & {
    isAnonymous?: boolean;
    tokenGeneration?: number;
  },
  roles: Record<string, PermissionPair[]>,
): Principal {
  const perms = new Set<string>();
  for (const list of Object.values(roles)) for (const [p, v] of list) perms.add(pairKey(p, v));
  return {
    ...user,
    isAnonymous: user.isAnonymous ?? false,
    tokenGeneration: user.tokenGeneration ?? 0,
    roles,
    perms,
  };
}

export function hasPerm(principal: Principal, permission: string, view: string): boolean {
  return principal.perms.has(pairKey(permission, view));
}

/** Admin: a role named admin, case-insensitive. */
export function isAdmin(principal: Principal): boolean {
  return Object.keys(principal.roles).some((r) => r.toLowerCase() === 'admin');
}
