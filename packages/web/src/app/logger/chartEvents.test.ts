import { describe, expect, it } from 'vitest';
import { loadChartPayload, renderChartPayload } from './chartEvents';

describe('loadChartPayload', () => {
  it('sums rows and says whether every query came from the cache', () => {
    expect(
      loadChartPayload(
        { slice_id: 4, viz_type: 'table' },
        { startOffset: 10.4, duration: 99.6 },
        {
          results: [
            { rowcount: 3, is_cached: true },
            { rowcount: 2, is_cached: false },
          ],
        },
      ),
    ).toEqual({
      slice_id: 4,
      viz_type: 'table',
      start_offset: 10,
      duration: 100,
      force_refresh: false,
      has_err: false,
      is_cached: false,
      row_count: 5,
    });
  });

  it('logs an unsaved chart as slice 0 and a failure with its message', () => {
    expect(
      loadChartPayload(
        { viz_type: 'pie' },
        { startOffset: 0, duration: 5, force: true },
        {
          error: 'boom',
        },
      ),
    ).toEqual({
      slice_id: 0,
      viz_type: 'pie',
      start_offset: 0,
      duration: 5,
      force_refresh: true,
      has_err: true,
      error_details: 'boom',
    });
  });
});

describe('renderChartPayload', () => {
  it('has an error only when drawing failed', () => {
    expect(renderChartPayload({ slice_id: 2 }, { startOffset: 1, duration: 2 }, null)).toEqual({
      slice_id: 2,
      viz_type: null,
      start_offset: 1,
      duration: 2,
      has_err: false,
    });
    expect(
      renderChartPayload({ slice_id: 2 }, { startOffset: 1, duration: 2 }, 'bad').error_details,
    ).toBe('bad');
  });
});
