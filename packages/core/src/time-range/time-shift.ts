import { addUnits, type NaiveDateTime, type TimeUnit } from './calendar.js';
import { TimeRangeError, TIME_RANGE_MESSAGES } from './errors.js';
import { parseHumanDateTime } from './human-datetime.js';
import { TIME_RANGE_SEPARATOR } from './range-shorthands.js';

export interface RangeEnds {
  since: NaiveDateTime | null;
  until: NaiveDateTime | null;
}

const PAST_DELTA =
  /^(-?)\s*(\d{1,9})\s+(second|minute|hour|day|week|month|quarter|year)s?(?:\s+ago)?$/i;

/**
 * Superset's `time_shift` (time comparison): "1 year ago", "28 days", "52 weeks ago" move both
 * ends back by that much (calendar months and years, each end on its own); "inherited" moves
 * the range back by its own length; "start : end" replaces it.
 */
export function applyTimeShift(ends: RangeEnds, shift: string, now: NaiveDateTime): RangeEnds {
  const text = shift.trim();
  if (text.includes(TIME_RANGE_SEPARATOR)) {
    const at = text.indexOf(TIME_RANGE_SEPARATOR);
    return {
      since: parseHumanDateTime(text.slice(0, at), now),
      until: parseHumanDateTime(text.slice(at + TIME_RANGE_SEPARATOR.length), now),
    };
  }
  if (text.toLowerCase() === 'inherited') {
    if (ends.since === null || ends.until === null) return ends;
    const length = ends.until - ends.since;
    return { since: ends.since - length, until: ends.until - length };
  }
  const m = PAST_DELTA.exec(text);
  if (!m) throw new TimeRangeError('unparseable', TIME_RANGE_MESSAGES.cannotParse(text));
  const amount = Number(m[2]);
  const unit = (m[3] ?? '').toLowerCase() as TimeUnit;
  const back = (value: NaiveDateTime | null) =>
    value === null ? null : addUnits(value, -amount, unit);
  return { since: back(ends.since), until: back(ends.until) };
}
