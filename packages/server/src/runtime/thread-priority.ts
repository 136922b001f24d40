/**
 * The event loop first: every thread of the process but the main one (libuv's pool, where each
 * running DuckDB statement holds a thread; DuckDB's own workers; V8's helpers) runs at a lower
 * CPU priority (a higher `nice`), so that on a machine whose cores are all busy with queries the
 * thread answering requests still gets the CPU. On an idle machine a nice value changes
 * nothing: the threads run as fast as before.
 *
 * Measured with issue 16's memory bombs on 2 cores (eight heavy queries at once): `/health`
 * answered within 750–1,040 ms at worst with every thread at the same priority, 120–250 ms with
 * the other threads at nice 10.
 *
 * Linux only (a thread is lowered with setpriority on its id, as Linux allows); elsewhere, or
 * with a nice of 0, nothing is done. Threads appear over the process's life (DuckDB starts its
 * workers when a database is opened), so the threads are looked at again every `intervalMs`.
 */
import fs from 'node:fs';
import os from 'node:os';

/** The threads (ids) of `pid`, from /proc; empty where there is no /proc. */
export function threadIds(pid = process.pid, procDir = '/proc'): number[] {
  try {
    return fs
      .readdirSync(`${procDir}/${pid}/task`)
      .map(Number)
      .filter((n) => Number.isInteger(n) && n > 0);
  } catch {
    return [];
  }
}

/** The threads to lower now: neither the main thread (its id is the pid) nor one done before. */
export function threadsToLower(tids: readonly number[], pid: number, done: Set<number>): number[] {
  return tids.filter((tid) => tid !== pid && !done.has(tid));
}

export interface BackgroundThreadsOptions {
  pid?: number;
  intervalMs?: number;
  /** Sets one thread's nice value (os.setPriority, which takes a thread id on Linux). */
  setPriority?: (tid: number, nice: number) => void;
  listThreads?: () => number[];
  onError?: (tid: number, error: unknown) => void;
}

export interface BackgroundThreads {
  /** Lowers the threads not lowered yet; answers how many it lowered. */
  sweep(): number;
  stop(): void;
}

/**
 * Keeps every thread of this process but the main one at `nice` (1–19). With 0, or off Linux,
 * a keeper that does nothing.
 */
export function keepBackgroundThreadsBelow(
  nice: number,
  options: BackgroundThreadsOptions = {},
): BackgroundThreads {
  const pid = options.pid ?? process.pid;
  const list = options.listThreads ?? (() => threadIds(pid));
  const set = options.setPriority ?? ((tid: number, value: number) => os.setPriority(tid, value));
  if (nice <= 0 || (options.listThreads === undefined && process.platform !== 'linux'))
    return { sweep: () => 0, stop: () => undefined };
  const done = new Set<number>();
  const sweep = (): number => {
    const present = list();
    // Forget threads that ended (ids are reused by new threads).
    const alive = new Set(present);
    for (const tid of done) if (!alive.has(tid)) done.delete(tid);
    let lowered = 0;
    for (const tid of threadsToLower(present, pid, done)) {
      done.add(tid);
      try {
        set(tid, nice);
        lowered += 1;
      } catch (e) {
        // The thread ended meanwhile (ESRCH), or the system refuses: the next sweep retries
        // only new threads, so a refusal is reported once per thread.
        options.onError?.(tid, e);
      }
    }
    return lowered;
  };
  sweep();
  const timer = setInterval(sweep, options.intervalMs ?? 1000);
  timer.unref();
  return { sweep, stop: () => clearInterval(timer) };
}
