import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AsyncEvent } from '@strata/core';
import { createAsyncEventsHub, type AsyncEventsHubOptions, type SocketLike } from './hub';

function event(jobId: string, id: string, status: AsyncEvent['status'] = 'done'): AsyncEvent {
  return {
    id,
    channel_id: 'c',
    job_id: jobId,
    user_id: 1,
    status,
    errors: status === 'error' ? [{ message: 'boom' }] : [],
    result_url: status === 'done' ? `/api/v1/chart/data/${jobId}` : null,
  };
}

const timers = {
  setTimeout: (fn: () => void, ms: number) => setTimeout(fn, ms),
  clearTimeout: (h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>),
};

/** A WebSocket stand-in the test opens, feeds and closes. */
class FakeSocket implements SocketLike {
  private readonly handlers = new Map<string, Array<(e: { data: unknown }) => void>>();
  closed = false;
  constructor(readonly lastId: string | null) {}
  addEventListener(type: string, listener: (e: { data: unknown }) => void): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), listener]);
  }
  emit(type: 'open' | 'close' | 'message', data: unknown = undefined): void {
    for (const h of this.handlers.get(type) ?? []) h({ data });
  }
  close(): void {
    this.closed = true;
    this.emit('close');
  }
}

function setup(overrides: Partial<AsyncEventsHubOptions> = {}) {
  const answers: AsyncEvent[][] = [];
  const fetchEvents = vi.fn((lastId: string | null) => {
    void lastId;
    return Promise.resolve(answers.shift() ?? []);
  });
  const sockets: FakeSocket[] = [];
  const openSocket = vi.fn((lastId: string | null) => {
    const s = new FakeSocket(lastId);
    sockets.push(s);
    return s;
  });
  const warn = vi.fn();
  const saveLastId = vi.fn();
  const hub = createAsyncEventsHub({
    transport: 'polling',
    timers,
    warn,
    fetchEvents,
    openSocket,
    saveLastId,
    ...overrides,
  });
  return { hub, answers, fetchEvents, sockets, openSocket, warn, saveLastId };
}

describe('async events hub: polling', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('polls at once when a job is waited for, then every 500 ms until it ends, then stops', async () => {
    const { hub, answers, fetchEvents, saveLastId } = setup();
    expect(fetchEvents).not.toHaveBeenCalled();
    const waiting = hub.wait('j1');
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    expect(fetchEvents).toHaveBeenLastCalledWith(null);
    await vi.advanceTimersByTimeAsync(499);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    answers.push([event('other', '5-0', 'running')]);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    answers.push([event('j1', '6-0')]);
    await vi.advanceTimersByTimeAsync(500);
    // Resumed after the last event seen.
    expect(fetchEvents).toHaveBeenLastCalledWith('5-0');
    await expect(waiting).resolves.toMatchObject({ id: '6-0' });
    expect(saveLastId).toHaveBeenLastCalledWith('6-0');
    expect(hub.lastId()).toBe('6-0');
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchEvents).toHaveBeenCalledTimes(3);
    hub.close();
  });

  it("starts after the previous page's last event id", async () => {
    const { hub, fetchEvents } = setup({ initialLastId: '3-1' });
    void hub.wait('j');
    expect(fetchEvents).toHaveBeenLastCalledWith('3-1');
    hub.close();
  });

  it('keeps polling after a failed call, with a warning', async () => {
    const { hub, fetchEvents, warn, answers } = setup();
    fetchEvents.mockImplementationOnce(() => Promise.reject(new Error('Network error.')));
    const waiting = hub.wait('j');
    await vi.advanceTimersByTimeAsync(0);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Network error.'));
    answers.push([event('j', '1-0', 'error')]);
    await vi.advanceTimersByTimeAsync(500);
    await expect(waiting).resolves.toMatchObject({ status: 'error' });
    hub.close();
  });

  it('one call at a time however many jobs are waited for', async () => {
    const { hub, answers, fetchEvents } = setup();
    const a = hub.wait('a');
    const b = hub.wait('b');
    const c = hub.wait('c');
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    answers.push([event('a', '1-0'), event('b', '1-1')], [event('c', '1-2')]);
    await vi.advanceTimersByTimeAsync(500);
    expect(fetchEvents).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(500);
    await expect(Promise.all([a, b, c])).resolves.toHaveLength(3);
    hub.close();
  });

  it('stops polling when closed', async () => {
    const { hub, fetchEvents } = setup();
    void hub.wait('j').catch(() => undefined);
    hub.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchEvents).toHaveBeenCalledTimes(1);
  });
});

