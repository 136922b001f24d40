import type {
  CsvFile,
  ExampleColumn,
  ExampleColumnType,
  ExampleComputedColumn,
  ExampleFile,
  ExampleJoin,
  ExampleMetric,
  ExampleSource,
  GeneratedRows,
  JsonFile,
} from '../types.js';

/** Small builders that fill the defaults, so each table module lists only what matters. */

type ColumnOptions = Partial<Omit<ExampleColumn, 'column_name' | 'type'>>;

export function column(
  column_name: string,
  type: ExampleColumnType,
  options: ColumnOptions = {},
): ExampleColumn {
  return {
    column_name,
    type,
    select: options.select ?? null,
    is_dttm: options.is_dttm ?? false,
    python_date_format: options.python_date_format ?? null,
    verbose_name: options.verbose_name ?? null,
    description: options.description ?? null,
  };
}

/** Columns of one type, e.g. the many text columns of a CSV file. */
export function columns(type: ExampleColumnType, names: readonly string[]): ExampleColumn[] {
  return names.map((name) => column(name, type));
}

type ComputedOptions = Partial<
  Omit<ExampleComputedColumn, 'column_name' | 'expression' | 'result_type'>
>;

export function computed(
  column_name: string,
  expression: string,
  result_type: ExampleColumnType,
  options: ComputedOptions = {},
): ExampleComputedColumn {
  return {
    column_name,
    expression,
    type: options.type ?? null,
    result_type,
    is_dttm: options.is_dttm ?? false,
    verbose_name: options.verbose_name ?? null,
    description: options.description ?? null,
  };
}

type MetricOptions = Partial<Omit<ExampleMetric, 'metric_name' | 'expression'>>;

export function metric(
  metric_name: string,
  expression: string,
  options: MetricOptions = {},
): ExampleMetric {
  return {
    metric_name,
    expression,
    verbose_name: options.verbose_name ?? null,
    metric_type: options.metric_type ?? null,
    d3format: options.d3format ?? null,
    description: options.description ?? null,
  };
}

/**
 * Superset's `count` metric. Older dataset exports leave `metric_type` null, newer ones say
 * `count`; each table keeps what its YAML has.
 */
export function countMetric(metric_type: 'count' | null = 'count'): ExampleMetric {
  return metric('count', 'COUNT(*)', { verbose_name: 'COUNT(*)', metric_type });
}

export function csv(file: string, header: readonly string[]): CsvFile {
  return { format: 'csv', file, header };
}

export function json(file: string, fields: Readonly<Record<string, string>>): JsonFile {
  return { format: 'json', file, fields };
}

export function generated(rows: number, fields: Readonly<Record<string, string>>): GeneratedRows {
  return { format: 'generated', rows, fields };
}

export function source(
  from: ExampleFile | GeneratedRows,
  joins: readonly ExampleJoin[] = [],
): ExampleSource {
  return { from, joins };
}
