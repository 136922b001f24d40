/**
 * `rolling`: a moving window over rows (pandas' `DataFrame.rolling`). `window` rows (required,
 * above 0), `min_periods` present values needed for a value (default: the window), `center`
 * puts the label in the middle of the window. `rolling_type` is one of mean, sum, std, var, min,
 * max, median, count, quantile, skew, kurt (`rolling_type_options`: `ddof` for std/var,
 * `quantile` for quantile); Superset's corr and cov (pairwise) are not supported. As Superset does, the first `min_periods - 1` rows are dropped when `min_periods`
 * is set. `cumsum`, a rolling choice of Explore that Superset's clients send as `cum`, is taken
 * here too from older clients: a running sum, with no window.
 */
import { transformColumns, type ColumnsMap } from './column-transform.js';
import { cumulative } from './cum.js';
import { PostProcessingError } from './errors.js';
import {
  nanMax,
  nanMean,
  nanMin,
  nanPercentile,
  nanStd,
  nanSum,
  nanVar,
  present,
} from './numbers.js';
import { rowCount, takeRows, type Table } from './table.js';

export const ROLLING_TYPES = [
  'mean',
  'sum',
  'std',
  'var',
  'min',
  'max',
  'median',
  'count',
  'quantile',
  'skew',
  'kurt',
  'cumsum',
] as const;

export type RollingType = (typeof ROLLING_TYPES)[number];

export interface RollingOptions {
  readonly rolling_type: string;
  readonly columns?: ColumnsMap;
  readonly window?: number | null;
  readonly min_periods?: number | null;
  readonly center?: boolean;
  readonly win_type?: string | null;
  readonly rolling_type_options?: Readonly<Record<string, unknown>>;
}

type WindowFunction = (window: readonly number[]) => number;

/** Central moments of the present values: n, m2, m3, m4 (biased, over n). */
function moments(window: readonly number[]): { n: number; m2: number; m3: number; m4: number } {
  const xs = present(window);
  const n = xs.length;
  const mean = xs.reduce((a, b) => a + b, 0) / n;
  const m = (k: number): number => xs.reduce((a, x) => a + (x - mean) ** k, 0) / n;
  return { n, m2: m(2), m3: m(3), m4: m(4) };
}

/** pandas' rolling skew: the adjusted Fisher–Pearson coefficient; 3 values at least. */
function skewness(window: readonly number[]): number {
  const { n, m2, m3 } = moments(window);
  if (n < 3 || m2 <= 1e-14) return Number.NaN;
  return (Math.sqrt(n * (n - 1)) / (n - 2)) * (m3 / m2 ** 1.5);
}

/** pandas' rolling kurt: bias-corrected excess kurtosis (Fisher); 4 values at least. */
function kurtosis(window: readonly number[]): number {
  const { n, m2, m4 } = moments(window);
  if (n < 4 || m2 <= 1e-14) return Number.NaN;
  const g2 = m4 / m2 ** 2 - 3;
  return ((n - 1) / ((n - 2) * (n - 3))) * ((n + 1) * g2 + 6);
}

function windowFunction(type: string, options: Readonly<Record<string, unknown>>): WindowFunction {
  const invalidOptions = (): PostProcessingError =>
    new PostProcessingError(`Invalid options for ${type}: ${JSON.stringify(options)}`);
  const keys = Object.keys(options);
  const allow = (...names: string[]): void => {
    if (keys.some((k) => !names.includes(k))) throw invalidOptions();
  };
  switch (type) {
    case 'mean':
      allow();
      return nanMean;
    case 'sum':
      allow();
      return nanSum;
    case 'min':
      allow();
      return nanMin;
    case 'max':
      allow();
      return nanMax;
    case 'median':
      allow();
      return (w) => nanPercentile(w, 50);
    case 'count':
      allow();
      return (w) => present(w).length;
    case 'skew':
      allow();
      return skewness;
    case 'kurt':
      allow();
      return kurtosis;
    case 'std':
    case 'var': {
      allow('ddof');
      const ddof = options.ddof ?? 1;
      if (typeof ddof !== 'number' || !Number.isInteger(ddof) || ddof < 0) throw invalidOptions();
      return type === 'std' ? (w) => nanStd(w, ddof) : (w) => nanVar(w, ddof);
    }
    case 'quantile': {
      allow('quantile', 'interpolation');
      const q = options.quantile;
      const method = options.interpolation ?? 'linear';
      if (typeof q !== 'number' || q < 0 || q > 1) throw invalidOptions();
      if (
        method !== 'linear' &&
        method !== 'midpoint' &&
        method !== 'lower' &&
        method !== 'higher' &&
        method !== 'nearest'
      ) {
        throw invalidOptions();
      }
      return (w) => nanPercentile(w, q * 100, method);
    }
    default:
      throw new PostProcessingError(`Invalid rolling_type: ${type}`);
  }
}

/** The window of values for each position, as pandas' fixed window indexer makes it. */
export function rollingValues(
  values: readonly number[],
  window: number,
  minPeriods: number,
  center: boolean,
  fn: WindowFunction,
): number[] {
  const offset = center ? Math.floor((window - 1) / 2) : 0;
  return values.map((_, i) => {
    const last = i + offset + 1;
    const slice = values.slice(Math.max(0, last - window), Math.min(values.length, last));
    if (present(slice).length < minPeriods) return Number.NaN;
    return fn(slice);
  });
}

export function rolling(table: Table, options: RollingOptions): Table {
  if (options.rolling_type === 'cumsum') {
    return transformColumns(table, options.columns ?? {}, (columns) =>
      columns.map((values) => cumulative(values, (acc, v) => acc + v)),
    );
  }
  const window = options.window;
  if (window === undefined || window === null) {
    throw new PostProcessingError('Undefined window for rolling operation');
  }
  if (window === 0) throw new PostProcessingError('Window must be > 0');
  if (!Number.isInteger(window) || window < 0) {
    throw new PostProcessingError('window must be an integer 0 or greater');
  }
  if (options.win_type !== undefined && options.win_type !== null) {
    throw new PostProcessingError(`Unsupported win_type: ${options.win_type}`);
  }
  const minPeriods = options.min_periods ?? window;
  if (minPeriods > window) {
    throw new PostProcessingError(`min_periods ${minPeriods} must be <= window ${window}`);
  }
  const fn = windowFunction(options.rolling_type, options.rolling_type_options ?? {});
  const center = options.center ?? false;
  const rolled = transformColumns(table, options.columns ?? {}, (columns) =>
    columns.map((values) => rollingValues(values, window, minPeriods, center, fn)),
  );
  if (!options.min_periods) return rolled;
  const skip = options.min_periods - 1;
  const keep = Array.from({ length: Math.max(0, rowCount(rolled) - skip) }, (_, r) => r + skip);
  return takeRows(rolled, keep);
}
