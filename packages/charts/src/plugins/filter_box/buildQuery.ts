/** The Filter Box's queries: one per filter, loading its choices (see `filterItems.ts`). */
import type { QueryFormData } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';
import { choicesQuery, filterItemsOf, type FilterBoxItem } from './filterItems.js';

export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  // The box's own time range does not narrow its choices (it is what the box sets).
  const fd = { ...formData, time_range: 'No filter' };
  return buildQueryContext(
    fd,
    (base) => filterItemsOf(formData).map((item) => choicesQuery(base, item)),
    options,
  );
}

/** The query context of one filter's choices matching a search term. */
export function searchQuery(
  formData: QueryFormData,
  item: FilterBoxItem,
  search: string,
): QueryContext {
  const fd = { ...formData, time_range: 'No filter' };
  return buildQueryContext(fd, (base) => [choicesQuery(base, item, search)]);
}
