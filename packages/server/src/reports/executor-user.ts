/**
 * Whose identity a report runs as (`STRATA_REPORT_EXECUTOR`, Superset's ALERT_REPORTS_EXECUTORS):
 * `owner` — the creator when an owner, else the last modifier when an owner, else the owner
 * with the lowest id; `creator` — who created it; a user name — that user.
 */
import type { ReportExecutor } from '../config/reports-config.js';
import type { MetadataDb } from '../metadata/db.js';
import type { PrincipalCache } from '../security/principal-cache.js';
import type { Principal } from '../security/principal.js';

export interface ReportPeople {
  createdBy: number | null;
  changedBy: number | null;
  ownerIds: readonly number[];
}

/** The executing user's id, or a user name still to look up; null when there is none. */
export function pickExecutor(
  rule: ReportExecutor,
  people: ReportPeople,
): { userId: number } | { username: string } | null {
  if (rule.kind === 'user') return { username: rule.username };
  if (rule.kind === 'creator')
    return people.createdBy === null ? null : { userId: people.createdBy };
  const owners = people.ownerIds;
  if (people.createdBy !== null && owners.includes(people.createdBy))
    return { userId: people.createdBy };
  if (people.changedBy !== null && owners.includes(people.changedBy))
    return { userId: people.changedBy };
  if (owners.length === 0) return null;
  return { userId: Math.min(...owners) };
}

/**
 * The principal of a pick (a user name looked up), or null when the user is unknown or
 * inactive; `name` is the user name asked for, if any (for messages).
 */
export async function principalOfPick(
  db: MetadataDb,
  principals: PrincipalCache,
  pick: { userId: number } | { username: string } | null,
): Promise<{ principal: Principal | null; name: string }> {
  let userId: number | null = null;
  let name = '';
  if (pick && 'username' in pick) {
    name = pick.username;
    const user = await db
      .selectFrom('ab_user')
      .select('id')
      .where('username', '=', pick.username)
      .executeTakeFirst();
    userId = user?.id ?? null;
  } else if (pick) userId = pick.userId;
  return { principal: userId === null ? null : await principals.user(userId), name };
}
