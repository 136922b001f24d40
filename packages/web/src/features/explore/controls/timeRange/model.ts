/**
 * The time range picker's model (spec 001 §2, §4, §5, §9), pure: which range type a value opens
 * on, what a value becomes when the user switches type, the Custom form's edits, the Advanced
 * form's halves and the "Actual time range" text. The Custom form's encoding and decoding
 * (Superset's customTimeRangeDecode/Encode) are core's; `now` is always a parameter.
 */
import {
  CALENDAR_TIME_RANGES,
  COMMON_TIME_RANGES,
  NO_TIME_RANGE,
  TIME_RANGE_SEPARATOR,
  decodeCustomTimeRange,
  defaultCustomTimeRange,
  encodeCustomTimeRange,
  evaluateTimeRange,
  formatDateTime,
  parseHumanDateTime,
  timeRangeFrameOf,
  type CustomRangeAnchorMode,
  type CustomRangeMode,
  type CustomTimeRange,
  type TimeRangeFrame,
  type TimeUnit,
} from '@strata/core';

export type { CustomRangeAnchorMode, CustomRangeMode, CustomTimeRange, TimeRangeFrame, TimeUnit };

/** Date-times in the form: `YYYY-MM-DD[T]HH:mm:ss` (dayjs format, Superset's MOMENT_FORMAT). */
export const DATETIME_FORMAT = 'YYYY-MM-DD[T]HH:mm:ss';

/** The range type selector (value, label), in the spec's order. */
export const FRAME_OPTIONS: ReadonlyArray<{ value: TimeRangeFrame; label: string }> = [
  { value: 'Common', label: 'Last' },
  { value: 'Calendar', label: 'Previous' },
  { value: 'Custom', label: 'Custom' },
  { value: 'Advanced', label: 'Advanced' },
  { value: 'No filter', label: 'No filter' },
];

/** Last: the values and their labels (lower-case in the radio list). */
export const LAST_OPTIONS: ReadonlyArray<{ value: string; label: string }> = COMMON_TIME_RANGES.map(
  (value) => ({ value, label: value.replace(/^Last/, 'last') }),
);
/** Previous: the calendar values. */
export const PREVIOUS_OPTIONS: ReadonlyArray<{ value: string; label: string }> =
  CALENDAR_TIME_RANGES.map((value) => ({ value, label: value }));

/** An end's mode choices (both ends have the same). */
export const MODE_OPTIONS: ReadonlyArray<{ value: CustomRangeMode; label: string }> = [
  { value: 'specific', label: 'Specific Date/Time' },
  { value: 'relative', label: 'Relative Date/Time' },
  { value: 'now', label: 'Now' },
  { value: 'today', label: 'Midnight' },
];

const GRAIN_LABELS: ReadonlyArray<[TimeUnit, string]> = [
  ['second', 'Seconds'],
  ['minute', 'Minutes'],
  ['hour', 'Hours'],
  ['day', 'Days'],
  ['week', 'Weeks'],
  ['month', 'Months'],
  ['quarter', 'Quarters'],
  ['year', 'Years'],
];

/** The relative period choices: "Days Before" for the start, "Days After" for the end. */
export function grainOptions(
  side: 'since' | 'until',
): ReadonlyArray<{ value: TimeUnit; label: string }> {
  const rel = side === 'since' ? 'Before' : 'After';
  return GRAIN_LABELS.map(([value, label]) => ({ value, label: `${label} ${rel}` }));
}

const LAST_VALUES: readonly string[] = COMMON_TIME_RANGES;
const PREVIOUS_VALUES: readonly string[] = CALENDAR_TIME_RANGES;

/** The range type a value opens on (Common, Calendar, No filter, Custom, else Advanced). */
export function frameOf(value: string, now: Date): TimeRangeFrame {
  return timeRangeFrameOf(value, now);
}

/**
 * The Advanced form's value for a value: a range stays as it is; "Last …" becomes the start
 * half and "Next …" the end half (the shorthand itself, not a rewritten expression); anything
 * else gives two empty halves.
 */
export function advancedRange(value: string): string {
  if (value.includes(TIME_RANGE_SEPARATOR)) return value;
  if (value.startsWith('Last')) return value + TIME_RANGE_SEPARATOR;
  if (value.startsWith('Next')) return TIME_RANGE_SEPARATOR + value;
  return TIME_RANGE_SEPARATOR;
}

/** The Advanced form's two halves of a value. */
export function advancedEnds(value: string): { since: string; until: string } {
  const range = advancedRange(value);
  const at = range.indexOf(TIME_RANGE_SEPARATOR);
  return { since: range.slice(0, at), until: range.slice(at + TIME_RANGE_SEPARATOR.length) };
}

/** The value after editing one half of the Advanced form. */
export function withAdvancedEnd(value: string, side: 'since' | 'until', text: string): string {
  const ends = { ...advancedEnds(value), [side]: text };
  return ends.since + TIME_RANGE_SEPARATOR + ends.until;
}

