/**
 * The aggregators an `aggregates` option may name (Superset's NUMPY_FUNCTIONS), applied to the
 * values of one group the way numpy applies them to a pandas Series: `mean`, `sum`, `std`,
 * `var`, `min`, `max`, `prod` go through the Series' own methods and skip missing values (std and
 * var with ddof 0 unless told); `median`, `average`, `percentile` are NaN when a value is missing;
 * the `nan…` variants skip missing values; `count` counts every row.
 */
import { PostProcessingError } from './errors.js';
import {
  nanMax,
  nanMean,
  nanMedian,
  nanMin,
  nanPercentile,
  nanStd,
  nanSum,
  nanVar,
  present,
  type PercentileMethod,
} from './numbers.js';

export type AggregateOptions = Readonly<Record<string, unknown>>;

export type GroupAggregator = (values: readonly number[]) => number;

const anyMissing = (values: readonly number[]): boolean => values.some((v) => Number.isNaN(v));

function ddofOf(name: string, options: AggregateOptions): number {
  const ddof = options.ddof ?? 0;
  if (typeof ddof !== 'number' || !Number.isInteger(ddof) || ddof < 0) {
    throw new PostProcessingError(`Invalid options for ${name}: ddof must be a whole number.`);
  }
  return ddof;
}

const PERCENTILE_METHODS = new Set(['linear', 'midpoint', 'lower', 'higher', 'nearest']);

function percentileArgs(
  name: string,
  options: AggregateOptions,
): { q: number; method: PercentileMethod } {
  const q = options.q;
  if (typeof q !== 'number' || q < 0 || q > 100) {
    throw new PostProcessingError(`Invalid options for ${name}: q must be a number from 0 to 100.`);
  }
  const method = options.method ?? options.interpolation ?? 'linear';
  if (typeof method !== 'string' || !PERCENTILE_METHODS.has(method)) {
    throw new PostProcessingError(`Invalid options for ${name}: unknown method.`);
  }
  return { q, method: method as PercentileMethod };
}

const OPTION_KEYS: Record<string, readonly string[]> = {
  std: ['ddof'],
  var: ['ddof'],
  percentile: ['q', 'method', 'interpolation'],
  nanpercentile: ['q', 'method', 'interpolation'],
};

function argExtreme(values: readonly number[], pick: (a: number, b: number) => boolean): number {
  let best = -1;
  values.forEach((v, i) => {
    if (Number.isNaN(v)) return;
    if (best < 0 || pick(v, values[best] ?? Number.NaN)) best = i;
  });
  return best < 0 ? Number.NaN : best;
}

function product(values: readonly number[]): number {
  return present(values).reduce((acc, v) => acc * v, 1);
}

/** The names the `operator` of an aggregate may take. */
export const AGGREGATE_OPERATORS = [
  'average',
  'argmin',
  'argmax',
  'count',
  'count_nonzero',
  'cumsum',
  'cumprod',
  'max',
  'mean',
  'median',
  'nansum',
  'nanmin',
  'nanmax',
  'nanmean',
  'nanmedian',
  'nanpercentile',
  'min',
  'percentile',
  'prod',
  'product',
  'std',
  'sum',
  'var',
] as const;

/** The aggregator for `operator` with its options, or a PostProcessingError naming the problem. */
export function aggregatorFor(operator: string, options: AggregateOptions = {}): GroupAggregator {
  const allowed = OPTION_KEYS[operator] ?? [];
  const unknown = Object.keys(options).filter((k) => !allowed.includes(k));
  if (unknown.length > 0) {
    throw new PostProcessingError(
      `Invalid options for ${operator}: ${unknown.map((k) => `"${k}"`).join(', ')}`,
    );
  }
  switch (operator) {
    case 'mean':
    case 'nanmean':
      return nanMean;
    case 'sum':
    case 'nansum':
      return nanSum;
    case 'std': {
      const ddof = ddofOf(operator, options);
      return (values) => nanStd(values, ddof);
    }
    case 'var': {
      const ddof = ddofOf(operator, options);
      return (values) => nanVar(values, ddof);
    }
    case 'max':
    case 'nanmax':
      return nanMax;
    case 'min':
    case 'nanmin':
      return nanMin;
    case 'prod':
    case 'product':
      return product;
    case 'median':
      return (values) => (anyMissing(values) ? Number.NaN : nanMedian(values));
    case 'nanmedian':
      return nanMedian;
    case 'average':
      return (values) => (anyMissing(values) ? Number.NaN : nanMean(values));
    case 'percentile': {
      const { q, method } = percentileArgs(operator, options);
      return (values) => (anyMissing(values) ? Number.NaN : nanPercentile(values, q, method));
    }
    case 'nanpercentile': {
      const { q, method } = percentileArgs(operator, options);
      return (values) => nanPercentile(values, q, method);
    }
    case 'count':
      return (values) => values.length;
    case 'count_nonzero':
      return (values) => values.filter((v) => v !== 0).length;
    case 'argmin':
      return (values) => argExtreme(values, (a, b) => a < b);
    case 'argmax':
      return (values) => argExtreme(values, (a, b) => a > b);
    case 'cumsum':
    case 'cumprod':
      throw new PostProcessingError(
        `Invalid numpy function: ${operator} (it does not give one value per group)`,
      );
    default:
      throw new PostProcessingError(`Invalid numpy function: ${operator}`);
  }
}
