/**
 * `compare`: for each pair of `source_columns[i]` and `compare_columns[i]`, a new column
 * `<compare_type>__<source>__<compare>` with source − compare (difference),
 * (source − compare) / compare (percentage) or source / compare (ratio), the last two rounded to
 * `precision` (4) decimals. After a pivot the pair is matched column group by column group. With
 * `drop_original_columns` the source and compare columns are removed.
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { cellOf, numericColumn, roundTo } from './numbers.js';
import {
  flatName,
  hasColumns,
  indexCountOf,
  labelsOf,
  levelZero,
  makeTable,
  positionsOf,
  type Column,
  type HeaderLabels,
  type Table,
} from './table.js';

/** Superset's separator in time-comparison column names. */
export const TIME_COMPARISON_SEPARATOR = '__';

export const COMPARE_TYPES = ['difference', 'percentage', 'ratio'] as const;
export type CompareType = (typeof COMPARE_TYPES)[number];

export interface CompareOptions {
  readonly source_columns: readonly string[];
  readonly compare_columns: readonly string[];
  readonly compare_type: string;
  readonly drop_original_columns?: boolean;
  readonly precision?: number;
}

const OPERATIONS: Record<CompareType, (s: number, c: number, precision: number) => number> = {
  difference: (s, c) => s - c,
  percentage: (s, c, p) => roundTo((s - c) / c, p),
  ratio: (s, c, p) => roundTo(s / c, p),
};

export function compare(table: Table, options: CompareOptions): Table {
  const { source_columns: sources, compare_columns: targets } = options;
  if (!hasColumns(table, [...sources, ...targets])) {
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  }
  if (sources.length !== targets.length) {
    throw new PostProcessingError(
      '`compare_columns` must have the same length as `source_columns`.',
    );
  }
  if (!(COMPARE_TYPES as readonly string[]).includes(options.compare_type)) {
    throw new PostProcessingError('`compare_type` must be `difference`, `percentage` or `ratio`');
  }
  const compareType = options.compare_type as CompareType;
  if (sources.length === 0) return table;
  const operation = OPERATIONS[compareType];
  const precision = options.precision ?? 4;

  const names = [...table.columns];
  const data: Column[] = [...table.data];
  const header: HeaderLabels[] = table.columns.map((_, i) => labelsOf(table, i));
  const numbersAt = (i: number): number[] =>
    numericColumn(table.data[i] ?? [], table.columns[i] ?? '');
  const restKey = (i: number): string => JSON.stringify(labelsOf(table, i).slice(1));
  sources.forEach((source, k) => {
    const target = targets[k] ?? '';
    const name = [compareType, source, target].join(TIME_COMPARISON_SEPARATOR);
    const sourcePositions = positionsOf(table, source);
    const targetPositions = new Map(positionsOf(table, target).map((i) => [restKey(i), i]));
    const keys = [
      ...sourcePositions.map((i) => ({ key: restKey(i), at: i })),
      ...[...targetPositions.entries()]
        .filter(([key]) => !sourcePositions.some((i) => restKey(i) === key))
        .map(([key, at]) => ({ key, at })),
    ];
    for (const { key, at } of keys) {
      const s = sourcePositions.find((i) => restKey(i) === key);
      const c = targetPositions.get(key);
      const sv = s === undefined ? [] : numbersAt(s);
      const cv = c === undefined ? [] : numbersAt(c);
      const rows = table.data[at]?.length ?? 0;
      const values = Array.from({ length: rows }, (_, r) =>
        cellOf(operation(sv[r] ?? Number.NaN, cv[r] ?? Number.NaN, precision)),
      );
      const labels = [name, ...labelsOf(table, at).slice(1)];
      header.push(labels);
      names.push(table.header ? flatName(labels) : name);
      data.push(values);
    }
  });
  const result = makeTable(names, data, indexCountOf(table), table.header ? header : undefined);
  if (!options.drop_original_columns) return result;
  const dropped = new Set([...sources, ...targets]);
  const keep = result.columns
    .map((_, i) => i)
    .filter((i) => i < indexCountOf(result) || !dropped.has(levelZero(result, i) ?? ''));
  return makeTable(
    keep.map((i) => result.columns[i] ?? ''),
    keep.map((i) => result.data[i] ?? []),
    indexCountOf(result),
    result.header ? keep.map((i) => labelsOf(result, i)) : undefined,
  );
}
