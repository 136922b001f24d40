import { describe, expect, it } from 'vitest';
import {
  durationText,
  editorQueryState,
  isFinished,
  isRunning,
  mergeServerQuery,
  needsResults,
  nextLastUpdated,
  pollDelay,
  pollSince,
  queriesOfEditor,
  resultIdsToKeep,
} from './queries';
import { queryDto, sqlLabQuery } from './testData';

describe('query states', () => {
  it('tells finished from running', () => {
    expect(isFinished('success')).toBe(true);
    expect(isFinished('stopped')).toBe(true);
    expect(isFinished('running')).toBe(false);
    expect(isRunning('pending')).toBe(true);
    expect(isRunning('fetching')).toBe(true);
    expect(isRunning('failed')).toBe(false);
  });
});

describe('mergeServerQuery', () => {
  it('takes what the server says and keeps client-only fields', () => {
    const local = sqlLabQuery({ isDataPreview: true, tableName: 't', runAsync: true });
    const merged = mergeServerQuery(
      local,
      queryDto({ state: 'success', rows: 5, resultsKey: 'k' }),
    );
    expect(merged).toMatchObject({
      state: 'success',
      rows: 5,
      resultsKey: 'k',
      isDataPreview: true,
      tableName: 't',
      runAsync: true,
    });
  });

  it('does not finish a query whose execute call has not answered', () => {
    const local = sqlLabQuery({ awaitingResponse: true, progress: 10 });
    const merged = mergeServerQuery(local, queryDto({ state: 'success', progress: 100 }));
    expect(merged.state).toBe('running');
    expect(merged.progress).toBe(100);
  });

  it('keeps a query stopped here stopped', () => {
    const local = sqlLabQuery({ state: 'stopped' });
    expect(mergeServerQuery(local, queryDto({ state: 'running' })).state).toBe('stopped');
    expect(mergeServerQuery(local, queryDto({ state: 'stopped' })).state).toBe('stopped');
  });

  it('never replaces the client id', () => {
    expect(mergeServerQuery(sqlLabQuery({ id: 'abc' }), queryDto({ id: 'zzz' })).id).toBe('abc');
  });
});

describe('polling', () => {
  it('moves last_updated_ms to the newest change, never back', () => {
    const qs = [
      queryDto({ changed_on: '2026-01-01T00:00:05.000Z' }),
      queryDto({ changed_on: 'garbage' }),
    ];
    expect(nextLastUpdated(0, qs)).toBe(Date.parse('2026-01-01T00:00:05.000Z'));
    expect(nextLastUpdated(Date.parse('2027-01-01T00:00:00Z'), qs)).toBe(
      Date.parse('2027-01-01T00:00:00Z'),
    );
  });

  it('polls from before the oldest running query started', () => {
    const running = sqlLabQuery({ state: 'running', startDttm: 5000 });
    const done = sqlLabQuery({ state: 'success', startDttm: 1000 });
    expect(pollSince(10_000, [running, done])).toBe(4000);
    expect(pollSince(3000, [running])).toBe(3000);
    expect(pollSince(500, [sqlLabQuery({ state: 'pending', startDttm: 200 })])).toBe(0);
  });
});

describe('a tab’s queries', () => {
  const queries = {
    a: sqlLabQuery({ id: 'a', sqlEditorId: 'local', startDttm: 1 }),
    b: sqlLabQuery({ id: 'b', sqlEditorId: '7', startDttm: 3 }),
    c: sqlLabQuery({ id: 'c', sqlEditorId: '7', startDttm: 2, isDataPreview: true }),
    d: sqlLabQuery({ id: 'd', sqlEditorId: 'other', startDttm: 4 }),
  };

  it('lists them newest first by client or server id, without previews', () => {
    expect(queriesOfEditor(queries, { id: 'local', tabViewId: '7' }).map((q) => q.id)).toEqual([
      'b',
      'a',
    ]);
    expect(queriesOfEditor(queries, { id: 'x', tabViewId: null })).toEqual([]);
  });

  it('gives the state of the latest query', () => {
    expect(editorQueryState(queries, 'b')).toBe('running');
    expect(editorQueryState(queries, null)).toBe(null);
    expect(editorQueryState(queries, 'missing')).toBe(null);
  });
});

describe('durationText and results kept', () => {
  it('writes durations readably', () => {
    expect(durationText(1000, 1250)).toBe('250 ms');
    expect(durationText(0, 1250)).toBe('1.25 s');
    expect(durationText(0, 125_000)).toBe('2 min 5 s');
    expect(durationText(null, 5)).toBe('');
    expect(durationText(10, null)).toBe('');
    expect(durationText(10, null, 1010)).toBe('1.00 s');
  });

  it('keeps the latest queries and the previews', () => {
    expect(resultIdsToKeep(['a', null], ['p', null])).toEqual(['a', 'p']);
  });
});

describe('reading results and polling', () => {
  it('reads rows of finished queries, and the first rows of running ones once', () => {
    expect(needsResults('success', null)).toBe(true);
    expect(needsResults('success', 'running')).toBe(true);
    expect(needsResults('success', 'success')).toBe(false);
    expect(needsResults('running', null)).toBe(true);
    expect(needsResults('running', 'running')).toBe(false);
    expect(needsResults('failed', null)).toBe(false);
  });

  it('polls quickly at first, then steadily', () => {
    const delays = Array.from({ length: 8 }, (_, i) => pollDelay(i, 1000));
    expect(delays.slice(0, 5)).toEqual([100, 150, 250, 400, 600]);
    expect(delays.slice(5)).toEqual([1000, 1000, 1000]);
    expect(pollDelay(0, 50)).toBe(50);
  });
});
