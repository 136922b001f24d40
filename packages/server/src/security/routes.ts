import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  loginCsrfTokenAnswer,
  logoutAnswer,
  meRolesAnswer,
  safeRedirectTarget,
} from '@strata/core';
import { toIso } from '../metadata/db.js';
import { meRoles } from './me-roles.js';
import { ApiError } from '../api/errors.js';
import {
  cookieSecureFor,
  LOGIN_CSRF_COOKIE,
  LOGIN_CSRF_FIELD,
  type LoginCsrf,
} from './login-csrf.js';
import { attemptLogin } from './login-service.js';
import type { KeyRing } from './keys.js';
import { SESSION_COOKIE, type SessionService } from './sessions.js';
import type { LoginThrottle } from './throttle.js';
import { tokenIsCurrent, type TokenService } from './tokens.js';
import type { MetadataDb } from '../metadata/db.js';

export interface AuthRouteServices {
  db: MetadataDb;
  sessions: SessionService;
  tokens: TokenService;
  throttle: LoginThrottle;
  keys: KeyRing;
  loginCsrf: LoginCsrf;
  /** STRATA_COOKIE_SECURE: Secure always; otherwise only for requests that came over HTTPS. */
  cookieSecure: boolean;
  sessionLifetimeSeconds: number;
}

const loginBody = z
  .object({
    username: z.string().min(1).max(100),
    password: z.string().min(1).max(1024),
    provider: z.enum(['db']).default('db'),
    refresh: z.boolean().default(false),
  })
  .strict();

const loginForm = z.object({
  username: z.string().max(100).default(''),
  password: z.string().max(1024).default(''),
  next: z.string().max(2048).optional(),
  [LOGIN_CSRF_FIELD]: z.string().max(200).optional(),
});

const tags = ['security'];
const tokensAnswer = z.object({ access_token: z.string(), refresh_token: z.string().optional() });
const meAnswer = z.object({
  result: z.object({
    id: z.number(),
    username: z.string(),
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    is_active: z.boolean(),
    is_anonymous: z.boolean(),
  }),
});

export const THROTTLED_MESSAGE =
  'Too many failed login attempts. Please wait a few minutes and try again.';

/** A `next` target is kept only when it is a path on this site (core's one check); else `/`. */
export function safeNextPath(next: string | undefined): string {
  return safeRedirectTarget(next) ?? '/';
}

function clientIp(req: FastifyRequest): string {
  return req.ip || 'unknown';
}

