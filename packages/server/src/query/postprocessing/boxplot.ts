/**
 * `boxplot`: distribution statistics of each metric per `groupby` group, as columns
 * `<metric>__mean`, `__median`, `__max`, `__min`, `__q1`, `__q3`, `__count`, `__outliers` (in
 * that order, each for every metric). Quartiles are numpy's midpoint percentiles. The whiskers
 * (`max`/`min`) depend on `whisker_type`: tukey (the furthest values within 1.5 IQR of the
 * quartiles), min/max (the extremes), percentile (the two `percentiles`, linear). Outliers are the
 * values beyond the whiskers, above first, as a list of numbers (Superset answers a JSON list).
 * Metric values that are not numeric count as missing, as Superset coerces them.
 */
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { groupRows } from './grouping.js';
import {
  cellOf,
  nanMax,
  nanMean,
  nanMedian,
  nanMin,
  nanPercentile,
  numberOrNaN,
  present,
} from './numbers.js';
import {
  columnValues,
  hasColumns,
  makeTable,
  rowCount,
  type Cell,
  type Column,
  type Table,
} from './table.js';

export const WHISKER_TYPES = ['tukey', 'min/max', 'percentile'] as const;

export interface BoxplotOptions {
  readonly groupby?: readonly string[] | null;
  readonly metrics: readonly string[];
  readonly whisker_type: string;
  readonly percentiles?: readonly number[] | null;
}

type Stat = (values: readonly number[]) => Cell;

const q1 = (v: readonly number[]): number => nanPercentile(v, 25, 'midpoint');
const q3 = (v: readonly number[]): number => nanPercentile(v, 75, 'midpoint');

function whiskers(options: BoxplotOptions): {
  low: (v: readonly number[]) => number;
  high: (v: readonly number[]) => number;
} {
  switch (options.whisker_type) {
    case 'tukey':
      return {
        high: (v) => {
          const limit = q3(v) + 1.5 * (q3(v) - q1(v));
          return nanMax(v.filter((x) => x <= limit));
        },
        low: (v) => {
          const limit = q1(v) - 1.5 * (q3(v) - q1(v));
          return nanMin(v.filter((x) => x >= limit));
        },
      };
    case 'percentile': {
      const p = options.percentiles;
      const [lowP, highP] = p ?? [];
      if (!p || p.length !== 2 || lowP === undefined || highP === undefined || lowP >= highP) {
        throw new PostProcessingError(
          'percentiles must be a list or tuple with two numeric values, of which the first is lower than the second value',
        );
      }
      return { high: (v) => nanPercentile(v, highP), low: (v) => nanPercentile(v, lowP) };
    }
    case 'min/max':
      return { high: nanMax, low: nanMin };
    default:
      throw new PostProcessingError(`Invalid whisker_type: ${options.whisker_type}`);
  }
}

export function boxplot(table: Table, options: BoxplotOptions): Table {
  const groupby = options.groupby ?? [];
  if (!hasColumns(table, groupby)) throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  for (const metric of options.metrics) {
    if (!table.columns.includes(metric)) {
      throw new PostProcessingError(`Column referenced by aggregate is undefined: ${metric}`);
    }
  }
  const { low, high } = whiskers(options);
  const stats: [string, Stat][] = [
    ['mean', (v) => cellOf(nanMean(v))],
    ['median', (v) => cellOf(nanMedian(v))],
    ['max', (v) => cellOf(high(v))],
    ['min', (v) => cellOf(low(v))],
    ['q1', (v) => cellOf(q1(v))],
    ['q3', (v) => cellOf(q3(v))],
    ['count', (v) => v.length],
    [
      'outliers',
      (v) => {
        const p = present(v);
        const hi = high(v);
        const lo = low(v);
        return [...p.filter((x) => x > hi), ...p.filter((x) => x < lo)];
      },
    ],
  ];
  const n = rowCount(table);
  const groups =
    groupby.length > 0
      ? groupRows(
          groupby.map((g) => columnValues(table, g) ?? []),
          n,
        )
      : n > 0
        ? [{ key: [], rows: Array.from({ length: n }, (_, r) => r) }]
        : [];
  const metricValues = new Map(
    options.metrics.map((metric) => [
      metric,
      (columnValues(table, metric) ?? []).map((v) => numberOrNaN(v) ?? Number.NaN),
    ]),
  );
  const names: string[] = [...groupby];
  const data: Column[] = groupby.map((_, k) => groups.map((g) => g.key[k] ?? null));
  for (const [statName, stat] of stats) {
    for (const metric of options.metrics) {
      const values = metricValues.get(metric) ?? [];
      names.push(`${metric}__${statName}`);
      data.push(groups.map((g) => stat(g.rows.map((r) => values[r] ?? Number.NaN))));
    }
  }
  return makeTable(names, data);
}
