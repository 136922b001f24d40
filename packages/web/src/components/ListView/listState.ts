import { risonDecode, risonEncode } from '@strata/core';
import type { ListFilter, ListQuery, RisonValue } from '@strata/core';
import type {
  FilterOptionValue,
  FilterSelection,
  ListFilterDef,
  ListState,
  SortState,
} from './types';

/** Names of the URL query parameters (the same as Superset's list pages). */
export const URL_PARAMS = {
  page: 'pageIndex',
  sortColumn: 'sortColumn',
  sortOrder: 'sortOrder',
  filters: 'filters',
} as const;

function isOptionValue(value: unknown): value is FilterOptionValue {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function parseSelection(raw: RisonValue | undefined): FilterSelection | null {
  if (isOptionValue(raw)) return raw === '' ? null : { value: raw };
  if (raw && typeof raw === 'object' && !Array.isArray(raw) && 'value' in raw) {
    const { value, label } = raw;
    if (!isOptionValue(value) || value === '') return null;
    return typeof label === 'string' && label !== '' ? { value, label } : { value };
  }
  return null;
}

function safeDecode(text: string): RisonValue {
  try {
    return risonDecode(text);
  } catch {
    return null;
  }
}

/** Reads a list's state from the page URL; anything unknown or malformed is ignored. */
export function parseListState(
  search: string | URLSearchParams,
  options: { defaultSort: SortState; filters: ListFilterDef[]; sortKeys?: string[] },
): ListState {
  const params = typeof search === 'string' ? new URLSearchParams(search) : search;
  const page = Number(params.get(URL_PARAMS.page));
  const pageIndex = Number.isInteger(page) && page > 0 ? page : 0;

  let sort = options.defaultSort;
  const column = params.get(URL_PARAMS.sortColumn);
  const order = params.get(URL_PARAMS.sortOrder);
  if (column && (!options.sortKeys || options.sortKeys.includes(column))) {
    sort = { column, direction: order === 'asc' ? 'asc' : 'desc' };
  }

  const filters: Record<string, FilterSelection> = {};
  const rawFilters = params.get(URL_PARAMS.filters);
  if (rawFilters) {
    const decoded = safeDecode(rawFilters);
    if (decoded && typeof decoded === 'object' && !Array.isArray(decoded)) {
      for (const def of options.filters) {
        const selection = parseSelection(decoded[def.id]);
        if (selection) filters[def.id] = selection;
      }
    }
  }
  return { pageIndex, sort, filters };
}

/** Encodes a query parameter value, leaving rison's punctuation readable: `(search:'x')`. */
function encodeParam(value: string): string {
  return encodeURIComponent(value).replace(/%(28|29|2C|3A|27|21|2A)/gi, (m) =>
    decodeURIComponent(m),
  );
}

/** Writes a list's state as URL query text (without `?`); defaults are left out. */
export function listStateToSearch(state: ListState, defaultSort: SortState): string {
  const params: Array<[string, string]> = [];
  if (state.pageIndex > 0) params.push([URL_PARAMS.page, String(state.pageIndex)]);
  if (state.sort.column !== defaultSort.column || state.sort.direction !== defaultSort.direction) {
    params.push([URL_PARAMS.sortColumn, state.sort.column]);
    params.push([URL_PARAMS.sortOrder, state.sort.direction]);
  }
  const filters: Record<string, RisonValue> = {};
  for (const [id, selection] of Object.entries(state.filters)) {
    filters[id] =
      selection.label !== undefined && selection.label !== String(selection.value)
        ? { label: selection.label, value: selection.value }
        : selection.value;
  }
  if (Object.keys(filters).length > 0) params.push([URL_PARAMS.filters, risonEncode(filters)]);
  return params.map(([k, v]) => `${k}=${encodeParam(v)}`).join('&');
}

/** The `q` of the list call for a state. */
export function buildListQuery(
  state: ListState,
  filterDefs: ListFilterDef[],
  pageSize: number,
): ListQuery {
  const filters: ListFilter[] = [];
  for (const def of filterDefs) {
    const selection = state.filters[def.id];
    if (!selection) continue;
    let value = selection.value;
    if (def.kind === 'search') {
      value = String(value).trim();
      if (value === '') continue;
    }
    filters.push({ col: def.col, opr: def.opr, value });
  }
  return {
    filters,
    order_column: state.sort.column,
    order_direction: state.sort.direction,
    page: state.pageIndex,
    page_size: pageSize,
  };
}

/** The state with one filter set (or cleared), back on the first page. */
export function withFilter(
  state: ListState,
  id: string,
  selection: FilterSelection | null,
): ListState {
  const filters = { ...state.filters };
  if (selection === null || selection.value === '') delete filters[id];
  else filters[id] = selection;
  return { ...state, filters, pageIndex: 0 };
}

/** The state sorted another way (null: the default), back on the first page. */
export function withSort(
  state: ListState,
  sort: SortState | null,
  defaultSort: SortState,
): ListState {
  return { ...state, sort: sort ?? defaultSort, pageIndex: 0 };
}

/** Number of pages for a count. */
export function pageCount(count: number, pageSize: number): number {
  return Math.max(1, Math.ceil(count / pageSize));
}
