import { describe, expect, it } from 'vitest';
import { chordData } from './chord.js';
import { MAX_DENSE_CELLS } from './common.js';
import { timeSeriesData } from './nvd3-time-series.js';

describe('dense shapes are bounded (issue 16)', () => {
  it('refuses a time series pivot of more than MAX_DENSE_CELLS times × series with a 422', () => {
    const n = Math.ceil(Math.sqrt(MAX_DENSE_CELLS)) + 1;
    // Each row its own time and its own series: a diagonal that pivots into n × n cells.
    const rows = Array.from({ length: n }, (_, i) => ({ __timestamp: i * 1000, g: `s${i}`, m: 1 }));
    expect(() => timeSeriesData(rows, { metrics: ['m'], groupby: ['g'] })).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
    expect(timeSeriesData(rows.slice(0, 100), { metrics: ['m'], groupby: ['g'] })).toHaveLength(
      100,
    );
  });

  it('refuses a chord matrix of more than MAX_DENSE_CELLS nodes × nodes with a 422', () => {
    const n = Math.ceil(Math.sqrt(MAX_DENSE_CELLS) / 2) + 1;
    const rows = Array.from({ length: n }, (_, i) => ({ a: `a${i}`, b: `b${i}`, v: 1 }));
    expect(() => chordData(rows, { groupby: 'a', columns: 'b', metric: 'v' })).toThrow(
      expect.objectContaining({ statusCode: 422 }),
    );
  });
});
