/**
 * `cum`: cumulative sum, product, minimum or maximum down each selected column (`operator` sum,
 * prod, min, max). Missing values stay missing and are skipped by the running value, as pandas'
 * `cumsum` does.
 */
import { transformColumns, type ColumnsMap } from './column-transform.js';
import { PostProcessingError } from './errors.js';
import type { Table } from './table.js';

export const CUM_OPERATORS = ['sum', 'prod', 'min', 'max'] as const;

export interface CumOptions {
  readonly operator: string;
  readonly columns?: ColumnsMap;
}

const STEPS: Record<string, (acc: number, v: number) => number> = {
  sum: (acc, v) => acc + v,
  prod: (acc, v) => acc * v,
  min: (acc, v) => Math.min(acc, v),
  max: (acc, v) => Math.max(acc, v),
};

export function cumulative(
  values: readonly number[],
  step: (acc: number, v: number) => number,
): number[] {
  let acc: number | undefined;
  return values.map((v) => {
    if (Number.isNaN(v)) return Number.NaN;
    acc = acc === undefined ? v : step(acc, v);
    return acc;
  });
}

export function cum(table: Table, options: CumOptions): Table {
  const step = STEPS[options.operator];
  if (!step) throw new PostProcessingError(`Invalid cumulative operator: ${options.operator}`);
  return transformColumns(table, options.columns ?? {}, (columns) =>
    columns.map((values) => cumulative(values, step)),
  );
}
