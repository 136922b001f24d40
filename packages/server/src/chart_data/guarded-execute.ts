/**
 * One chart query run within its memory limits (issue 16 point 2): rows are taken from the
 * engine in small batches (`onBatch`) and counted by a ByteBudget as they arrive; past the
 * budget the statement is cancelled on the database (its signal aborted) and the call fails
 * with ResultTooLargeError (or ServerBusyError when the process's pool is full), whatever the
 * engine then reports. Used by chart data and by `/datasource/samples`.
 */
import { ResultSizeError, type DatabaseClient, type ExecuteResult } from '../engines/types.js';
import { ByteBudget, ResultTooLargeError, ServerBusyError, type BytePool } from './limits.js';

/** Rows per batch: small enough that one batch of wide rows stays far below a budget. */
export const GUARDED_BATCH_ROWS = 256;
/** The longest stretch rows are taken in without letting other work run. */
const TURN_MS = 20;

export interface GuardedExecuteOptions {
  schema?: string | null;
  maxRows: number;
  maxBytes: number;
  /** The columns' labels in the answer (their JSON cost per cell is counted too). */
  labels?: readonly string[];
  /** The process-wide pool of chart data bytes; the budget's bytes are taken from it. */
  pool?: BytePool | null;
  /** Bytes the same request already brought in: they count against `maxBytes` too. */
  usedBefore?: number;
  signal?: AbortSignal;
  /** Run in a read-only transaction where the engine has one (ExecuteOptions.readOnly). */
  readOnly?: boolean;
}

/**
 * A value too large for V8 (a string past its maximum length, an array buffer that cannot be
 * allocated) fails inside the driver with a RangeError: that is a result too large as well.
 */
function isOversizedValueError(e: unknown): boolean {
  return (
    e instanceof RangeError &&
    /string longer than|Invalid string length|Array buffer allocation failed|Invalid typed array length|Invalid array length/i.test(
      e.message,
    )
  );
}

/**
 * Runs `sql` and keeps its rows while they fit `maxBytes`. The returned budget holds the bytes
 * the rows took from the pool: call `budget.release()` once the answer no longer needs them
 * (it is released here when the call fails).
 */
export async function executeWithinBudget(
  client: DatabaseClient,
  sql: string,
  options: GuardedExecuteOptions,
): Promise<{ result: ExecuteResult; budget: ByteBudget }> {
  const budget = new ByteBudget(
    options.maxBytes,
    options.labels ?? [],
    options.pool ?? null,
    options.usedBefore ?? 0,
  );
  const own = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, own.signal]) : own.signal;
  const rows: unknown[][] = [];
  let refused: ResultTooLargeError | ServerBusyError | null = null;
  let lastTurn = performance.now();
  try {
    const result = await client.execute(sql, {
      schema: options.schema,
      maxRows: options.maxRows,
      readOnly: options.readOnly,
      batchSize: GUARDED_BATCH_ROWS,
      // Engines that see value sizes before making them (DuckDB) stop even earlier.
      maxBytes: Math.max(0, options.maxBytes - (options.usedBefore ?? 0)),
      signal,
      onBatch: async (batch) => {
        try {
          budget.add(batch);
        } catch (e) {
          if (e instanceof ResultTooLargeError || e instanceof ServerBusyError) {
            refused = e;
            // Cancels the statement on the database; the engine then stops reading.
            own.abort(e);
          }
          throw e;
        }
        for (const row of batch) rows.push(row);
        // An engine whose next rows are ready at once (DuckDB's prefetched chunks) would read
        // a whole result without a turn of the event loop: other requests get one every 20 ms.
        if (performance.now() - lastTurn > TURN_MS) {
          await new Promise<void>((resolve) => setImmediate(resolve));
          lastTurn = performance.now();
        }
      },
    });
    return { result: { ...result, rows }, budget };
  } catch (e) {
    budget.release();
    rows.length = 0;
    if (refused) throw refused;
    if (e instanceof ResultSizeError) throw new ResultTooLargeError(options.maxBytes);
    if (isOversizedValueError(e)) throw new ResultTooLargeError(options.maxBytes);
    throw e;
  }
}
