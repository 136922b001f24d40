/**
 * Dashboard permalinks (Superset's dashboard permalink): the filter state, active tabs, anchor
 * and URL parameters of a dashboard kept under a random key in the key-value store;
 * `/superset/dashboard/p/{key}/` opens them. Creating and reading both need the dashboard to be
 * visible to the user.
 */
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext } from '../api/resource-types.js';
import { getEntry, KV_MAX_VALUE_BYTES, KV_RESOURCE, putEntry } from '../key_value/store.js';
import {
  findVisibleDashboard,
  type DashboardAccessOptions,
  type VisibleDashboard,
} from './access.js';
import { parseJson, type DashboardPermalinkState } from './payload.js';

/** Superset's DashboardPermalinkStateSchema. */
export const dashboardPermalinkBody = z.object({
  urlParams: z
    .array(z.tuple([z.string().max(1000), z.string().max(100_000)]))
    .max(500)
    .nullish(),
  dataMask: z.record(z.string(), z.unknown()).nullish(),
  activeTabs: z.array(z.string().max(256)).max(1000).nullish(),
  anchor: z
    .string()
    .max(256)
    .regex(/^[A-Za-z0-9_.:-]*$/, 'An anchor is a component id')
    .nullish(),
});
export type DashboardPermalinkBody = z.infer<typeof dashboardPermalinkBody>;

/** What is stored: the dashboard's id and the state. */
interface StoredPermalink {
  dashboardId: number;
  state: DashboardPermalinkState;
}

/** Keeps the state of a visible dashboard; answers the key. */
export async function createDashboardPermalink(
  ctx: RequestContext,
  dashboard: VisibleDashboard,
  body: DashboardPermalinkBody,
): Promise<string> {
  const state: DashboardPermalinkState = {};
  if (body.urlParams) state.urlParams = body.urlParams;
  if (body.dataMask) state.dataMask = body.dataMask;
  if (body.activeTabs) state.activeTabs = body.activeTabs;
  if (body.anchor) state.anchor = body.anchor;
  const value: StoredPermalink = { dashboardId: dashboard.id, state };
  const text = JSON.stringify(value);
  if (Buffer.byteLength(text, 'utf8') > KV_MAX_VALUE_BYTES)
    throw new ApiError(413, 'The dashboard state is too large');
  return putEntry(
    ctx.db,
    KV_RESOURCE.dashboardPermalink,
    text,
    ctx.principal.isAnonymous ? null : ctx.principal.id,
  );
}

/** The dashboard and state of a key: 404 when unknown, expired, or the dashboard is hidden. */
export async function readDashboardPermalink(
  ctx: RequestContext,
  key: string,
  opts: DashboardAccessOptions,
): Promise<{ dashboard: VisibleDashboard; state: DashboardPermalinkState }> {
  const entry = await getEntry(ctx.db, KV_RESOURCE.dashboardPermalink, key);
  if (!entry) throw new ApiError(404, 'Not found');
  const parsed = parseJson(entry.value);
  const stored = parsed.ok ? (parsed.value as Partial<StoredPermalink> | null) : null;
  const id = stored?.dashboardId;
  if (typeof id !== 'number' || !Number.isInteger(id)) throw new ApiError(404, 'Not found');
  const dashboard = await findVisibleDashboard(ctx, id, opts);
  const state =
    stored?.state && typeof stored.state === 'object' && !Array.isArray(stored.state)
      ? stored.state
      : {};
  return { dashboard, state };
}
