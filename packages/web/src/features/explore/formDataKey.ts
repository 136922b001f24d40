/**
 * The form data kept on the server per browser tab (`/api/v1/explore/form_data`), so Explore's
 * address (`?form_data_key=…`) reopens the chart as it was: stored when a query runs, the key
 * put in the address without a new history entry.
 */
import type { QueryFormData } from '@strata/core';
import { parseDatasource } from '@strata/charts';
import type { ApiClient } from '../../app/api';

const TAB_KEY = 'strata.explore.tab_id';

/** A number for this browser tab, kept in sessionStorage. */
export function browserTabId(storage: Storage | null): string {
  try {
    const known = storage?.getItem(TAB_KEY);
    if (known && /^\d{1,12}$/.test(known)) return known;
    const id = String(Math.floor(Math.random() * 1e9) + 1);
    storage?.setItem(TAB_KEY, id);
    return id;
  } catch {
    return '1';
  }
}

/** The stored value: the form data without url_params, as JSON text. */
export function formDataPayload(formData: QueryFormData): Record<string, unknown> {
  const { id, type } = parseDatasource(formData.datasource);
  const rest: QueryFormData = { ...formData };
  delete rest.url_params;
  return {
    datasource_id: id,
    datasource_type: type,
    ...(typeof formData.slice_id === 'number' ? { chart_id: formData.slice_id } : {}),
    form_data: JSON.stringify(rest),
  };
}

/** The Explore address for a key (and the saved chart, when there is one). */
export function exploreAddress(key: string, sliceId: number | undefined): string {
  const q = new URLSearchParams({ form_data_key: key });
  if (sliceId) q.set('slice_id', String(sliceId));
  return `/explore/?${q.toString()}`;
}

/** Stores the form data under the current key (PUT) or a new one (POST); the key in use. */
export async function storeFormData(
  api: ApiClient,
  key: string | null,
  formData: QueryFormData,
  tabId: string,
): Promise<string> {
  const body = formDataPayload(formData);
  if (key) {
    try {
      const res = await api.put<{ key?: string; message?: string }>(
        `/api/v1/explore/form_data/${encodeURIComponent(key)}?tab_id=${tabId}`,
        body,
      );
      return res.key ?? key;
    } catch {
      // The key expired or belongs to someone else: store under a new one.
    }
  }
  const res = await api.post<{ key: string }>(`/api/v1/explore/form_data?tab_id=${tabId}`, body);
  return res.key;
}
