import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { loadUserSummaries, type UserSummary } from './user-summaries.js';

/** The audit columns of a row `userId` creates now. */
export function createdAudit(userId: number) {
  const now = nowIso();
  return { created_on: now, changed_on: now, created_by_fk: userId, changed_by_fk: userId };
}

/** The audit columns of a row `userId` changes now. */
export function changedAudit(userId: number) {
  return { changed_on: nowIso(), changed_by_fk: userId };
}

/** The fields of an update body that were sent (undefined ones left out). */
export function sentFields<T extends object>(body: T): Partial<T> {
  return Object.fromEntries(
    Object.entries(body).filter(([, value]) => value !== undefined),
  ) as Partial<T>;
}

/** The creators and last editors of `rows`, by id. */
export function loadAuditUsers(
  db: MetadataDb,
  rows: ReadonlyArray<{ created_by_fk: number | null; changed_by_fk: number | null }>,
): Promise<Map<number, UserSummary>> {
  return loadUserSummaries(
    db,
    rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
  );
}
