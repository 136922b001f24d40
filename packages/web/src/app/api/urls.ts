import { risonEncode } from '@strata/core';
import type { ListQuery, RisonValue } from '@strata/core';

/** Base path of a resource's REST API, e.g. `dashboard` -> `/api/v1/dashboard`. */
export function resourceBase(resource: string): string {
  return `/api/v1/${resource.replace(/^\/+|\/+$/g, '')}`;
}

/** A rison value as a URL query parameter value. */
export function risonParam(value: RisonValue): string {
  return encodeURIComponent(risonEncode(value));
}

/** A ListQuery as a rison value; undefined and empty parts are left out. */
export function listQueryToRison(query: ListQuery): RisonValue {
  const out: Record<string, RisonValue> = {};
  if (query.filters && query.filters.length > 0) {
    out.filters = query.filters.map((f) => ({ col: f.col, opr: f.opr, value: f.value }));
  }
  if (query.order_column) out.order_column = query.order_column;
  if (query.order_direction) out.order_direction = query.order_direction;
  if (query.page !== undefined) out.page = query.page;
  if (query.page_size !== undefined) out.page_size = query.page_size;
  if (query.columns && query.columns.length > 0) out.columns = query.columns;
  if (query.keys && query.keys.length > 0) out.keys = query.keys;
  return out;
}

/** `GET /api/v1/{resource}/?q=…` */
export function listUrl(resource: string, query: ListQuery): string {
  return `${resourceBase(resource)}/?q=${risonParam(listQueryToRison(query))}`;
}

/** `GET /api/v1/{resource}/_info?q=(keys:!(permissions))` */
export function infoUrl(resource: string): string {
  return `${resourceBase(resource)}/_info?q=${risonParam({ keys: ['permissions'] })}`;
}

/** `GET /api/v1/{resource}/related/{column}` or `/distinct/{column}` with a search text. */
export function relatedUrl(
  resource: string,
  source: 'related' | 'distinct',
  column: string,
  filter: string,
  page = 0,
  pageSize = 25,
): string {
  const q = risonParam({ filter, page, page_size: pageSize });
  return `${resourceBase(resource)}/${source}/${column}?q=${q}`;
}

/** `/api/v1/{resource}/{id}` */
export function itemUrl(resource: string, id: number | string): string {
  return `${resourceBase(resource)}/${encodeURIComponent(String(id))}`;
}

/** `DELETE /api/v1/{resource}/?q=!(1,2,3)` */
export function bulkDeleteUrl(resource: string, ids: Array<number | string>): string {
  return `${resourceBase(resource)}/?q=${risonParam(ids)}`;
}

/** `GET /api/v1/{resource}/favorite_status/?q=!(1,2)` */
export function favoriteStatusUrl(resource: string, ids: Array<number | string>): string {
  return `${resourceBase(resource)}/favorite_status/?q=${risonParam(ids)}`;
}

/** `POST|DELETE /api/v1/{resource}/{id}/favorites/` */
export function favoriteUrl(resource: string, id: number | string): string {
  return `${itemUrl(resource, id)}/favorites/`;
}

/** `GET /api/v1/…?q=(page:n,page_size:m)` for simple paged lists. */
export function pagedUrl(path: string, page: number, pageSize: number): string {
  const sep = path.includes('?') ? '&' : '?';
  return `${path}${sep}q=${risonParam({ page, page_size: pageSize })}`;
}
