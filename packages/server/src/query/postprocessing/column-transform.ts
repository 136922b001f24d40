/**
 * The shared shape of rolling, cum and diff: a `columns` map from source column to target
 * column. The selected columns (every column whose first level is the source, after a pivot)
 * are computed together; a target equal to its source replaces the values, another target adds
 * the computed columns at the end under the new name (Superset's `_append_columns`).
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { cellOf, numericColumn } from './numbers.js';
import {
  flatName,
  hasColumns,
  labelsOf,
  makeTable,
  positionsOf,
  type Column,
  type HeaderLabels,
  type Table,
} from './table.js';

/** Computes new numbers for the selected columns (one array per column, same order). */
export type ColumnsComputation = (columns: readonly number[][]) => number[][];

export type ColumnsMap = Readonly<Record<string, string>>;

export function transformColumns(
  table: Table,
  columnsMap: ColumnsMap,
  compute: ColumnsComputation,
): Table {
  const sources = Object.keys(columnsMap);
  if (!hasColumns(table, sources)) throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  const selected = sources.flatMap((source) =>
    positionsOf(table, source).map((position) => ({ source, position })),
  );
  const inputs = selected.map(({ position }) =>
    numericColumn(table.data[position] ?? [], table.columns[position] ?? ''),
  );
  const outputs = compute(inputs).map((values) => values.map(cellOf));

  const data: Column[] = [...table.data];
  const header: HeaderLabels[] = table.columns.map((_, i) => labelsOf(table, i));
  const names = [...table.columns];
  selected.forEach(({ source, position }, k) => {
    const target = columnsMap[source] ?? source;
    const values = outputs[k] ?? [];
    if (target === source) {
      data[position] = values;
      return;
    }
    const labels = [target, ...(header[position] ?? []).slice(1)];
    header.push(labels);
    names.push(table.header ? flatName(labels) : target);
    data.push(values);
  });
  return makeTable(names, data, table.indexCount ?? 0, table.header ? header : undefined);
}
