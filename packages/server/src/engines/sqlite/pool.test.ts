import { afterEach, describe, expect, it, vi } from 'vitest';
import type { EngineError } from '../types.js';
import { RunnerPool, type Poolable } from './pool.js';

class FakeRunner implements Poolable {
  static made: FakeRunner[] = [];
  readonly started: Promise<void>;
  alive = true;
  killedWith: EngineError | null = null;
  onExit: (() => void) | null = null;
  private fail: ((e: EngineError) => void) | null = null;

  constructor(startError: EngineError | null = null) {
    FakeRunner.made.push(this);
    this.started = startError ? Promise.reject(startError) : Promise.resolve();
  }

  /** A call that runs until the runner is killed. */
  hang(): Promise<never> {
    return new Promise((_, reject) => {
      this.fail = reject;
    });
  }

  kill(reason: EngineError): void {
    if (!this.alive) return;
    this.alive = false;
    this.killedWith = reason;
    this.fail?.(reason);
    this.onExit?.();
  }
}

const options = { max: 2, idleMs: 1000, lastIdleMs: 5000 };
const tick = () => new Promise((r) => setImmediate(r));

afterEach(() => {
  FakeRunner.made = [];
  vi.useRealTimers();
});

describe('RunnerPool', () => {
  it('reuses idle runners and starts at most `max`', async () => {
    const pool = new RunnerPool(() => new FakeRunner(), options);
    await pool.run(async () => 1);
    await pool.run(async () => 2);
    expect(FakeRunner.made).toHaveLength(1);
    const order: number[] = [];
    let releaseFirst!: () => void;
    const first = pool.run(() =>
      new Promise<void>((r) => (releaseFirst = r)).then(() => order.push(1)),
    );
    const second = pool.run(async () => {
      await tick();
      order.push(2);
    });
    const third = pool.run(async () => order.push(3));
    await second;
    await tick();
    expect(FakeRunner.made).toHaveLength(2);
    expect(order).toEqual([2, 3]);
    releaseFirst();
    await Promise.all([first, third]);
    expect(pool.size).toBe(2);
    await pool.close();
  });

  it('kills the runner of an aborted call, and drops a waiting call', async () => {
    const pool = new RunnerPool(() => new FakeRunner(), { ...options, max: 1 });
    const controller = new AbortController();
    const running = pool.run((r) => r.hang(), controller.signal);
    const waiting = new AbortController();
    const queued = pool.run(async () => 'never', waiting.signal);
    await tick();
    waiting.abort();
    await expect(queued).rejects.toMatchObject({ kind: 'cancelled' });
    controller.abort();
    await expect(running).rejects.toMatchObject({ kind: 'cancelled' });
    expect(FakeRunner.made[0]?.killedWith?.kind).toBe('cancelled');
    expect(await pool.run(async () => 'again')).toBe('again');
    expect(FakeRunner.made).toHaveLength(2);
    await expect(pool.run(async () => 1, AbortSignal.abort())).rejects.toMatchObject({
      kind: 'cancelled',
    });
    await pool.close();
  });

  it('passes on a start failure to the call, and later calls try again', async () => {
    let failNext = true;
    const pool = new RunnerPool(() => {
      const error = failNext ? ({ kind: 'database_not_found' } as EngineError) : null;
      failNext = false;
      return new FakeRunner(error);
    }, options);
    await expect(pool.run(async () => 1)).rejects.toMatchObject({ kind: 'database_not_found' });
    expect(await pool.run(async () => 2)).toBe(2);
    await pool.close();
  });

  it('stops idle runners, keeping the last one longer (or for good)', async () => {
    vi.useFakeTimers();
    const pool = new RunnerPool(() => new FakeRunner(), options);
    await Promise.all([pool.run(async () => 1), pool.run(async () => 2)]);
    expect(pool.size).toBe(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pool.size).toBe(1);
    await vi.advanceTimersByTimeAsync(4000);
    expect(pool.size).toBe(1);
    await vi.advanceTimersByTimeAsync(1000);
    expect(pool.size).toBe(0);

    const memory = new RunnerPool(() => new FakeRunner(), {
      max: 1,
      idleMs: 1000,
      lastIdleMs: null,
    });
    await memory.run(async () => 1);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(memory.size).toBe(1);
    await memory.close();
  });

  it('close fails running and waiting calls', async () => {
    const pool = new RunnerPool(() => new FakeRunner(), { ...options, max: 1 });
    const running = pool.run((r) => r.hang());
    const waiting = pool.run(async () => 1);
    await tick();
    await pool.close();
    await expect(running).rejects.toMatchObject({ message: expect.stringMatching(/closed/) });
    await expect(waiting).rejects.toMatchObject({ message: expect.stringMatching(/closed/) });
    await expect(pool.run(async () => 1)).rejects.toMatchObject({ kind: 'query_error' });
  });
});
