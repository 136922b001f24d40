/**
 * `POST /api/v1/chart/data/batch`: several query contexts in one call, answered as NDJSON, one
 * line `{"index":i,"status":s,"body":...}` per context as soon as it is ready (completion order).
 * The pure parts live here (no Fastify), the route in `routes.ts` only wires a stream to them.
 */
import { ApiError } from '../api/errors.js';
import { stringifyWithRaw } from './raw-json.js';

/** The most contexts one batch may carry. */
export const BATCH_MAX_CONTEXTS = 100;
/** The most contexts of one batch running at the same time. */
export const BATCH_CONCURRENCY = 6;

export const BATCH_BAD_BODY = `Bad request: contexts must be a list of 1 to ${BATCH_MAX_CONTEXTS} query contexts`;
export const BATCH_JSON_ONLY = 'Bad request: a batch answers JSON only';

/** `{contexts: [...]}` with 1 to BATCH_MAX_CONTEXTS entries; anything else is a 400. */
export function parseBatchBody(body: unknown): unknown[] {
  if (typeof body !== 'object' || body === null || Array.isArray(body))
    throw new ApiError(400, BATCH_BAD_BODY);
  const contexts = (body as { contexts?: unknown }).contexts;
  if (!Array.isArray(contexts) || contexts.length < 1 || contexts.length > BATCH_MAX_CONTEXTS)
    throw new ApiError(400, BATCH_BAD_BODY);
  return contexts;
}

/** The status and JSON body a single call would have answered. */
export interface BatchOutcome {
  status: number;
  body: unknown;
}

/** One NDJSON line (newline included); `RawJson` rows in the body are spliced in as they are. */
export function batchLine(index: number, outcome: BatchOutcome): string {
  return `${stringifyWithRaw({ index, status: outcome.status, body: outcome.body })}\n`;
}

/** A successful run: Superset's `{result: [...]}`. */
export function successOutcome(queries: unknown[]): BatchOutcome {
  return { status: 200, body: { result: queries } };
}

/** What the error handler answers for an ApiError; anything else is a bare 500. */
export function errorOutcome(error: unknown): BatchOutcome & { unexpected: boolean } {
  if (error instanceof ApiError)
    return {
      status: error.statusCode,
      body: error.body ?? { message: error.message },
      unexpected: false,
    };
  return { status: 500, body: { message: 'Internal server error' }, unexpected: true };
}

/** Files (csv, xlsx) have no place in a JSON stream: such a context is refused without running. */
export function asksForFile(ctx: unknown): boolean {
  if (typeof ctx !== 'object' || ctx === null) return false;
  const format = (ctx as { result_format?: unknown }).result_format;
  return format === 'csv' || format === 'xlsx';
}

export interface RunBatchOptions {
  /** The most runs going at once (at least 1). */
  concurrency: number;
  /** Aborted when the client went away: runs going are told, no more start, nothing more is written. */
  signal: AbortSignal;
  /** An error that is not an ApiError (the caller logs it), or a failed write. */
  onUnexpected: (err: unknown) => void;
}

/**
 * Runs every context (at most `concurrency` at a time, in index order) and writes one line per
 * context as it completes. A `write` may return a promise (the stream is full): the worker then
 * waits for it before starting its next context. Never rejects; resolves when every line is
 * written, when the signal aborts, or when a write failed (reported through `onUnexpected`).
 */
export async function runBatch(
  contexts: readonly unknown[],
  runOne: (ctx: unknown, signal: AbortSignal) => Promise<{ queries: unknown[] }>,
  write: (line: string) => void | Promise<void>,
  options: RunBatchOptions,
): Promise<void> {
  const { signal, onUnexpected } = options;
  let next = 0;
  let broken = false;
  const stopped = () => broken || signal.aborted;

  const report = (err: unknown) => {
    try {
      onUnexpected(err);
    } catch {
      // A failing reporter must not take the batch (or the process) down.
    }
  };

  const lineOf = async (index: number, ctx: unknown): Promise<string> => {
    if (asksForFile(ctx))
      return batchLine(index, { status: 400, body: { message: BATCH_JSON_ONLY } });
    try {
      const answer = await runOne(ctx, signal);
      // Built inside the try: an answer that cannot be serialised is an unexpected error too.
      return batchLine(index, successOutcome(answer.queries));
    } catch (err) {
      const outcome = errorOutcome(err);
      if (outcome.unexpected && !signal.aborted) report(err);
      try {
        return batchLine(index, { status: outcome.status, body: outcome.body });
      } catch (unwritable) {
        // An ApiError whose body cannot be serialised: answered as any unexpected error.
        report(unwritable);
        return batchLine(index, errorOutcome(unwritable));
      }
    }
  };

  const worker = async () => {
    while (!stopped() && next < contexts.length) {
      const index = next++;
      try {
        const line = await lineOf(index, contexts[index]);
        if (stopped()) return;
        await write(line);
      } catch (err) {
        // A write that failed (the stream is gone): nothing more can be answered.
        broken = true;
        report(err);
      }
    }
  };

  const workers = Math.max(1, Math.min(Math.floor(options.concurrency) || 1, contexts.length));
  // Workers never reject (see above); the catch is a last guard against an unhandled rejection.
  const all = Promise.all(Array.from({ length: workers }, worker)).then(
    () => undefined,
    (err: unknown) => report(err),
  );
  if (signal.aborted) return;
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
    signal.addEventListener('abort', onAbort, { once: true });
  });
  try {
    await Promise.race([all, aborted]);
  } finally {
    if (onAbort) signal.removeEventListener('abort', onAbort);
  }
}
