import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import type { ResultColumn } from '@strata/core';
import {
  createdDatasetId,
  datasetTemplateParams,
  defaultDatasetName,
  exploreDatasetUrl,
  formatDateTime,
  overwriteBody,
  overwriteUrl,
  ownedDatasetsFromList,
  ownedDatasetsUrl,
  savedDatasetFormData,
  sqllabVizBody,
} from './saveDataset';

describe('save dataset', () => {
  const columns: ResultColumn[] = [
    { column_name: 'ds', name: 'ds', type: 'DATE', type_generic: 2, is_dttm: true },
    { column_name: 'n', name: 'n', type: null, type_generic: null, is_dttm: false },
  ];

  it('names a new dataset', () => {
    const now = new Date(2024, 0, 2, 3, 4, 5);
    expect(formatDateTime(now)).toBe('01/02/2024 03:04:05');
    expect(defaultDatasetName('  My query ', now)).toBe('My query');
    expect(defaultDatasetName('', now)).toBe('Untitled Dataset 01/02/2024 03:04:05');
    expect(defaultDatasetName(null, now)).toBe('Untitled Dataset 01/02/2024 03:04:05');
  });

  it('builds the sqllab_viz body as the server reads it', () => {
    const body = sqllabVizBody({
      dbId: 3,
      schema: 'main',
      catalog: null,
      sql: 'SELECT 1',
      templateParams: null,
      datasourceName: ' ds ',
      columns,
    });
    expect(JSON.parse(body.data)).toEqual({
      schema: 'main',
      catalog: null,
      sql: 'SELECT 1',
      dbId: 3,
      templateParams: null,
      datasourceName: 'ds',
      metrics: [],
      columns: [
        { column_name: 'ds', type: 'DATE', is_dttm: true },
        { column_name: 'n', type: null, is_dttm: false },
      ],
    });
    expect(createdDatasetId({ data: { id: 12, table_name: 'ds' } })).toBe(12);
    expect(createdDatasetId({ data: {} })).toBeNull();
    expect(createdDatasetId(null)).toBeNull();
  });

  it('keeps template parameters without _filters', () => {
    expect(datasetTemplateParams('{"a":1,"_filters":[]}')).toBe('{"a":1}');
    expect(datasetTemplateParams('{"_filters":[]}')).toBeNull();
    expect(datasetTemplateParams('not json')).toBeNull();
    expect(datasetTemplateParams('')).toBeNull();
  });

  it('builds the overwrite call', () => {
    expect(overwriteUrl(7)).toBe('/api/v1/dataset/7?override_columns=true');
    expect(
      overwriteBody({ dbId: 3, schema: null, sql: 'SELECT 2', columns, owners: [1, 2] }),
    ).toEqual({
      sql: 'SELECT 2',
      columns: [
        { column_name: 'ds', type: 'DATE', is_dttm: true },
        { column_name: 'n', type: null, is_dttm: false },
      ],
      database_id: 3,
      schema: null,
      owners: [1, 2],
    });
  });

  it("lists the user's datasets by name", () => {
    const url = ownedDatasetsUrl(' sales ', 4);
    expect(url.startsWith('/api/v1/dataset/?q=')).toBe(true);
    expect(risonDecode(decodeURIComponent(url.split('?q=')[1]!))).toEqual({
      filters: [
        { col: 'table_name', opr: 'ct', value: 'sales' },
        { col: 'owners', opr: 'rel_m_m', value: 4 },
      ],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 50,
    });
    expect(
      ownedDatasetsFromList({
        result: [
          {
            id: 1,
            table_name: 'a',
            schema: 'main',
            database: { database_name: 'examples' },
            owners: [{ id: 4 }, { id: 5 }],
          },
          { id: 'x', table_name: 'bad' },
        ],
      }),
    ).toEqual([{ id: 1, table_name: 'a', schema: 'main', database: 'examples', owners: [4, 5] }]);
    expect(ownedDatasetsFromList({})).toEqual([]);
    expect(exploreDatasetUrl(9)).toBe('/explore/?datasource_type=table&datasource_id=9');
  });

  it("builds the form data Explore opens the saved dataset with (spec 001 §9's 1,000 rows)", () => {
    expect(savedDatasetFormData(12, columns)).toEqual({
      datasource: '12__table',
      viz_type: 'table',
      query_mode: 'raw',
      metrics: [],
      groupby: [],
      all_columns: ['ds', 'n'],
      time_range: 'No filter',
      row_limit: 1000,
    });
  });

  it("keeps Explore's chart when saved from there, moved onto the dataset", () => {
    const fd = savedDatasetFormData(7, columns, {
      datasource: '3__query',
      viz_type: 'pie',
      metric: 'count',
      groupby: ['n'],
      row_limit: 50,
      slice_id: 4,
      url_params: { a: 'b' },
    });
    expect(fd).toEqual({
      datasource: '7__table',
      viz_type: 'pie',
      metric: 'count',
      metrics: [],
      groupby: ['n'],
      time_range: 'No filter',
      row_limit: 50,
    });
    // A table chart of the query lists the dataset's columns; its own mode stays.
    const table = savedDatasetFormData(7, columns, {
      datasource: '3__query',
      viz_type: 'table',
      query_mode: 'aggregate',
    });
    expect(table.all_columns).toEqual(['ds', 'n']);
    expect(table.query_mode).toBe('aggregate');
    expect(table.row_limit).toBe(1000);
  });
});
