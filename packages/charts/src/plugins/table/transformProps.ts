/**
 * Table props: the columns to show (dimensions, metrics, percentage metrics as "%label"), each
 * with its kind, alignment and formatter (number format per column config, percentages as
 * .1%, times with the timestamp format), the rows, the totals row, and the display options.
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryFormData,
  type QueryMetric,
} from '@strata/core';
import {
  ruleMatches,
  type ConditionalFormattingRule,
} from '../../control-panel/conditional-formatting.js';
import { getNumberFormatter } from '../../format/number-format.js';
import { tableTimeFormatter } from '../../format/time-format.js';
import type { ChartProps, DataMask, DrillFilter } from '../../plugin.js';
import { drillFilter, drillFilters } from '../../drill.js';

export interface TableColumn {
  key: string;
  label: string;
  kind: 'dimension' | 'metric' | 'percent';
  numeric: boolean;
  temporal: boolean;
  align: 'left' | 'center' | 'right';
  width?: number;
  showCellBars: boolean;
  /** Cell text. */
  format: (value: unknown) => string;
  /** min/max of the column's numbers (cell bars). */
  range: [number, number] | null;
}

export interface TableProps {
  width: number;
  height: number;
  columns: TableColumn[];
  data: Array<Record<string, unknown>>;
  totals: Record<string, unknown> | null;
  pageSize: number;
  includeSearch: boolean;
  alignPositiveNegative: boolean;
  colorPositiveNegative: boolean;
  allowRearrangeColumns: boolean;
  /** Background of a cell from the conditional formatting rules, or undefined. */
  cellColor: (column: string, value: unknown) => string | undefined;
  /** Cross filter on a dimension cell (when the chart may emit them). */
  onDimensionClick?: (column: string, value: unknown) => void;
  /** Whether a dimension value is the chart's cross filter (highlighted; a click clears it). */
  isSelected?: (column: string, value: unknown) => boolean;
  /** A right click on a row: the page's drill menu with the row's dimension values. */
  onRowContextMenu?: (row: Record<string, unknown>, clientX: number, clientY: number) => void;
}

type ColumnConfig = Record<string, unknown>;

function formatterFor(
  kind: TableColumn['kind'],
  temporal: boolean,
  numeric: boolean,
  config: ColumnConfig,
  formData: QueryFormData,
  savedFormat: string | undefined,
): (value: unknown) => string {
  if (temporal) {
    const extra = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
    const f = tableTimeFormatter(
      (config.d3TimeFormat as string) || (formData.table_timestamp_format as string),
      extra?.time_grain_sqla ?? (formData.time_grain_sqla as string | undefined),
    );
    return (v) => (v === null || v === undefined ? 'N/A' : f(v as number));
  }
  if (numeric) {
    const pattern =
      (config.d3NumberFormat as string) ||
      (kind === 'percent' ? ',.1%' : savedFormat) ||
      'SMART_NUMBER';
    const f = getNumberFormatter(pattern);
    const digits = config.fractionDigits;
    // The column config's "Fraction digits": numbers rounded before they are formatted.
    const round =
      typeof digits === 'number' && Number.isInteger(digits) && digits >= 0 && digits <= 100
        ? (n: number) => (Number.isFinite(n) ? Number(n.toFixed(digits)) : n)
        : (n: number) => n;
    return (v) =>
      v === null || v === undefined ? 'N/A' : typeof v === 'number' ? f(round(v)) : String(v);
  }
  return (v) =>
    v === null || v === undefined ? 'N/A' : typeof v === 'object' ? JSON.stringify(v) : String(v);
}

/** The cross filter of a clicked dimension value (Superset's shape). */
export function tableCrossFilter(column: string, value: unknown): DataMask {
  const val = value === null || value === undefined ? [] : [value];
  return {
    extraFormData: { filters: val.length ? [{ col: column, op: 'IN', val }] : [] },
    filterState: { value: val.length ? { [column]: val } : null, selectedValues: val },
  };
}

/** The chart's own cross filter from its filter state: the column and its selected values. */
export function selectedCell(
  filterState: Record<string, unknown> | undefined,
): { column: string; values: unknown[] } | null {
  const value = filterState?.value;
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const [column, values] = Object.entries(value as Record<string, unknown>)[0] ?? [];
  return column && Array.isArray(values) && values.length ? { column, values } : null;
}

function isSelectedCell(
  selected: { column: string; values: unknown[] } | null,
  column: string,
  value: unknown,
): boolean {
  return !!selected && selected.column === column && selected.values.includes(value);
}

