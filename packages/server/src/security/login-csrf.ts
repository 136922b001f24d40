import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type {} from '@fastify/cookie';
import type { KeyRing } from './keys.js';

/** The pre-session cookie the login form's CSRF token is bound to. */
export const LOGIN_CSRF_COOKIE = 'login_csrf';
/** The login form's field carrying the token. */
export const LOGIN_CSRF_FIELD = 'csrf_token';
const COOKIE_SECONDS = 24 * 3600;
const VALUE = /^[A-Za-z0-9_-]{43}$/;

/**
 * Login CSRF protection for the login form (a double-submit token bound to a cookie): a visitor
 * gets a random pre-session cookie and a token that is its HMAC; `POST /login/` needs both, so a
 * page on another site cannot log a victim's browser into the attacker's account (it can neither
 * read the cookie nor compute the token). The JSON login API answers tokens rather than setting a
 * cookie, so it needs none.
 */
export class LoginCsrf {
  constructor(private readonly keys: KeyRing) {}

  private tokenOf(value: string): string {
    return this.keys.sign('login-csrf', value);
  }

  /** The token for this visitor: from their pre-session cookie, set first when they have none. */
  issue(req: FastifyRequest, reply: FastifyReply, secure: boolean): string {
    const current = req.cookies[LOGIN_CSRF_COOKIE];
    if (current && VALUE.test(current)) return this.tokenOf(current);
    const value = randomBytes(32).toString('base64url');
    reply.setCookie(LOGIN_CSRF_COOKIE, value, {
      path: '/',
      httpOnly: true,
      sameSite: 'lax',
      secure,
      maxAge: COOKIE_SECONDS,
    });
    return this.tokenOf(value);
  }

  /** Whether a login form's token matches the visitor's pre-session cookie. */
  check(req: FastifyRequest, token: string | undefined): boolean {
    const value = req.cookies[LOGIN_CSRF_COOKIE];
    if (!value || !VALUE.test(value) || typeof token !== 'string' || token.length === 0)
      return false;
    return this.keys.verify('login-csrf', value, token);
  }
}

/**
 * Whether cookies set for this request get `Secure`: forced by configuration, or the request came
 * over HTTPS — directly, or per `X-Forwarded-Proto` from a trusted proxy only (Fastify reads the
 * header only when the peer is in `trustProxy`).
 */
export function cookieSecureFor(req: FastifyRequest, forced: boolean): boolean {
  return forced || req.protocol === 'https';
}
