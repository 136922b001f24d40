/** Why a running query was aborted. */
export type AbortReason = 'stopped' | 'timed_out' | 'shutdown';

interface Entry {
  controller: AbortController;
  reason: AbortReason | null;
  timer: NodeJS.Timeout | null;
}

/**
 * The queries this process is running, by client id: each holds the AbortController that
 * cancels its statement on the database, and a timer that aborts it when it runs past the
 * time-out. `reason` tells the runner, after the abort, which final state to store.
 */
export class RunningQueries {
  private readonly entries = new Map<string, Entry>();

  /** Registers a query; its signal aborts on stop, on time-out or on shutdown. */
  start(clientId: string, timeoutMs: number): AbortSignal {
    const controller = new AbortController();
    const entry: Entry = { controller, reason: null, timer: null };
    if (timeoutMs > 0) {
      entry.timer = setTimeout(() => this.abort(clientId, 'timed_out'), timeoutMs);
      entry.timer.unref();
    }
    this.entries.set(clientId, entry);
    return controller.signal;
  }

  /** Aborts a running query; false when this process does not run it. */
  abort(clientId: string, reason: AbortReason): boolean {
    const entry = this.entries.get(clientId);
    if (!entry) return false;
    if (entry.reason === null) entry.reason = reason;
    entry.controller.abort();
    return true;
  }

  reason(clientId: string): AbortReason | null {
    return this.entries.get(clientId)?.reason ?? null;
  }

  isRunning(clientId: string): boolean {
    return this.entries.has(clientId);
  }

  finish(clientId: string): void {
    const entry = this.entries.get(clientId);
    if (entry?.timer) clearTimeout(entry.timer);
    this.entries.delete(clientId);
  }

  abortAll(): void {
    for (const id of [...this.entries.keys()]) this.abort(id, 'shutdown');
  }
}
