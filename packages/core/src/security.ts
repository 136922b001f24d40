import type { UserPreferences } from './theme.js';
import { ROLE_ADMIN, ROLE_SQL_LAB } from './constants.js';

/** A permission name and the view (resource) it applies to, e.g. `['can_write', 'Dashboard']`. */
export type PermissionPair = [permission: string, view: string];

/** The current user as the web page receives it in its bootstrap data. */
export interface BootstrapUser {
  userId: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  isActive: boolean;
  isAnonymous: boolean;
  /** role name -> its permission pairs */
  roles: Record<string, PermissionPair[]>;
}

/** What the server writes into the `data-bootstrap` attribute of the application element. */
export interface BootstrapData {
  user: BootstrapUser | null;
  /**
   * The logged-in user's preferences as kept on the server (issue 21: the colour theme), so the
   * first draw uses them; absent for anonymous pages.
   */
  preferences?: UserPreferences;
  /**
   * The session's CSRF token (for `X-CSRFToken`), written into the page as Superset writes it
   * into its templates: the first state-changing call needs no token request. Absent for
   * anonymous pages.
   */
  csrf_token?: string;
  /**
   * For anonymous pages: the login form's CSRF token, bound to the pre-session cookie the same
   * answer sets (`POST /login/` refuses a form without it).
   */
  login_csrf_token?: string;
  common: {
    feature_flags: Record<string, boolean>;
    application_root: string;
    version: string;
    /** Settings the web app reads (Superset's `common.conf`). */
    conf?: {
      /** How async query events reach the page: polling or a WebSocket (issue 17). */
      GLOBAL_ASYNC_QUERIES_TRANSPORT?: 'polling' | 'ws';
    };
    /**
     * The base maps the deck.gl charts offer, `[tile URL template, label]` (Superset's
     * `common.deckgl_tiles`; from STRATA_DECKGL_TILE_URL); absent when none is configured.
     */
    deckgl_tiles?: Array<[string, string]>;
  };
}

/** Roles and permissions as `GET /api/v1/me/roles/` answers them. */
export interface MeRoles {
  roles: Record<string, PermissionPair[]>;
  permissions: Record<string, string[]>;
}

/** True when the user has a role named admin (case-insensitive). */
export function isAdminUser(user: Pick<BootstrapUser, 'roles'> | null): boolean {
  if (!user) return false;
  return Object.keys(user.roles).some((r) => r.toLowerCase() === ROLE_ADMIN.toLowerCase());
}

/** True when the user may use SQL Lab: admin, or a role named sql_lab (case-insensitive). */
export function canUseSqlLab(user: Pick<BootstrapUser, 'roles'> | null): boolean {
  if (!user) return false;
  return (
    isAdminUser(user) ||
    Object.keys(user.roles).some((r) => r.toLowerCase() === ROLE_SQL_LAB.toLowerCase())
  );
}

/** True when any of the user's roles holds `permission` on `view`. */
export function userHasPermission(
  user: Pick<BootstrapUser, 'roles'> | null,
  permission: string,
  view: string,
): boolean {
  if (!user) return false;
  return Object.values(user.roles).some((pairs) =>
    pairs.some(([p, v]) => p === permission && v === view),
  );
}

/** Display name of a user: "First Last", or the username when both are empty. */
export function userDisplayName(u: {
  first_name?: string | null;
  last_name?: string | null;
  username?: string | null;
}): string {
  const name = [u.first_name, u.last_name].filter((s) => s && s.trim()).join(' ');
  return name || u.username || '';
}
