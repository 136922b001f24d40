/**
 * The totals of `pivot` with `marginal_distributions` (pandas' `_add_margins`): after each
 * metric's column groups a column `(metric, name, "", …)` aggregating each row over all groups,
 * and a last row aggregating each column over all rows, the grand total where they meet. The
 * totals aggregate the source rows (not the pivoted cells) with the metric's own function.
 */
import type { ResolvedAggregate } from './aggregate.js';
import { columnValues, rowCount, type Cell, type Column, type Table } from './table.js';

export interface PivotColumn {
  /** Labels: metric then column values. */
  readonly labels: readonly Cell[];
  readonly cells: readonly Cell[];
}

export interface MarginInput {
  readonly table: Table;
  /** The pivot's row keys, in order. */
  readonly rows: readonly (readonly Cell[])[];
  readonly indexData: readonly Column[];
  readonly columnData: readonly Column[];
  readonly metrics: readonly ResolvedAggregate[];
  /** Source rows that take part in totals. */
  readonly marginRows: readonly number[];
  readonly name: string;
}

/** The source rows pandas totals: with `dropna`, those with no missing key or value. */
export function marginRows(
  keyData: readonly Column[],
  metrics: readonly ResolvedAggregate[],
  table: Table,
  dropna: boolean,
): number[] {
  const all = Array.from({ length: rowCount(table) }, (_, r) => r);
  if (!dropna) return all;
  const checked = [...keyData, ...metrics.map((m) => columnValues(table, m.column) ?? [])];
  return all.filter((r) => checked.every((column) => column[r] !== null));
}

function rowsByKey(columns: readonly Column[], rows: readonly number[]): Map<string, number[]> {
  const byKey = new Map<string, number[]>();
  for (const r of rows) {
    const id = JSON.stringify(columns.map((c) => c[r] ?? null));
    byKey.set(id, [...(byKey.get(id) ?? []), r]);
  }
  return byKey;
}

export function addMargins(columns: readonly PivotColumn[], input: MarginInput): PivotColumn[] {
  const { table, rows, indexData, columnData, metrics, name } = input;
  const metricOf = (label: Cell): ResolvedAggregate | undefined =>
    metrics.find((m) => m.column === label);
  const total = (m: ResolvedAggregate, sourceRows: readonly number[]): Cell =>
    m.compute(columnValues(table, m.column) ?? [], sourceRows);
  const result: PivotColumn[] = [];

  if (columnData.length === 0) {
    for (const column of columns) {
      const m = metricOf(column.labels[0] ?? null);
      result.push({
        labels: column.labels,
        cells: [...column.cells, m ? total(m, input.marginRows) : null],
      });
    }
    return result;
  }
  const byRowKey = rowsByKey(indexData, input.marginRows);
  const byColumnKey = rowsByKey(columnData, input.marginRows);
  const marginColumn = (metricLabel: Cell): void => {
    const m = metricOf(metricLabel);
    if (!m) return;
    const cells = rows.map((rowKey) => total(m, byRowKey.get(JSON.stringify(rowKey)) ?? []));
    cells.push(total(m, input.marginRows));
    const filler = Array<Cell>(columnData.length - 1).fill('');
    result.push({ labels: [metricLabel, name, ...filler], cells });
  };
  let current: Cell | undefined;
  for (const column of columns) {
    const metricLabel = column.labels[0] ?? null;
    if (current !== undefined && current !== metricLabel) marginColumn(current);
    current = metricLabel;
    const m = metricOf(metricLabel);
    const sourceRows = byColumnKey.get(JSON.stringify(column.labels.slice(1))) ?? [];
    result.push({
      labels: column.labels,
      cells: [...column.cells, m ? total(m, sourceRows) : null],
    });
  }
  if (current !== undefined) marginColumn(current);
  return result;
}
