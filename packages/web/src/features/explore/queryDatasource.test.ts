import { describe, expect, it } from 'vitest';
import {
  datasetColumnsOf,
  datasetMenuKeys,
  isQueryDatasource,
  sqlLabFormFields,
} from './queryDatasource';

describe('Explore on a SQL Lab query', () => {
  it('tells a query from a dataset', () => {
    expect(isQueryDatasource({ type: 'query' })).toBe(true);
    expect(isQueryDatasource({ type: 'table' })).toBe(false);
    expect(isQueryDatasource(null)).toBe(false);
  });

  it("offers the spec's menu for a query and for datasets", () => {
    expect(datasetMenuKeys({ type: 'query', sql: 'SELECT 1' }, true)).toEqual([
      'preview',
      'sqllab',
      'save_dataset',
    ]);
    expect(datasetMenuKeys({ type: 'query', sql: 'SELECT 1' }, false)).toEqual([
      'preview',
      'save_dataset',
    ]);
    expect(datasetMenuKeys({ type: 'table', sql: null }, true)).toEqual(['edit', 'swap', 'sqllab']);
    expect(datasetMenuKeys({ type: 'table', sql: 'SELECT 1' }, false)).toEqual([
      'edit',
      'swap',
      'preview',
    ]);
  });

  it("gives the dialog the query's columns", () => {
    expect(
      datasetColumnsOf([
        { column_name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
        { column_name: 'n' },
      ]),
    ).toEqual([
      { column_name: 'ds', name: 'ds', type: 'TIMESTAMP', type_generic: 2, is_dttm: true },
      { column_name: 'n', name: 'n', type: null, type_generic: null, is_dttm: false },
    ]);
  });

  it('opens a query in SQL Lab by its database, a dataset by its key', () => {
    expect(
      sqlLabFormFields({
        id: 7,
        type: 'query',
        sql: 'SELECT 1',
        schema: 'main',
        name: 'My tab',
        database: { id: 3 },
      }),
    ).toEqual({ dbId: '3', schema: 'main', name: 'My tab', sql: 'SELECT 1' });
    expect(
      sqlLabFormFields({ id: 4, type: 'table', schema: 'main', table_name: 'sales', sql: null }),
    ).toEqual({ datasourceKey: '4__table', sql: 'SELECT * FROM main.sales' });
    expect(sqlLabFormFields({ id: 5, type: 'table', sql: 'SELECT 2' })).toEqual({
      datasourceKey: '5__table',
      sql: 'SELECT 2',
    });
  });
});
