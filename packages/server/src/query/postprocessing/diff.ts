/**
 * `diff`: the difference with the value `periods` rows before (axis 0, the default) or with the
 * selected column `periods` places before (axis 1), as pandas' `DataFrame.diff`. Negative
 * periods look forward. Where there is nothing to subtract the value is missing.
 */
import { transformColumns, type ColumnsMap } from './column-transform.js';
import { PostProcessingError } from './errors.js';
import type { Table } from './table.js';

export interface DiffOptions {
  readonly columns?: ColumnsMap;
  readonly periods?: number;
  readonly axis?: 0 | 1 | 'index' | 'columns' | 'rows';
}

const at = (values: readonly number[], i: number): number => values[i] ?? Number.NaN;

export function diff(table: Table, options: DiffOptions): Table {
  const periods = options.periods ?? 1;
  if (!Number.isInteger(periods)) throw new PostProcessingError('periods must be an integer');
  const byColumn = options.axis === 1 || options.axis === 'columns';
  return transformColumns(table, options.columns ?? {}, (columns) => {
    if (byColumn) {
      return columns.map((values, j) =>
        values.map((v, r) => v - at(columns[j - periods] ?? [], r)),
      );
    }
    return columns.map((values) => values.map((v, i) => v - at(values, i - periods)));
  });
}
