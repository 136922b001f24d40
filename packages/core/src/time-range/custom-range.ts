import {
  addUnits,
  formatDateTime,
  fromDate,
  startOfDay,
  TIME_UNITS,
  type TimeUnit,
} from './calendar.js';
import { parseHumanDateTime } from './human-datetime.js';
import {
  CALENDAR_TIME_RANGES,
  COMMON_TIME_RANGES,
  NO_TIME_RANGE,
  TIME_RANGE_SEPARATOR,
} from './range-shorthands.js';

/** How one end of the Custom form is given. */
export type CustomRangeMode = 'specific' | 'relative' | 'now' | 'today';
/** What both relative ends are counted from when both are relative. */
export type CustomRangeAnchorMode = 'now' | 'specific';

/** The Custom form's model (the spec's "Custom time range model"). */
export interface CustomTimeRange {
  sinceDatetime: string;
  sinceMode: CustomRangeMode;
  sinceGrain: TimeUnit;
  sinceGrainValue: number;
  untilDatetime: string;
  untilMode: CustomRangeMode;
  untilGrain: TimeUnit;
  untilGrainValue: number;
  anchorMode: CustomRangeAnchorMode;
  anchorValue: string;
}

/** The picker's range types, as derived from a value. */
export type TimeRangeFrame = 'Common' | 'Calendar' | 'Custom' | 'Advanced' | 'No filter';

/** The default Custom range: since 7 days before midnight UTC, until midnight today UTC. */
export function defaultCustomTimeRange(now: Date): CustomTimeRange {
  const midnight = startOfDay(fromDate(now));
  return {
    sinceDatetime: formatDateTime(addUnits(midnight, -7, 'day')),
    sinceMode: 'relative',
    sinceGrain: 'day',
    sinceGrainValue: -7,
    untilDatetime: formatDateTime(midnight),
    untilMode: 'specific',
    untilGrain: 'day',
    untilGrainValue: 7,
    anchorMode: 'now',
    anchorValue: 'now',
  };
}

const ISO_DATETIME = String.raw`\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?(?:[+-]\d\d:\d\d|Z)?`;
const SPECIFIC_END = new RegExp(String.raw`^(?:${ISO_DATETIME}|today|now)$`, 'i');
const RELATIVE_END = new RegExp(
  String.raw`^DATEADD\(DATETIME\("(${ISO_DATETIME}|today|now)"\),\s([+-]?[1-9][0-9]*),\s(${TIME_UNITS.join('|')})\)$`,
  'i',
);

function modeOf(end: string): CustomRangeMode {
  return end === 'now' || end === 'today' ? end : 'specific';
}

interface RelativeEnd {
  anchor: string;
  value: number;
  grain: TimeUnit;
}

function relativeEnd(end: string): RelativeEnd | null {
  const m = RELATIVE_END.exec(end);
  if (!m) return null;
  return { anchor: m[1] ?? '', value: Number(m[2]), grain: (m[3] ?? '').toLowerCase() as TimeUnit };
}

/**
 * Reads a value back into the Custom form. Only ranges whose ends are ISO date-times, now,
 * today, or DATEADD(DATETIME("x"), n, unit) with a non-zero integer are Custom; anything else
 * answers null (the picker shows it as Advanced).
 */
export function decodeCustomTimeRange(timeRange: string, now: Date): CustomTimeRange | null {
  const parts = timeRange.split(TIME_RANGE_SEPARATOR);
  if (parts.length !== 2) return null;
  const [since = '', until = ''] = parts;
  const base = defaultCustomTimeRange(now);
  if (SPECIFIC_END.test(since) && SPECIFIC_END.test(until)) {
    return {
      ...base,
      sinceDatetime: since,
      untilDatetime: until,
      sinceMode: modeOf(since),
      untilMode: modeOf(until),
    };
  }
  const relativeSince = relativeEnd(since);
  if (relativeSince && SPECIFIC_END.test(until) && relativeSince.anchor === until) {
    return {
      ...base,
      sinceGrain: relativeSince.grain,
      sinceGrainValue: relativeSince.value,
      sinceDatetime: until,
      untilDatetime: until,
      sinceMode: 'relative',
      untilMode: modeOf(until),
    };
  }
  const relativeUntil = relativeEnd(until);
  if (SPECIFIC_END.test(since) && relativeUntil && relativeUntil.anchor === since) {
    return {
      ...base,
      untilGrain: relativeUntil.grain,
      untilGrainValue: relativeUntil.value,
      sinceDatetime: since,
      untilDatetime: since,
      sinceMode: modeOf(since),
      untilMode: 'relative',
    };
  }
  if (relativeSince && relativeUntil && relativeSince.anchor === relativeUntil.anchor) {
    const anchor = relativeSince.anchor;
    return {
      ...base,
      sinceGrain: relativeSince.grain,
      sinceGrainValue: relativeSince.value,
      sinceDatetime: anchor,
      untilGrain: relativeUntil.grain,
      untilGrainValue: relativeUntil.value,
      untilDatetime: anchor,
      anchorValue: anchor,
      sinceMode: 'relative',
      untilMode: 'relative',
      anchorMode: anchor === 'now' ? 'now' : 'specific',
    };
  }
  return null;
}

/** A specific end in the form's format `YYYY-MM-DDTHH:mm:ss` (UTC). */
function specificText(datetime: string, now: Date): string {
  return formatDateTime(parseHumanDateTime(datetime, fromDate(now)));
}

function fixedEnd(mode: CustomRangeMode, datetime: string, now: Date): string {
  return mode === 'specific' ? specificText(datetime, now) : mode;
}

/** Writes the Custom form as a time range string (the inverse of decodeCustomTimeRange). */
export function encodeCustomTimeRange(range: CustomTimeRange, now: Date): string {
  const sinceRelative = range.sinceMode === 'relative';
  const untilRelative = range.untilMode === 'relative';
  const dateAdd = (anchor: string, value: number, grain: TimeUnit) =>
    `DATEADD(DATETIME("${anchor}"), ${value}, ${grain})`;
  if (!sinceRelative && !untilRelative) {
    return (
      fixedEnd(range.sinceMode, range.sinceDatetime, now) +
      TIME_RANGE_SEPARATOR +
      fixedEnd(range.untilMode, range.untilDatetime, now)
    );
  }
  if (!sinceRelative) {
    const since = fixedEnd(range.sinceMode, range.sinceDatetime, now);
    return since + TIME_RANGE_SEPARATOR + dateAdd(since, range.untilGrainValue, range.untilGrain);
  }
  if (!untilRelative) {
    const until = fixedEnd(range.untilMode, range.untilDatetime, now);
    const back = -Math.abs(range.sinceGrainValue);
    return dateAdd(until, back, range.sinceGrain) + TIME_RANGE_SEPARATOR + until;
  }
  const anchor = range.anchorMode === 'now' ? 'now' : range.anchorValue;
  return (
    dateAdd(anchor, -Math.abs(range.sinceGrainValue), range.sinceGrain) +
    TIME_RANGE_SEPARATOR +
    dateAdd(anchor, range.untilGrainValue, range.untilGrain)
  );
}

/** Which picker tab a value opens on. */
export function timeRangeFrameOf(timeRange: string, now: Date): TimeRangeFrame {
  if ((COMMON_TIME_RANGES as readonly string[]).includes(timeRange)) return 'Common';
  if ((CALENDAR_TIME_RANGES as readonly string[]).includes(timeRange)) return 'Calendar';
  if (timeRange === NO_TIME_RANGE) return 'No filter';
  if (decodeCustomTimeRange(timeRange, now) !== null) return 'Custom';
  return 'Advanced';
}
