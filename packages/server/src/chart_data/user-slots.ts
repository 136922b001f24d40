/**
 * Chart queries running at once, per user (issue 16 point 2): at most `perUser` of a user's
 * queries run on the databases at the same time; the next ones wait in the user's queue, in
 * order. The queue is bounded: past `queueBound` waiting queries, or past `waitMs` of waiting,
 * a query is refused with TooManyQueriesError (the API answers 429). Waiting ends early, with
 * the signal's reason, when the caller's signal aborts (the client went away).
 */

/** Refused: the user already has as many chart queries running and waiting as allowed. */
export class TooManyQueriesError extends Error {
  constructor(readonly reason: 'queue_full' | 'waited_too_long') {
    super(
      reason === 'queue_full'
        ? 'Too many chart queries at once: wait for your other charts to load, then try again.'
        : 'Your other chart queries took too long: this one waited in line and was not run. Try again.',
    );
  }
}

interface Waiter {
  grant: (release: () => void) => void;
}

interface UserState {
  running: number;
  waiting: Waiter[];
}

export class UserQuerySlots {
  private readonly users = new Map<string, UserState>();

  constructor(
    /** Queries of one user running at once (≥ 1). */
    readonly perUser: number,
    /** Queries of one user waiting at once (≥ 0). */
    readonly queueBound: number,
  ) {}

  /** Running and waiting queries of a user (for tests and logs). */
  stats(user: string): { running: number; waiting: number } {
    const state = this.users.get(user);
    return { running: state?.running ?? 0, waiting: state?.waiting.length ?? 0 };
  }

  /**
   * A slot for one query of `user`: resolves with its release function (call it once, when the
   * query is over) as soon as one is free.
   */
  acquire(
    user: string,
    options: { signal?: AbortSignal; waitMs?: number } = {},
  ): Promise<() => void> {
    const { signal, waitMs } = options;
    if (signal?.aborted) return Promise.reject(signal.reason as Error);
    let state = this.users.get(user);
    if (!state) {
      state = { running: 0, waiting: [] };
      this.users.set(user, state);
    }
    const owned = state;
    if (owned.running < this.perUser) {
      owned.running += 1;
      return Promise.resolve(this.releaser(user, owned));
    }
    if (owned.waiting.length >= this.queueBound)
      return Promise.reject(new TooManyQueriesError('queue_full'));
    return new Promise<() => void>((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const leave = () => {
        const at = owned.waiting.indexOf(waiter);
        if (at >= 0) owned.waiting.splice(at, 1);
        if (timer) clearTimeout(timer);
        signal?.removeEventListener('abort', onAbort);
        this.forget(user, owned);
      };
      const onAbort = () => {
        leave();
        reject(signal?.reason as Error);
      };
      const waiter: Waiter = {
        grant: (release) => {
          leave();
          resolve(release);
        },
      };
      owned.waiting.push(waiter);
      signal?.addEventListener('abort', onAbort, { once: true });
      if (waitMs !== undefined && Number.isFinite(waitMs)) {
        timer = setTimeout(() => {
          leave();
          reject(new TooManyQueriesError('waited_too_long'));
        }, waitMs);
        timer.unref?.();
      }
    });
  }

  /** Hands the slot to the next waiter, or frees it. */
  private releaser(user: string, state: UserState): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = state.waiting[0];
      if (next) {
        // The slot passes on: `running` stays the same.
        next.grant(this.releaser(user, state));
        return;
      }
      state.running -= 1;
      this.forget(user, state);
    };
  }

  private forget(user: string, state: UserState): void {
    if (state.running === 0 && state.waiting.length === 0 && this.users.get(user) === state)
      this.users.delete(user);
  }
}
