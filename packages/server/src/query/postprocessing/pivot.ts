/**
 * `pivot`: pandas' `pivot_table` as Superset calls it. Rows are grouped by `index` (the result's
 * row index), the values of `columns` become column groups, and each aggregate (keyed by its
 * column, as Superset passes `{column: function}` to pandas) fills the cells. The header is
 * multi-level `(metric, column values…)` when `columns` are given, flat metric names otherwise;
 * columns are sorted by their labels, rows by their index values. Then, as pandas does:
 * - `column_fill_value` (default "<NULL>") replaces missing values in `columns` first;
 * - `metric_fill_value` fills empty cells;
 * - `drop_missing_columns` (default true) drops rows with a missing index value, rows and columns
 *   with no value at all; when false, only column groups seen in the data are kept, and a
 *   multi-column index is the full product of its values;
 * - `marginal_distributions` adds totals: one column per metric after its group
 *   (`(metric, name, "", …)`) aggregating each row, and a last row `name` aggregating each
 *   column, with the grand total where they meet; `marginal_distribution_name` defaults to "All";
 * - `combine_value_with_metric` puts the metric level last: `(column values…, metric)`.
 */
import { resolveAggregates, type Aggregates, type ResolvedAggregate } from './aggregate.js';
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { addMargins, marginRows, type PivotColumn } from './pivot-margins.js';
import { groupRows } from './grouping.js';
import { compareKeys, labelText } from './numbers.js';
import {
  columnValues,
  flatName,
  hasColumns,
  makeTable,
  rowCount,
  type Cell,
  type Column,
  type HeaderLabels,
  type Table,
} from './table.js';

export const NULL_STRING = '<NULL>';

export interface PivotOptions {
  readonly index: readonly string[];
  readonly columns?: readonly string[];
  readonly aggregates: Aggregates;
  readonly metric_fill_value?: number | string | null;
  readonly column_fill_value?: string | null;
  readonly drop_missing_columns?: boolean;
  readonly combine_value_with_metric?: boolean;
  readonly marginal_distributions?: boolean | null;
  readonly marginal_distribution_name?: string | null;
}

const idOf = (key: readonly Cell[]): string => JSON.stringify(key);

function cartesian(levels: readonly (readonly Cell[])[]): Cell[][] {
  return levels.reduce<Cell[][]>(
    (acc, level) => acc.flatMap((prefix) => level.map((v) => [...prefix, v])),
    [[]],
  );
}

function uniqueSorted(keys: readonly (readonly Cell[])[], level: number): Cell[] {
  const seen = new Map<string, Cell>();
  for (const key of keys) seen.set(JSON.stringify(key[level] ?? null), key[level] ?? null);
  return [...seen.values()].sort((a, b) => compareKeys([a], [b]));
}

/** The most cells a pivot makes: rows × (metrics × column values) (issue 16 point 2). */
export const MAX_PIVOT_CELLS = 10_000_000;

function checkPivotSize(rows: number, columns: number): void {
  if (rows * columns > MAX_PIVOT_CELLS)
    throw new PostProcessingError(
      `The pivot would make ${rows} rows × ${columns} columns, more than ${MAX_PIVOT_CELLS} cells: group by fewer values.`,
    );
}

