import { describe, expect, it } from 'vitest';
import {
  applyQueryContextRules,
  epochMillis,
  queryForResultType,
  resolveTimeRange,
  SAMPLES_ROW_LIMIT,
  timeGrainRows,
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

describe('applyQueryContextRules', () => {
  const temporal = new Set(['ds', 'other_ds']);
  const axis = { label: 'ds', sqlExpression: 'ds', expressionType: 'SQL', columnType: 'BASE_AXIS' };
  const noFilter = { col: 'ds', op: 'TEMPORAL_RANGE', val: 'No filter' } as const;

  it("puts the query's time range into its TEMPORAL_RANGE filters", () => {
    const out = applyQueryContextRules(
      {
        columns: [axis],
        time_range: 'Last year',
        filters: [noFilter, { col: 'state', op: '==', val: 'CA' }],
      },
      { x_axis: 'ds' },
      temporal,
    );
    expect(out.filters).toEqual([
      { col: 'ds', op: 'TEMPORAL_RANGE', val: 'Last year' },
      { col: 'state', op: '==', val: 'CA' },
    ]);
    // Without a time range the filter keeps its own value.
    const kept = applyQueryContextRules({ columns: [axis], filters: [noFilter] }, {}, temporal);
    expect(kept.filters).toEqual([noFilter]);
  });

  it('lets a granularity replace a temporal x-axis and drop its filter', () => {
    const out = applyQueryContextRules(
      {
        columns: [axis, 'state'],
        granularity: 'other_ds',
        time_range: 'Last year',
        filters: [noFilter],
        post_processing: [{ operation: 'pivot', options: { index: ['ds'], aggregates: {} } }],
      },
      { x_axis: 'ds' },
      temporal,
    );
    expect(out.columns).toEqual([
      { ...axis, sqlExpression: 'other_ds', label: 'other_ds' },
      'state',
    ]);
    expect(out.filters).toEqual([]);
    expect(out.post_processing).toEqual([
      { operation: 'pivot', options: { index: ['other_ds'], aggregates: {} } },
    ]);
  });

  it('without a temporal x-axis drops the granularity filter, else the first temporal one', () => {
    const other = { col: 'other_ds', op: 'TEMPORAL_RANGE', val: 'No filter' } as const;
    const both = { columns: ['state'], granularity: 'other_ds', filters: [noFilter, other] };
    expect(applyQueryContextRules(both, {}, temporal).filters).toEqual([noFilter]);
    const first = { ...both, granularity: 'ds2' };
    expect(applyQueryContextRules(first, { x_axis: 'state' }, temporal).filters).toEqual([other]);
  });
});

describe('timeGrainRows', () => {
  it("answers each grain the engine has, in Superset's order, over {col}", () => {
    const rows = timeGrainRows((grain, col) =>
      grain === 'P1D' || grain === 'PT1H' ? `trunc('${grain}', ${col})` : null,
    );
    expect(rows).toEqual([
      { name: 'Hour', function: "trunc('PT1H', {col})", duration: 'PT1H' },
      { name: 'Day', function: "trunc('P1D', {col})", duration: 'P1D' },
    ]);
  });
});
