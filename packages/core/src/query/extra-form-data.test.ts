import { describe, expect, it } from 'vitest';
import {
  mergeExtraFormData,
  overrideExtraFormData,
  simpleFilterToAdhoc,
} from './extra-form-data.js';

describe('overrideExtraFormData', () => {
  it('replaces time fields and extras, leaving the rest', () => {
    const q = overrideExtraFormData(
      {
        metrics: ['count'],
        time_range: 'No filter',
        granularity: 'ds',
        extras: { where: 'x > 1' },
      },
      {
        time_range: 'Last week',
        granularity_sqla: 'created',
        time_grain_sqla: 'P1W',
        relative_start: 'now',
      },
    );
    expect(q).toEqual({
      metrics: ['count'],
      time_range: 'Last week',
      granularity: 'created',
      extras: { where: 'x > 1', time_grain_sqla: 'P1W', relative_start: 'now' },
    });
    expect(overrideExtraFormData({ metrics: [] }, {})).toEqual({ metrics: [] });
  });
});

describe('mergeExtraFormData (legacy form data)', () => {
  it('appends dashboard filters as extra adhoc filters and applies time overrides', () => {
    const fd = mergeExtraFormData({
      viz_type: 'table',
      adhoc_filters: [
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'a', operator: '==', comparator: 1 },
      ],
      extra_form_data: {
        filters: [{ col: 'region', op: 'IN', val: ['east'] }],
        adhoc_filters: [{ expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'x = 1' }],
        time_range: 'Last month',
        time_grain_sqla: 'P1D',
      },
    });
    expect(fd.extra_form_data).toBeUndefined();
    expect(fd.time_range).toBe('Last month');
    expect(fd.extras).toEqual({ time_grain_sqla: 'P1D' });
    expect(fd.adhoc_filters).toEqual([
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'a', operator: '==', comparator: 1 },
      { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'x = 1', isExtra: true },
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'region',
        operator: 'IN',
        comparator: ['east'],
        isExtra: true,
      },
    ]);
  });

  it('points temporal range filters at the overriding time range when there is no time column', () => {
    const fd = mergeExtraFormData({
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'ds',
          operator: 'TEMPORAL_RANGE',
          comparator: 'No filter',
        },
      ],
      extra_form_data: { time_range: 'Last year' },
    });
    expect((fd.adhoc_filters as Array<{ comparator: unknown }>)[0]!.comparator).toBe('Last year');
  });

  it('merges legacy extra_filters: time options, and column filters not already there', () => {
    const fd = mergeExtraFormData({
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'state',
          operator: 'IN',
          comparator: ['CA', 'NY'],
        },
      ],
      extra_filters: [
        { col: '__time_range', op: '==', val: 'Last week' },
        { col: '__time_grain', op: '==', val: 'P1D' },
        { col: '__time_col', op: '==', val: 'No filter' },
        { col: 'state', op: 'IN', val: ['NY', 'CA'] },
        { col: 'gender', op: 'IN', val: ['boy'] },
        { col: 'empty', op: 'IN', val: [] },
      ],
    });
    expect(fd.time_range).toBe('Last week');
    expect(fd.time_grain_sqla).toBe('P1D');
    expect(fd.granularity_sqla).toBeUndefined();
    expect(fd.applied_time_extras).toEqual({ __time_range: 'Last week', __time_grain: 'P1D' });
    expect(fd.extra_filters).toBeUndefined();
    expect(fd.adhoc_filters).toEqual([
      {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: 'state',
        operator: 'IN',
        comparator: ['CA', 'NY'],
      },
      simpleFilterToAdhoc({ col: 'gender', op: 'IN', val: ['boy'], isExtra: true }),
    ]);
  });
});
