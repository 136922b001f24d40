import { describe, expect, it } from 'vitest';
import {
  legacyDatasourceId,
  legacyFormData,
  legacyQueryContext,
  legacyQueryObject,
} from './legacy.js';

describe('legacy explore_json form data', () => {
  it('turns form data into one query object', () => {
    expect(
      legacyQueryObject({
        groupby: ['region'],
        metric: 'count',
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'a',
            operator: '==',
            comparator: 1,
          },
          { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'COUNT(*) > 2' },
        ],
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1D',
        time_range: 'Last week',
        row_limit: '25',
      }),
    ).toMatchObject({
      metrics: ['count'],
      columns: ['region'],
      filters: [{ col: 'a', op: '==', val: 1 }],
      granularity: 'ds',
      is_timeseries: true,
      time_range: 'Last week',
      row_limit: 25,
      extras: { having: '(COUNT(*) > 2)', time_grain_sqla: 'P1D' },
    });
  });

  it('reads the form data and the datasource', () => {
    expect(legacyFormData({ form_data: '{"a":1}' }, undefined)).toEqual({ a: 1 });
    expect(legacyFormData({}, { form_data: '{"b":2}' })).toEqual({ b: 2 });
    expect(() => legacyFormData({}, undefined)).toThrow(/form_data/);
    expect(legacyDatasourceId({ datasource: '7__table' }, undefined)).toBe(7);
    expect(legacyDatasourceId({}, '8')).toBe(8);
    expect(() => legacyDatasourceId({ datasource: 'x' }, undefined)).toThrow(/datasource/);
  });

  it('maps the flags to the result type and format', () => {
    expect(legacyQueryContext({}, 1, { csv: 'true', force: 'true' })).toMatchObject({
      result_format: 'csv',
      result_type: 'full',
      force: true,
    });
    expect(legacyQueryContext({}, 1, { samples: 'true' }).result_type).toBe('samples');
  });
});

describe('legacy form data with dashboard filters', () => {
  it('merges extra_form_data and extra_filters before building the query', () => {
    const q = legacyQueryObject({
      metrics: ['count'],
      groupby: ['region'],
      granularity_sqla: 'ds',
      time_range: 'No filter',
      extra_form_data: {
        filters: [{ col: 'region', op: 'IN', val: ['east'] }],
        time_range: 'Last week',
      },
      extra_filters: [{ col: '__time_grain', op: '==', val: 'P1D' }],
    });
    expect(q.filters).toEqual([{ col: 'region', op: 'IN', val: ['east'], isExtra: true }]);
    expect(q.time_range).toBe('Last week');
    expect(q.extras?.time_grain_sqla).toBe('P1D');
  });
});
