/**
 * Filter Box props: per filter its label, choices (with the sort metric's value when there is
 * one), default value and options; the values the box shows first (its own filter state's, else
 * the defaults); the date filter, time grain and time column pickers when asked; whether changes
 * apply at once; and the functions that emit the filters and search.
 */
import { getMetricLabel, GenericDataType, type QueryFormData } from '@strata/core';
import { getNumberFormatter } from '../../format/number-format.js';
import type { ChartDataResult, ChartProps, DataMask } from '../../plugin.js';
import { searchQuery } from './buildQuery.js';
import {
  emittedFilters,
  filterItemsOf,
  initialSelection,
  initialTimeSettings,
  isMultiple,
  itemLabel,
  parseDefaultValue,
  type FilterBoxItem,
  type FilterBoxTime,
  type FilterValue,
} from './filterItems.js';

export interface FilterChoice {
  value: string | number | boolean;
  label: string;
  /** The sort metric's value, formatted. */
  metric?: string;
}

export interface FilterBoxFilter {
  column: string;
  label: string;
  multiple: boolean;
  clearable: boolean;
  searchAllOptions: boolean;
  choices: FilterChoice[];
  defaultValue: FilterValue | FilterValue[];
}

export interface FilterBoxProps {
  width: number;
  height: number;
  filters: FilterBoxFilter[];
  /**
   * Per filter column, the value the box shows first: what its own filter state holds (the
   * choices it emitted, which the dashboard filters by), else the filter's default.
   */
  initialValues: Record<string, FilterValue | FilterValue[]>;
  dateFilter: boolean;
  /** The time settings shown first: its own filter state's, else the chart's time range. */
  initialTime: FilterBoxTime;
  showTimeGrain: boolean;
  timeGrains: Array<[string, string]>;
  showTimeColumn: boolean;
  timeColumns: string[];
  instantFiltering: boolean;
  /** Emits the chosen filters (a dashboard applies them to the other charts). */
  onApply?: (mask: DataMask) => void;
  /** Searches a filter's choices on the server. */
  search?: (column: string, term: string) => Promise<FilterChoice[]>;
}

function choicesOf(result: ChartDataResult | undefined, item: FilterBoxItem): FilterChoice[] {
  const column = item.column!;
  const metric = item.metric ? getMetricLabel(item.metric) : null;
  const format = getNumberFormatter('SMART_NUMBER');
  return (result?.data ?? [])
    .filter((row) => row[column] !== null && row[column] !== undefined)
    .map((row) => {
      const value = row[column] as string | number | boolean;
      const m = metric ? row[metric] : undefined;
      return {
        value,
        label: String(value),
        ...(typeof m === 'number' ? { metric: format(m) } : {}),
      };
    });
}

export function transformProps(chartProps: ChartProps<QueryFormData>): FilterBoxProps {
  const { width, height, formData, queriesData, datasource, hooks } = chartProps;
  const items = filterItemsOf(formData);
  const columnType = (name: string) =>
    datasource.columns.find((c) => c.column_name === name)?.type ?? null;
  const filters = items.map((item, i) => ({
    column: item.column!,
    label: itemLabel(item),
    multiple: isMultiple(item),
    clearable: item.clearable !== false,
    searchAllOptions: item.searchAllOptions === true,
    choices: choicesOf(queriesData[i], item),
    defaultValue: parseDefaultValue(item.defaultValue, columnType(item.column!), isMultiple(item)),
  }));
  const setDataMask = hooks?.setDataMask;
  const post = hooks?.postChartData;
  return {
    width,
    height,
    filters,
    initialValues: initialSelection(filters, chartProps.filterState),
    dateFilter: formData.date_filter !== false,
    initialTime: initialTimeSettings(
      chartProps.filterState,
      (formData.time_range as string | undefined) ?? 'No filter',
    ),
    showTimeGrain: formData.show_sqla_time_granularity === true,
    timeGrains: datasource.time_grain_sqla ?? [],
    showTimeColumn: formData.show_sqla_time_column === true,
    timeColumns: datasource.columns
      .filter((c) => c.is_dttm || c.type_generic === GenericDataType.TEMPORAL)
      .map((c) => c.column_name),
    instantFiltering: formData.instant_filtering !== false,
    ...(setDataMask ? { onApply: setDataMask } : {}),
    ...(post
      ? {
          search: async (column: string, term: string) => {
            const item = items.find((i) => i.column === column);
            if (!item) return [];
            const [result] = await post(searchQuery(formData, item, term));
            return choicesOf(result, item);
          },
        }
      : {}),
  };
}

/** The data mask of the box's choices: the column filters and the time settings. */
export function filterBoxMask(
  filters: readonly FilterBoxFilter[],
  selected: Record<string, FilterValue | FilterValue[]>,
  time: Partial<FilterBoxTime>,
): DataMask {
  const clauses = emittedFilters(
    filters.map((f) => ({ column: f.column, multiple: f.multiple })),
    selected,
  );
  const extraFormData: Record<string, unknown> = { filters: clauses };
  if (time.time_range && time.time_range !== 'No filter')
    extraFormData.time_range = time.time_range;
  if (time.time_grain_sqla) extraFormData.time_grain_sqla = time.time_grain_sqla;
  if (time.granularity_sqla) extraFormData.granularity_sqla = time.granularity_sqla;
  // The time settings are kept too, so that the box shows them again (a reload, a permalink).
  const kept = {
    time_range: time.time_range ?? null,
    time_grain_sqla: time.time_grain_sqla ?? null,
    granularity_sqla: time.granularity_sqla ?? null,
  };
  return { extraFormData, filterState: { value: selected, time: kept } };
}
