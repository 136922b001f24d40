/**
 * Dashboard filter state (Superset's dashboard filter state cache, behind the
 * `native_filters_key` URL parameter): the JSON text of a dashboard's native filter state kept
 * under a random key in the key-value store, with an expiry of 90 days refreshed on every update.
 * Anyone who sees the dashboard may read an entry of that dashboard by its key; only the user
 * who made it may replace or delete it. When a user keeps state again for the same dashboard and
 * browser tab (`tab_id`), their live entry for that tab is reused: same key, new value. The entry
 * is found through the key-value store's `lookup` column (see `tabLookup`).
 */
import { z } from 'zod';
import { forbidden, notFound } from '../api/errors.js';
import type { RequestContext } from '../api/resource-types.js';
import { uuidToKey } from '../key_value/keys.js';
import {
  deleteEntry,
  getEntry,
  KV_MAX_VALUE_BYTES,
  KV_RESOURCE,
  putEntry,
  updateEntry,
} from '../key_value/store.js';
import { toDate } from '../metadata/db.js';
import type { VisibleDashboard } from './access.js';

/** How long a filter state entry lives unless updated (Superset's filter state cache: 90 days). */
export const DASHBOARD_FILTER_STATE_TTL_SECONDS = 90 * 24 * 3600;

const RESOURCE = KV_RESOURCE.dashboardFilterState;

/** The body of POST and PUT (Superset's TemporaryCachePostSchema / TemporaryCachePutSchema). */
export const filterStateBody = z.object({
  value: z.string().superRefine((text, check) => {
    if (Buffer.byteLength(text, 'utf8') > KV_MAX_VALUE_BYTES) {
      check.addIssue({
        code: 'custom',
        message: `value must be at most ${KV_MAX_VALUE_BYTES} bytes`,
      });
      return;
    }
    try {
      JSON.parse(text);
    } catch {
      check.addIssue({ code: 'custom', message: 'value must be valid JSON text' });
    }
  }),
});
export type FilterStateBody = z.infer<typeof filterStateBody>;

/** The query of POST and PUT: the browser tab the state belongs to. */
export const filterStateQuery = z.object({
  tab_id: z
    .string()
    .regex(/^\d{1,9}$/, 'tab_id must be a non-negative integer')
    .transform(Number)
    .optional(),
});

/** What is stored. */
interface StoredFilterState {
  dashboardId: number;
  tabId: number | null;
  owner: number | null;
  value: string;
}

const expiry = (now: Date) => new Date(now.getTime() + DASHBOARD_FILTER_STATE_TTL_SECONDS * 1000);

/** The owner of entries the principal makes: their user id, none when anonymous. */
const ownerOf = (ctx: RequestContext): number | null =>
  ctx.principal.isAnonymous ? null : ctx.principal.id;

/**
 * The lookup value of a user's entry for a dashboard and browser tab; null when the entry has no
 * tab or no owner (it is then found by its key only).
 */
export function tabLookup(
  dashboardId: number,
  tabId: number | null,
  owner: number | null,
): string | null {
  return tabId === null || owner === null
    ? null
    : `dashboard:${dashboardId}:tab:${tabId}:owner:${owner}`;
}

const lookupOf = (s: StoredFilterState) => tabLookup(s.dashboardId, s.tabId, s.owner);

function serialize(s: StoredFilterState): string {
  return JSON.stringify({
    dashboardId: s.dashboardId,
    tabId: s.tabId,
    owner: s.owner,
    value: s.value,
  });
}

function parseStored(text: string): StoredFilterState | null {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof v !== 'object' || v === null) return null;
  const o = v as Record<string, unknown>;
  const int = (x: unknown): x is number => typeof x === 'number' && Number.isInteger(x);
  if (!int(o.dashboardId) || typeof o.value !== 'string') return null;
  return {
    dashboardId: o.dashboardId,
    tabId: int(o.tabId) ? o.tabId : null,
    owner: int(o.owner) ? o.owner : null,
    value: o.value,
  };
}

/**
 * The key of the owner's live entry for a dashboard and tab, or null: the most recently changed
 * entry with the tab's lookup value (it also expires last), unless it has expired. Entries made
 * before the `lookup` column existed have none, so they are simply not reused: a new key is made.
 */
async function tabEntryKey(
  ctx: RequestContext,
  dashboardId: number,
  tabId: number,
  owner: number,
  now: Date,
): Promise<string | null> {
  const lookup = tabLookup(dashboardId, tabId, owner);
  if (lookup === null) return null;
  const row = await ctx.db
    .selectFrom('key_value')
    .select(['uuid', 'expires_on'])
    .where('resource', '=', RESOURCE)
    .where('lookup', '=', lookup)
    .where('created_by_fk', '=', owner)
    .orderBy('changed_on', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  if (!row) return null;
  const expires = toDate(row.expires_on);
  if (expires && expires.getTime() <= now.getTime()) return null;
  return uuidToKey(row.uuid);
}

/**
 * Keeps a filter state of a visible dashboard; answers its key. With a tab id, the user's live
 * entry for the dashboard and tab is updated and its key answered.
 */
export async function createFilterState(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  value: string,
  tabId: number | undefined,
  now = new Date(),
): Promise<string> {
  const owner = ownerOf(ctx);
  const stored = { dashboardId: dashboard.id, tabId: tabId ?? null, owner, value };
  const text = serialize(stored);
  const lookup = lookupOf(stored);
  if (tabId !== undefined && owner !== null) {
    const key = await tabEntryKey(ctx, dashboard.id, tabId, owner, now);
    if (key && (await updateEntry(ctx.db, RESOURCE, key, text, expiry(now), lookup))) return key;
  }
  return putEntry(ctx.db, RESOURCE, text, owner, expiry(now), lookup);
}

/** The live entry of a key for this dashboard: 404 when unknown, expired or another's. */
async function entryOf(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  key: string,
  now: Date,
): Promise<StoredFilterState> {
  const entry = await getEntry(ctx.db, RESOURCE, key, now);
  const stored = entry ? parseStored(entry.value) : null;
  if (!stored || stored.dashboardId !== dashboard.id) throw notFound();
  return stored;
}

/** The entry of a key, which the principal must have made: 404 as `entryOf`, then 403. */
async function ownEntry(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  key: string,
  now: Date,
): Promise<StoredFilterState> {
  const stored = await entryOf(ctx, dashboard, key, now);
  const owner = ownerOf(ctx);
  if (owner === null || stored.owner !== owner) throw forbidden();
  return stored;
}

/** The stored JSON text of a key of the dashboard. */
export async function readFilterState(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  key: string,
  now = new Date(),
): Promise<string> {
  return (await entryOf(ctx, dashboard, key, now)).value;
}

/** Replaces the value of the principal's entry and renews its expiry; the key is kept. */
export async function updateFilterState(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  key: string,
  value: string,
  tabId: number | undefined,
  now = new Date(),
): Promise<void> {
  const stored = await ownEntry(ctx, dashboard, key, now);
  const next = { ...stored, tabId: tabId ?? stored.tabId, value };
  const text = serialize(next);
  if (!(await updateEntry(ctx.db, RESOURCE, key, text, expiry(now), lookupOf(next))))
    throw notFound();
}

/** Forgets the principal's entry. */
export async function deleteFilterState(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  key: string,
  now = new Date(),
): Promise<void> {
  await ownEntry(ctx, dashboard, key, now);
  if (!(await deleteEntry(ctx.db, RESOURCE, key))) throw notFound();
}
