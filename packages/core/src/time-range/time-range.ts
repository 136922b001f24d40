import { formatDateTime, fromDate, type NaiveDateTime } from './calendar.js';
import { syntaxError, TimeRangeError, TIME_RANGE_MESSAGES } from './errors.js';
import type { DateExpression } from './expression-ast.js';
import { evaluateDateExpression } from './expression-eval.js';
import { parseDateExpression } from './expression-parser.js';
import { parseHumanDateTime } from './human-datetime.js';
import { applyTimeShift, type RangeEnds } from './time-shift.js';
import {
  endExpression,
  expandShorthand,
  NO_TIME_RANGE,
  TIME_RANGE_SEPARATOR,
} from './range-shorthands.js';

/** One end of a parsed range: an advanced expression, or a date-time phrase. */
export type TimeRangeEnd =
  | { kind: 'expression'; source: string; expression: DateExpression }
  | { kind: 'phrase'; text: string };

/** A range read but not yet evaluated; a null end is open. */
export interface ParsedTimeRange {
  since: TimeRangeEnd | null;
  until: TimeRangeEnd | null;
}

/** Ends in Superset's format `YYYY-MM-DDTHH:mm:ss` (naive UTC); null is open. */
export interface EvaluatedTimeRange {
  since: string | null;
  until: string | null;
}

export interface TimeRangeOptions {
  /** The moment "now" means; its UTC fields are used. */
  now: Date;
  /** Anchor of relative starts instead of today/now (`extras.relative_start`). */
  relativeStart?: string | null;
  /** Anchor of relative ends instead of today/now (`extras.relative_end`). */
  relativeEnd?: string | null;
  /** A time comparison shift ("1 year ago", "inherited", "start : end"), applied to both ends. */
  shift?: string | null;
}

/**
 * Reads a time range: "No filter", "Last day|week|month|quarter|year", "Last 3 hours",
 * "Next 2 weeks", "previous calendar week|month|quarter|year", "Current …", or "start : end"
 * where each end is empty (open), an ISO date or date-time, now, today, a phrase such as
 * "7 days ago", "last 2 weeks", "start of this month", or an advanced expression.
 * Throws TimeRangeError on text that does not follow the grammar.
 * An empty range reads as Superset reads a missing one: open start, end today.
 */
export function parseTimeRange(
  timeRange: string | null | undefined,
  options: Omit<TimeRangeOptions, 'now'> = {},
): ParsedTimeRange {
  const { relativeStart, relativeEnd } = options;
  if (timeRange === NO_TIME_RANGE) return { since: null, until: null };
  if (timeRange === null || timeRange === undefined || timeRange.trim() === '') {
    return { since: null, until: { kind: 'phrase', text: relativeEnd || 'today' } };
  }
  const expanded = expandShorthand(timeRange, relativeStart, relativeEnd);
  const at = expanded.indexOf(TIME_RANGE_SEPARATOR);
  if (at < 0) {
    throw syntaxError(
      `"${shortened(timeRange)}" is not a time range: write "start : end" (a space, a colon and a space ` +
        `between them), "${NO_TIME_RANGE}", "Last week", "previous calendar month" or similar`,
    );
  }
  const since = expanded.slice(0, at).trim();
  const until = expanded.slice(at + TIME_RANGE_SEPARATOR.length).trim();
  return { since: parseEnd(since, relativeStart), until: parseEnd(until, relativeStart) };
}

const MAX_QUOTED = 60;
const shortened = (text: string) =>
  text.length > MAX_QUOTED ? `${text.slice(0, MAX_QUOTED)}…` : text;

function parseEnd(part: string, relativeStart?: string | null): TimeRangeEnd | null {
  if (part === '') return null;
  const source = endExpression(part, relativeStart);
  if (source === null) return { kind: 'phrase', text: part };
  return { kind: 'expression', source, expression: parseDateExpression(source) };
}

function evaluateEnd(end: TimeRangeEnd | null, now: NaiveDateTime): NaiveDateTime | null {
  if (end === null) return null;
  return end.kind === 'phrase'
    ? parseHumanDateTime(end.text, now)
    : evaluateDateExpression(end.expression, now);
}

/** Both ends as date-times; the start after the end is an error, as in Superset. */
export function evaluateTimeRangeEnds(
  parsed: ParsedTimeRange,
  now: Date,
  shift?: string | null,
): RangeEnds {
  const reference = fromDate(now);
  const ends: RangeEnds = {
    since: evaluateEnd(parsed.since, reference),
    until: evaluateEnd(parsed.until, reference),
  };
  const { since, until } = shift ? applyTimeShift(ends, shift, reference) : ends;
  if (since !== null && until !== null && since > until) {
    throw new TimeRangeError('order', TIME_RANGE_MESSAGES.order);
  }
  return { since, until };
}

/**
 * Superset's `get_since_until` for a time range: both ends formatted `YYYY-MM-DDTHH:mm:ss`,
 * null for an open end ("No filter" → both null). Throws TimeRangeError with the message the
 * picker shows.
 */
export function evaluateTimeRange(
  timeRange: string | null | undefined,
  options: TimeRangeOptions,
): EvaluatedTimeRange {
  const { since, until } = evaluateTimeRangeEnds(
    parseTimeRange(timeRange, options),
    options.now,
    options.shift,
  );
  return {
    since: since === null ? null : formatDateTime(since),
    until: until === null ? null : formatDateTime(until),
  };
}

/** The message of a failed evaluation, for any thrown value. */
export function timeRangeErrorMessage(error: unknown): string {
  if (error instanceof TimeRangeError) return error.message;
  return (
    TIME_RANGE_MESSAGES.syntaxPrefix + (error instanceof Error ? error.message : String(error))
  );
}
