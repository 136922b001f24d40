/** The compiler's plain description of a stored dataset (what `loadDatasetRecords` gives). */
import { columnApiObject, type DatasetRecord } from '../../datasets/repository.js';
import type { CompileDataset } from './types.js';

/** Types whose values the engines answer as date-times (not YEAR, TIME or INTERVAL). */
const NATIVE_DATETIME = /^\s*(date|datetime|timestamp|timestamptz)\b/i;

/**
 * A column's python_date_format as the compiler uses it: only for columns that store
 * date-times as numbers or text. A DATE or TIMESTAMP column keeps its engine's own literals and
 * values, as in Superset, whose dttm_sql_literal prefers the engine's convert_dttm for them and
 * whose normalisation leaves date-times as they are (an epoch grain there would fail).
 */
export function effectiveDateFormat(
  type: string | null | undefined,
  format: string | null | undefined,
): string | null {
  if (!format || (type && NATIVE_DATETIME.test(type))) return null;
  return format;
}

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
        python_date_format: effectiveDateFormat(api.type, api.python_date_format),
        advanced_data_type: c.advanced_data_type,
      };
    }),
    metrics: rec.metrics.map((m) => ({ metric_name: m.metric_name, expression: m.expression })),
    main_dttm_col: r.main_dttm_col,
    fetch_values_predicate: r.fetch_values_predicate,
  };
}
