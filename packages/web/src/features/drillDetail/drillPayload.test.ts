import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@strata/core';
import {
  canDrillToDetail,
  cellText,
  drillByLabel,
  drillFilterLabel,
  drillPayload,
  rowCountLabel,
} from './drillPayload';

const base = { datasource: '1__table', viz_type: 'pie' } as QueryFormData;

describe('drillPayload', () => {
  it('takes the chart filters, the WHERE clause, the time range and column', () => {
    const p = drillPayload({
      ...base,
      granularity_sqla: 'ordered_at',
      time_range: 'Last year',
      adhoc_filters: [
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'status',
          operator: 'IN',
          comparator: ['shipped', 'pending'],
        },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'amount > 10' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(amount) > 10' },
      ],
    } as QueryFormData);
    expect(p).toEqual({
      filters: [{ col: 'status', op: 'IN', val: ['shipped', 'pending'] }],
      granularity: 'ordered_at',
      time_range: 'Last year',
      extras: { where: '(amount > 10)' },
    });
  });

  it('includes the dashboard filters merged from extra_form_data and the drill filters', () => {
    const p = drillPayload(
      {
        ...base,
        extra_form_data: {
          filters: [{ col: 'country', op: 'IN', val: ['UK'] }],
          time_range: '2024-01-01 : 2024-02-01',
        },
      } as QueryFormData,
      [
        { col: 'status', op: '==', val: 'shipped', formattedVal: 'shipped' },
        { col: 'ordered_at', op: '==', val: 1704067200000, grain: 'P1M', formattedVal: '2024-01' },
      ],
    );
    expect(p.filters).toEqual([
      { col: 'country', op: 'IN', val: ['UK'] },
      { col: 'status', op: '==', val: 'shipped' },
      { col: 'ordered_at', op: '==', val: 1704067200000, grain: 'P1M' },
    ]);
    expect(p.time_range).toBe('2024-01-01 : 2024-02-01');
  });

  it('leaves out filters on adhoc SQL columns', () => {
    const p = drillPayload({
      ...base,
      extra_form_data: {
        filters: [{ col: { sqlExpression: 'upper(x)', label: 'X' }, op: '==', val: 'A' }],
      },
    } as unknown as QueryFormData);
    expect(p.filters).toEqual([]);
  });
});

describe('labels and cells', () => {
  const f = { col: 'status', op: '==' as const, val: 'shipped', formattedVal: 'shipped' };
  it('labels tags and menu entries', () => {
    expect(drillFilterLabel(f)).toBe('status = shipped');
    expect(drillByLabel(f)).toBe('Drill to detail by shipped');
    expect(rowCountLabel(1234)).toBe('1,234 rows');
    expect(rowCountLabel(1)).toBe('1 row');
  });
  it('formats temporal cells as dates and keeps null for N/A', () => {
    expect(cellText(Date.UTC(2024, 0, 5, 10), 2)).toBe('2024-01-05 10:00:00');
    expect(cellText('2024-01-05T10:00:00', 2)).toBe('2024-01-05 10:00:00');
    expect(cellText('2024-01-05 10:00:00', 2)).toBe('2024-01-05 10:00:00');
    expect(cellText(null, 1)).toBeNull();
    expect(cellText(12.5, 0)).toBe('12.5');
  });
});

describe('canDrillToDetail', () => {
  const reader = { roles: { Gamma: [['can_read', 'Dataset']] as Array<[string, string]> } };
  it('needs the behavior, a table datasource and dataset read access', () => {
    const meta = { behaviors: ['DRILL_TO_DETAIL' as const] };
    expect(canDrillToDetail(meta, 'table', reader)).toBe(true);
    expect(canDrillToDetail({ behaviors: [] }, 'table', reader)).toBe(false);
    expect(canDrillToDetail(meta, 'query', reader)).toBe(false);
    expect(canDrillToDetail(meta, 'table', { roles: { Public: [] } })).toBe(false);
    expect(canDrillToDetail(meta, 'table', null)).toBe(false);
  });
});
