/**
 * Superset's `pivot_df` (`superset/charts/client_processing.py`): the Pivot Table chart's
 * browser-side pivot redone on the server for `result_type: post_processed`, so a report or an
 * API client gets the table the chart shows.
 *
 * Records are grouped by `rows` (the row labels) and `columns` (column labels under each
 * metric); each group's metric values are aggregated by `aggfunc` (aggregators.ts). As pandas'
 * `pivot_table`: labels sorted,
 * a missing label kept as its own group, a group whose values are all missing kept with a
 * missing cell (Superset pivots with missing values replaced by a placeholder). Then, in Superset's order:
 * - `transposePivot` swaps rows and columns; `metricsLayout: ROWS` pivots with them swapped and
 *   transposes the result at the end;
 * - no rows: the metrics under the last column level, the other column levels as row labels
 *   and the last row labelled "Total (<aggfunc>)" (one row when there is one column); neither
 *   rows nor columns: the records as they are, the last labelled "Total (<aggfunc>)";
 * - `combineMetric` moves the metric to the last column level, metrics side by side per group;
 * - "… as Fraction of Total/Columns/Rows" divide by the grand, column or row sums;
 * - single-level labels become text (Python's `str`);
 * - `rowTotals` inserts after each column group a "Subtotal" column and after all a "Total
 *   (<aggfunc>)" column (the aggregate of the cells); `colTotals` does the same with rows.
 * Labels are tuples; a missing label is null (NaN in pandas).
 */
import { PostProcessingError } from '../../query/postprocessing/errors.js';
import { compareKeys } from '../../query/postprocessing/numbers.js';
import { MAX_PIVOT_CELLS } from '../../query/postprocessing/pivot.js';
import { aggregateCells, PIVOT_AGGREGATORS, pyStr, type PivotCell } from './aggregators.js';

export type Label = PivotCell;

/** A pivoted table: row labels, column labels (tuples of one or more levels), cells by row. */
export interface Frame {
  index: Label[][];
  columns: Label[][];
  cells: PivotCell[][];
}

export interface PivotDfOptions {
  rows: readonly string[];
  columns: readonly string[];
  metrics: readonly string[];
  aggfunc?: string;
  transposePivot?: boolean;
  combineMetrics?: boolean;
  showRowsTotal?: boolean;
  showColumnsTotal?: boolean;
  applyMetricsOnRows?: boolean;
}

export type PivotRecord = Readonly<Record<string, PivotCell | undefined>>;

/** Superset's placeholder for missing labels while pivoting (pandas drops NaN keys). */
const NAN = 'SUPERSET_PANDAS_NAN';

const isMissing = (v: PivotCell | undefined): boolean =>
  v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));

const idOf = (key: readonly Label[]): string => JSON.stringify(key);

function uniqueSorted(keys: readonly (readonly Label[])[]): Label[][] {
  const seen = new Map<string, Label[]>();
  for (const key of keys) seen.set(idOf(key), [...key]);
  return [...seen.values()].sort(compareKeys);
}

function transpose(frame: Frame): Frame {
  return {
    index: frame.columns.map((l) => [...l]),
    columns: frame.index.map((l) => [...l]),
    cells: frame.columns.map((_, c) => frame.index.map((_, r) => frame.cells[r]?.[c] ?? null)),
  };
}

/** The grouped and aggregated table, before totals (pandas' pivot_table and Superset's fixes). */
/** Python's `str()` of a tuple of labels: `('CA', 'boy')`. */
function pyTupleStr(label: readonly Label[]): string {
  const items = label.map((v) => (typeof v === 'string' ? `'${v}'` : pyStr(v)));
  return `(${items.join(', ')}${items.length === 1 ? ',' : ''})`;
}

