import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AsyncEvent } from '@strata/core';
import { isAbortError } from '../api/errors';
import { createListenerRegistry } from './registry';

function event(jobId: string, id: string, status: AsyncEvent['status'] = 'done'): AsyncEvent {
  return {
    id,
    channel_id: 'c',
    job_id: jobId,
    user_id: 1,
    status,
    errors: [],
    result_url: status === 'done' ? `/api/v1/chart/data/${jobId}` : null,
  };
}

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

describe('listener registry', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("settles a job's wait with its final event; other events do not", async () => {
    const warn = vi.fn();
    const reg = createListenerRegistry({ timers, warn });
    const waiting = reg.wait('j1');
    expect(reg.size()).toBe(1);
    reg.deliver([event('j1', '1-0', 'running')]);
    reg.deliver([event('j1', '2-0')]);
    await expect(waiting).resolves.toMatchObject({ id: '2-0', status: 'done' });
    expect(reg.size()).toBe(0);
  });

  it('gives an event that came before its listener to the listener added soon after', async () => {
    const warn = vi.fn();
    const reg = createListenerRegistry({ timers, warn });
    reg.deliver([event('early', '1-0', 'error')]);
    await vi.advanceTimersByTimeAsync(250);
    const waiting = reg.wait('early');
    // Retries at 100, 300, 600 ms from the delivery: the one at 300 finds the listener.
    await vi.advanceTimersByTimeAsync(50);
    await expect(waiting).resolves.toMatchObject({ status: 'error' });
    expect(warn).not.toHaveBeenCalled();
  });

  it('drops an event nobody waits for after 6 retries, 100 ms × attempt apart, with a warning', async () => {
    const warn = vi.fn();
    const reg = createListenerRegistry({ timers, warn });
    reg.deliver([event('nobody', '1-0')]);
    // 100 + 200 + 300 + 400 + 500 + 600 ms.
    await vi.advanceTimersByTimeAsync(2099);
    expect(warn).not.toHaveBeenCalled();
    const late = reg.wait('nobody');
    await vi.advanceTimersByTimeAsync(1);
    await expect(late).resolves.toMatchObject({ job_id: 'nobody' });

    reg.deliver([event('gone', '2-0')]);
    await vi.advanceTimersByTimeAsync(2100);
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn.mock.calls[0]?.[0]).toMatch(/2-0.*gone/);
    const tooLate = reg.wait('gone');
    await vi.advanceTimersByTimeAsync(5000);
    let settled = false;
    void tooLate.then(() => (settled = true));
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(false);
  });

  it('rejects an aborted wait with an AbortError and forgets its listener', async () => {
    const reg = createListenerRegistry({ timers, warn: vi.fn() });
    const controller = new AbortController();
    const waiting = reg.wait('j1', controller.signal);
    controller.abort();
    const error = await waiting.catch((e: unknown) => e);
    expect(isAbortError(error)).toBe(true);
    expect(reg.size()).toBe(0);
    const already = await reg.wait('j2', controller.signal).catch((e: unknown) => e);
    expect(isAbortError(already)).toBe(true);
    expect(reg.size()).toBe(0);
  });

  it('settles every wait on the same job, and tells when a listener is added', async () => {
    const onListener = vi.fn();
    const reg = createListenerRegistry({ timers, warn: vi.fn(), onListener });
    const a = reg.wait('j');
    const b = reg.wait('j');
    expect(onListener).toHaveBeenCalledTimes(2);
    reg.deliver([event('j', '1-0')]);
    await expect(Promise.all([a, b])).resolves.toHaveLength(2);
  });

  it('drops pending retries when closed', async () => {
    const warn = vi.fn();
    const reg = createListenerRegistry({ timers, warn });
    reg.deliver([event('x', '1-0')]);
    reg.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(warn).not.toHaveBeenCalled();
  });
});
