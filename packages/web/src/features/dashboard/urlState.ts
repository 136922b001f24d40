/**
 * The filter state a dashboard address carries, read while the dashboard loads: a permalink's
 * kept state (`permalink_key`: data masks and active tabs), a kept native filter state
 * (`native_filters_key`, Superset's filter state cache), or the data masks written in the
 * address itself (`native_filters`, rison). A state that cannot be read leaves the dashboard on
 * its defaults, with a warning to show.
 */
import type { DataMask } from '@strata/charts';
import { api, errorMessage, isAbortError } from '../../app/api';
import { parseNativeFiltersParam, readDataMasks } from './nativeFilters';
import type { DashboardUrlParams } from './params';

export interface UrlFilterState {
  dataMask: Record<string, DataMask> | null;
  activeTabs: string[] | null;
  warning: string | null;
}

/** The masks of a stored filter state's JSON text (`{id: mask}`), or null. */
export function parseStoredFilterState(text: string): Record<string, DataMask> | null {
  try {
    return readDataMasks(JSON.parse(text));
  } catch {
    return null;
  }
}

export async function readUrlFilterState(
  params: DashboardUrlParams,
  signal: AbortSignal,
): Promise<UrlFilterState> {
  const none: UrlFilterState = { dataMask: null, activeTabs: null, warning: null };
  try {
    if (params.permalinkKey) {
      const p = await api.get<{
        state: { activeTabs?: unknown; dataMask?: unknown };
      }>(`/api/v1/dashboard/permalink/${encodeURIComponent(params.permalinkKey)}`, { signal });
      const tabs = Array.isArray(p.state.activeTabs)
        ? p.state.activeTabs.filter((t): t is string => typeof t === 'string')
        : [];
      return {
        dataMask: readDataMasks(p.state.dataMask),
        activeTabs: tabs.length ? tabs : null,
        warning: null,
      };
    }
    if (params.nativeFiltersKey && params.idOrSlug) {
      const r = await api.get<{ value: string }>(
        `/api/v1/dashboard/${encodeURIComponent(params.idOrSlug)}/filter_state/${encodeURIComponent(params.nativeFiltersKey)}`,
        { signal },
      );
      const dataMask = parseStoredFilterState(r.value);
      return dataMask
        ? { ...none, dataMask }
        : { ...none, warning: 'The saved filter state could not be read: default filters apply.' };
    }
    if (params.nativeFilters) {
      const dataMask = parseNativeFiltersParam(params.nativeFilters);
      return dataMask
        ? { ...none, dataMask }
        : {
            ...none,
            warning: 'The filters in the address could not be read: default filters apply.',
          };
    }
  } catch (e) {
    if (isAbortError(e)) throw e;
    const what = params.permalinkKey ? 'The shared state' : 'The saved filter state';
    return { ...none, warning: `${what} could not be opened: ${errorMessage(e)}` };
  }
  return none;
}
