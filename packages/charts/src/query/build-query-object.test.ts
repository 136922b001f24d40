import type { QueryFormData } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { buildQueryContext, parseDatasource } from './build-query-context.js';
import { buildQueryObject, InvalidOrderbyError, processFilters } from './build-query-object.js';

const fd = (extra: Partial<QueryFormData>): QueryFormData => ({
  datasource: '7__table',
  viz_type: 'table',
  ...extra,
});

describe('buildQueryObject', () => {
  it('gathers metrics and columns from their fields without duplicates or empty names', () => {
    const q = buildQueryObject(
      fd({
        metric: 'count',
        metrics: ['count', 'sum__num'],
        groupby: ['gender', '', 'gender'],
        columns: ['state'],
      }),
    );
    expect(q.metrics).toEqual(['count', 'sum__num']);
    expect(q.columns).toEqual(['gender', 'state']);
  });

  it('raw mode takes all_columns and order_by_cols, and drops metrics and groupby', () => {
    const q = buildQueryObject(
      fd({
        query_mode: 'raw',
        metrics: ['count'],
        groupby: ['gender'],
        all_columns: ['name', 'num'],
        order_by_cols: ['["num", false]'],
      }),
    );
    expect(q.metrics).toBeUndefined();
    expect('metrics' in q).toBe(false);
    expect(q.columns).toEqual(['name', 'num']);
    expect(q.orderby).toEqual([['num', false]]);
    expect(() => buildQueryObject(fd({ query_mode: 'raw', order_by_cols: ['num'] }))).toThrow(
      InvalidOrderbyError,
    );
    expect(() => buildQueryObject(fd({ query_mode: 'raw', order_by_cols: ['{'] }))).toThrow(
      'Found invalid orderby options',
    );
  });

  it('splits adhoc filters into simple filters and SQL clauses', () => {
    expect(
      processFilters([
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'gender',
          operator: '==',
          comparator: 'boy',
        },
        {
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: 'state',
          operator: 'IN',
          comparator: ['CA', 'NY'],
          isExtra: true,
        },
        { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'x', operator: 'IS NULL' },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'num > 10' },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: 'ds > 1' },
        { expressionType: 'SQL', clause: 'HAVING', sqlExpression: 'SUM(num) > 5' },
        { expressionType: 'SQL', clause: 'WHERE', sqlExpression: '  ' },
      ]),
    ).toEqual({
      filters: [
        { col: 'gender', op: '==', val: 'boy' },
        { col: 'state', op: 'IN', val: ['CA', 'NY'], isExtra: true },
        { col: 'x', op: 'IS NULL' },
      ],
      where: '(num > 10) AND (ds > 1)',
      having: '(SUM(num) > 5)',
    });
  });

  it('carries time, limits, ordering and series limit', () => {
    const q = buildQueryObject(
      fd({
        metrics: ['count'],
        time_range: 'Last week',
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1W',
        row_limit: '100',
        row_offset: 5,
        limit: 10,
        timeseries_limit_metric: 'count',
        order_desc: false,
        url_params: { a: '1' },
      }),
    );
    expect(q).toMatchObject({
      time_range: 'Last week',
      granularity: 'ds',
      extras: { time_grain_sqla: 'P1W' },
      row_limit: 100,
      row_offset: 5,
      series_limit: 10,
      series_limit_metric: 'count',
      order_desc: false,
      url_params: { a: '1' },
    });
    expect(buildQueryObject(fd({})).order_desc).toBe(true);
    expect(buildQueryObject(fd({ row_limit: 'x' })).row_limit).toBeUndefined();
  });

  it('drops formula and hidden annotation layers (the browser draws formulas)', () => {
    const q = buildQueryObject(
      fd({
        annotation_layers: [
          { name: 'f', annotationType: 'FORMULA', value: 'x' },
          { name: 'n', annotationType: 'EVENT', sourceType: 'NATIVE', value: 1 },
          { name: 'h', annotationType: 'EVENT', sourceType: 'NATIVE', value: 2, show: false },
        ],
      }),
    );
    expect(q.annotation_layers!.map((l) => l.name)).toEqual(['n']);
  });
});

describe('buildQueryObject with dashboard filters', () => {
  it('appends extra filters and lets the dashboard override the time settings', () => {
    const q = buildQueryObject(
      fd({
        metrics: ['count'],
        time_range: 'No filter',
        granularity_sqla: 'ds',
        time_grain_sqla: 'P1D',
        adhoc_filters: [
          {
            expressionType: 'SIMPLE',
            clause: 'WHERE',
            subject: 'a',
            operator: '==',
            comparator: 1,
          },
        ],
        extra_form_data: {
          filters: [{ col: 'state', op: 'IN', val: ['CA'] }],
          time_range: 'Last year',
          time_grain_sqla: 'P1M',
          granularity_sqla: 'created',
        },
      }),
    );
    expect(q.filters).toEqual([
      { col: 'a', op: '==', val: 1 },
      { col: 'state', op: 'IN', val: ['CA'], isExtra: true },
    ]);
    expect(q.time_range).toBe('Last year');
    expect(q.granularity).toBe('created');
    expect(q.extras).toMatchObject({ time_grain_sqla: 'P1M' });
  });
});

describe('buildQueryContext', () => {
  it('wraps the queries with the datasource and options', () => {
    const ctx = buildQueryContext(
      fd({ metrics: ['count'] }),
      (base) => [base, { ...base, row_limit: 1 }],
      {
        force: true,
        resultType: 'samples',
      },
    );
    expect(ctx.datasource).toEqual({ id: 7, type: 'table' });
    expect(ctx.queries).toHaveLength(2);
    expect(ctx).toMatchObject({ force: true, result_format: 'json', result_type: 'samples' });
  });

  it('refuses a malformed datasource key', () => {
    expect(parseDatasource('12__table')).toEqual({ id: 12, type: 'table' });
    expect(() => parseDatasource('x__table')).toThrow(/Invalid datasource/);
  });
});
