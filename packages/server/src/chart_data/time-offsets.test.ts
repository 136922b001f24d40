import { describe, expect, it } from 'vitest';
import { tableFromRows } from '../query/postprocessing/index.js';
import { joinOffsetRows, offsetQuery, timeOffsetsOf } from './time-offsets.js';

describe('time offsets', () => {
  it('moves the time bounds back by the offset and drops post-processing', () => {
    const q = offsetQuery(
      {
        from_dttm: '2024-02-29T00:00:00',
        to_dttm: '2024-03-31T00:00:00',
        post_processing: [{ operation: 'sort' }],
        time_offsets: ['1 year ago'],
      },
      '1 month ago',
    );
    expect(q).toMatchObject({
      from_dttm: '2024-01-29T00:00:00',
      to_dttm: '2024-02-29T00:00:00',
      inner_from_dttm: '2024-01-29T00:00:00',
      post_processing: [],
      time_offsets: [],
    });
  });

  it('checks and deduplicates offsets', () => {
    expect(timeOffsetsOf({ time_offsets: ['1 year ago', '1 year ago'] })).toEqual(['1 year ago']);
    expect(() => timeOffsetsOf({ time_offsets: ['soon'] })).toThrow(/soon/);
  });

  it('joins shifted rows onto the main time axis', () => {
    const main = tableFromRows(['t', 'm'], [['2024-01-01T00:00:00', 3]]);
    const joined = joinOffsetRows(main, { metrics: ['m'] }, new Set(['t']), [
      { offset: '1 day ago', rows: [['2023-12-31 00:00:00', 2]] },
    ]);
    expect(joined.columns).toEqual(['t', 'm', 'm__1 day ago']);
    expect(joined.data[2]).toEqual([2]);
  });
});
