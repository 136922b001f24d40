/**
 * A chart opened from a dashboard ("Edit chart") keeps the dashboard's colours in Explore, as
 * Superset does: the dashboard page writes its context (id, custom label colours, colour scheme)
 * to localStorage under a page id and opens `/explore/?slice_id=…&dashboard_page_id=…`; Explore
 * lays the context over the chart's form data. The colour scheme control then tells why its
 * value is not the chart's own (spec 001 §8's colour scheme notes).
 */
import type { QueryFormData } from '@strata/core';

export const DASHBOARD_EXPLORE_CONTEXT_KEY = 'strata.dashboardExploreContext';
/** Contexts older than this are dropped when a new one is written. */
const CONTEXT_MAX_AGE_MS = 24 * 60 * 60 * 1000;
const MAX_CONTEXTS = 20;

export interface DashboardExploreContext {
  dashboardId: number;
  /** The dashboard's own label colours (json_metadata.label_colors), not the shared ones. */
  labelColors: Record<string, string>;
  /** The dashboard's colour scheme, when it sets one. */
  colorScheme: string | null;
}

interface Stored extends DashboardExploreContext {
  at: number;
}

function readAll(storage: Storage | null): Record<string, Stored> {
  try {
    const raw = storage?.getItem(DASHBOARD_EXPLORE_CONTEXT_KEY);
    const parsed: unknown = raw ? JSON.parse(raw) : {};
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, Stored>)
      : {};
  } catch {
    return {};
  }
}

/** Keeps a dashboard's context for the Explore page `pageId` will open. */
export function saveDashboardExploreContext(
  storage: Storage | null,
  pageId: string,
  context: DashboardExploreContext,
  now = Date.now(),
): void {
  const kept = Object.entries(readAll(storage))
    .filter(
      ([id, c]) => id !== pageId && typeof c.at === 'number' && now - c.at < CONTEXT_MAX_AGE_MS,
    )
    .sort((a, b) => b[1].at - a[1].at)
    .slice(0, MAX_CONTEXTS - 1);
  const next = Object.fromEntries([...kept, [pageId, { ...context, at: now }]]);
  try {
    storage?.setItem(DASHBOARD_EXPLORE_CONTEXT_KEY, JSON.stringify(next));
  } catch {
    // Storage full or refused: Explore opens without the dashboard's colours.
  }
}

export function isColorMap(v: unknown): v is Record<string, string> {
  return (
    !!v &&
    typeof v === 'object' &&
    !Array.isArray(v) &&
    Object.values(v).every((c) => typeof c === 'string')
  );
}

/** The context a dashboard left for `pageId`, or null. */
export function readDashboardExploreContext(
  storage: Storage | null,
  pageId: string | null,
): DashboardExploreContext | null {
  if (!pageId) return null;
  const c = readAll(storage)[pageId];
  if (!c || typeof c.dashboardId !== 'number' || !Number.isInteger(c.dashboardId)) return null;
  return {
    dashboardId: c.dashboardId,
    labelColors: isColorMap(c.labelColors) ? c.labelColors : {},
    colorScheme: typeof c.colorScheme === 'string' && c.colorScheme ? c.colorScheme : null,
  };
}

/** The chart's form data with the dashboard's context laid over it. */
export function withDashboardContext(
  formData: QueryFormData,
  context: DashboardExploreContext | null,
): QueryFormData {
  if (!context) return formData;
  return {
    ...formData,
    dashboardId: context.dashboardId,
    ...(Object.keys(context.labelColors).length ? { label_colors: context.labelColors } : {}),
    ...(context.colorScheme
      ? {
          color_scheme: context.colorScheme,
          dashboard_color_scheme: context.colorScheme,
          // The chart's own scheme, given back when it is saved.
          own_color_scheme: formData.color_scheme ?? null,
        }
      : {}),
  };
}

/** The form data as the chart keeps it: the dashboard's context taken off again. */
export function withoutDashboardContext(formData: QueryFormData): QueryFormData {
  const out: QueryFormData = { ...formData };
  if ('own_color_scheme' in out) {
    const own = out.own_color_scheme;
    if (typeof own === 'string' && own) out.color_scheme = own;
    else delete out.color_scheme;
  }
  for (const key of ['dashboardId', 'label_colors', 'dashboard_color_scheme', 'own_color_scheme'])
    delete out[key];
  return out;
}

/** The browser's localStorage, or null where it is refused. */
export function browserLocalStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}
