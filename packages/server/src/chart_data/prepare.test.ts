import { describe, expect, it } from 'vitest';
import {
  epochMillis,
  queryForResultType,
  resolveTimeRange,
  SAMPLES_ROW_LIMIT,
  withTimeBounds,
} from './prepare.js';

const now = new Date('2024-03-15T10:30:00Z');

describe('queryForResultType', () => {
  const query = {
    columns: ['region'],
    metrics: ['count'],
    granularity: 'ds',
    time_range: 'Last week',
    row_limit: 50_000,
    post_processing: [{ operation: 'flatten' }],
    time_offsets: ['1 year ago'],
    filters: [{ col: 'region', op: '==' as const, val: 'east' }],
  };

  it('keeps the query for full results', () => {
    expect(queryForResultType(query, 'full', ['a'])).toBe(query);
  });

  it('asks raw dataset columns for samples, capped, without time, offsets or post-processing', () => {
    const q = queryForResultType(query, 'samples', ['ds', 'region']);
    expect(q).toMatchObject({
      columns: ['ds', 'region'],
      metrics: null,
      is_timeseries: false,
      post_processing: [],
      time_offsets: [],
      row_limit: SAMPLES_ROW_LIMIT,
      time_range: null,
      granularity: null,
      orderby: [],
    });
    expect(q.filters).toEqual(query.filters);
    expect(queryForResultType({ ...query, row_limit: 5 }, 'samples', ['a']).row_limit).toBe(5);
  });

  it('keeps the time range for drill detail and orders by the first column', () => {
    const q = queryForResultType(query, 'drill_detail', ['ds', 'region']);
    expect(q.time_range).toBe('Last week');
    expect(q.orderby).toEqual([['ds', true]]);
  });
});

describe('time bounds', () => {
  it('resolves the query time range, else the form data one', () => {
    expect(withTimeBounds({ time_range: '2024-01-01 : 2024-02-01' }, null, now)).toMatchObject({
      from_dttm: '2024-01-01T00:00:00',
      to_dttm: '2024-02-01T00:00:00',
    });
    expect(withTimeBounds({}, 'Last day', now)).toMatchObject({
      time_range: 'Last day',
      from_dttm: '2024-03-14T00:00:00',
      to_dttm: '2024-03-15T00:00:00',
    });
    expect(withTimeBounds({ time_range: 'No filter' }, null, now)).toMatchObject({
      from_dttm: null,
      to_dttm: null,
    });
  });

  it('keeps explicit bounds and leaves a query without a range alone', () => {
    const q = { from_dttm: '2020-01-01T00:00:00', time_range: 'Last day' };
    expect(withTimeBounds(q, null, now)).toBe(q);
    const none = { metrics: ['count'] };
    expect(withTimeBounds(none, undefined, now)).toBe(none);
  });

  it('turns a bad range into a 400', () => {
    expect(() => resolveTimeRange('Last fortnight', now)).toThrow(
      expect.objectContaining({ statusCode: 400 }) as Error,
    );
  });

  it('writes bounds as epoch milliseconds', () => {
    expect(epochMillis('2024-01-02T00:00:00')).toBe(Date.UTC(2024, 0, 2));
    expect(epochMillis('2024-01-02T00:00:00+01:00')).toBe(Date.UTC(2024, 0, 1, 23));
    expect(epochMillis(null)).toBeNull();
    expect(epochMillis('nope')).toBeNull();
  });
});
