/**
 * pandas frequency rules as resample takes them, over UTC timestamps in epoch milliseconds.
 * Fixed rules (`S`, `T`/`min`, `H`, `D` with a multiple, e.g. 1T, 1H, 1D, 7D) bucket from
 * midnight of the first timestamp's day (pandas' `origin="start_day"`), labelled by the
 * bucket's start. Calendar rules: `M` (month end, labelled by the month's last day), `MS`
 * (month start), `AS`/`YS` (year start), `A`/`Y` (year end).
 */
import { PostProcessingError } from './errors.js';

export interface TimeRule {
  /** The label of the bucket holding `t`, given the first timestamp of the data. */
  bucket(t: number, first: number): number;
  /** The label after `label`. */
  next(label: number): number;
  /** The bucket width of a fixed rule. */
  readonly step?: number;
}

const SECOND = 1000;
const DAY = 86_400 * SECOND;
const FIXED_UNITS: Record<string, number> = {
  S: SECOND,
  s: SECOND,
  T: 60 * SECOND,
  min: 60 * SECOND,
  H: 3600 * SECOND,
  h: 3600 * SECOND,
  D: DAY,
};

const startOfDay = (t: number): number => Math.floor(t / DAY) * DAY;

function calendar(kind: string): TimeRule | undefined {
  const parts = (t: number): [number, number] => {
    const d = new Date(t);
    return [d.getUTCFullYear(), d.getUTCMonth()];
  };
  switch (kind) {
    case 'M':
    case 'ME':
      return {
        bucket: (t) => {
          const [y, m] = parts(t);
          return Date.UTC(y, m + 1, 0);
        },
        next: (label) => {
          const [y, m] = parts(label);
          return Date.UTC(y, m + 2, 0);
        },
      };
    case 'MS':
      return {
        bucket: (t) => {
          const [y, m] = parts(t);
          return Date.UTC(y, m, 1);
        },
        next: (label) => {
          const [y, m] = parts(label);
          return Date.UTC(y, m + 1, 1);
        },
      };
    case 'AS':
    case 'YS':
      return {
        bucket: (t) => Date.UTC(parts(t)[0], 0, 1),
        next: (label) => Date.UTC(parts(label)[0] + 1, 0, 1),
      };
    case 'A':
    case 'Y':
    case 'YE':
      return {
        bucket: (t) => Date.UTC(parts(t)[0], 11, 31),
        next: (label) => Date.UTC(parts(label)[0] + 1, 11, 31),
      };
    default:
      return undefined;
  }
}

/** The rule for a pandas offset alias, or a PostProcessingError naming it. */
export function parseTimeRule(rule: string): TimeRule {
  const match = /^(\d*)([A-Za-z]+)$/.exec(rule.trim());
  const multiple = match?.[1] ? Number(match[1]) : 1;
  const unit = match?.[2] ?? '';
  const fixed = FIXED_UNITS[unit];
  if (match && fixed !== undefined && multiple > 0) {
    const step = fixed * multiple;
    return {
      bucket: (t, first) => {
        const origin = startOfDay(first);
        return origin + Math.floor((t - origin) / step) * step;
      },
      next: (label) => label + step,
      step,
    };
  }
  const cal = match && multiple === 1 ? calendar(unit) : undefined;
  if (cal) return cal;
  throw new PostProcessingError(`Invalid resample rule: ${rule}`);
}

/** Epoch milliseconds of an ISO-8601 text (UTC when it has no zone), or undefined. */
export function parseTimestamp(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (!/^\d{4}-\d{2}-\d{2}/.test(text)) return undefined;
  const hasTime = /^\d{4}-\d{2}-\d{2}[T ]\d/.test(text);
  const hasZone = /(Z|[+-]\d{2}(:?\d{2})?)$/i.test(text.slice(10));
  const normalised = hasTime
    ? text.replace(' ', 'T') + (hasZone ? '' : 'Z')
    : `${text.slice(0, 10)}T00:00:00Z`;
  const ms = Date.parse(normalised);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The text a timestamp is written as. */
export function formatTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}
