/**
 * The async select control's call (Superset's SelectAsyncControl `dataEndpoint`): a GET of an
 * API path the chart type names; only `/api/` paths of this server are read. A list call's
 * endpoint (rison `q`) can be narrowed by one more filter: the names matching what the user
 * types, or the chosen values the first page did not bring.
 */
import { risonDecode, risonEncode, type RisonValue } from '@strata/core';
import { api } from '../../app/api';

/** The path when it is one of this server's API paths, else null. */
export function asyncSelectEndpoint(endpoint: unknown): string | null {
  return typeof endpoint === 'string' && endpoint.startsWith('/api/') ? endpoint : null;
}

export interface ListFilter {
  col: string;
  opr: string;
  value: RisonValue;
}

/**
 * The list endpoint with `filter` added to its `q` filters (a `q` is made when it has none);
 * null when the endpoint's `q` is not a rison object.
 */
export function withListFilter(endpoint: string, filter: ListFilter): string | null {
  const [path, search = ''] = endpoint.split('?', 2) as [string, string?];
  const params = new URLSearchParams(search);
  let q: Record<string, RisonValue> = {};
  const raw = params.get('q');
  if (raw !== null) {
    try {
      const decoded = risonDecode(raw);
      if (!decoded || typeof decoded !== 'object' || Array.isArray(decoded)) return null;
      q = decoded as Record<string, RisonValue>;
    } catch {
      return null;
    }
  }
  const filters = Array.isArray(q.filters) ? q.filters : [];
  const next = risonEncode({ ...q, filters: [...filters, { ...filter }] });
  params.delete('q');
  const rest = params.toString();
  return `${path}?q=${encodeURIComponent(next)}${rest ? `&${rest}` : ''}`;
}

export function fetchAsyncSelectAnswer(endpoint: string, signal?: AbortSignal): Promise<unknown> {
  return api.get<unknown>(endpoint, { signal });
}
