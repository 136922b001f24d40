/**
 * A chart's own cross filter, as it draws it: charts that filter by a group of dimension values
 * (a pie slice, a time series) keep `filterState.value = [[v1, v2, …]]`; the chart dims what is
 * not selected, and a click on the selected group clears the filter.
 */
import type { DataMask } from './plugin.js';

/** How opaque the groups that are not the cross filter are drawn. */
export const UNSELECTED_OPACITY = 0.3;

/** The selected group's values, or null when the chart filters nothing. */
export function selectedGroup(filterState: Record<string, unknown> | undefined): string[] | null {
  const value = filterState?.value;
  if (!Array.isArray(value) || !Array.isArray(value[0]) || value[0].length === 0) return null;
  return (value[0] as unknown[]).map(String);
}

/** Whether a group's values are the selected ones. */
export function isSelectedGroup(
  values: readonly unknown[] | undefined,
  selected: readonly string[] | null,
): boolean {
  return (
    !!selected &&
    !!values &&
    values.length === selected.length &&
    values.every((v, i) => String(v) === selected[i])
  );
}

/** The mask that clears a chart's cross filter. */
export const CLEARED_CROSS_FILTER: DataMask = {
  extraFormData: { filters: [] },
  filterState: { value: null, selectedValues: null },
};