export function pivot(table: Table, options: PivotOptions): Table {
  const index = options.index;
  const columns = options.columns ?? [];
  if (!hasColumns(table, [...index, ...columns])) {
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  }
  if (index.length === 0) {
    throw new PostProcessingError('Pivot operation requires at least one index');
  }
  if (Object.keys(options.aggregates).length === 0) {
    throw new PostProcessingError('Pivot operation must include at least one aggregate');
  }
  const dropna = options.drop_missing_columns ?? true;
  const columnFill =
    options.column_fill_value === undefined ? NULL_STRING : options.column_fill_value;
  const fillValue = options.metric_fill_value ?? null;
  const n = rowCount(table);

  // pandas keys the aggregate functions by column: the last aggregate of a column wins.
  const byColumn = new Map<string, ResolvedAggregate>();
  for (const agg of resolveAggregates(table, options.aggregates)) byColumn.set(agg.column, agg);
  const metrics = [...byColumn.values()];

  const indexData = index.map((name) => columnValues(table, name) ?? []);
  const columnData: Column[] = columns.map((name) => {
    const values = columnValues(table, name) ?? [];
    return columnFill ? values.map((v) => (v === null ? columnFill : v)) : values;
  });

  // Aggregate every (index key, column key) group.
  const groups = groupRows([...indexData, ...columnData], n, dropna);
  const agged = new Map<string, Map<string, Cell[]>>();
  const rowKeys: (readonly Cell[])[] = [];
  const colKeys: (readonly Cell[])[] = [];
  const seenRows = new Set<string>();
  const seenCols = new Set<string>();
  for (const group of groups) {
    const values = metrics.map((m) => m.compute(columnValues(table, m.column) ?? [], group.rows));
    const rowKey = group.key.slice(0, index.length);
    const colKey = group.key.slice(index.length);
    if (!seenCols.has(idOf(colKey))) {
      seenCols.add(idOf(colKey));
      colKeys.push(colKey);
    }
    if (dropna && values.every((v) => v === null)) continue;
    if (!seenRows.has(idOf(rowKey))) {
      seenRows.add(idOf(rowKey));
      rowKeys.push(rowKey);
    }
    const row = agged.get(idOf(rowKey)) ?? new Map<string, Cell[]>();
    row.set(idOf(colKey), values);
    agged.set(idOf(rowKey), row);
  }
  let rows: (readonly Cell[])[] = [...rowKeys].sort(compareKeys);
  if (!dropna && index.length > 1) {
    const levels = index.map((_, level) => uniqueSorted(rowKeys, level));
    // Issue 16 point 2: every combination of the levels' values becomes a row.
    checkPivotSize(
      levels.reduce((n, l) => n * Math.max(1, l.length), 1),
      colKeys.length * metrics.length,
    );
    rows = cartesian(levels);
  }
  const sortedColKeys = [...colKeys].sort(compareKeys);
  checkPivotSize(rows.length, sortedColKeys.length * metrics.length);

  // The table: one column per (metric, column key), sorted by labels.
  let pivotColumns: PivotColumn[] = [];
  metrics.forEach((metric, m) => {
    for (const colKey of sortedColKeys) {
      const cells = rows.map((rowKey) => {
        const values = agged.get(idOf(rowKey))?.get(idOf(colKey));
        const value = values ? (values[m] ?? null) : null;
        return value ?? fillValue;
      });
      pivotColumns.push({ labels: [metric.column, ...colKey], cells });
    }
  });
  pivotColumns.sort((a, b) => compareKeys(a.labels, b.labels));
  const rowLabels: (readonly Cell[])[] = [...rows];

  if (options.marginal_distributions) {
    const name = options.marginal_distribution_name ?? 'All';
    pivotColumns = addMargins(pivotColumns, {
      table,
      rows,
      indexData,
      columnData,
      metrics,
      marginRows: marginRows([...indexData, ...columnData], metrics, table, dropna),
      name,
    });
    rowLabels.push([name, ...index.slice(1).map(() => '')]);
  }
  if (dropna) pivotColumns = pivotColumns.filter((c) => c.cells.some((v) => v !== null));
  if (options.combine_value_with_metric && columns.length > 0) {
    pivotColumns = pivotColumns
      .map((c) => ({ labels: [...c.labels.slice(1), c.labels[0] ?? null], cells: c.cells }))
      .sort((a, b) => compareKeys(a.labels, b.labels));
  }

  const multiLevel = columns.length > 0;
  const header: HeaderLabels[] = [
    ...index.map((name) => [name, ...columns.map(() => null)]),
    ...pivotColumns.map((c) => c.labels.map((v) => (v === null ? null : labelText(v)))),
  ];
  const names = [
    ...index,
    ...pivotColumns.map((c, i) =>
      multiLevel ? flatName(header[index.length + i] ?? []) : labelText(c.labels[0] ?? null),
    ),
  ];
  const data = [
    ...index.map((_, level) => rowLabels.map((key) => key[level] ?? null)),
    ...pivotColumns.map((c) => c.cells),
  ];
  return makeTable(names, data, index.length, multiLevel ? header : undefined);
}
