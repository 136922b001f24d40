import { createHash, randomBytes } from 'node:crypto';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toDate } from '../metadata/db.js';
import type { KeyRing } from './keys.js';

export const SESSION_COOKIE = 'session';
/** How often a session's last_seen is written (it slides the expiry). */
const TOUCH_INTERVAL_MS = 60_000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The secret @fastify/cookie signs cookies with (the session cookie among them). */
export function cookieSecret(keys: KeyRing): string {
  return keys.derive('cookie').toString('hex');
}

export interface SessionInfo {
  id: string;
  userId: number;
}

/**
 * Browser sessions: the cookie holds a random token; the store keeps only its hash, so a leaked
 * metadata store gives no usable cookie. Sessions live in the metadata store, so several web
 * processes share them, and logout ends them everywhere.
 */
export class SessionService {
  constructor(
    private readonly db: MetadataDb,
    private readonly keys: KeyRing,
    private readonly lifetimeSeconds: number,
  ) {}

  /**
   * A new session. With `fixedLifetimeSeconds` (a report's screenshot session) it ends after
   * that time whatever happens: its `last_seen` is put at its end, so `resolve` — which slides
   * a session only a minute after its last_seen — never extends it.
   */
  async create(
    userId: number,
    ip: string | null,
    userAgent: string | null,
    options: { fixedLifetimeSeconds?: number } = {},
  ): Promise<{ token: string; id: string }> {
    const token = randomBytes(32).toString('base64url');
    const id = hashToken(token);
    const now = new Date();
    const fixed = options.fixedLifetimeSeconds;
    const expires = new Date(now.getTime() + (fixed ?? this.lifetimeSeconds) * 1000).toISOString();
    await this.db
      .insertInto('strata_session')
      .values({
        id,
        user_id: userId,
        created_on: now.toISOString(),
        last_seen: fixed === undefined ? now.toISOString() : expires,
        expires_on: expires,
        ip: ip?.slice(0, 64) ?? null,
        user_agent: userAgent?.slice(0, 512) ?? null,
      })
      .execute();
    return { token, id };
  }

  async resolve(token: string): Promise<SessionInfo | null> {
    if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
    const id = hashToken(token);
    const row = await this.db
      .selectFrom('strata_session')
      .select(['id', 'user_id', 'expires_on', 'last_seen'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return null;
    const now = Date.now();
    if ((toDate(row.expires_on)?.getTime() ?? 0) <= now) {
      await this.db.deleteFrom('strata_session').where('id', '=', id).execute();
      return null;
    }
    if (now - (toDate(row.last_seen)?.getTime() ?? 0) > TOUCH_INTERVAL_MS) {
      await this.db
        .updateTable('strata_session')
        .set({
          last_seen: nowIso(),
          expires_on: new Date(now + this.lifetimeSeconds * 1000).toISOString(),
        })
        .where('id', '=', id)
        .execute();
    }
    return { id: row.id, userId: row.user_id };
  }

  async destroy(sessionId: string): Promise<void> {
    await this.db.deleteFrom('strata_session').where('id', '=', sessionId).execute();
  }

  async destroyAllForUser(userId: number): Promise<void> {
    await this.db.deleteFrom('strata_session').where('user_id', '=', userId).execute();
  }

  async purgeExpired(): Promise<void> {
    await this.db.deleteFrom('strata_session').where('expires_on', '<', nowIso()).execute();
  }

  /** The CSRF token of a session: an HMAC of its id, so it needs no storage. */
  csrfToken(sessionId: string): string {
    return this.keys.sign('csrf', sessionId);
  }

  checkCsrf(sessionId: string, token: string | undefined): boolean {
    return (
      typeof token === 'string' && token.length > 0 && this.keys.verify('csrf', sessionId, token)
    );
  }
}
