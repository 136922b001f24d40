import { describe, expect, it } from 'vitest';
import { batchesByEndpoint, buildLogEvent, createLogQueue, logEndpoint } from './logQueue';
import type { LogEvent, LogSource, Timers } from './logQueue';

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
  it('fills the common fields of a user event', () => {
    expect(
      buildLogEvent(
        'spa_navigation',
        { path: '/x' },
        { now: 5, impressionId: 'i', eventId: 'e1', visibility: 'visible' },
      ),
    ).toEqual({
      path: '/x',
      source: 'spa',
      source_id: null,
      impression_id: 'i',
      version: 'v2',
      event_name: 'spa_navigation',
      event_type: 'user',
      event_id: 'e1',
      visibility: 'visible',
      ts: 5,
    });
  });

  it('marks chart loads as timing events triggered by the last user event', () => {
    const source: LogSource = { source: 'dashboard', sourceId: 7, dashboardId: 7 };
    const e = buildLogEvent(
      'load_chart',
      { slice_id: 3, duration: 120, start_offset: 40 },
      { now: 9, impressionId: 'i', source, lastEventId: 'e1', eventId: 'unused' },
    );
    expect(e).toMatchObject({
      source: 'dashboard',
      source_id: 7,
      dashboard_id: 7,
      slice_id: 3,
      duration: 120,
      event_type: 'timing',
      trigger_event: 'e1',
    });
    expect(e).not.toHaveProperty('event_id');
    expect(e).not.toHaveProperty('visibility');
  });

  it("keeps the source's ids unless the payload names its own", () => {
    const source: LogSource = { source: 'explore', sourceId: 4, sliceId: 4 };
    expect(
      buildLogEvent('mount_explorer', {}, { now: 1, impressionId: 'i', source }).slice_id,
    ).toBe(4);
    expect(
      buildLogEvent('render_chart', { slice_id: 5 }, { now: 1, impressionId: 'i', source })
        .slice_id,
    ).toBe(5);
  });
});

describe('logEndpoint and batchesByEndpoint', () => {
  const at = (source: LogSource) =>
    buildLogEvent('load_chart', {}, { now: 1, impressionId: 'i', source });
  const dash = at({ source: 'dashboard', sourceId: 7, dashboardId: 7 });
  const explore = at({ source: 'explore', sourceId: 3, sliceId: 3 });
  const slice = at({ source: 'slice' as LogSource['source'], sourceId: 3 });

  it('names the dashboard or chart in the URL as Superset does', () => {
    expect(logEndpoint(dash)).toBe('/superset/log/?explode=events&dashboard_id=7');
    expect(logEndpoint(slice)).toBe('/superset/log/?explode=events&slice_id=3');
    expect(logEndpoint(explore)).toBe('/superset/log/?explode=events');
    expect(logEndpoint(at({ source: 'dashboard', sourceId: null }))).toBe(
      '/superset/log/?explode=events',
    );
  });

  it('posts runs of events with the same endpoint together, in order', () => {
    const batches = batchesByEndpoint([dash, dash, explore, dash]);
    expect(batches.map((b) => [b.endpoint.split('&')[1] ?? '', b.events.length])).toEqual([
      ['dashboard_id=7', 2],
      ['', 1],
      ['dashboard_id=7', 1],
    ]);
  });
});
