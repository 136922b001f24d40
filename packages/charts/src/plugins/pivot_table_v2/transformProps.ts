/**
 * Pivot table props: the answer's rows turned into pivot records (one per metric value, the
 * metric being one more attribute on the rows or the columns), the pivot model, the header
 * labels and a formatter per cell, and the conditional formatting colours.
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
import { getTimeFormatter } from '../../format/time-format.js';
import type { ChartProps } from '../../plugin.js';
import { pivotCellDrill, pivotHeaderDrill, type PivotDrillInfo } from './drill.js';
import {
  AGGREGATE_FUNCTIONS,
  isFraction,
  type AggregateFunction,
  type CellValue,
} from './aggregators.js';
import { buildPivot, type Key, type KeyOrder, type PivotModel, type PivotRecord } from './pivot.js';

/** The attribute standing for the metrics. */
export const METRIC_KEY = 'Metric';

export interface PivotTableProps {
  width: number;
  height: number;
  empty: boolean;
  rowAttrs: string[];
  colAttrs: string[];
  model: PivotModel;
  rowTotals: boolean;
  colTotals: boolean;
  /** The totals' header: "Total (<function>)". */
  totalLabel: string;
  formatCell: (value: CellValue) => string;
  /** Background of a cell, from the conditional formatting rules of its metric. */
  cellColor: (row: Key, col: Key, value: CellValue) => string | undefined;
  /** A right click on a value cell (totals: shorter keys): the page's drill menu. */
  onCellContextMenu?: (row: Key, col: Key, clientX: number, clientY: number) => void;
  /** A right click on a header cell (its path on its axis): the page's drill menu. */
  onHeaderContextMenu?: (axis: 'row' | 'col', key: Key, clientX: number, clientY: number) => void;
}

const asList = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
const ORDERS: KeyOrder[] = ['key_a_to_z', 'key_z_to_a', 'value_a_to_z', 'value_z_to_a'];
const orderOf = (v: unknown): KeyOrder =>
  ORDERS.includes(v as KeyOrder) ? (v as KeyOrder) : 'key_a_to_z';

export function transformProps(chartProps: ChartProps<QueryFormData>): PivotTableProps {
  const { width, height, formData, queriesData, hooks } = chartProps;
  const result = queriesData[0];
  const metrics = asList<QueryMetric>(formData.metrics).map(getMetricLabel);
  const rowColumns = asList<QueryColumn>(formData.groupbyRows);
  const colColumns = asList<QueryColumn>(formData.groupbyColumns);
  const dimensionColumns = new Map(
    [...rowColumns, ...colColumns].map((c) => [getColumnLabel(c), c] as const),
  );
  let rows = rowColumns.map(getColumnLabel);
  let cols = colColumns.map(getColumnLabel);
  const transposed = formData.transposePivot === true;
  if (transposed) [rows, cols] = [cols, rows];
  const combine = formData.combineMetric === true;
  const place = (attrs: string[]) => (combine ? [...attrs, METRIC_KEY] : [METRIC_KEY, ...attrs]);
  if (formData.metricsLayout === 'ROWS') rows = place(rows);
  else cols = place(cols);

  const temporal = new Set(
    (result?.colnames ?? []).filter((_, i) => result?.coltypes[i] === GenericDataType.TEMPORAL),
  );
  const dateFormat = getTimeFormatter((formData.date_format as string) || 'smart_date');
  const label = (attr: string, v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (temporal.has(attr) && (typeof v === 'number' || typeof v === 'string')) {
      const d = typeof v === 'number' ? v : Date.parse(v);
      return Number.isFinite(d) ? dateFormat(d) : String(v);
    }
    return String(v);
  };
  const records: PivotRecord[] = [];
  // Each header label's value as the answer holds it (the first one, for drill filters).
  const raw = new Map<string, Map<string, unknown>>();
  const remember = (attr: string, text: string, value: unknown) => {
    const values = raw.get(attr) ?? new Map<string, unknown>();
    if (!values.has(text)) values.set(text, value);
    raw.set(attr, values);
  };
  for (const row of result?.data ?? []) {
    for (const metric of metrics) {
      const keyOf = (attrs: string[]) =>
        attrs.map((a) => {
          if (a === METRIC_KEY) return metric;
          const text = label(a, row[a]);
          remember(a, text, row[a]);
          return text;
        });
      records.push({ row: keyOf(rows), col: keyOf(cols), value: row[metric] });
    }
  }
  const fn = AGGREGATE_FUNCTIONS.includes(formData.aggregateFunction as AggregateFunction)
    ? (formData.aggregateFunction as AggregateFunction)
    : 'Sum';
  const model = buildPivot(records, rows.length, cols.length, {
    aggregateFunction: fn,
    rowOrder: orderOf(formData.rowOrder),
    colOrder: orderOf(formData.colOrder),
    rowSubtotals: formData.rowSubTotals === true,
    colSubtotals: formData.colSubTotals === true,
  });
  const numberFormat = getNumberFormatter(
    isFraction(fn) ? ',.1%' : (formData.valueFormat as string) || 'SMART_NUMBER',
  );
  const formatCell = (v: CellValue) =>
    v === null ? '' : typeof v === 'number' ? numberFormat(v) : String(v);

  const rules = asList<ConditionalFormattingRule>(formData.conditional_formatting).filter(
    (r) => r.column && r.colorScheme && r.operator,
  );
  const rowMetricAt = rows.indexOf(METRIC_KEY);
  const colMetricAt = cols.indexOf(METRIC_KEY);
  const cellColor = (row: Key, col: Key, value: CellValue): string | undefined => {
    if (typeof value !== 'number' || rules.length === 0 || isFraction(fn)) return undefined;
    const metric = rowMetricAt >= 0 ? row[rowMetricAt] : col[colMetricAt];
    if (metric === undefined) return undefined;
    for (const rule of rules)
      if (rule.column === metric && ruleMatches(rule, value)) return rule.colorScheme;
    return undefined;
  };
  const extra = formData.extra_form_data as { time_grain_sqla?: string } | undefined;
  const drillInfo: PivotDrillInfo = {
    rowAttrs: rows,
    colAttrs: cols,
    metricKey: METRIC_KEY,
    columns: dimensionColumns,
    raw,
    temporal,
    grain: extra?.time_grain_sqla || (formData.time_grain_sqla as string | undefined) || null,
    rowField: transposed ? 'groupbyColumns' : 'groupbyRows',
    colField: transposed ? 'groupbyRows' : 'groupbyColumns',
  };
  const onContextMenu = hooks?.onContextMenu;
  return {
    width,
    height,
    ...(onContextMenu
      ? {
          onCellContextMenu: (row: Key, col: Key, x: number, y: number) => {
            const { filters, context } = pivotCellDrill(row, col, drillInfo);
            onContextMenu(x, y, filters, context);
          },
          onHeaderContextMenu: (axis: 'row' | 'col', key: Key, x: number, y: number) => {
            const { filters, context } = pivotHeaderDrill(axis, key, drillInfo);
            onContextMenu(x, y, filters, context);
          },
        }
      : {}),
    empty: !result || result.data.length === 0 || metrics.length === 0,
    rowAttrs: rows,
    colAttrs: cols,
    model,
    rowTotals: formData.rowTotals === true,
    colTotals: formData.colTotals === true,
    totalLabel: `Total (${fn})`,
    formatCell,
    cellColor,
  };
}
