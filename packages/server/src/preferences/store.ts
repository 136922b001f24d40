import {
  DEFAULT_USER_PREFERENCES,
  userPreferences,
  type UserPreferences,
  type UserPreferencesUpdate,
} from '@strata/core';
import { nowIso, type MetadataDb } from '../metadata/db.js';

/**
 * A stored document as preferences: each known field kept when valid, the default otherwise (a
 * row written by a later version with other values does not break the page).
 */
export function preferencesFromStored(text: string | null | undefined): UserPreferences {
  if (!text) return { ...DEFAULT_USER_PREFERENCES };
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ...DEFAULT_USER_PREFERENCES };
  }
  const out: UserPreferences = { ...DEFAULT_USER_PREFERENCES };
  if (parsed && typeof parsed === 'object') {
    const theme = userPreferences.shape.theme.safeParse((parsed as { theme?: unknown }).theme);
    if (theme.success) out.theme = theme.data;
  }
  return out;
}

/** The user's preferences (defaults for a user who never saved any). */
export async function readPreferences(db: MetadataDb, userId: number): Promise<UserPreferences> {
  const row = await db
    .selectFrom('strata_user_preference')
    .select('value')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return preferencesFromStored(row?.value);
}

/** Applies an update (the fields it names) and answers the preferences as they now are. */
export async function updatePreferences(
  db: MetadataDb,
  userId: number,
  update: UserPreferencesUpdate,
): Promise<UserPreferences> {
  return db.transaction().execute(async (tx) => {
    const current = await readPreferences(tx, userId);
    const next: UserPreferences = { ...current };
    if (update.theme !== undefined) next.theme = update.theme;
    const value = JSON.stringify(next);
    const changed_on = nowIso();
    await tx
      .insertInto('strata_user_preference')
      .values({ user_id: userId, value, changed_on })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ value, changed_on }))
      .execute();
    return next;
  });
}
