import type { RisonValue } from './rison.js';

/** Filter operators of the list calls (Flask-AppBuilder names, as Superset uses them). */
export const LIST_FILTER_OPERATORS = [
  'eq',
  'neq',
  'ct',
  'nct',
  'sw',
  'nsw',
  'ew',
  'new',
  'gt',
  'lt',
  'in',
  'rel_o_m',
  'nrel_o_m',
  'rel_m_m',
] as const;
export type ListFilterOperator = (typeof LIST_FILTER_OPERATORS)[number];

/** One filter of a list call. Resource-specific operators (e.g. `dashboard_is_favorite`) are strings too. */
export interface ListFilter {
  col: string;
  opr: string;
  value: RisonValue;
}

/** The rison `q` of `GET /api/v1/{resource}/`. */
export interface ListQuery {
  filters?: ListFilter[];
  order_column?: string;
  order_direction?: 'asc' | 'desc';
  page?: number;
  page_size?: number;
  columns?: string[];
  keys?: string[];
}

/** The answer of a list call. */
export interface ListResponse<T> {
  result: T[];
  count: number;
  ids: Array<number | string>;
  list_columns?: string[];
  order_columns?: string[];
  label_columns?: Record<string, string>;
  list_title?: string;
}

/** The answer of `related/{column}` and `distinct/{column}`. */
export interface RelatedResponse {
  count: number;
  result: Array<{ value: number | string; text: string; extra?: Record<string, unknown> }>;
}

/** The answer of `_info`. */
export interface InfoResponse {
  permissions?: string[];
  add_columns?: unknown[];
  edit_columns?: unknown[];
  filters?: Record<string, Array<{ name: string; operator: string }>>;
}

/** `favorite_status` answer. */
export interface FavoriteStatusResponse {
  result: Array<{ id: number; value: boolean }>;
}

/** Error answers, as Superset shapes them. */
export interface ApiErrorItem {
  message: string;
  error_type: string;
  level: 'error' | 'warning' | 'info';
  extra?: Record<string, unknown>;
}
export interface ApiErrorBody {
  message?: string | Record<string, unknown>;
  errors?: ApiErrorItem[];
}
