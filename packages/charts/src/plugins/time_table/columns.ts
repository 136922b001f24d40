/**
 * The Time-series Table's column config (spec 001: label, tooltip, colType time / contrib / spark /
 * avg, width, height, timeLag, timeRatio, comparisonType value / diff / perc / perc_change,
 * showYAxis, yAxisBounds, bounds, d3format, dateFormat) and what each column shows for a row's
 * series (oldest first): the sparkline's points, the lagged comparison, the contribution of the
 * latest value to all rows' latest values, or the average of the last periods. Pure.
 */
export type ColType = 'time' | 'contrib' | 'spark' | 'avg' | '';
export type ComparisonType = 'value' | 'diff' | 'perc' | 'perc_change' | '';

export interface TimeSeriesColumn {
  key: string;
  label?: string;
  tooltip?: string;
  colType?: ColType;
  width?: number | string;
  height?: number | string;
  timeLag?: number | string;
  timeRatio?: number | string;
  comparisonType?: ComparisonType;
  showYAxis?: boolean;
  yAxisBounds?: [number | null, number | null];
  bounds?: [number | null, number | null];
  d3format?: string;
  dateFormat?: string;
}

export const COL_TYPES: Array<[ColType, string]> = [
  ['time', 'Time comparison'],
  ['contrib', 'Contribution'],
  ['spark', 'Sparkline'],
  ['avg', 'Period average'],
];
export const COMPARISON_TYPES: Array<[ComparisonType, string]> = [
  ['value', 'Actual value'],
  ['diff', 'Difference'],
  ['perc', 'Percentage'],
  ['perc_change', 'Percentage change'],
];

export interface Point {
  time: number;
  value: number | null;
}

export type CellResult =
  | { kind: 'number'; value: number | null }
  | { kind: 'spark'; points: Point[] }
  | { kind: 'error'; message: string };

const int = (v: unknown, fallback: number): number => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : NaN;
  return Number.isInteger(n) ? n : fallback;
};

/** One cell: `series` is the row's points oldest first; `latestOfAllRows` for contributions. */
export function computeCell(
  column: TimeSeriesColumn,
  series: readonly Point[],
  latestOfAllRows: readonly (number | null)[],
): CellResult {
  const reversed = [...series].reverse();
  const recent = reversed[0]?.value ?? null;
  switch (column.colType) {
    case 'spark': {
      const ratio = int(column.timeRatio, 0);
      return { kind: 'spark', points: ratio > 0 ? series.slice(-ratio) : [...series] };
    }
    case 'contrib': {
      const total = latestOfAllRows.reduce<number>((s, v) => s + (v ?? 0), 0);
      return { kind: 'number', value: recent === null || total === 0 ? null : recent / total };
    }
    case 'avg': {
      const ratio = int(column.timeRatio, 0);
      const values = (ratio > 0 ? reversed.slice(0, ratio) : reversed)
        .map((p) => p.value)
        .filter((v): v is number => v !== null);
      return {
        kind: 'number',
        value: values.length ? values.reduce((a, b) => a + b, 0) / values.length : null,
      };
    }
    case 'time':
    default: {
      const lag = int(column.timeLag, 0);
      if (Math.abs(lag) >= reversed.length)
        return {
          kind: 'error',
          message: `The time lag set at ${lag} is too large for the length of data at ${reversed.length}. No data available.`,
        };
      const lagged = (lag < 0 ? reversed[reversed.length + lag] : reversed[lag])?.value ?? null;
      if (recent === null || lagged === null) return { kind: 'number', value: null };
      switch (column.comparisonType) {
        case 'diff':
          return { kind: 'number', value: recent - lagged };
        case 'perc':
          return { kind: 'number', value: lagged === 0 ? null : recent / lagged };
        case 'perc_change':
          return { kind: 'number', value: lagged === 0 ? null : recent / lagged - 1 };
        default:
          return { kind: 'number', value: lagged };
      }
    }
  }
}

const GOOD: [number, number, number] = [90, 193, 137];
const BAD: [number, number, number] = [224, 67, 85];
const rgb = (c: readonly number[]) => `rgb(${c.map((x) => Math.round(x)).join(',')})`;

/**
 * The text colour of a value from its column's bounds: with both bounds, from red at the lower
 * to green at the upper; with one, green on the good side and red on the other.
 */
export function colorFromBounds(
  value: number | null,
  bounds: TimeSeriesColumn['bounds'],
): string | undefined {
  if (value === null || !bounds) return undefined;
  const [min, max] = bounds;
  const hasMin = typeof min === 'number';
  const hasMax = typeof max === 'number';
  if (hasMin && hasMax && max > min) {
    const t = Math.min(1, Math.max(0, (value - min) / (max - min)));
    return rgb(BAD.map((b, i) => b + (GOOD[i]! - b) * t));
  }
  if (hasMin) return rgb(value >= min ? GOOD : BAD);
  if (hasMax) return rgb(value < max ? GOOD : BAD);
  return undefined;
}
