import { describe, expect, it } from 'vitest';
import type { ResultColumn } from '@strata/core';
import { canExplore } from './access';
import { exploreKeyUrl, exploreQueryBody, exploreQueryFormData } from './exploreQuery';

const columns: ResultColumn[] = [
  { column_name: 'ds', name: 'ds', type: 'DATE', type_generic: 2, is_dttm: true },
  { column_name: 'n', name: 'n', type: 'INTEGER', type_generic: 0, is_dttm: false },
];

describe('Explore on a query', () => {
  it("opens a raw table of the query's columns on the query datasource", () => {
    expect(exploreQueryFormData(42, columns)).toEqual({
      datasource: '42__query',
      viz_type: 'table',
      query_mode: 'raw',
      all_columns: ['ds', 'n'],
      metrics: [],
      groupby: [],
      time_range: 'No filter',
      row_limit: 1000,
    });
  });

  it('keeps the form data under a key, then opens Explore with it', () => {
    const body = exploreQueryBody(42, columns);
    expect(body.datasource_id).toBe(42);
    expect(body.datasource_type).toBe('query');
    expect(JSON.parse(body.form_data)).toMatchObject({ datasource: '42__query' });
    expect(exploreKeyUrl('a-B_1')).toBe('/explore/?form_data_key=a-B_1');
  });

  it('is offered to users who may open Explore', () => {
    expect(canExplore({ roles: { Admin: [] } })).toBe(true);
    expect(canExplore({ roles: { Gamma: [['can_read', 'Explore']] } })).toBe(true);
    expect(canExplore({ roles: { sql_lab: [['can_read', 'SQLLab']] } })).toBe(false);
    expect(canExplore(null)).toBe(false);
  });
});