function pivotTable(
  records: readonly PivotRecord[],
  rows: readonly string[],
  columns: readonly string[],
  metrics: readonly string[],
  aggfunc: string,
  metricName: string,
): Frame {
  const aggregate = PIVOT_AGGREGATORS[aggfunc];
  if (!aggregate) throw new PostProcessingError(`Unknown aggregate function: ${aggfunc}`);
  const keyOf = (rec: PivotRecord, names: readonly string[]): Label[] =>
    names.map((n) => (isMissing(rec[n]) ? NAN : (rec[n] ?? NAN)));
  const groups = new Map<string, { row: Label[]; col: Label[]; values: PivotCell[][] }>();
  for (const rec of records) {
    const row = keyOf(rec, rows);
    const col = keyOf(rec, columns);
    const id = idOf([...row, ...col]);
    let group = groups.get(id);
    if (!group) {
      group = { row, col, values: metrics.map(() => []) };
      groups.set(id, group);
    }
    metrics.forEach((m, i) => group.values[i]?.push(rec[m] ?? null));
  }
  const cellsByGroup = new Map<string, PivotCell[]>();
  const rowKeys: Label[][] = [];
  const colKeys: Label[][] = [];
  for (const group of groups.values()) {
    // Superset fills missing values with a placeholder before pivoting: a group whose values are
    // all missing stays, its cell missing (counted by Count).
    const values = group.values.map((v) =>
      v.every(isMissing) && !aggfunc.startsWith('Count') ? null : aggregate(v),
    );
    cellsByGroup.set(idOf([...group.row, ...group.col]), values);
    rowKeys.push(group.row);
    colKeys.push(group.col);
  }
  const sortedCols = uniqueSorted(colKeys);
  const labels = metrics.flatMap((m, i) => sortedCols.map((k) => ({ label: [m, ...k], i, k })));
  const index = rows.length ? uniqueSorted(rowKeys) : [[metricName]];
  if (index.length * labels.length > MAX_PIVOT_CELLS)
    throw new PostProcessingError(
      `The pivot would make ${index.length} rows × ${labels.length} columns, more than ${MAX_PIVOT_CELLS} cells: group by fewer values.`,
    );
  const cells = index.map((rowKey) =>
    labels.map(({ i, k }) => {
      const values = cellsByGroup.get(idOf(rows.length ? [...rowKey, ...k] : k));
      return values?.[i] ?? null;
    }),
  );
  return { index, columns: labels.map((l) => l.label), cells };
}

function divide(frame: Frame, by: (r: number, c: number) => number): void {
  frame.cells = frame.cells.map((row, r) =>
    row.map((v, c) => (typeof v === 'number' ? v / by(r, c) : v)),
  );
}

const sumOf = (cells: readonly PivotCell[]): number =>
  cells.reduce<number>((a, v) => (typeof v === 'number' && !Number.isNaN(v) ? a + v : a), 0);

function fractions(frame: Frame, aggfunc: string, axis: { rows: number; columns: number }): void {
  const columnSums = frame.columns.map((_, c) => sumOf(frame.cells.map((row) => row[c] ?? null)));
  const rowSums = frame.cells.map((row) => sumOf(row));
  if (aggfunc.endsWith(' as Fraction of Total')) {
    const total = sumOf(rowSums);
    divide(frame, () => total);
  } else if (aggfunc.endsWith(' as Fraction of Columns')) {
    // df.sum(axis=rows) divided along axis=columns
    divide(frame, (r, c) => (axis.rows === 0 ? (columnSums[c] ?? 0) : (rowSums[r] ?? 0)));
  } else if (aggfunc.endsWith(' as Fraction of Rows')) {
    divide(frame, (r, c) => (axis.columns === 1 ? (rowSums[r] ?? 0) : (columnSums[c] ?? 0)));
  }
}

/**
 * Subtotals and the total along the columns: for every prefix of every level of the original
 * labels, a column after the prefix's columns aggregating them row by row. One pass per level
 * (the prefixes of one level do not overlap), so the work is levels × cells.
 */
function addColumnTotals(frame: Frame, aggfunc: string, metricName: string): void {
  const levels = frame.columns[0]?.length ?? 1;
  const originals = frame.columns.map((l) => [...l]);
  for (let level = 0; level < levels; level += 1) {
    const subgroups = new Set(originals.map((g) => idOf(g.slice(0, level))));
    // The columns each prefix spans now, and where its total goes (after the last of them).
    const spans = new Map<string, { prefix: Label[]; at: number[] }>();
    frame.columns.forEach((label, c) => {
      const id = idOf(label.slice(0, level));
      if (!subgroups.has(id)) return;
      const span = spans.get(id) ?? { prefix: label.slice(0, level), at: [] };
      span.at.push(c);
      spans.set(id, span);
    });
    const after = new Map<number, { prefix: Label[]; at: number[] }>();
    // Positions were pushed in order: the last is the span's end.
    for (const span of spans.values()) after.set(span.at[span.at.length - 1] ?? 0, span);
    const depth = (prefix: readonly Label[]): number => levels - prefix.length - 1;
    const columns: Label[][] = [];
    frame.columns.forEach((label, c) => {
      columns.push(label);
      const span = after.get(c);
      if (span)
        columns.push([
          ...span.prefix,
          level === 0 ? metricName : 'Subtotal',
          ...Array.from({ length: depth(span.prefix) }, () => ''),
        ]);
    });
    frame.cells = frame.cells.map((row) => {
      const out: PivotCell[] = [];
      row.forEach((v, c) => {
        out.push(v);
        const span = after.get(c);
        if (span) {
          // pandas takes the slice from the first to the last column of the prefix.
          const first = span.at[0] ?? c;
          out.push(aggregateCells(aggfunc, row.slice(first, c + 1)));
        }
      });
      return out;
    });
    frame.columns = columns;
  }
}

