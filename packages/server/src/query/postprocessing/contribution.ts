/**
 * `contribution`: each value as a share of its column's total (`orientation` "column", the
 * default) or of its row's total ("row"), over the numeric columns (numbers and nulls only;
 * temporal text and index columns are left alone) or the `columns` named. Results replace the
 * columns, or go to `rename_columns` (same length) when given. In column orientation missing
 * values count as 0; in row orientation they stay missing, and with `time_shifts` the columns
 * ending with each time shift (`metric__1 year ago`) make their own row totals.
 */
import { PostProcessingError } from './errors.js';
import { cellOf, isNumericColumn, nanSum, numericColumn } from './numbers.js';
import {
  indexCountOf,
  labelsOf,
  levelZero,
  makeTable,
  type Column,
  type HeaderLabels,
  type Table,
} from './table.js';

export type ContributionOrientation = 'row' | 'column';

export interface ContributionOptions {
  readonly orientation?: ContributionOrientation | null;
  readonly columns?: readonly string[] | null;
  readonly time_shifts?: readonly string[] | null;
  readonly rename_columns?: readonly string[] | null;
}

export function contribution(table: Table, options: ContributionOptions): Table {
  const numeric = table.columns
    .map((_, i) => i)
    .filter((i) => i >= indexCountOf(table) && isNumericColumn(table.data[i] ?? []));
  let selected = numeric;
  if (options.columns && options.columns.length > 0) {
    selected = options.columns.map((name) => {
      const i = table.columns.indexOf(name);
      if (i < 0 || !numeric.includes(i)) {
        throw new PostProcessingError(
          `Column "${name}" is not numeric or does not exists in the query results.`,
        );
      }
      return i;
    });
  }
  const targets =
    options.rename_columns && options.rename_columns.length > 0
      ? options.rename_columns
      : selected.map((i) => table.columns[i] ?? '');
  if (targets.length !== selected.length) {
    throw new PostProcessingError(
      '`rename_columns` must have the same length as `columns` + `time_shift_columns`.',
    );
  }
  const values = selected.map((i) => numericColumn(table.data[i] ?? [], table.columns[i] ?? ''));
  let results: number[][];
  if ((options.orientation ?? 'column') === 'column') {
    results = values.map((column) => {
      const filled = column.map((v) => (Number.isNaN(v) ? 0 : v));
      const total = nanSum(filled);
      return filled.map((v) => v / total);
    });
  } else {
    results = values.map((column) => [...column]);
    for (const group of rowGroups(table, selected, options.time_shifts ?? [])) {
      const rows = values[0]?.length ?? 0;
      for (let r = 0; r < rows; r += 1) {
        const total = nanSum(group.map((k) => values[k]?.[r] ?? Number.NaN));
        for (const k of group) {
          const result = results[k];
          if (result) result[r] = (values[k]?.[r] ?? Number.NaN) / total;
        }
      }
    }
  }
  return assign(
    table,
    targets,
    results.map((column) => column.map(cellOf)),
  );
}

/** Positions in `selected` grouped by the time shift their name ends with (none first). */
function rowGroups(
  table: Table,
  selected: readonly number[],
  timeShifts: readonly string[],
): number[][] {
  const groups = new Map<string, number[]>();
  selected.forEach((position, k) => {
    const label = levelZero(table, position) ?? '';
    const shift = timeShifts.find((ts) => label.endsWith(ts)) ?? '';
    groups.set(shift, [...(groups.get(shift) ?? []), k]);
  });
  return [...groups.values()];
}

/** Writes columns by name: an existing column is replaced, a new name is added at the end. */
function assign(table: Table, names: readonly string[], columns: readonly Column[]): Table {
  const data: Column[] = [...table.data];
  const allNames = [...table.columns];
  const header: HeaderLabels[] = table.columns.map((_, i) => labelsOf(table, i));
  names.forEach((name, k) => {
    const values = columns[k] ?? [];
    const i = allNames.indexOf(name);
    if (i >= 0) {
      data[i] = values;
      return;
    }
    allNames.push(name);
    header.push([name]);
    data.push(values);
  });
  return makeTable(allNames, data, indexCountOf(table), table.header ? header : undefined);
}
