/**
 * CPU-bound work of the server, off the event loop: Jinja templates, SQL Lab scripts' parsing
 * and guarding, export bundles' reading. One pool of worker threads per process (pool.ts),
 * shared by every app built in it: `acquireCpuWork` when an app starts (its configuration;
 * the first one starts the pool lazily), `release` when it closes (the last one stops it). A
 * plain module with no HTTP in it: another process (a job worker) uses it the same way.
 *
 * What stays on the main thread, because the pool's round trip would cost more than the work:
 * texts without template tags (returned as they are), and SQL scripts shorter than
 * INLINE_SQL_CHARS. Everything else runs in a worker with a time limit; a worker past it is
 * terminated and the caller gets a clear failure (a template error, a refused script, an
 * import problem), never a stuck event loop or a dead process.
 */
import { ApiError } from '../api/errors.js';
import type { Config } from '../config/config.js';
import {
  DEFAULT_BUNDLE_PARSE_LIMITS,
  type BundleContents,
  type BundleParseLimits,
} from '../imports/bundle.js';
import {
  untemplated,
  type TemplateBatch,
  type TemplateBatchResult,
} from '../sql/templating/batch.js';
import { DEFAULT_LIMITS } from '../sql/templating/render.js';
import { hasTemplateTags } from '../sql/templating/scan.js';
import type { Engine } from '../sql/guard.js';
import { prepareScript, type PrepareResult } from '../sqllab/prepare.js';
import { checkStatements, type CheckedStatement } from '../sqllab/statement-check.js';
import { workerDialect } from './dialects.js';
import { WorkerPool, WorkerTaskError } from './pool.js';
import type { PlainPrepareInput, TASKS, TaskName, TaskOutput } from './tasks.js';

export interface CpuWorkOptions {
  /** Worker threads at most. */
  workers: number;
  /** V8 old generation of each worker, in MB. */
  memoryMb: number;
  /** Time SQL parsing or a bundle's reading may take, in milliseconds. */
  taskTimeoutMs: number;
  /** Time the templates of one request may take to render, in milliseconds. */
  templateTimeoutMs: number;
}

export const DEFAULT_CPU_WORK: CpuWorkOptions = {
  workers: 2,
  memoryMb: 512,
  taskTimeoutMs: 60_000,
  templateTimeoutMs: DEFAULT_LIMITS.timeoutMs,
};

/**
 * SQL scripts shorter than this are parsed on the main thread: a typical single query, which
 * node-sql-parser checks in about a millisecond (0.9 ms measured for a 70-character SELECT on a
 * busy 2-core machine), less than the worker's round trip and queue. Longer scripts hold the
 * event loop for tens of milliseconds or more (36 ms for 12 statements, 16 s for 1 MB there).
 */
export const INLINE_SQL_CHARS = 1_000;

/**
 * Time a worker gets past a template's own deadline before it is terminated: the renderer
 * checks its deadline between steps, so only a single long built-in operation (or the parsing
 * of a huge template) needs the hard stop.
 */
const TEMPLATE_GRACE_MS = 2_000;

/** The options from the app's configuration (config.ts). */
export const cpuWorkOptionsOf = (
  config: Pick<
    Config,
    'cpuWorkers' | 'cpuWorkerMemoryMb' | 'cpuTaskTimeoutSeconds' | 'templateTimeoutMs'
  >,
): CpuWorkOptions => ({
  workers: config.cpuWorkers,
  memoryMb: config.cpuWorkerMemoryMb,
  taskTimeoutMs: config.cpuTaskTimeoutSeconds * 1000,
  templateTimeoutMs: config.templateTimeoutMs,
});

let options: CpuWorkOptions = DEFAULT_CPU_WORK;
let pool: WorkerPool | null = null;
let holders = 0;

const script = new URL(
  import.meta.url.endsWith('.ts') ? './worker.ts' : './worker.js',
  import.meta.url,
);

function thePool(): WorkerPool {
  pool ??= new WorkerPool({
    script,
    size: options.workers,
    maxOldGenerationSizeMb: options.memoryMb,
  });
  return pool;
}

/** Starts using the pool with these options; `release` when done (the last one closes it). */
export function acquireCpuWork(config: Partial<CpuWorkOptions> = {}): { release(): Promise<void> } {
  options = { ...DEFAULT_CPU_WORK, ...config };
  holders += 1;
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      holders -= 1;
      if (holders === 0 && pool) {
        const closing = pool;
        pool = null;
        await closing.close();
      }
    },
  };
}

const busy = () => new ApiError(503, 'The server is busy: try again in a moment');

function run<K extends TaskName>(
  kind: K,
  input: Parameters<(typeof TASKS)[K]>[0],
  timeoutMs: number,
  transfer?: ArrayBuffer[],
): Promise<TaskOutput<K>> {
  return thePool().run<TaskOutput<K>>(kind, input, { timeoutMs, transfer });
}