/**
 * The value after the user picks a range type, keeping the current value where the type can
 * show it: Last keeps a Last value (else "Last week"); Previous keeps a calendar value (else
 * "previous calendar week"); Custom keeps a value its form can show (else the default custom
 * range of §9); Advanced keeps ranges and Last/Next shorthands; No filter resets.
 */
export function valueForFrame(frame: TimeRangeFrame, value: string, now: Date): string {
  switch (frame) {
    case 'No filter':
      return NO_TIME_RANGE;
    case 'Common':
      return LAST_VALUES.includes(value) ? value : 'Last week';
    case 'Calendar':
      return PREVIOUS_VALUES.includes(value) ? value : 'previous calendar week';
    case 'Custom':
      return decodeCustomTimeRange(value, now) !== null
        ? value
        : encodeCustomTimeRange(defaultCustomTimeRange(now), now);
    case 'Advanced':
      return advancedRange(value);
  }
}

/** The Custom form's fields for a value (the default custom range when it cannot show it). */
export function customRangeOf(value: string, now: Date): CustomTimeRange {
  return decodeCustomTimeRange(value, now) ?? defaultCustomTimeRange(now);
}

/** `now` as core's naive date-time (UTC milliseconds on a whole second). */
function wholeSecond(now: Date): number {
  return Math.floor(now.getTime() / 1000) * 1000;
}

/** Midnight today, UTC, in the form's format (the anchor a Date/Time anchor starts from). */
export function midnightText(now: Date): string {
  return formatDateTime(parseHumanDateTime('today', wholeSecond(now)));
}

/**
 * A specific end as the date-time picker shows it: `now` is the current second and `today`
 * midnight, both UTC; an ISO date-time in the form's format.
 */
export function specificDateTimeText(datetime: string, now: Date): string {
  try {
    return formatDateTime(parseHumanDateTime(datetime, wholeSecond(now)));
  } catch {
    return midnightText(now);
  }
}

/** Where one end of a range falls (null when the range cannot be evaluated). */
function evaluatedEnd(value: string, side: 'since' | 'until', now: Date): string | null {
  try {
    return evaluateTimeRange(value, { now })[side] || null;
  } catch {
    return null;
  }
}

/** One edit of the Custom form. */
export type CustomEdit =
  | { field: 'sinceMode' | 'untilMode'; value: CustomRangeMode }
  | { field: 'sinceDatetime' | 'untilDatetime'; value: string }
  | { field: 'sinceGrain' | 'untilGrain'; value: TimeUnit }
  | { field: 'sinceGrainValue' | 'untilGrainValue'; value: number }
  | { field: 'anchorMode'; value: CustomRangeAnchorMode }
  | { field: 'anchorValue'; value: string };

/**
 * The value after one edit of the Custom form. A relative quantity must be a whole number of at
 * least 1 (anything else leaves the value as it is); the start's quantity counts backwards. A
 * Date/Time anchor starts at midnight today UTC; NOW anchors at `now`.
 */
export function editCustomRange(value: string, edit: CustomEdit, now: Date): string {
  const range = customRangeOf(value, now);
  let next: CustomTimeRange;
  switch (edit.field) {
    case 'sinceGrainValue':
    case 'untilGrainValue':
      if (!Number.isInteger(edit.value) || edit.value < 1) return value;
      next = {
        ...range,
        [edit.field]: edit.field === 'sinceGrainValue' ? -edit.value : edit.value,
      };
      break;
    case 'anchorMode':
      next = {
        ...range,
        anchorMode: edit.value,
        anchorValue: edit.value === 'now' ? 'now' : midnightText(now),
      };
      break;
    case 'sinceMode':
    case 'untilMode': {
      next = { ...range, [edit.field]: edit.value };
      // A specific end starts from the date-time it stood for (now, midnight, or where the
      // relative end fell).
      const side = edit.field === 'sinceMode' ? 'since' : 'until';
      const dtField = side === 'since' ? 'sinceDatetime' : 'untilDatetime';
      if (edit.value === 'specific' && range[edit.field] !== 'specific') {
        next[dtField] =
          range[edit.field] === 'relative'
            ? (evaluatedEnd(value, side, now) ?? specificDateTimeText(range[dtField], now))
            : specificDateTimeText(range[edit.field], now);
      }
      break;
    }
    default:
      next = { ...range, [edit.field]: edit.value };
  }
  return encodeCustomTimeRange(next, now);
}

function formatEnd(datetime: string, isStart: boolean): string {
  return datetime.replace('T00:00:00', '') || (isStart ? '-∞' : '∞');
}

/** The "Actual time range" text: `since ≤ col < until`, midnight left out, open ends as ∞. */
export function formatActualRange(since: string, until: string, column = 'col'): string {
  return `${formatEnd(since, true)} ≤ ${column} < ${formatEnd(until, false)}`;
}
