/**
 * Time filters: `col >= since AND col < until` (start inclusive, end exclusive, as Superset's
 * get_time_filter), from date-times the caller resolved. The time range grammar itself ("Last
 * week", DATEADD…) is core's: here only `ISO : ISO` is read directly, anything else goes through
 * the caller's resolver.
 */
import type { QueryObject } from '@strata/core';
import type { DateFormat } from './date-format.js';
import { QueryValidationError, type CompileOptions } from './types.js';
import { formattedDateTimeLiteral, parseDateTime } from './values.js';
import type { Context } from './context.js';

export interface TimeBounds {
  since: string | null;
  until: string | null;
}

const NO_FILTER = new Set(['', 'no filter']);

function bound(
  ctx: Context,
  value: string | null | undefined,
  what: string,
  format: DateFormat | null | undefined,
): string | null {
  if (value == null || value.trim() === '') return null;
  const parts = parseDateTime(value);
  if (!parts) throw new QueryValidationError(`Invalid ${what} date-time: ${JSON.stringify(value)}`);
  return formattedDateTimeLiteral(ctx.dialect, parts, format);
}

/** The bounds of a TEMPORAL_RANGE value ("since : until"). */
export function temporalRange(
  value: unknown,
  query: QueryObject,
  options: CompileOptions,
): TimeBounds {
  if (value == null) return { since: null, until: null };
  if (typeof value !== 'string')
    throw new QueryValidationError('A TEMPORAL_RANGE filter needs a time range string');
  const text = value.trim();
  if (NO_FILTER.has(text.toLowerCase())) return { since: null, until: null };
  if (
    query.time_range != null &&
    text === query.time_range.trim() &&
    (query.from_dttm || query.to_dttm)
  )
    return { since: query.from_dttm ?? null, until: query.to_dttm ?? null };
  const halves = text.split(/\s+:(?:\s+|$)|^:\s+/);
  if (halves.length === 2 && halves.every((h) => h.trim() === '' || parseDateTime(h) !== null))
    return { since: halves[0]!.trim() || null, until: halves[1]!.trim() || null };
  if (options.resolveTimeRange) return options.resolveTimeRange(text);
  throw new QueryValidationError(`Time range could not be resolved: ${JSON.stringify(text)}`);
}

/**
 * The time filter on an expression, or null when both bounds are open. `format` is the
 * python_date_format of the column the expression reads as stored (epoch numbers, formatted
 * text): the bounds are written in it, as Superset's dttm_sql_literal.
 */
export function timeFilter(
  ctx: Context,
  expression: string,
  bounds: TimeBounds,
  format?: DateFormat | null,
): string | null {
  const parts: string[] = [];
  const since = bound(ctx, bounds.since, 'start', format);
  const until = bound(ctx, bounds.until, 'end', format);
  if (since) parts.push(`${expression} >= ${since}`);
  if (until) parts.push(`${expression} < ${until}`);
  return parts.length ? parts.join(' AND ') : null;
}