export function transformProps(chartProps: ChartProps): TableProps {
  const { width, height, formData, queriesData, datasource, hooks } = chartProps;
  const result = queriesData[0];
  const data = result?.data ?? [];
  const colnames = result?.colnames ?? [];
  const coltypes = result?.coltypes ?? [];
  const raw = formData.query_mode === 'raw';
  const columnConfig = (formData.column_config ?? {}) as Record<string, ColumnConfig>;
  const metricLabels = raw
    ? []
    : ((formData.metrics as QueryMetric[] | undefined) ?? []).map(getMetricLabel);
  const percentLabels = raw
    ? []
    : ((formData.percent_metrics as QueryMetric[] | undefined) ?? []).map(
        (m) => `%${getMetricLabel(m)}`,
      );
  const dimensionLabels = raw
    ? ((formData.all_columns as QueryColumn[] | undefined) ?? []).map(getColumnLabel)
    : ((formData.groupby as QueryColumn[] | undefined) ?? []).map(getColumnLabel);
  if (!raw && formData.include_time && formData.granularity_sqla)
    dimensionLabels.unshift(formData.granularity_sqla);
  const d3Formats = new Map(
    (datasource.metrics ?? []).map((m) => [m.metric_name, m.d3format ?? undefined]),
  );
  const wanted = new Set([...dimensionLabels, ...metricLabels, ...percentLabels]);
  // Columns in the answer's order, limited to what the form asks for (when it asks).
  const names = colnames.filter((c) => wanted.size === 0 || wanted.has(c));
  const columns: TableColumn[] = names.map((key) => {
    const i = colnames.indexOf(key);
    const config = columnConfig[key] ?? {};
    const kind: TableColumn['kind'] = percentLabels.includes(key)
      ? 'percent'
      : metricLabels.includes(key)
        ? 'metric'
        : 'dimension';
    const temporal = coltypes[i] === GenericDataType.TEMPORAL;
    const numeric = coltypes[i] === GenericDataType.NUMERIC;
    let range: [number, number] | null = null;
    if (numeric) {
      let min = Infinity;
      let max = -Infinity;
      for (const row of data) {
        const v = row[key];
        if (typeof v === 'number') {
          if (v < min) min = v;
          if (v > max) max = v;
        }
      }
      range = min <= max ? [min, max] : null;
    }
    const horizontal = config.horizontalAlign as TableColumn['align'] | undefined;
    return {
      key,
      label: key,
      kind,
      numeric,
      temporal,
      align: horizontal ?? (numeric ? 'right' : 'left'),
      ...(typeof config.columnWidth === 'number' ? { width: config.columnWidth } : {}),
      showCellBars:
        numeric &&
        kind !== 'dimension' &&
        (config.showCellBars as boolean | undefined) !== false &&
        formData.show_cell_bars !== false,
      format: formatterFor(kind, temporal, numeric, config, formData, d3Formats.get(key)),
      range,
    };
  });
  const rules = (
    (formData.conditional_formatting as ConditionalFormattingRule[] | undefined) ?? []
  ).filter((r) => r.column && r.colorScheme && r.operator);
  const cellColor = (column: string, value: unknown): string | undefined => {
    if (typeof value !== 'number') return undefined;
    for (const rule of rules)
      if (rule.column === column && ruleMatches(rule, value)) return rule.colorScheme;
    return undefined;
  };
  const pageSize = Number(formData.page_length ?? 0);
  const emit = chartProps.emitCrossFilters === true && hooks?.setDataMask;
  const selected = selectedCell(chartProps.filterState);
  const onContextMenu = hooks?.onContextMenu;
  // Drill by the row's dimensions (aggregated tables; a raw table's rows are the details).
  const drillDimensions: Array<[QueryColumn, string]> = raw
    ? []
    : ((formData.groupby as QueryColumn[] | undefined) ?? []).map((c) => [c, getColumnLabel(c)]);
  if (!raw && formData.include_time && formData.granularity_sqla)
    drillDimensions.unshift([formData.granularity_sqla, formData.granularity_sqla]);
  const rowDrill = (row: Record<string, unknown>): DrillFilter[] =>
    drillFilters(
      drillDimensions.map(([c, label]) => {
        const column = columns.find((col) => col.key === label);
        const v = row[label];
        const grain =
          column?.temporal && formData.time_grain_sqla ? String(formData.time_grain_sqla) : null;
        return drillFilter(c, v, column ? column.format(v) : String(v), grain);
      }),
    );
  return {
    width,
    height,
    columns,
    data,
    totals: formData.show_totals && !raw ? (queriesData[1]?.data[0] ?? null) : null,
    pageSize: Number.isFinite(pageSize) && pageSize > 0 ? pageSize : 0,
    includeSearch: formData.include_search === true,
    alignPositiveNegative: formData.align_pn === true,
    colorPositiveNegative: formData.color_pn !== false,
    allowRearrangeColumns: formData.allow_rearrange_columns === true,
    cellColor,
    ...(onContextMenu
      ? {
          onRowContextMenu: (row: Record<string, unknown>, x: number, y: number) =>
            onContextMenu(x, y, rowDrill(row)),
        }
      : {}),
    ...(emit
      ? {
          onDimensionClick: (column: string, value: unknown) =>
            hooks.setDataMask!(
              tableCrossFilter(column, isSelectedCell(selected, column, value) ? null : value),
            ),
          isSelected: (column: string, value: unknown) => isSelectedCell(selected, column, value),
        }
      : {}),
  };
}
