import type { EngineError } from '../types.js';

/**
 * How long a statement may take to end once its cancel was sent (KILL QUERY,
 * pg_cancel_backend) before the call stops waiting for the driver. A database that went away
 * without closing the socket, or a driver that never reports the end, would otherwise hold the
 * call, and every time-out above it, for ever.
 */
export const CANCEL_GRACE_MS = 2000;

export interface SettleOptions {
  /** Waited after the abort for `work` to end by itself (ms). */
  graceMs?: number;
  /** The error the call ends with when it is given up. */
  cancelled: () => EngineError;
  /**
   * Called once when the call is given up: makes the driver's resources unusable (destroys the
   * connection), so the abandoned work cannot hand a half-used connection to the next call.
   */
  abandon: () => void;
}

/**
 * `work`'s outcome; but once `signal` aborts, `work` gets `graceMs` to end (the cancel on the
 * database usually ends it at once), after which the call is given up: `abandon()` is called
 * and the promise rejects with `cancelled()`. A later outcome of the abandoned work is dropped.
 * So an aborted call always settles, whatever the driver does.
 */
export function settleAfterAbort<T>(
  work: Promise<T>,
  signal: AbortSignal | undefined,
  options: SettleOptions,
): Promise<T> {
  if (!signal) return work;
  const graceMs = options.graceMs ?? CANCEL_GRACE_MS;
  return new Promise<T>((resolve, reject) => {
    let timer: NodeJS.Timeout | null = null;
    let settled = false;
    const done = (): boolean => {
      if (settled) return false;
      settled = true;
      signal.removeEventListener('abort', onAbort);
      if (timer) clearTimeout(timer);
      return true;
    };
    const giveUp = (): void => {
      if (!done()) return;
      try {
        options.abandon();
      } finally {
        reject(options.cancelled());
      }
    };
    function onAbort(): void {
      if (settled || timer) return;
      timer = setTimeout(giveUp, graceMs);
    }
    work.then(
      (value) => {
        if (done()) resolve(value);
      },
      (error: unknown) => {
        if (done()) reject(error);
      },
    );
    if (signal.aborted) onAbort();
    else signal.addEventListener('abort', onAbort, { once: true });
  });
}
