/**
 * Keeps the dashboard's filter state on the server as the user filters (Superset's
 * `native_filters_key`): after a change of the data masks, the masks are stored under this
 * browser tab's key (created once, then replaced) and the key is put in the address, so a reload
 * or a copied address opens the dashboard filtered the same way.
 */
import { useEffect, useRef } from 'react';
import type { DataMask } from '@strata/charts';
import { api, ApiError } from '../../app/api';

/** Wait after the last change before storing (a burst of clicks is stored once). */
const STORE_DELAY_MS = 400;
const TAB_ID_KEY = 'strata.tabId';

/** This browser tab's id (kept for the tab's life in sessionStorage). */
export function browserTabId(storage: Pick<Storage, 'getItem' | 'setItem'> | null): number {
  const known = Number(storage?.getItem(TAB_ID_KEY));
  if (Number.isInteger(known) && known > 0) return known;
  const id = 1 + Math.floor(Math.random() * 999_999_999);
  storage?.setItem(TAB_ID_KEY, String(id));
  return id;
}

/** The address with the filter state's key, and without state it replaces. */
export function searchWithFilterKey(search: string, key: string): string {
  const p = new URLSearchParams(search);
  p.delete('native_filters');
  p.delete('permalink_key');
  p.set('native_filters_key', key);
  return `?${p.toString()}`;
}

function sessionStore(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function useKeptFilterState(opts: {
  dashboardId: number | null;
  /** The masks as loaded (not stored again) — the current ones are compared to it. */
  loadedMasks: Readonly<Record<string, DataMask>> | null;
  dataMasks: Readonly<Record<string, DataMask>>;
  initialKey: string | null;
  /** Puts the search part in the address (replacing the history entry). */
  replaceSearch: (search: string) => void;
}): void {
  const { dashboardId, loadedMasks, dataMasks, initialKey, replaceSearch } = opts;
  const key = useRef<string | null>(initialKey);
  const replace = useRef(replaceSearch);
  replace.current = replaceSearch;
  useEffect(() => {
    if (dashboardId === null || !loadedMasks || dataMasks === loadedMasks) return undefined;
    let cancelled = false;
    const value = JSON.stringify(dataMasks);
    const base = `/api/v1/dashboard/${dashboardId}/filter_state`;
    const tab = `?tab_id=${browserTabId(sessionStore())}`;
    const store = async (keepalive: boolean): Promise<string> => {
      const o = keepalive ? { keepalive: true } : {};
      if (key.current) {
        try {
          await api.put(`${base}/${encodeURIComponent(key.current)}${tab}`, { value }, o);
          return key.current;
        } catch (e) {
          // Another user's key (a shared address) or an expired one: keep our own.
          if (!(e instanceof ApiError) || (e.status !== 403 && e.status !== 404)) throw e;
        }
      }
      return (await api.post<{ key: string }>(`${base}${tab}`, { value }, o)).key;
    };
    const timer = setTimeout(() => {
      window.removeEventListener('pagehide', flush);
      store(false)
        .then((k) => {
          if (cancelled) return;
          key.current = k;
          replace.current(searchWithFilterKey(window.location.search, k));
        })
        // Filtering goes on without a kept state; the next change tries again.
        .catch(() => undefined);
    }, STORE_DELAY_MS);
    // Leaving or reloading the page before the delay: the change is kept at once, under the key
    // the address already has (a reload reads it from there).
    function flush() {
      clearTimeout(timer);
      if (key.current) void store(true).catch(() => undefined);
    }
    window.addEventListener('pagehide', flush);
    return () => {
      cancelled = true;
      clearTimeout(timer);
      window.removeEventListener('pagehide', flush);
    };
  }, [dashboardId, loadedMasks, dataMasks]);
}
