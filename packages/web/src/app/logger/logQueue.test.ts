import { describe, expect, it } from 'vitest';
import { buildLogEvent, createLogQueue } from './logQueue';
import type { LogEvent, Timers } from './logQueue';

/** Manual timers: `tick()` runs whatever is scheduled. */
function manualTimers() {
  let next = 1;
  const scheduled = new Map<number, { fn: () => void; ms: number }>();
  const timers: Timers = {
    setTimeout: (fn, ms) => {
      const id = next++;
      scheduled.set(id, { fn, ms });
      return id;
    },
    clearTimeout: (handle) => {
      scheduled.delete(handle as number);
    },
  };
  return {
    timers,
    scheduled,
    tick() {
      const due = [...scheduled.entries()];
      scheduled.clear();
      for (const [, t] of due) t.fn();
    },
  };
}

const event = (n: number): LogEvent =>
  buildLogEvent('spa_navigation', { path: `/p${n}` }, { now: n, impressionId: 'imp' });

describe('createLogQueue', () => {
  it('sends queued events once after the flush delay', () => {
    const t = manualTimers();
    const sent: LogEvent[][] = [];
    const q = createLogQueue({
      flushMs: 1000,
      batchSize: 10,
      send: (e) => sent.push(e),
      timers: t.timers,
    });
    q.push(event(1));
    q.push(event(2));
    expect(sent).toEqual([]);
    expect(t.scheduled.size).toBe(1);
    expect([...t.scheduled.values()][0]?.ms).toBe(1000);
    t.tick();
    expect(sent).toHaveLength(1);
    expect(sent[0]?.map((e) => e.path)).toEqual(['/p1', '/p2']);
    expect(q.size()).toBe(0);
  });

  it('sends at once when a batch is full', () => {
    const t = manualTimers();
    const sent: LogEvent[][] = [];
    const q = createLogQueue({
      flushMs: 1000,
      batchSize: 3,
      send: (e) => sent.push(e),
      timers: t.timers,
    });
    q.push(event(1));
    q.push(event(2));
    q.push(event(3));
    expect(sent).toHaveLength(1);
    expect(t.scheduled.size).toBe(0);
    q.push(event(4));
    t.tick();
    expect(sent.map((b) => b.length)).toEqual([3, 1]);
  });

  it('drains without sending, for the page-hide beacon', () => {
    const t = manualTimers();
    const sent: LogEvent[][] = [];
    const q = createLogQueue({
      flushMs: 1000,
      batchSize: 5,
      send: (e) => sent.push(e),
      timers: t.timers,
    });
    q.push(event(1));
    expect(q.drain().map((e) => e.ts)).toEqual([1]);
    expect(t.scheduled.size).toBe(0);
    q.flush();
    expect(sent).toEqual([]);
  });
});

describe('buildLogEvent', () => {
  it('fills the common fields', () => {
    expect(buildLogEvent('spa_navigation', { path: '/x' }, { now: 5, impressionId: 'i' })).toEqual({
      path: '/x',
      source: 'spa',
      source_id: null,
      impression_id: 'i',
      event_name: 'spa_navigation',
      event_type: 'user',
      ts: 5,
    });
  });
});
