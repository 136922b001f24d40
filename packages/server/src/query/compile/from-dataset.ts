/** The compiler's plain description of a stored dataset (what `loadDatasetRecords` gives). */
import { columnApiObject, type DatasetRecord } from '../../datasets/repository.js';
import type { CompileDataset } from './types.js';

export function compileDatasetFrom(rec: DatasetRecord): CompileDataset {
  const r = rec.row;
  return {
    table_name: r.table_name,
    schema: r.schema,
    sql: r.sql,
    columns: rec.columns.map((c) => {
      const api = columnApiObject(c);
      return {
        column_name: api.column_name,
        expression: api.expression,
        is_dttm: api.is_dttm,
        type_generic: api.type_generic,
      };
    }),
    metrics: rec.metrics.map((m) => ({ metric_name: m.metric_name, expression: m.expression })),
    main_dttm_col: r.main_dttm_col,
    fetch_values_predicate: r.fetch_values_predicate,
  };
}
