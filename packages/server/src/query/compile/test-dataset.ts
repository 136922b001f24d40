/** A small dataset description shared by the compiler's unit tests. */
import { GenericDataType } from '@strata/core';
import type { CompileDataset } from './types.js';

export const SALES: CompileDataset = {
  table_name: 'sales',
  schema: 'main',
  columns: [
    { column_name: 'ds', is_dttm: true, type_generic: GenericDataType.TEMPORAL },
    { column_name: 'name', type_generic: GenericDataType.STRING },
    { column_name: 'num', type_generic: GenericDataType.NUMERIC },
    { column_name: 'flag', type_generic: GenericDataType.BOOLEAN },
    { column_name: 'name_upper', expression: 'UPPER(name)', type_generic: GenericDataType.STRING },
  ],
  metrics: [
    { metric_name: 'count', expression: 'COUNT(*)' },
    { metric_name: 'sum_num', expression: 'SUM(num)' },
  ],
  main_dttm_col: 'ds',
  fetch_values_predicate: 'num > 0',
};
