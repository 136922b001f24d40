import type { LimitingFactor, QueryDto, QueryResultsPayload, SqlLabError } from '@strata/core';
import { formatCount } from './format';

/** What the Results panel shows. */
export type ResultPhase =
  | 'empty'
  | 'loading'
  | 'running'
  | 'streaming'
  | 'failed'
  | 'stopped'
  | 'timed_out'
  | 'success'
  | 'no_results';

/**
 * The panel's state from the query and its results: a query still on its way is `running`;
 * results being fetched are `loading`; a successful query whose results are not here (yet) is
 * `no_results` (the container may be about to fetch them); a running query whose first rows
 * are here already is `streaming` (shown while the rest comes in).
 */
export function resultPhase(
  query: QueryDto | null,
  results: QueryResultsPayload | null,
  loading: boolean,
  error?: string | null,
): ResultPhase {
  if (!query) {
    if (error) return 'failed';
    return loading ? 'loading' : 'empty';
  }
  switch (query.state) {
    case 'failed':
      return 'failed';
    case 'stopped':
      return 'stopped';
    case 'timed_out':
      return 'timed_out';
    case 'success':
      if (error) return 'failed';
      if (results) return 'success';
      return loading ? 'loading' : 'no_results';
    default:
      // pending, running, fetching, scheduled: still on its way.
      if (error) return 'failed';
      return results && results.data.length > 0 && results.columns.length > 0
        ? 'streaming'
        : 'running';
  }
}

export interface LimitInfo {
  /** Rows of the result. */
  rows: number;
  limitingFactor: LimitingFactor | null | undefined;
  /** The configured maximum (SQL_MAX_ROW): a dropdown at this value is the configuration's cut. */
  maxRow?: number;
  /** The limit the query ran with. */
  limit?: number | null;
}

/** Why the result has no more rows, when a limit cut it; null when nothing did. */
export function limitMessage({ rows, limitingFactor, maxRow, limit }: LimitInfo): string | null {
  const n = formatCount(rows);
  const prefix = `The number of rows displayed is limited to ${n}`;
  switch (limitingFactor) {
    case 'QUERY':
      return `${prefix} by the query.`;
    case 'QUERY_AND_DROPDOWN':
      return `${prefix} by the query and the dropdown.`;
    case 'DROPDOWN':
      if (maxRow !== undefined && (limit ?? rows) >= maxRow) {
        return `${prefix} by the configuration.`;
      }
      return `${prefix} by the dropdown.`;
    default:
      return null;
  }
}

/** "1 row affected" / "12 rows affected". */
export function affectedRowsText(rows: number): string {
  return `${formatCount(rows)} ${rows === 1 ? 'row' : 'rows'} affected`;
}

export interface ErrorLocation {
  line: number;
  column: number | null;
}

function positiveInt(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isInteger(n) && n > 0 ? n : null;
}

/** The first line (and column) named by the errors' `extra`, 1-based. */
export function errorLocation(
  errors: readonly SqlLabError[] | null | undefined,
): ErrorLocation | null {
  for (const e of errors ?? []) {
    const extra = e.extra ?? {};
    const line = positiveInt(extra.line ?? extra.line_number);
    if (line !== null) return { line, column: positiveInt(extra.column ?? extra.start_column) };
  }
  return null;
}

/** "Line 3, column 7" / "Line 3". */
export function errorLocationText(location: ErrorLocation): string {
  return location.column !== null
    ? `Line ${location.line}, column ${location.column}`
    : `Line ${location.line}`;
}

/**
 * The messages to show for a failed query: the errors' own messages (without repeats), else the
 * single message, else a generic text.
 */
export function failureMessages(
  errors: readonly SqlLabError[] | null | undefined,
  message: string | null | undefined,
): string[] {
  const out: string[] = [];
  for (const e of errors ?? []) {
    const text = (e.message ?? '').trim();
    if (text && !out.includes(text)) out.push(text);
  }
  const single = (message ?? '').trim();
  if (out.length === 0 && single) out.push(single);
  if (out.length === 0) out.push('The query failed.');
  return out;
}

/** Milliseconds the query has run (until its end, or until `now` while it runs). */
export function elapsedMs(query: Pick<QueryDto, 'startDttm' | 'endDttm'>, now: number): number {
  if (query.startDttm === null || !Number.isFinite(query.startDttm)) return 0;
  const end = query.endDttm !== null && Number.isFinite(query.endDttm) ? query.endDttm : now;
  return Math.max(0, end - query.startDttm);
}
