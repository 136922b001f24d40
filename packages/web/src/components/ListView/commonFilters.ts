import type { AsyncSelectFilterDef, FilterOption, SearchFilterDef, SelectFilterDef } from './types';

/** The options of a yes/no filter. */
export const YES_NO: FilterOption[] = [
  { label: 'Yes', value: true },
  { label: 'No', value: false },
];

/** The free-text filter of a list (URL key `search`); by default "Name", matched with `ct`. */
export function searchFilter(
  col: string,
  { label = 'Name', opr = 'ct' }: { label?: string; opr?: string } = {},
): SearchFilterDef {
  return { kind: 'search', id: 'search', label, col, opr };
}

/** A choice among the items of `related/{column}`; the URL key and filtered column are `column`. */
export function relatedFilter(
  column: string,
  label: string,
  opr: 'rel_m_m' | 'rel_o_m',
): AsyncSelectFilterDef {
  return { kind: 'async', id: column, label, col: column, opr, source: 'related', column };
}

/** A choice among the values of `distinct/{column}`, matched with `eq`. */
export function distinctFilter(column: string, label: string): AsyncSelectFilterDef {
  return { kind: 'async', id: column, label, col: column, opr: 'eq', source: 'distinct', column };
}

/** Yes or no on a boolean column, matched with `eq`; the URL key is the column. */
export function yesNoFilter(col: string, label: string): SelectFilterDef {
  return { kind: 'select', id: col, label, col, opr: 'eq', options: YES_NO };
}

/** Owner: the items one of whose owners is the chosen user. */
export function ownersFilter(): AsyncSelectFilterDef {
  return relatedFilter('owners', 'Owner', 'rel_m_m');
}

/** Database: the items of the chosen database. */
export function databaseFilter(): AsyncSelectFilterDef {
  return relatedFilter('database', 'Database', 'rel_o_m');
}

/** Schema: the items in the chosen schema. */
export function schemaFilter(): AsyncSelectFilterDef {
  return distinctFilter('schema', 'Schema');
}

/** Favorite: the current user's favourites or the others, by `opr` (e.g. `chart_is_favorite`). */
export function favoriteFilter(opr: string): SelectFilterDef {
  return { kind: 'select', id: 'favorite', label: 'Favorite', col: 'id', opr, options: YES_NO };
}
