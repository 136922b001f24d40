import { parseThemeSetting } from '@strata/core';
import type { BootstrapData, BootstrapUser, MeRoles, PermissionPair } from '@strata/core';

/** What the page knows when the server gave no (or unreadable) bootstrap data. */
export const ANONYMOUS_BOOTSTRAP: BootstrapData = {
  user: null,
  common: { feature_flags: {}, application_root: '/', version: '' },
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function str(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function parseRoles(value: unknown): Record<string, PermissionPair[]> {
  if (!isRecord(value)) return {};
  const roles: Record<string, PermissionPair[]> = {};
  for (const [name, pairs] of Object.entries(value)) {
    roles[name] = Array.isArray(pairs)
      ? pairs.filter(
          (p): p is PermissionPair =>
            Array.isArray(p) &&
            p.length === 2 &&
            typeof p[0] === 'string' &&
            typeof p[1] === 'string',
        )
      : [];
  }
  return roles;
}

/** Reads a user object; anything that is not a logged-in user gives null. */
export function parseUser(value: unknown): BootstrapUser | null {
  if (!isRecord(value)) return null;
  if (value.isAnonymous === true) return null;
  const userId = value.userId;
  const username = value.username;
  if (typeof userId !== 'number' || typeof username !== 'string' || username === '') return null;
  return {
    userId,
    username,
    firstName: str(value.firstName),
    lastName: str(value.lastName),
    email: str(value.email),
    isActive: value.isActive !== false,
    isAnonymous: false,
    roles: parseRoles(value.roles),
  };
}

/**
 * Parses the `data-bootstrap` attribute of the application element (already HTML-unescaped
 * by the browser). Missing or invalid data gives an anonymous page.
 */
export function parseBootstrap(raw: string | null | undefined): BootstrapData {
  if (!raw) return ANONYMOUS_BOOTSTRAP;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return ANONYMOUS_BOOTSTRAP;
  }
  if (!isRecord(data)) return ANONYMOUS_BOOTSTRAP;
  const common = isRecord(data.common) ? data.common : {};
  const flags: Record<string, boolean> = {};
  if (isRecord(common.feature_flags)) {
    for (const [k, v] of Object.entries(common.feature_flags)) {
      if (typeof v === 'boolean') flags[k] = v;
    }
  }
  const user = parseUser(data.user);
  // The async events transport (Superset's `common.conf`); nothing else of conf is kept.
  const conf = isRecord(common.conf) ? common.conf : {};
  const transport = conf.GLOBAL_ASYNC_QUERIES_TRANSPORT;
  // The user's preferences kept on the server (the theme); only the known values.
  const theme =
    user && isRecord(data.preferences) ? parseThemeSetting(data.preferences.theme) : undefined;
  return {
    user,
    ...(theme ? { preferences: { theme } } : {}),
    ...(user && typeof data.csrf_token === 'string' && data.csrf_token
      ? { csrf_token: data.csrf_token }
      : {}),
    ...(!user && typeof data.login_csrf_token === 'string' && data.login_csrf_token
      ? { login_csrf_token: data.login_csrf_token }
      : {}),
    common: {
      feature_flags: flags,
      application_root: str(common.application_root) || '/',
      version: str(common.version),
      ...(transport === 'ws' || transport === 'polling'
        ? { conf: { GLOBAL_ASYNC_QUERIES_TRANSPORT: transport } }
        : {}),
    },
  };
}

/** `GET /api/v1/me/` result. */
export interface MeResult {
  id: number;
  username: string;
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  is_active?: boolean;
}

/**
 * Builds bootstrap data from `/api/v1/me/` and `/api/v1/me/roles/` answers. Used only by the
 * Vite dev server, whose index.html carries no bootstrap attribute.
 */
export function bootstrapFromMe(me: MeResult, roles: MeRoles | null): BootstrapData {
  return {
    ...ANONYMOUS_BOOTSTRAP,
    user: {
      userId: me.id,
      username: me.username,
      firstName: me.first_name ?? '',
      lastName: me.last_name ?? '',
      email: me.email ?? '',
      isActive: me.is_active !== false,
      isAnonymous: false,
      roles: parseRoles(roles?.roles),
    },
  };
}

/** Reads the raw bootstrap attribute from the page. */
export function readBootstrapAttribute(doc: Document): string | undefined {
  return doc.getElementById('app')?.dataset.bootstrap;
}

const pageBootstraps = new WeakMap<Document, BootstrapData>();

/** The page's bootstrap data, parsed once per document (the app and the API client both read it). */
export function pageBootstrap(doc: Document): BootstrapData {
  let data = pageBootstraps.get(doc);
  if (!data) {
    data = parseBootstrap(readBootstrapAttribute(doc));
    pageBootstraps.set(doc, data);
  }
  return data;
}
