import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import type { DatasetRecord } from '../../datasets/repository.js';
import { compileDatasetFrom } from './from-dataset.js';

describe('compileDatasetFrom', () => {
  it('keeps what the compiler reads of a stored dataset', () => {
    const rec = {
      row: {
        table_name: 'sales',
        schema: 'main',
        sql: null,
        main_dttm_col: 'ds',
        fetch_values_predicate: 'num > 0',
      },
      columns: [
        { column_name: 'ds', type: 'TIMESTAMP', is_dttm: 1, expression: null },
        { column_name: 'num', type: 'BIGINT', is_dttm: 0, expression: '' },
        { column_name: 'half', type: 'DOUBLE', is_dttm: false, expression: 'num / 2' },
      ],
      metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
      owners: [],
    } as unknown as DatasetRecord;
    const ds = compileDatasetFrom(rec);
    expect(ds).toMatchObject({
      table_name: 'sales',
      schema: 'main',
      sql: null,
      main_dttm_col: 'ds',
      fetch_values_predicate: 'num > 0',
      metrics: [{ metric_name: 'count', expression: 'COUNT(*)' }],
    });
    expect(ds.columns.map((c) => [c.column_name, c.is_dttm, c.type_generic])).toEqual([
      ['ds', true, GenericDataType.TEMPORAL],
      ['num', false, GenericDataType.NUMERIC],
      ['half', false, GenericDataType.NUMERIC],
    ]);
    expect(ds.columns[2]!.expression).toBe('num / 2');
  });
});
