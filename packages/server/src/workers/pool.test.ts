import { afterEach, describe, expect, it } from 'vitest';
import { WorkerPool, WorkerTaskError, WorkerTaskThrew } from './pool.js';

const script = new URL('./pool.fixture.mjs', import.meta.url);
let pool: WorkerPool | null = null;
const make = (size = 1, extra: Partial<ConstructorParameters<typeof WorkerPool>[0]> = {}) =>
  (pool = new WorkerPool({ script, size, maxOldGenerationSizeMb: 64, ...extra }));

afterEach(async () => {
  await pool?.close();
  pool = null;
});

const failure = async (p: Promise<unknown>): Promise<WorkerTaskError> => {
  const e = await p.then(
    () => null,
    (err: unknown) => err,
  );
  expect(e).toBeInstanceOf(WorkerTaskError);
  return e as WorkerTaskError;
};

describe('WorkerPool', () => {
  it('runs tasks and reports what a task threw', async () => {
    const p = make(2);
    expect(await p.run('echo', { a: [1, 'x'] }, { timeoutMs: 10_000 })).toEqual({ a: [1, 'x'] });
    const threw = await p.run('throws', null, { timeoutMs: 10_000 }).catch((e: unknown) => e);
    expect(threw).toBeInstanceOf(WorkerTaskThrew);
    expect((threw as WorkerTaskThrew).message).toBe('boom');
  });

  it('ends a task past its time limit, keeps its last progress and replaces the worker', async () => {
    const p = make(1);
    const started = performance.now();
    const e = await failure(p.run('spin', null, { timeoutMs: 300 }));
    expect(e.reason).toBe('timeout');
    expect(e.lastProgress).toBe('spinning');
    expect(performance.now() - started).toBeLessThan(10_000);
    // The next task gets a new worker.
    expect(await p.run('echo', 7, { timeoutMs: 10_000 })).toBe(7);
    expect(p.started).toBe(2);
  });

  it('keeps the event loop free while a worker spins', async () => {
    const p = make(1);
    const spinning = failure(p.run('spin', null, { timeoutMs: 1500 }));
    const ticks: number[] = [];
    const started = performance.now();
    while (performance.now() - started < 1000) {
      const t = performance.now();
      await new Promise((r) => setTimeout(r, 20));
      ticks.push(performance.now() - t);
    }
    expect(Math.max(...ticks)).toBeLessThan(500);
    expect((await spinning).reason).toBe('timeout');
  });

  it('a task that needs more memory than the limit ends its worker, not the process', async () => {
    const p = make(1);
    const e = await failure(p.run('eat', null, { timeoutMs: 60_000 }));
    expect(e.reason).toBe('memory');
    expect(await p.run('echo', 'alive', { timeoutMs: 10_000 })).toBe('alive');
  });

  it('a worker that exits fails its task as crashed', async () => {
    const p = make(1);
    expect((await failure(p.run('exit', null, { timeoutMs: 10_000 }))).reason).toBe('crashed');
    expect(await p.run('echo', 1, { timeoutMs: 10_000 })).toBe(1);
  });

  it('queues tasks beyond its size and refuses beyond its queue', async () => {
    const p = make(1, { maxQueue: 2 });
    await p.run('echo', 0, { timeoutMs: 10_000 }); // the worker is up: `a` runs at once
    const a = p.run('sleep', 200, { timeoutMs: 10_000 });
    const b = p.run('sleep', 10, { timeoutMs: 10_000 });
    const c = p.run('sleep', 10, { timeoutMs: 10_000 });
    expect((await failure(p.run('echo', 1, { timeoutMs: 10_000 }))).reason).toBe('busy');
    expect(await Promise.all([a, b, c])).toEqual([200, 10, 10]);
    expect(p.workerCount).toBe(1);
  });

  it('cancels a task through its signal', async () => {
    const p = make(1);
    const controller = new AbortController();
    const spinning = p.run('spin', null, { timeoutMs: 60_000, signal: controller.signal });
    setTimeout(() => controller.abort(), 200);
    expect((await failure(spinning)).reason).toBe('aborted');
  });

  it('close fails running and waiting tasks', async () => {
    const p = make(1);
    const running = failure(p.run('spin', null, { timeoutMs: 60_000 }));
    const waiting = failure(p.run('echo', 1, { timeoutMs: 60_000 }));
    await new Promise((r) => setTimeout(r, 200));
    await p.close();
    expect((await running).reason).toBe('closed');
    expect((await waiting).reason).toBe('closed');
    expect((await failure(p.run('echo', 1, { timeoutMs: 1000 }))).reason).toBe('closed');
    expect(p.workerCount).toBe(0);
  });

  it('fails the waiting tasks when a worker cannot start', async () => {
    const p = make(1, { script: new URL('./missing-worker.mjs', import.meta.url) });
    expect((await failure(p.run('echo', 1, { timeoutMs: 10_000 }))).reason).toBe('crashed');
  });
});
