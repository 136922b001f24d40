/**
 * Pure limits of chart data (issue 16 point 2): the row limits a query object may ask for,
 * clamped as Superset's `apply_max_row_limit` clamps them (never refused, so Superset's clients
 * keep working), and the byte budget of a result counted while its rows stream in.
 */
import type { QueryObject } from '@strata/core';

/** Superset's ROW_LIMIT: the rows a query without its own limit returns. */
export const DEFAULT_ROW_LIMIT = 50_000;

/** The default of STRATA_CHART_DATA_MAX_BYTES: 256 MiB of values per chart query. */
export const DEFAULT_CHART_DATA_MAX_BYTES = 256 * 1024 * 1024;

/**
 * Superset's `apply_max_row_limit`: a limit of 0 (or none) means "as many as allowed", any
 * other is at most `max`.
 */
export function applyMaxRowLimit(limit: number | null | undefined, max: number): number {
  if (!limit) return max;
  return Math.min(limit, max);
}

/**
 * The query object with its row limit (none → DEFAULT_ROW_LIMIT, as Superset's `row_limit or
 * ROW_LIMIT`) and series limits clamped at `maxRows`. A series limit of 0 stays 0 (no series
 * limit; the row limit bounds the rows).
 */
export function clampQueryLimits(query: QueryObject, maxRows: number): QueryObject {
  const out: QueryObject = {
    ...query,
    row_limit: applyMaxRowLimit(query.row_limit || DEFAULT_ROW_LIMIT, maxRows),
  };
  if (query.series_limit) out.series_limit = Math.min(query.series_limit, maxRows);
  if (query.timeseries_limit) out.timeseries_limit = Math.min(query.timeseries_limit, maxRows);
  return out;
}

/**
 * What one value costs, cheaply: a string its length (plus its quotes; escapes aside, its JSON
 * text), a number 8 (a double's size), anything small 8, an array or object (DuckDB's lists,
 * structs, maps) the sum of its parts.
 */
export function valueBytes(value: unknown): number {
  if (typeof value === 'string') return value.length + 2;
  if (value === null || typeof value !== 'object') return 8;
  let total = 2;
  if (Array.isArray(value)) {
    for (const v of value) total += valueBytes(v) + 1;
    return total;
  }
  for (const [k, v] of Object.entries(value as Record<string, unknown>))
    total += k.length + 4 + valueBytes(v);
  return total;
}

/** A result grew past the byte budget of one chart query. */
export class ResultTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(resultTooLargeMessage(maxBytes));
  }
}

function megabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb >= 1 ? `${Math.round(mb)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}

/** The 422 answer's message. */
export function resultTooLargeMessage(maxBytes: number): string {
  return (
    `The query's result is larger than the ${megabytes(maxBytes)} a chart query may bring ` +
    'into memory; it was cancelled. Lower the row limit, filter or aggregate the data.'
  );
}

/** The bytes of all chart queries in flight grew past the process's total. */
export class ServerBusyError extends Error {
  constructor() {
    super(
      'The server is busy with other large chart queries; this one was cancelled. Try again in a moment.',
    );
  }
}

/**
 * The bytes of every chart query of the process in flight (STRATA_CHART_DATA_TOTAL_BYTES): one
 * pool the budgets of all queries draw on, so that many users each under their own budget do not
 * together exhaust the heap.
 */
export class BytePool {
  private used = 0;

  constructor(readonly maxBytes: number) {}

  get bytes(): number {
    return this.used;
  }

  /** Takes `n` bytes; throws ServerBusyError (taking nothing) when they do not fit. */
  reserve(n: number): void {
    if (this.used + n > this.maxBytes) throw new ServerBusyError();
    this.used += n;
  }

  release(n: number): void {
    this.used = Math.max(0, this.used - n);
  }
}

/**
 * Counts the bytes of rows as they stream in: each cell its value plus what its column's label
 * adds to the JSON answer (`"label":` and a separator), so a result that fits the budget also
 * answers in about as many bytes. `add` throws ResultTooLargeError past `maxBytes`, or
 * ServerBusyError when the process's pool (if any) has no room; `release` gives the bytes back
 * to the pool once the answer is built.
 */
export class ByteBudget {
  private used: number;
  private reserved = 0;
  private readonly perCell: number[];

  constructor(
    readonly maxBytes: number,
    labels: readonly string[] = [],
    private readonly pool: BytePool | null = null,
    /** Bytes the same request's earlier runs already brought in (counted, not taken again). */
    private readonly base = 0,
  ) {
    this.perCell = labels.map((l) => l.length + 4);
    this.used = base;
  }

  /** The bytes of this budget's own rows. */
  get bytes(): number {
    return this.used - this.base;
  }

  /** Adds a batch of rows (arrays of cells); throws when the total passes a limit. */
  add(rows: readonly (readonly unknown[])[]): void {
    const perCell = this.perCell;
    let used = this.used;
    for (const row of rows) {
      used += 2;
      for (let i = 0; i < row.length; i++) used += valueBytes(row[i]) + (perCell[i] ?? 8);
      if (used > this.maxBytes) {
        this.used = used;
        throw new ResultTooLargeError(this.maxBytes);
      }
    }
    if (this.pool) {
      this.pool.reserve(used - this.base - this.reserved);
      this.reserved = used - this.base;
    }
    this.used = used;
  }

  /** Gives what this budget took back to the pool (once; later calls do nothing). */
  release(): void {
    if (this.pool && this.reserved > 0) this.pool.release(this.reserved);
    this.reserved = 0;
  }
}