describe('async events hub: WebSocket', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens the socket at once, resuming after the last event seen, and never polls', async () => {
    const { hub, sockets, fetchEvents } = setup({ transport: 'ws', initialLastId: '1-0' });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.lastId).toBe('1-0');
    const waiting = hub.wait('j');
    sockets[0]!.emit('open');
    sockets[0]!.emit('message', JSON.stringify(event('j', '2-0')));
    await expect(waiting).resolves.toMatchObject({ id: '2-0' });
    await vi.advanceTimersByTimeAsync(5000);
    expect(fetchEvents).not.toHaveBeenCalled();
    hub.close();
    expect(sockets[0]!.closed).toBe(true);
  });

  it('hands over the events the socket sends, each once', async () => {
    const { hub, sockets, warn, saveLastId } = setup({ transport: 'ws' });
    const socket = sockets[0]!;
    socket.emit('open');
    const first = event('j1', '7-0');
    const waiting = hub.wait('j1');
    socket.emit('message', JSON.stringify(first));
    await expect(waiting).resolves.toMatchObject({ id: '7-0' });
    // The same event again (a server resending after a reconnect): not handed over twice.
    socket.emit('message', JSON.stringify(first));
    const second = hub.wait('j2');
    socket.emit('message', JSON.stringify(event('j2', '8-0', 'error')));
    await expect(second).resolves.toMatchObject({ status: 'error' });
    socket.emit('message', 'not an event');
    expect(warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    // No "dropped" warning for the duplicate.
    expect(warn).toHaveBeenCalledTimes(1);
    expect(hub.lastId()).toBe('8-0');
    expect(saveLastId).toHaveBeenLastCalledWith('8-0');
    hub.close();
  });

  it('reconnects 2.5 s after a close, resuming after the last event seen', async () => {
    const { hub, sockets } = setup({ transport: 'ws' });
    sockets[0]!.emit('open');
    sockets[0]!.emit('message', JSON.stringify(event('x', '4-2')));
    sockets[0]!.emit('close');
    await vi.advanceTimersByTimeAsync(2499);
    expect(sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sockets).toHaveLength(2);
    expect(sockets[1]!.lastId).toBe('4-2');
    expect(hub.transport()).toBe('ws');
    hub.close();
  });

  it('falls back to polling after 6 tries in a row fail', async () => {
    const { hub, sockets, fetchEvents, answers, warn } = setup({ transport: 'ws' });
    const waiting = hub.wait('j');
    for (let i = 0; i < 5; i += 1) {
      sockets[i]!.emit('close');
      await vi.advanceTimersByTimeAsync(2500);
    }
    expect(sockets).toHaveLength(6);
    expect(hub.transport()).toBe('ws');
    expect(fetchEvents).not.toHaveBeenCalled();
    answers.push([event('j', '9-0')]);
    sockets[5]!.emit('close');
    expect(hub.transport()).toBe('polling');
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('polling'));
    // Polling starts at once, since a job is waited for.
    expect(fetchEvents).toHaveBeenCalledTimes(1);
    await expect(waiting).resolves.toMatchObject({ id: '9-0' });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(sockets).toHaveLength(6);
    hub.close();
  });

  it('counts only failures in a row: a socket that opened starts the count again', async () => {
    const { hub, sockets } = setup({ transport: 'ws' });
    for (let i = 0; i < 5; i += 1) {
      sockets[i]!.emit('close');
      await vi.advanceTimersByTimeAsync(2500);
    }
    sockets[5]!.emit('open');
    sockets[5]!.emit('close');
    await vi.advanceTimersByTimeAsync(2500);
    expect(hub.transport()).toBe('ws');
    expect(sockets).toHaveLength(7);
    hub.close();
  });

  it('counts a socket that cannot even be created as a failed try', async () => {
    const { hub, warn } = setup({
      transport: 'ws',
      openSocket: () => {
        throw new Error('SecurityError');
      },
    });
    await vi.advanceTimersByTimeAsync(2500 * 6);
    expect(hub.transport()).toBe('polling');
    expect(warn).toHaveBeenCalled();
    hub.close();
  });
});