/** A failure of the pool itself (closed, or its queue full) is a 503; others are the input's. */
function poolProblem(e: unknown): WorkerTaskError {
  if (!(e instanceof WorkerTaskError)) throw e;
  if (e.reason === 'busy' || e.reason === 'closed') throw busy();
  return e;
}

// -- Templates ------------------------------------------------------------------------------

/**
 * Renders templates (TemplateBatch: several texts, one context, one time budget). Texts without
 * tags cost nothing; with any tag, the batch goes to a worker.
 */
export async function renderTemplates(batch: TemplateBatch): Promise<TemplateBatchResult> {
  if (!batch.texts.some(hasTemplateTags)) {
    return { ok: true, results: batch.texts.map(untemplated) };
  }
  const timeoutMs = batch.limits?.timeoutMs ?? options.templateTimeoutMs;
  try {
    return await run(
      'templates',
      { ...batch, limits: { ...batch.limits, timeoutMs } },
      timeoutMs + TEMPLATE_GRACE_MS,
    );
  } catch (e) {
    const failure = poolProblem(e);
    const index = typeof failure.lastProgress === 'number' ? failure.lastProgress : 0;
    const message =
      failure.reason === 'timeout'
        ? `Template error: Rendering the template took longer than ${timeoutMs} ms`
        : failure.reason === 'memory'
          ? 'Template error: Rendering the template needed more memory than allowed'
          : 'Template error: Rendering the template failed';
    return { ok: false, index, message, line: null };
  }
}

// -- SQL Lab scripts ------------------------------------------------------------------------

/** "1 second", "3 seconds" (limits are configured in whole seconds). */
const seconds = (ms: number) => {
  const n = Math.round(ms / 1000);
  return `${n} second${n === 1 ? '' : 's'}`;
};
const sqlTooSlow = (ms: number) =>
  `The SQL could not be checked within ${seconds(ms)}: run it in smaller parts`;
const sqlTooBig = 'Checking the SQL needed more memory than allowed: run it in smaller parts';

/** SQL Lab's prepareScript (guard, limit, CTAS), in a worker for long scripts. */
export async function prepareSqlScript(input: PlainPrepareInput): Promise<PrepareResult> {
  if (input.sql.length < INLINE_SQL_CHARS) {
    const { dialect, ...rest } = input;
    const quoting = workerDialect(dialect);
    return prepareScript({ ...rest, quoteIdentifier: (n) => quoting.quoteIdentifier(n) });
  }
  try {
    return await run('prepareScript', input, options.taskTimeoutMs);
  } catch (e) {
    const failure = poolProblem(e);
    return {
      ok: false,
      message: failure.reason === 'memory' ? sqlTooBig : sqlTooSlow(options.taskTimeoutMs),
      errorType: 'INVALID_SQL_ERROR',
      statementIndex: 0,
    };
  }
}

/** The statements of a script judged by the guard (validation), in a worker for long ones. */
export async function checkScript(
  sql: string,
  engine: Engine,
  allowDml: boolean,
): Promise<{ ok: true; statements: CheckedStatement[] } | { ok: false; message: string }> {
  if (sql.length < INLINE_SQL_CHARS) {
    return { ok: true, statements: checkStatements(sql, engine, allowDml) };
  }
  try {
    return {
      ok: true,
      statements: await run('checkScript', { sql, engine, allowDml }, options.taskTimeoutMs),
    };
  } catch (e) {
    const failure = poolProblem(e);
    return {
      ok: false,
      message: failure.reason === 'memory' ? sqlTooBig : sqlTooSlow(options.taskTimeoutMs),
    };
  }
}

// -- Bundles --------------------------------------------------------------------------------

export type BundleReadResult =
  | { ok: true; contents: BundleContents }
  /** The archive cannot be read (not a ZIP, over the archive's limits): a 400. */
  | { ok: false; status: 400; message: string }
  /** Reading it was stopped (time or memory), while reading `file` when known: a 422. */
  | { ok: false; status: 422; file: string | null; message: string };

/** Reads and parses an export bundle in a worker (imports/bundle.ts `parseBundle`). */
export async function readBundleFiles(
  data: Uint8Array,
  limits: BundleParseLimits = DEFAULT_BUNDLE_PARSE_LIMITS,
): Promise<BundleReadResult> {
  // A copy of its own is moved to the worker (a Buffer may share its memory with others).
  const copy = new Uint8Array(data);
  try {
    const answer = await run('parseBundle', { data: copy, limits }, options.taskTimeoutMs, [
      copy.buffer as ArrayBuffer,
    ]);
    if (!answer.ok) return { ok: false, status: 400, message: answer.message };
    return { ok: true, contents: new Map(answer.files) };
  } catch (e) {
    const failure = poolProblem(e);
    const file = typeof failure.lastProgress === 'string' ? failure.lastProgress : null;
    const message =
      failure.reason === 'timeout'
        ? `Reading the file took longer than ${seconds(options.taskTimeoutMs)}`
        : failure.reason === 'memory'
          ? `Reading the file needed more than ${options.memoryMb} MB of memory`
          : 'The file could not be read';
    return { ok: false, status: 422, file, message };
  }
}
