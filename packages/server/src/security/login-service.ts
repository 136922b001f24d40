import { randomBytes } from 'node:crypto';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toBool } from '../metadata/db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { LoginThrottle } from './throttle.js';

export type LoginOutcome =
  | { ok: true; userId: number }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real hash to compare against when the user does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Checks a username and password, with throttling of repeated failures per user and per address,
 * and keeps the user's login counters.
 */
export async function attemptLogin(
  db: MetadataDb,
  throttle: LoginThrottle,
  username: string,
  password: string,
  ip: string,
): Promise<LoginOutcome> {
  const decision = await throttle.check(username, ip);
  if (decision.action === 'block')
    return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  if (decision.delayMs > 0) await sleep(decision.delayMs);

  const user = await db
    .selectFrom('ab_user')
    .select(['id', 'password', 'active', 'login_count', 'fail_login_count'])
    .where('username', '=', username)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.password ?? (await getDummyHash()), password);
  if (!user || !valid || !toBool(user.active)) {
    await throttle.recordFailure(username, ip);
    if (user) {
      await db
        .updateTable('ab_user')
        .set({ fail_login_count: (user.fail_login_count ?? 0) + 1 })
        .where('id', '=', user.id)
        .execute();
    }
    return { ok: false, reason: 'invalid' };
  }
  await throttle.recordSuccess(username);
  await db
    .updateTable('ab_user')
    .set({ last_login: nowIso(), login_count: (user.login_count ?? 0) + 1, fail_login_count: 0 })
    .where('id', '=', user.id)
    .execute();
  return { ok: true, userId: user.id };
}
