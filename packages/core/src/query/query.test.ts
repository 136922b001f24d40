import { describe, expect, it } from 'vitest';
import {
  FILTER_OPERATORS,
  getColumnLabel,
  getMetricLabel,
  isAdhocColumn,
  isAdhocMetric,
  isFilterOperator,
  queryObjectSchema,
  splitAdhocFilters,
} from './index.js';

describe('metric labels (Superset get_metric_name)', () => {
  it('names saved metrics by their name', () => {
    expect(getMetricLabel('count')).toBe('count');
  });
  it('uses the label of an adhoc metric when there is one', () => {
    expect(
      getMetricLabel({
        expressionType: 'SIMPLE',
        aggregate: 'SUM',
        column: { column_name: 'num' },
        label: 'Total',
        hasCustomLabel: true,
      }),
    ).toBe('Total');
  });
  it('builds AGG(column) for SIMPLE metrics without a label', () => {
    expect(
      getMetricLabel({
        expressionType: 'SIMPLE',
        aggregate: 'SUM',
        column: { column_name: 'num' },
      }),
    ).toBe('SUM(num)');
    expect(
      getMetricLabel({
        expressionType: 'SIMPLE',
        aggregate: 'COUNT_DISTINCT',
        column: { columnName: 'name' },
        label: '',
      }),
    ).toBe('COUNT_DISTINCT(name)');
  });
  it('uses the SQL expression of SQL metrics without a label', () => {
    expect(getMetricLabel({ expressionType: 'SQL', sqlExpression: 'SUM(a) / SUM(b)' })).toBe(
      'SUM(a) / SUM(b)',
    );
  });
  it('refuses a metric it cannot name', () => {
    expect(() => getMetricLabel({ expressionType: 'SQL', sqlExpression: '' })).toThrow(
      /Invalid metric object/,
    );
  });
});

describe('column labels (Superset get_column_name)', () => {
  it('names columns and adhoc columns', () => {
    expect(getColumnLabel('gender')).toBe('gender');
    expect(getColumnLabel({ label: 'Year', sqlExpression: 'year(ds)' })).toBe('Year');
    expect(getColumnLabel({ sqlExpression: 'upper(name)' })).toBe('upper(name)');
    expect(() => getColumnLabel({ sqlExpression: '' })).toThrow('Missing label');
  });
  it('tells adhoc columns from adhoc metrics', () => {
    expect(isAdhocColumn({ sqlExpression: 'a', label: 'a' })).toBe(true);
    expect(isAdhocColumn('a')).toBe(false);
    expect(isAdhocMetric({ expressionType: 'SQL', sqlExpression: 'SUM(a)' })).toBe(true);
    expect(isAdhocMetric('count')).toBe(false);
  });
});

describe('operators', () => {
  it('lists Superset operators', () => {
    for (const op of ['==', 'NOT IN', 'TEMPORAL_RANGE', 'LATEST PARTITION', 'IS FALSE', 'REGEX'])
      expect(FILTER_OPERATORS).toContain(op);
    expect(isFilterOperator('IN')).toBe(true);
    expect(isFilterOperator('in')).toBe(false);
    expect(isFilterOperator('; DROP')).toBe(false);
  });
});

describe('query object schema', () => {
  it('accepts a full query object and keeps unknown keys', () => {
    const parsed = queryObjectSchema.parse({
      columns: [
        'gender',
        { label: 'x', sqlExpression: 'ds', columnType: 'BASE_AXIS', timeGrain: 'P1D' },
      ],
      metrics: [
        'count',
        {
          expressionType: 'SIMPLE',
          aggregate: 'SUM',
          column: { column_name: 'num', type: 'BIGINT' },
          optionName: 'm1',
        },
        { expressionType: 'SQL', sqlExpression: 'MAX(num)', label: 'Max' },
      ],
      filters: [
        { col: 'gender', op: 'IN', val: ['boy', 'girl'] },
        { col: 'ds', op: 'TEMPORAL_RANGE', val: '2020-01-01 : 2021-01-01' },
        { col: 'name', op: 'IS NULL' },
      ],
      extras: { where: 'num > 1', having: '', time_grain_sqla: 'P1M' },
      orderby: [['count', false]],
      row_limit: 100,
      row_offset: 0,
      series_limit: 5,
      series_limit_metric: 'count',
      post_processing: [{ operation: 'pivot', options: { index: ['ds'] } }],
      result_type: 'full',
      custom: 1,
    });
    expect(parsed.custom).toBe(1);
    expect(parsed.metrics?.length).toBe(3);
  });
  it('refuses unknown operators, aggregates and bad limits', () => {
    expect(
      queryObjectSchema.safeParse({ filters: [{ col: 'a', op: 'LIKE2', val: 'x' }] }).success,
    ).toBe(false);
    expect(
      queryObjectSchema.safeParse({
        metrics: [{ expressionType: 'SIMPLE', aggregate: 'MEDIAN', column: { column_name: 'a' } }],
      }).success,
    ).toBe(false);
    expect(
      queryObjectSchema.safeParse({
        metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: {} }],
      }).success,
    ).toBe(false);
    expect(queryObjectSchema.safeParse({ row_limit: 1.5 }).success).toBe(false);
    expect(queryObjectSchema.safeParse({ row_limit: -1 }).success).toBe(false);
    expect(queryObjectSchema.safeParse({ orderby: [['a']] }).success).toBe(false);
  });
});

describe('splitAdhocFilters', () => {
  it('turns simple filters into query filters and SQL ones into where/having', () => {
    expect(
      splitAdhocFilters([
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'a', operator: '==', comparator: 1 },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'b > 1' },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'c < 2' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(d) > 3' },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: null, operator: 'IN' },
      ]),
    ).toEqual({
      filters: [{ col: 'a', op: '==', val: 1 }],
      where: '(b > 1) AND (c < 2)',
      having: '(SUM(d) > 3)',
    });
  });
});
