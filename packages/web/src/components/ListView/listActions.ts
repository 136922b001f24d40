import { MESSAGES, formatMessage } from '@strata/core';
import type { FavoriteStatusResponse } from '@strata/core';

/** The word a user types to confirm a delete. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

/** True when the typed text confirms a delete ("delete" in any case, spaces ignored). */
export function isDeleteConfirmed(text: string): boolean {
  return text.trim().toUpperCase() === DELETE_CONFIRMATION_WORD;
}

/** "Deleted: a, b" */
export function deletedMessage(names: string[]): string {
  return formatMessage(MESSAGES.deleted, names.join(', '));
}

/** The names of the rows whose ids were chosen, in list order; unknown ids as their id. */
export function namesOf<T extends { id: number | string }>(
  rows: T[],
  ids: Array<number | string>,
  nameOf: (row: T) => string,
): string[] {
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ids.map((id) => {
    const row = byId.get(String(id));
    return row ? nameOf(row) : String(id);
  });
}

/** id -> starred, from a favorite_status answer. */
export function favoriteMap(response: FavoriteStatusResponse): Record<string, boolean> {
  const map: Record<string, boolean> = {};
  for (const item of response.result ?? []) map[String(item.id)] = item.value === true;
  return map;
}

/**
 * The "An error occurred while fetching dashboards: …" toast. The spec's template adds the
 * plural "s" itself, so the plural is passed without its last "s" ("saved queries" works).
 */
export function fetchListErrorMessage(plural: string, message: string): string {
  const stem = plural.endsWith('s') ? plural.slice(0, -1) : plural;
  return formatMessage(MESSAGES.fetchListError, stem, message);
}
