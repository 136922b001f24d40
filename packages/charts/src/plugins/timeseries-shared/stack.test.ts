import { describe, expect, it } from 'vitest';
import { fillNeighbours, rowTotals, stackedSeriesValues, stackMode } from './stack.js';

describe('stacked series', () => {
  it('reads the stacking of the form data', () => {
    expect(stackMode({ stack: true })).toBe('Stack');
    expect(stackMode({ stack: 'Stack' })).toBe('Stack');
    expect(stackMode({ stack: 'Expand' })).toBe('Expand');
    expect(stackMode({ stack: 'Stream' })).toBe('Stream');
    expect(stackMode({ stack: null })).toBeNull();
    expect(stackMode({})).toBeNull();
  });

  it('fills a hole next to a value with zero, as Superset does when stacking', () => {
    expect(fillNeighbours([1, null, 3], 0)).toEqual([1, 0, 3]);
    expect(fillNeighbours([null, 2, null, null, null, 5], 0)).toEqual([0, 2, 0, null, 0, 5]);
    expect(fillNeighbours([null, null], 0)).toEqual([null, null]);
  });

  it('leaves unstacked series as they are, fills stacked ones, expands to shares', () => {
    const rows = [
      { a: 1, b: 3 },
      { a: null, b: 2 },
      { a: 2, b: null },
    ];
    expect(stackedSeriesValues(rows, 'a', null, [])).toEqual([1, null, 2]);
    expect(stackedSeriesValues(rows, 'a', 'Stack', [])).toEqual([1, 0, 2]);
    const totals = rowTotals(rows, ['a', 'b']);
    expect(totals).toEqual([4, 2, 2]);
    expect(stackedSeriesValues(rows, 'a', 'Expand', totals)).toEqual([0.25, 0, 1]);
    expect(stackedSeriesValues(rows, 'b', 'Expand', totals)).toEqual([0.75, 1, 0]);
  });
});
