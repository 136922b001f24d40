import { describe, expect, it } from 'vitest';
import { TooManyQueriesError, UserQuerySlots } from './user-slots.js';

const tick = () => new Promise((r) => setTimeout(r, 0));

describe('UserQuerySlots', () => {
  it('runs perUser at once, queues the rest in order, and hands slots on', async () => {
    const slots = new UserQuerySlots(2, 10);
    const a = await slots.acquire('u');
    const b = await slots.acquire('u');
    const order: string[] = [];
    const c = slots.acquire('u').then((r) => (order.push('c'), r));
    const d = slots.acquire('u').then((r) => (order.push('d'), r));
    await tick();
    expect(order).toEqual([]);
    expect(slots.stats('u')).toEqual({ running: 2, waiting: 2 });
    a();
    a(); // a second call does nothing
    const releaseC = await c;
    expect(order).toEqual(['c']);
    expect(slots.stats('u')).toEqual({ running: 2, waiting: 1 });
    b();
    const releaseD = await d;
    releaseC();
    releaseD();
    expect(slots.stats('u')).toEqual({ running: 0, waiting: 0 });
  });

  it('keeps users apart', async () => {
    const slots = new UserQuerySlots(1, 0);
    await slots.acquire('u');
    await expect(slots.acquire('v')).resolves.toBeTypeOf('function');
  });

  it('refuses past the queue bound', async () => {
    const slots = new UserQuerySlots(1, 1);
    await slots.acquire('u');
    void slots.acquire('u');
    await expect(slots.acquire('u')).rejects.toBeInstanceOf(TooManyQueriesError);
  });

  it('gives up after waitMs, and leaves the queue when the signal aborts', async () => {
    const slots = new UserQuerySlots(1, 5);
    const first = await slots.acquire('u');
    await expect(slots.acquire('u', { waitMs: 20 })).rejects.toMatchObject({
      reason: 'waited_too_long',
    });
    const controller = new AbortController();
    const waiting = slots.acquire('u', { signal: controller.signal });
    controller.abort(new Error('gone'));
    await expect(waiting).rejects.toThrow('gone');
    expect(slots.stats('u')).toEqual({ running: 1, waiting: 0 });
    first();
    expect(slots.stats('u')).toEqual({ running: 0, waiting: 0 });
  });
});
