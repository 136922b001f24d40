import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toBool } from '../metadata/db.js';
import { hashPassword, verifyPassword } from './passwords.js';
import type { LoginThrottle } from './throttle.js';

export type LoginOutcome =
  | { ok: true; userId: number; tokenGeneration: number }
  | { ok: false; reason: 'invalid' }
  | { ok: false; reason: 'throttled'; retryAfterSeconds: number };

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A real hash to compare against when the user does not exist, so timing tells nothing. */
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hashPassword(randomBytes(16).toString('hex')));

/**
 * Checks a username and password, with throttling (the attempt is counted before the password is
 * checked, so concurrent guesses cannot all pass the check), and keeps the user's login counters.
 */
export async function attemptLogin(
  db: MetadataDb,
  throttle: LoginThrottle,
  username: string,
  password: string,
  ip: string,
): Promise<LoginOutcome> {
  const decision = await throttle.begin(username, ip);
  if (decision.action === 'block')
    return { ok: false, reason: 'throttled', retryAfterSeconds: decision.retryAfterSeconds };
  if (decision.delayMs > 0) await sleep(decision.delayMs);

  const user = await db
    .selectFrom('ab_user')
    .select(['id', 'password', 'active', 'token_generation'])
    .where('username', '=', username)
    .executeTakeFirst();
  const valid = await verifyPassword(user?.password ?? (await getDummyHash()), password);
  if (!user || !valid || !toBool(user.active)) {
    if (user) {
      await db
        .updateTable('ab_user')
        .set({ fail_login_count: sql<number>`coalesce(fail_login_count, 0) + 1` })
        .where('id', '=', user.id)
        .execute();
    }
    return { ok: false, reason: 'invalid' };
  }
  await throttle.succeeded(username, ip);
  await db
    .updateTable('ab_user')
    .set({
      last_login: nowIso(),
      login_count: sql<number>`coalesce(login_count, 0) + 1`,
      fail_login_count: 0,
    })
    .where('id', '=', user.id)
    .execute();
  return { ok: true, userId: user.id, tokenGeneration: Number(user.token_generation) };
}
