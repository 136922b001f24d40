import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toDate } from '../metadata/db.js';
import { keyToUuid, newEntryKey } from './keys.js';

/** What an entry is for (Superset's key_value `resource`). */
export const KV_RESOURCE = {
  /** A query shared from SQL Lab through `/kv/store/`. */
  sharedQuery: 'kv',
  /** SQL Lab's permanent links (`/api/v1/sqllab/permalink`, `/superset/sqllab/` forms). */
  sqllabPermalink: 'sqllab_permalink',
  /** Explore's form data per browser tab (`/api/v1/explore/form_data`), with an expiry. */
  exploreFormData: 'explore_form_data',
  /** Explore's permanent links (`/api/v1/explore/permalink`). */
  explorePermalink: 'explore_permalink',
  /** Dashboards' permanent links (`/api/v1/dashboard/{id}/permalink`). */
  dashboardPermalink: 'dashboard_permalink',
  /** Dashboards' native filter state (`/api/v1/dashboard/{id}/filter_state`), with an expiry. */
  dashboardFilterState: 'dashboard_filter_state',
} as const;
export type KvResource = (typeof KV_RESOURCE)[keyof typeof KV_RESOURCE];

/** Largest value an entry holds, in bytes of UTF-8. */
export const KV_MAX_VALUE_BYTES = 1024 * 1024;

export interface KvEntry {
  value: string;
  createdBy: number | null;
}

/** Largest lookup value (the `key_value.lookup` column is varchar(255)). */
export const KV_MAX_LOOKUP_CHARS = 255;

function checkedLookup(lookup: string | null): string | null {
  if (lookup !== null && lookup.length > KV_MAX_LOOKUP_CHARS)
    throw new Error(`key-value lookup longer than ${KV_MAX_LOOKUP_CHARS} characters`);
  return lookup;
}

/**
 * Stores a value and returns its key. `lookup` says what the entry is about, so that it can be
 * found again without its key (by `resource` and `lookup`, which are indexed together).
 */
export async function putEntry(
  db: MetadataDb,
  resource: KvResource,
  value: string,
  userId: number | null,
  expiresOn: Date | null = null,
  lookup: string | null = null,
): Promise<string> {
  const { uuid, key } = newEntryKey();
  const now = nowIso();
  await db
    .insertInto('key_value')
    .values({
      uuid,
      resource,
      value,
      created_on: now,
      changed_on: now,
      created_by_fk: userId,
      expires_on: expiresOn ? expiresOn.toISOString() : null,
      lookup: checkedLookup(lookup),
    })
    .execute();
  return key;
}

/** The entry of a key, or null when there is none (or it has expired). */
export async function getEntry(
  db: MetadataDb,
  resource: KvResource,
  key: string,
  now: Date = new Date(),
): Promise<KvEntry | null> {
  const uuid = keyToUuid(key);
  if (!uuid) return null;
  const row = await db
    .selectFrom('key_value')
    .select(['value', 'created_by_fk', 'expires_on'])
    .where('uuid', '=', uuid)
    .where('resource', '=', resource)
    .executeTakeFirst();
  if (!row) return null;
  const expires = toDate(row.expires_on);
  if (expires && expires.getTime() <= now.getTime()) return null;
  return { value: row.value, createdBy: row.created_by_fk };
}

/**
 * Replaces an entry's value (and expiry); false when there is no such entry. A `lookup` replaces
 * the entry's lookup value too (null clears it); left out, the lookup is kept.
 */
export async function updateEntry(
  db: MetadataDb,
  resource: KvResource,
  key: string,
  value: string,
  expiresOn: Date | null = null,
  lookup?: string | null,
): Promise<boolean> {
  const uuid = keyToUuid(key);
  if (!uuid) return false;
  const result = await db
    .updateTable('key_value')
    .set({
      value,
      changed_on: nowIso(),
      expires_on: expiresOn ? expiresOn.toISOString() : null,
      ...(lookup === undefined ? {} : { lookup: checkedLookup(lookup) }),
    })
    .where('uuid', '=', uuid)
    .where('resource', '=', resource)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Removes an entry; false when there was none. */
export async function deleteEntry(
  db: MetadataDb,
  resource: KvResource,
  key: string,
): Promise<boolean> {
  const uuid = keyToUuid(key);
  if (!uuid) return false;
  const result = await db
    .deleteFrom('key_value')
    .where('uuid', '=', uuid)
    .where('resource', '=', resource)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