export function registerAuthRoutes(app: FastifyInstance, s: AuthRouteServices): void {
  const setSessionCookie = (req: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(SESSION_COOKIE, token, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure: cookieSecureFor(req, s.cookieSecure),
      signed: true,
      maxAge: s.sessionLifetimeSeconds,
    });

  app.withTypeProvider<ZodTypeProvider>().post(
    '/api/v1/security/login',
    {
      config: { access: 'public', csrfExempt: true },
      schema: {
        tags,
        summary: 'Log in with a user name and password; answers JWTs',
        body: loginBody,
        response: { 200: tokensAnswer },
        security: [],
      },
    },
    async (req, reply) => {
      const { username, password, refresh } = req.body;
      const outcome = await attemptLogin(s.db, s.throttle, username, password, clientIp(req));
      if (!outcome.ok) {
        if (outcome.reason === 'throttled') {
          reply.header('Retry-After', String(outcome.retryAfterSeconds));
          throw new ApiError(429, THROTTLED_MESSAGE);
        }
        throw new ApiError(401, 'Not authorized');
      }
      const answer: { access_token: string; refresh_token?: string } = {
        access_token: await s.tokens.issue(outcome.userId, 'access', true, outcome.tokenGeneration),
      };
      if (refresh)
        answer.refresh_token = await s.tokens.issue(
          outcome.userId,
          'refresh',
          false,
          outcome.tokenGeneration,
        );
      return reply.send(answer);
    },
  );

  app.post(
    '/api/v1/security/refresh',
    {
      config: { access: 'public', csrfExempt: true, refreshTokenRoute: true },
      schema: {
        tags,
        summary: 'A new access token for the refresh token in the Authorization header',
        response: { 200: z.object({ access_token: z.string() }) },
      },
    },
    async (req) => {
      const header = req.headers.authorization ?? '';
      const token = header.replace(/^Bearer\s+/i, '').trim();
      const claims = token ? await s.tokens.verify(token, 'refresh') : null;
      if (!claims) throw new ApiError(401, 'Token is invalid or expired');
      const user = await s.db
        .selectFrom('ab_user')
        .select(['id', 'active', 'token_generation'])
        .where('id', '=', claims.userId)
        .executeTakeFirst();
      if (!user || !(user.active === true || user.active === 1))
        throw new ApiError(401, 'User is not active or does not exist');
      const generation = Number(user.token_generation);
      // Revoked by a password change, (de)activation or role change since it was issued.
      if (!tokenIsCurrent(claims, generation))
        throw new ApiError(401, 'Token is invalid or expired');
      return { access_token: await s.tokens.issue(claims.userId, 'access', false, generation) };
    },
  );

  const resultText = z.object({ result: z.string() });
  app.get(
    '/api/v1/security/csrf_token/',
    {
      config: { access: 'authenticated' },
      schema: { tags, summary: 'The CSRF token for X-CSRFToken', response: { 200: resultText } },
    },
    async (req) => {
      const token = req.sessionId
        ? s.sessions.csrfToken(req.sessionId)
        : s.keys.sign('csrf-bearer', String(req.principal.id));
      return { result: token };
    },
  );

  app.get(
    '/api/v1/security/login_csrf_token/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'The CSRF token of the login form (bound to a pre-session cookie it sets)',
        response: { 200: loginCsrfTokenAnswer },
        security: [],
      },
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return { result: s.loginCsrf.issue(req, reply, cookieSecureFor(req, s.cookieSecure)) };
    },
  );

  // The login form is not exempt from CSRF: its own token (login CSRF), checked before anything.
  app.post('/login/', { config: { access: 'public', csrfExempt: true } }, async (req, reply) => {
    const form = loginForm.safeParse(req.body ?? {});
    const next = safeNextPath(form.success ? form.data.next : undefined);
    const back = (error: string) =>
      reply.redirect(
        `/login/?error=${error}${next !== '/' ? `&next=${encodeURIComponent(next)}` : ''}`,
        302,
      );
    if (!s.loginCsrf.check(req, form.success ? form.data[LOGIN_CSRF_FIELD] : undefined))
      return back('csrf');
    if (!form.success || !form.data.username || !form.data.password) return back('invalid');
    const outcome = await attemptLogin(
      s.db,
      s.throttle,
      form.data.username,
      form.data.password,
      clientIp(req),
    );
    if (!outcome.ok) {
      if (outcome.reason === 'throttled') {
        reply.header('Retry-After', String(outcome.retryAfterSeconds));
        return back('throttled');
      }
      return back('invalid');
    }
    // A new session on each login: an old session id is never carried over.
    if (req.sessionId) await s.sessions.destroy(req.sessionId);
    const session = await s.sessions.create(
      outcome.userId,
      clientIp(req),
      req.headers['user-agent'] ?? null,
    );
    setSessionCookie(req, reply, session.token);
    // The pre-session cookie has served: the next login page issues a fresh one.
    reply.clearCookie(LOGIN_CSRF_COOKIE, { path: '/' });
    return reply.redirect(next, 302);
  });

  // Logging out changes state: POST only, with the session's CSRF token like every cookie write
  // (the auth plugin checks X-CSRFToken), so an image or link to /logout/ cannot end a session.
  app.post(
    '/logout/',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'End the browser session',
        response: { 200: logoutAnswer },
      },
    },
    async (req, reply) => {
      if (req.sessionId) await s.sessions.destroy(req.sessionId);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { message: 'OK' };
    },
  );
  // A plain visit (a link, an image in markdown) logs nobody out.
  app.get('/logout/', { config: { access: 'public' } }, async (_req, reply) =>
    reply.redirect('/', 302),
  );

  app.get(
    '/api/v1/me/',
    {
      config: { access: 'authenticated' },
      schema: { tags: ['me'], summary: 'The current user', response: { 200: meAnswer } },
    },
    async (req) => {
      const p = req.principal;
      return {
        result: {
          id: p.id,
          username: p.username,
          first_name: p.first_name,
          last_name: p.last_name,
          email: p.email,
          is_active: p.active,
          is_anonymous: false,
        },
      };
    },
  );

  app.get(
    '/api/v1/me/roles/',
    {
      config: { access: 'authenticated' },
      schema: {
        tags: ['me'],
        summary: 'The current user with its roles and data access',
        response: { 200: meRolesAnswer },
      },
    },
    async (req) => {
      const row = await s.db
        .selectFrom('ab_user')
        .select('created_on')
        .where('id', '=', req.principal.id)
        .executeTakeFirst();
      return { result: meRoles(req.principal, toIso(row?.created_on ?? null)) };
    },
  );
}
