import { describe, expect, it } from 'vitest';
import { keepBackgroundThreadsBelow, threadIds, threadsToLower } from './thread-priority.js';

describe('background threads below the event loop', () => {
  it('picks every thread but the main one, once', () => {
    expect(threadsToLower([10, 11, 12], 10, new Set([12]))).toEqual([11]);
  });

  it('lowers new threads on each sweep, never the main one, and forgets ended threads', () => {
    let threads = [100, 101, 102];
    const calls: Array<[number, number]> = [];
    const keeper = keepBackgroundThreadsBelow(10, {
      pid: 100,
      intervalMs: 60_000,
      listThreads: () => threads,
      setPriority: (tid, nice) => calls.push([tid, nice]),
    });
    expect(calls).toEqual([
      [101, 10],
      [102, 10],
    ]);
    expect(keeper.sweep()).toBe(0);
    // 102 ends; its id comes back as a new thread later, with 103.
    threads = [100, 101];
    expect(keeper.sweep()).toBe(0);
    threads = [100, 101, 102, 103];
    expect(keeper.sweep()).toBe(2);
    expect(calls.slice(2)).toEqual([
      [102, 10],
      [103, 10],
    ]);
    keeper.stop();
  });

  it('reports a refusal once per thread and goes on', () => {
    const errors: number[] = [];
    const keeper = keepBackgroundThreadsBelow(5, {
      pid: 1,
      intervalMs: 60_000,
      listThreads: () => [1, 2, 3],
      setPriority: (tid) => {
        if (tid === 2) throw new Error('EPERM');
      },
      onError: (tid) => errors.push(tid),
    });
    keeper.sweep();
    expect(errors).toEqual([2]);
    keeper.stop();
  });

  it('does nothing with a nice of 0', () => {
    const calls: number[] = [];
    const keeper = keepBackgroundThreadsBelow(0, {
      pid: 1,
      listThreads: () => [1, 2],
      setPriority: (tid) => calls.push(tid),
    });
    expect(keeper.sweep()).toBe(0);
    expect(calls).toEqual([]);
  });

  it.runIf(process.platform === 'linux')('lists this process threads from /proc', () => {
    expect(threadIds()).toContain(process.pid);
  });
});
