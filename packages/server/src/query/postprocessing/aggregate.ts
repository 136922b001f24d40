/**
 * `aggregate`: groups rows by `groupby` and computes each named aggregate
 * (`{column?, operator, options?}`, the column defaulting to the aggregate's name). The result
 * has the groupby columns, then one column per aggregate in the order given; without groupby,
 * one row for the whole table.
 */
import { aggregatorFor, type AggregateOptions } from './aggregate-functions.js';
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { groupRows } from './grouping.js';
import { cellOf, numberOrNaN } from './numbers.js';
import {
  columnValues,
  hasColumns,
  makeTable,
  rowCount,
  type Cell,
  type Column,
  type Table,
} from './table.js';

export interface AggregateSpec {
  readonly column?: string;
  readonly operator?: string;
  readonly options?: AggregateOptions;
}

export type Aggregates = Readonly<Record<string, AggregateSpec>>;

export interface AggregateOperationOptions {
  readonly groupby?: readonly string[];
  readonly aggregates?: Aggregates;
}

/** One aggregate, resolved against a table: its output name, its column, and its function. */
export interface ResolvedAggregate {
  readonly name: string;
  readonly column: string;
  /** Computes the aggregate of the given rows of the column. */
  readonly compute: (values: Column, rows: readonly number[]) => Cell;
}

/** Checks each aggregate against the table; Superset's `_get_aggregate_funcs`. */
export function resolveAggregates(table: Table, aggregates: Aggregates): ResolvedAggregate[] {
  return Object.entries(aggregates).map(([name, spec]) => {
    const column = spec.column ?? name;
    if (!table.columns.includes(column)) {
      throw new PostProcessingError(`Column referenced by aggregate is undefined: ${column}`);
    }
    if (spec.operator === undefined) {
      throw new PostProcessingError(`Operator undefined for aggregator: ${name}`);
    }
    const operator = spec.operator;
    const fn = aggregatorFor(operator, spec.options ?? {});
    const compute = (values: Column, rows: readonly number[]): Cell => {
      if (operator === 'count') return rows.length;
      const numbers = rows.map((r) => {
        const n = numberOrNaN(values[r] ?? null);
        if (n === undefined) {
          throw new PostProcessingError(
            `Column "${column}" is not numeric and cannot be aggregated with ${operator}.`,
          );
        }
        return n;
      });
      return cellOf(fn(numbers));
    };
    return { name, column, compute };
  });
}

export function aggregate(table: Table, options: AggregateOperationOptions): Table {
  const groupby = options.groupby ?? [];
  if (!hasColumns(table, groupby)) throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  const resolved = resolveAggregates(table, options.aggregates ?? {});
  const keyColumns = groupby.map((name) => columnValues(table, name) ?? []);
  const n = rowCount(table);
  const groups =
    groupby.length > 0
      ? groupRows(keyColumns, n)
      : n > 0
        ? [{ key: [], rows: Array.from({ length: n }, (_, r) => r) }]
        : [];
  const keyData = groupby.map((_, k) => groups.map((g) => g.key[k] ?? null));
  const aggData = resolved.map((agg) => {
    const values = columnValues(table, agg.column) ?? [];
    return groups.map((g) => agg.compute(values, g.rows));
  });
  return makeTable([...groupby, ...resolved.map((a) => a.name)], [...keyData, ...aggData]);
}
