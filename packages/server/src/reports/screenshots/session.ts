/**
 * A capture's login: a session of its own for the user the report runs as, made through the
 * session service like a login's (only its hash stored), with a fixed short lifetime (never
 * slid), its cookie given to the capture's browser context only, and deleted when the capture
 * ends, whatever happened. Never a shared session, never another user's.
 */
import { sign } from '@fastify/cookie';
import type { BrowserContext } from 'playwright-core';
import { toBool, type MetadataDb } from '../../metadata/db.js';
import type { KeyRing } from '../../security/keys.js';
import { cookieSecret, SESSION_COOKIE, type SessionService } from '../../security/sessions.js';
import { CaptureError } from './types.js';

/** What the login of a capture needs from the app. */
export interface CaptureSessionDeps {
  db: MetadataDb;
  sessions: Pick<SessionService, 'create' | 'destroy' | 'csrfToken'>;
  keys: KeyRing;
}

export interface CaptureSession {
  /** The session row's id (the SHA-256 of the cookie's token). */
  id: string;
  /** The session's CSRF token, for the API writes the capture makes as the user. */
  csrfToken: string;
  /** Deletes the session (idempotent). */
  revoke(): Promise<void>;
}

/** The user agent recorded on capture sessions (seen in the session table). */
export const CAPTURE_USER_AGENT = 'Strata report screenshot';

/**
 * Logs `context` in as `userId` for `lifetimeSeconds` at `baseUrl`'s host. An unknown or
 * inactive user is a 'forbidden' CaptureError (nothing is created).
 */
export async function openCaptureSession(
  deps: CaptureSessionDeps,
  context: BrowserContext,
  userId: number,
  baseUrl: string,
  lifetimeSeconds: number,
): Promise<CaptureSession> {
  const user = await deps.db
    .selectFrom('ab_user')
    .select(['id', 'active'])
    .where('id', '=', userId)
    .executeTakeFirst();
  if (!user) throw new CaptureError(`The user ${userId} does not exist`, 'forbidden');
  if (!toBool(user.active)) throw new CaptureError(`The user ${userId} is not active`, 'forbidden');

  const seconds = Math.max(30, Math.ceil(lifetimeSeconds));
  const session = await deps.sessions.create(userId, null, CAPTURE_USER_AGENT, {
    fixedLifetimeSeconds: seconds,
  });
  let revoked = false;
  const revoke = async () => {
    if (revoked) return;
    revoked = true;
    await deps.sessions.destroy(session.id);
  };
  try {
    const url = new URL(baseUrl);
    await context.addCookies([
      {
        name: SESSION_COOKIE,
        // Signed as @fastify/cookie signs the login's cookie.
        value: sign(session.token, cookieSecret(deps.keys)),
        domain: url.hostname,
        path: '/',
        httpOnly: true,
        secure: url.protocol === 'https:',
        sameSite: 'Lax',
        expires: Math.floor(Date.now() / 1000) + seconds,
      },
    ]);
  } catch (e) {
    await revoke();
    throw e;
  }
  return { id: session.id, csrfToken: deps.sessions.csrfToken(session.id), revoke };
}
