import { describe, expect, it, vi } from 'vitest';
import { EngineError } from '../types.js';
import { settleAfterAbort } from './settle.js';

const cancelled = () => new EngineError('cancelled', 'The query was cancelled');
const never = () => new Promise<never>(() => undefined);

describe('settleAfterAbort', () => {
  it('gives the work its own outcome when nothing aborts', async () => {
    const abandon = vi.fn();
    const signal = new AbortController().signal;
    await expect(
      settleAfterAbort(Promise.resolve(3), signal, { cancelled, abandon }),
    ).resolves.toBe(3);
    await expect(
      settleAfterAbort(Promise.reject(new Error('boom')), signal, { cancelled, abandon }),
    ).rejects.toThrow('boom');
    expect(abandon).not.toHaveBeenCalled();
  });

  it('waits the grace period for work that ends after the cancel', async () => {
    const controller = new AbortController();
    const abandon = vi.fn();
    const work = new Promise<string>((resolve) => {
      controller.signal.addEventListener('abort', () => setTimeout(() => resolve('late'), 20));
    });
    const settled = settleAfterAbort(work, controller.signal, {
      graceMs: 1000,
      cancelled,
      abandon,
    });
    controller.abort();
    await expect(settled).resolves.toBe('late');
    expect(abandon).not.toHaveBeenCalled();
  });

  it('gives up on work that never ends once aborted: abandon, then cancelled', async () => {
    const controller = new AbortController();
    const abandon = vi.fn();
    const started = Date.now();
    const settled = settleAfterAbort(never(), controller.signal, {
      graceMs: 50,
      cancelled,
      abandon,
    });
    setTimeout(() => controller.abort(), 10);
    const error = await settled.then(
      () => null,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(EngineError);
    expect((error as EngineError).kind).toBe('cancelled');
    expect(abandon).toHaveBeenCalledTimes(1);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('gives up on a signal aborted before the call, and drops a late outcome', async () => {
    const abandon = vi.fn();
    let finish!: (v: number) => void;
    const work = new Promise<number>((resolve) => (finish = resolve));
    const settled = settleAfterAbort(work, AbortSignal.abort(), {
      graceMs: 10,
      cancelled,
      abandon,
    });
    await expect(settled).rejects.toBeInstanceOf(EngineError);
    finish(1);
    expect(abandon).toHaveBeenCalledTimes(1);
  });

  it('is the work itself without a signal', () => {
    const work = Promise.resolve(1);
    expect(settleAfterAbort(work, undefined, { cancelled, abandon: () => undefined })).toBe(work);
  });
});
