/**
 * Whose identity a report runs as (`STRATA_REPORT_EXECUTOR`, Superset's ALERT_REPORTS_EXECUTORS):
 * `owner` — the creator when an owner, else the last modifier when an owner, else the owner
 * with the lowest id; `creator` — who created it; a user name — that user.
 */
import type { ReportExecutor } from '../config/reports-config.js';

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
