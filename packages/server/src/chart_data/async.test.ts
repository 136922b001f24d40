import { describe, expect, it } from 'vitest';
import { markJobResultsFresh } from './async.js';
import type { ChartDataAnswer } from './service.js';

const answer = (queries: Array<Record<string, unknown>>): ChartDataAnswer => ({
  resultFormat: 'json',
  resultType: 'full',
  datasetName: 'x',
  queries,
});

describe('markJobResultsFresh', () => {
  it("marks results cached since the job started as the job's own, older ones stay cached", () => {
    const started = Date.parse('2026-11-28T10:00:05.700Z');
    const a = answer([
      { is_cached: true, cached_dttm: '2026-11-28T10:00:05' },
      { is_cached: true, cached_dttm: '2026-11-28T10:00:09' },
      { is_cached: true, cached_dttm: '2026-11-28T09:59:59' },
      { is_cached: false, cached_dttm: null },
    ]);
    markJobResultsFresh(a, started);
    expect(a.queries.map((q) => q.is_cached)).toEqual([false, false, true, false]);
  });
});
