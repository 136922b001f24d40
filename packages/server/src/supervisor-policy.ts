/**
 * The supervisor's restart policy (issue 16 point 2), pure: what to do when the server process
 * ends. A clean exit (0) or a configuration error (2) is not restarted; a stop the supervisor
 * asked for is not either; any other end (a crash, an out-of-memory abort, a kill) is restarted
 * after a back-off that doubles with each quick crash in a row, until too many quick crashes in
 * a row make the supervisor give up.
 */

/** Exit code of `main.js` on a configuration error: restarting cannot help. */
export const CONFIG_ERROR_EXIT_CODE = 2;

export interface RestartPolicy {
  /** A run shorter than this is a quick crash. */
  quickMs: number;
  /** Give up after this many quick crashes in a row. */
  maxQuickCrashes: number;
  /** Wait before the first restart after a crash; doubled for each quick crash in a row. */
  baseDelayMs: number;
  maxDelayMs: number;
}

export const DEFAULT_RESTART_POLICY: RestartPolicy = {
  quickMs: 30_000,
  maxQuickCrashes: 5,
  baseDelayMs: 1_000,
  maxDelayMs: 30_000,
};

export interface ChildExit {
  code: number | null;
  signal: string | null;
  /** How long the process ran. */
  uptimeMs: number;
  /** The last lines the process wrote to stderr. */
  stderrTail: readonly string[];
}

export type RestartDecision =
  | { action: 'stop'; exitCode: number; reason: string }
  | { action: 'restart'; delayMs: number; reason: string; quickCrashes: number };

/** Why the process ended, in words: its exit code or signal, and out of memory when it says so. */
export function describeExit(exit: ChildExit): string {
  const how =
    exit.signal !== null
      ? `was killed by ${exit.signal}`
      : `exited with code ${exit.code ?? 'unknown'}`;
  const oom = exit.stderrTail.some((l) => /heap out of memory|allocation failed/i.test(l));
  return `${how} after ${(exit.uptimeMs / 1000).toFixed(1)} s${oom ? ' (out of memory)' : ''}`;
}

/**
 * The decision after the process ended. `quickCrashes` is the count of quick crashes in a row
 * before this one; `stopping` is true when the supervisor itself asked the process to stop.
 */
export function decideRestart(
  exit: ChildExit,
  quickCrashes: number,
  stopping: boolean,
  policy: RestartPolicy = DEFAULT_RESTART_POLICY,
): RestartDecision {
  const why = describeExit(exit);
  if (stopping) return { action: 'stop', exitCode: 0, reason: `the server stopped: it ${why}` };
  if (exit.signal === null && exit.code === 0)
    return { action: 'stop', exitCode: 0, reason: `the server ${why}` };
  if (exit.signal === null && exit.code === CONFIG_ERROR_EXIT_CODE)
    return {
      action: 'stop',
      exitCode: CONFIG_ERROR_EXIT_CODE,
      reason: `the server ${why}: a configuration error, not restarted`,
    };
  const quick = exit.uptimeMs < policy.quickMs;
  const inRow = quick ? quickCrashes + 1 : 0;
  if (inRow > policy.maxQuickCrashes)
    return {
      action: 'stop',
      exitCode: 1,
      reason: `the server ${why}; giving up after ${inRow} quick crashes in a row`,
    };
  const delayMs = Math.min(policy.baseDelayMs * 2 ** Math.max(0, inRow - 1), policy.maxDelayMs);
  return { action: 'restart', delayMs, reason: `the server ${why}`, quickCrashes: inRow };
}

/** Keeps the last `max` lines of a stream (each cut at `maxLineLength` characters). */
export class LineTail {
  private lines: string[] = [];
  private partial = '';

  constructor(
    private readonly max = 20,
    private readonly maxLineLength = 2000,
  ) {}

  push(text: string): void {
    const parts = (this.partial + text).split('\n');
    this.partial = (parts.pop() ?? '').slice(-this.maxLineLength);
    for (const line of parts) {
      this.lines.push(line.slice(0, this.maxLineLength));
      if (this.lines.length > this.max) this.lines.shift();
    }
  }

  /** The kept lines, with an unfinished last line; then starts over. */
  take(): string[] {
    const out = this.partial ? [...this.lines, this.partial] : [...this.lines];
    this.lines = [];
    this.partial = '';
    return out.filter((l) => l.trim() !== '').slice(-this.max);
  }
}
