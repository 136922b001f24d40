export interface Timers {
  set(fn: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const realTimers: Timers = {
  set: (fn, ms) => setTimeout(fn, ms),
  clear: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/**
 * One pending call per key: scheduling again replaces the pending call and restarts its wait;
 * `flush` runs every pending call now (page leaving), `cancel` forgets one.
 */
export class KeyedDebouncer {
  private readonly pending = new Map<string, { handle: unknown; fn: () => void }>();

  constructor(
    private readonly ms: number,
    private readonly timers: Timers = realTimers,
  ) {}

  schedule(key: string, fn: () => void): void {
    this.cancel(key);
    const handle = this.timers.set(() => {
      this.pending.delete(key);
      fn();
    }, this.ms);
    this.pending.set(key, { handle, fn });
  }

  cancel(key: string): void {
    const entry = this.pending.get(key);
    if (!entry) return;
    this.timers.clear(entry.handle);
    this.pending.delete(key);
  }

  has(key: string): boolean {
    return this.pending.has(key);
  }

  flush(): void {
    const entries = [...this.pending.values()];
    for (const e of entries) this.timers.clear(e.handle);
    this.pending.clear();
    for (const e of entries) e.fn();
  }
}
