/**
 * The dashboard page's address (spec 000 "URL parameters"): `/superset/dashboard/{id or slug}/`
 * or `/dashboard/{id or slug}/`, with `edit=true`, `standalone`, `preselect_filters` (legacy
 * `{chartId: {column: values}}` JSON), `focused_chart` (removed from the address after use),
 * `native_filters` (a rison map of data masks), `native_filters_key` / `permalink_key` (state
 * kept on the server).
 */
import { dashboardIdOrSlugOf } from '@strata/core';

export interface DashboardUrlParams {
  idOrSlug: string | null;
  edit: boolean;
  standalone: boolean;
  /** `standalone=3` (Superset's hide nav and title): the page as reports and thumbnails draw it,
   * charts without their menu and cache label. */
  reportMode: boolean;
  preselectFilters: Record<string, Record<string, unknown>>;
  focusedChart: number | null;
  permalinkKey: string | null;
  /** `native_filters_key`: the key of a filter state kept on the server. */
  nativeFiltersKey: string | null;
  /** `native_filters`: the rison text of data masks, as in the address. */
  nativeFilters: string | null;
}

const KEY = /^[A-Za-z0-9_-]{1,128}$/;

export function readDashboardParams(pathname: string, search: string): DashboardUrlParams {
  const p = new URLSearchParams(search);
  let preselect: Record<string, Record<string, unknown>> = {};
  const pre = p.get('preselect_filters');
  if (pre) {
    try {
      const parsed: unknown = JSON.parse(pre);
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
        preselect = parsed as Record<string, Record<string, unknown>>;
    } catch {
      preselect = {};
    }
  }
  const focused = Number(p.get('focused_chart'));
  const key = p.get('permalink_key');
  const stateKey = p.get('native_filters_key');
  const standalone = p.get('standalone');
  return {
    idOrSlug: dashboardIdOrSlugOf(pathname),
    edit: p.get('edit') === 'true',
    standalone:
      standalone === '1' || standalone === 'true' || standalone === '2' || standalone === '3',
    reportMode: standalone === '3',
    preselectFilters: preselect,
    focusedChart: Number.isInteger(focused) && focused > 0 ? focused : null,
    permalinkKey: key && KEY.test(key) ? key : null,
    nativeFiltersKey: stateKey && KEY.test(stateKey) ? stateKey : null,
    nativeFilters: p.get('native_filters') || null,
  };
}

/** The address without `focused_chart` (kept once used), or null when it had none. */
export function withoutFocusedChart(search: string): string | null {
  const p = new URLSearchParams(search);
  if (!p.has('focused_chart')) return null;
  p.delete('focused_chart');
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** The address's parameters a saved dashboard's address keeps (its kept filter state). */
const KEPT_AFTER_SAVE = ['native_filters_key', 'standalone', 'show_filters', 'expand_filters'];

/**
 * The address after an overwrite save (spec 000 §2): `/superset/dashboard/{slug or id}/`,
 * out of edit mode, keeping the kept filter state's key.
 */
export function addressAfterSave(dashboard: { id: number; slug: string | null }, search: string) {
  const from = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const key of KEPT_AFTER_SAVE) {
    const value = from.get(key);
    if (value !== null) kept.set(key, value);
  }
  const query = kept.toString();
  const slug = dashboard.slug?.trim();
  const idOrSlug = encodeURIComponent(slug ? slug : String(dashboard.id));
  return `/superset/dashboard/${idOrSlug}/${query ? `?${query}` : ''}`;
}
