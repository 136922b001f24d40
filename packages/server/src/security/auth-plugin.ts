import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type {} from '@fastify/cookie';
import { ApiError } from '../api/errors.js';
import type { MetadataDb } from '../metadata/db.js';
import type { MetadataVersions, Versions } from '../metadata/versions.js';
import './access.js';
import type { Access } from './access.js';
import { hasPerm, type Principal } from './principal.js';
import type { PrincipalCache } from './principal-cache.js';
import { SESSION_COOKIE, type SessionService } from './sessions.js';
import { tokenIsCurrent, type TokenService } from './tokens.js';

export type AuthMethod = 'bearer' | 'cookie' | 'none';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal;
    authMethod: AuthMethod;
    sessionId: string | null;
    /**
     * The change counters as this request read them, once, before loading its principal: the
     * request's other hot-path caches (chart targets) reuse this reading.
     */
    versions: Versions | undefined;
  }
}

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export const CSRF_MISSING = 'The CSRF token is missing.';
export const CSRF_INVALID = 'The CSRF token is invalid.';

export interface AuthPluginOptions {
  db: MetadataDb;
  principals: PrincipalCache;
  sessions: SessionService;
  tokens: TokenService;
  versions: MetadataVersions;
}

/** Whether a principal satisfies an access rule (pure). */
export function satisfies(principal: Principal, access: Access): boolean {
  if (access === 'public' || access === 'probe') return true;
  if (principal.isAnonymous && access === 'authenticated') return false;
  if (access === 'authenticated') return true;
  if ('anyOf' in access) return access.anyOf.some((a) => hasPerm(principal, a.perm, a.view));
  return hasPerm(principal, access.perm, access.view);
}

/** The user of a Bearer access token; throws the 401 the API answers for a bad one. */
export async function bearerPrincipal(
  token: string,
  opts: AuthPluginOptions,
  versions?: Versions,
): Promise<Principal> {
  const claims = await opts.tokens.verify(token, 'access');
  if (!claims)
    throw new ApiError(401, 'Token is invalid or expired', {
      msg: 'Token is invalid or expired',
    });
  const principal = await opts.principals.user(claims.userId, versions);
  if (!principal) throw new ApiError(401, 'User is not active or does not exist');
  // A token issued before a password change, (de)activation or role change is revoked.
  if (!tokenIsCurrent(claims, principal.tokenGeneration))
    throw new ApiError(401, 'Token is invalid or expired', {
      msg: 'Token is invalid or expired',
    });
  return principal;
}

/**
 * The session and user of a session cookie's raw (signed) value, or null when it is not a live
 * session of an active user. `unsign` is @fastify/cookie's (`req.unsignCookie`,
 * `app.unsignCookie`).
 */
export async function sessionPrincipal(
  raw: string,
  unsign: (value: string) => { valid: boolean; value: string | null },
  opts: AuthPluginOptions,
  versions?: Versions,
): Promise<{ principal: Principal; sessionId: string } | null> {
  const unsigned = unsign(raw);
  const session =
    unsigned.valid && unsigned.value ? await opts.sessions.resolve(unsigned.value) : null;
  const principal = session ? await opts.principals.user(session.userId, versions) : null;
  return session && principal ? { principal, sessionId: session.id } : null;
}

async function authenticate(req: FastifyRequest, opts: AuthPluginOptions): Promise<void> {
  req.authMethod = 'none';
  req.sessionId = null;
  const versions = await opts.versions.read();
  req.versions = versions;
  const header = req.headers.authorization;
  if (header && /^Bearer\s+/i.test(header) && !req.routeOptions.config.refreshTokenRoute) {
    req.principal = await bearerPrincipal(header.replace(/^Bearer\s+/i, '').trim(), opts, versions);
    req.authMethod = 'bearer';
    return;
  }
  const raw = req.cookies[SESSION_COOKIE];
  if (raw) {
    const found = await sessionPrincipal(raw, (value) => req.unsignCookie(value), opts, versions);
    if (found) {
      req.principal = found.principal;
      req.authMethod = 'cookie';
      req.sessionId = found.sessionId;
      return;
    }
  }
  req.principal = await opts.principals.anonymousPrincipal(versions);
}

/** Authentication, CSRF and permission checks for every route, in one place. */
export const authPlugin = fp<AuthPluginOptions>(
  async (app: FastifyInstance, opts) => {
    app.decorateRequest('principal', null as unknown as Principal);
    app.decorateRequest('authMethod', 'none' as AuthMethod);
    app.decorateRequest('sessionId', null);
    app.decorateRequest('versions', undefined);

    app.addHook('onRoute', (route) => {
      if (route.config?.access === undefined) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares no access rule`);
      }
    });

    app.addHook('onRequest', async (req) => {
      // A probe reads nothing: its request has no principal (its handler must not ask for one).
      if (req.routeOptions.config.access === 'probe') return;
      await authenticate(req, opts);
      const config = req.routeOptions.config;
      if (UNSAFE_METHODS.has(req.method) && req.authMethod === 'cookie' && !config.csrfExempt) {
        const token = req.headers['x-csrftoken'];
        const value = Array.isArray(token) ? token[0] : token;
        if (!value) throw new ApiError(400, CSRF_MISSING);
        if (!opts.sessions.checkCsrf(req.sessionId!, value)) throw new ApiError(400, CSRF_INVALID);
      }
      const access = config.access;
      // Routes without a declared rule cannot exist (see onRoute); the 404 handler has none.
      if (access === undefined) return;
      if (!satisfies(req.principal, access)) {
        if (req.principal.isAnonymous) throw new ApiError(401, 'Not authorized');
        throw new ApiError(403, 'Forbidden');
      }
    });
  },
  { name: 'strata-auth' },
);
