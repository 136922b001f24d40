import type { Breakpoint } from 'antd';
import type { ReactNode } from 'react';

/** A row of a list: every resource item has an id. */
export interface ListRow {
  id: number | string;
}

export interface ListColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  /** The `order_column` this column sorts by; not sortable when absent. */
  sortKey?: string;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** The window widths the column shows at (antd's breakpoints); always when absent. */
  responsive?: Breakpoint[];
}

export type FilterOptionValue = string | number | boolean;

export interface FilterOption {
  label: string;
  value: FilterOptionValue;
}

interface FilterBase {
  /** Key of the filter in the page URL. */
  id: string;
  label: string;
  col: string;
  opr: string;
}

/** Free text, debounced. */
export interface SearchFilterDef extends FilterBase {
  kind: 'search';
  placeholder?: string;
}

/** A choice among fixed options. */
export interface SelectFilterDef extends FilterBase {
  kind: 'select';
  options: FilterOption[];
}

/** A choice among options loaded (with search) from `related/{column}` or `distinct/{column}`. */
export interface AsyncSelectFilterDef extends FilterBase {
  kind: 'async';
  source: 'related' | 'distinct';
  column: string;
}

export type ListFilterDef = SearchFilterDef | SelectFilterDef | AsyncSelectFilterDef;

export interface SortState {
  column: string;
  direction: 'asc' | 'desc';
}

/** The chosen value of a filter; `label` keeps what to show for loaded options. */
export interface FilterSelection {
  value: FilterOptionValue;
  label?: string;
}

/** Everything about a list that lives in the page URL. */
export interface ListState {
  pageIndex: number;
  sort: SortState;
  filters: Record<string, FilterSelection>;
}