const numeric = (v: PivotCell): PivotCell =>
  typeof v === 'number' ? v : typeof v === 'boolean' ? Number(v) : Number(v ?? Number.NaN);

export function pivotDf(
  records: readonly PivotRecord[],
  colnames: readonly string[],
  options: PivotDfOptions,
): Frame {
  const aggfunc = options.aggfunc ?? 'Sum';
  const metricName = `Total (${aggfunc})`;
  let rows = options.rows;
  let columns = options.columns;
  const metrics = options.metrics;
  const present = new Set(colnames);
  if (![...rows, ...columns, ...metrics].every((n) => present.has(n)))
    throw new PostProcessingError('Referenced columns not available in DataFrame.');
  if (options.transposePivot) [rows, columns] = [columns, rows];
  if (options.applyMetricsOnRows) [rows, columns] = [columns, rows];
  const axis = options.applyMetricsOnRows ? { columns: 0, rows: 1 } : { columns: 1, rows: 0 };

  let frame: Frame;
  let multiIndex = false;
  let multiColumns = false;
  if (rows.length) {
    frame = pivotTable(records, rows, columns, metrics, aggfunc, metricName);
    multiIndex = rows.length > 1;
    multiColumns = columns.length > 0;
  } else if (columns.length) {
    // No rows: pandas puts the metrics in the rows, Superset stacks the last column level back
    // and transposes, so the other column levels end up as row labels and the last row is
    // labelled "Total (<aggfunc>)" whatever it holds (as Superset does).
    const head = columns.slice(0, -1);
    frame = pivotTable(records, head, columns.slice(-1), metrics, aggfunc, metricName);
    const last = frame.index.length - 1;
    frame.index = frame.index.map((l, i) =>
      i === last ? [metricName] : head.length > 1 ? [pyTupleStr(l)] : l,
    );
    multiColumns = true;
  } else {
    frame = {
      index: records.map((_, i) => [i === records.length - 1 ? metricName : i]),
      columns: colnames.map((n) => [n]),
      cells: records.map((rec) => colnames.map((n) => rec[n] ?? null)),
    };
  }

  if (options.combineMetrics && multiColumns) {
    const order = frame.columns
      .map((label, c) => ({ label: [...label.slice(1), label[0] ?? null], c }))
      .map((e) => ({
        ...e,
        key: [...e.label.slice(0, -1), metrics.indexOf(String(e.label.at(-1)))],
      }))
      .sort((a, b) => compareKeys(a.key, b.key));
    frame = {
      index: frame.index,
      columns: order.map((e) => e.label),
      cells: frame.cells.map((row) => order.map((e) => row[e.c] ?? null)),
    };
  }

  fractions(frame, aggfunc, axis);

  if (!multiIndex) frame.index = frame.index.map((l) => [pyStr(l[0] ?? null)]);
  if (!multiColumns) frame.columns = frame.columns.map((l) => [pyStr(l[0] ?? null)]);

  if (options.showRowsTotal) addColumnTotals(frame, aggfunc, metricName);
  if (rows.length && options.showColumnsTotal) {
    const flipped = transpose(frame);
    flipped.cells = flipped.cells.map((row) => row.map(numeric));
    addColumnTotals(flipped, aggfunc, metricName);
    const back = transpose(flipped);
    // Only the inserted rows take the coerced values; the others keep theirs.
    const original = new Map(frame.index.map((l, r) => [idOf(l), frame.cells[r] ?? []]));
    frame = {
      index: back.index,
      columns: back.columns,
      cells: back.index.map((l, r) => original.get(idOf(l)) ?? back.cells[r] ?? []),
    };
  }

  if (options.applyMetricsOnRows) frame = transpose(frame);
  const unplaceholder = (l: Label[]): Label[] => l.map((v) => (v === NAN ? null : v));
  frame.index = frame.index.map(unplaceholder);
  frame.columns = frame.columns.map(unplaceholder);
  frame.cells = frame.cells.map((row) =>
    row.map((v) => (v === NAN || (typeof v === 'number' && !Number.isFinite(v)) ? null : v)),
  );
  return frame;
}
