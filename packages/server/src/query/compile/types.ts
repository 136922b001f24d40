import type { GenericDataType, TimeGrain } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import type { AdvancedDataTypeLookup } from '../../advanced_data_types/registry.js';

/** A dataset column as the compiler needs it. */
export interface CompileColumn {
  column_name: string;
  /** A calculated column's SQL; empty or null for a physical column. */
  expression?: string | null;
  is_dttm?: boolean;
  type_generic?: GenericDataType | null;
  /**
   * Superset's `python_date_format` of a temporal column storing date-times as numbers or text:
   * `epoch_s`, `epoch_ms` or a strftime pattern (see `date-format.ts`). Ignored unless `is_dttm`.
   */
  python_date_format?: string | null;
  /**
   * True when `expression` came out of a Jinja template (it may hold what the asker sent: URL
   * parameters, filter values): then it is checked as the asker's own SQL (the allow list for
   * non-admins), not as the dataset owners'.
   */
  templated?: boolean;
  /** Superset's `advanced_data_type` (`internet_address`, `port`): filters translate through it. */
  advanced_data_type?: string | null;
}

export interface CompileMetric {
  metric_name: string;
  expression: string;
  /** As `CompileColumn.templated`. */
  templated?: boolean;
}

/** The dataset a query runs on: a table (with schema) or a virtual dataset's SQL. */
export interface CompileDataset {
  table_name: string;
  schema?: string | null;
  /** Virtual dataset: one SELECT, used as `(sql) AS virtual_table`. */
  sql?: string | null;
  columns: CompileColumn[];
  metrics: CompileMetric[];
  main_dttm_col?: string | null;
  fetch_values_predicate?: string | null;
}

/** What the compiler needs of an engine (the `EngineSpec` methods, and its name). */
export interface CompileDialect {
  /** duckdb, sqlite, postgresql, mysql; others are treated as ANSI SQL. */
  engine: string;
  quoteIdentifier(name: string): string;
  literal(value: string | number | boolean | null | Date): string;
  timeGrainExpression(grain: TimeGrain, column: string): string | null;
  /**
   * A naive TIMESTAMP from numbers of seconds or milliseconds since the epoch (Superset's
   * `epoch_to_dttm` / `epoch_ms_to_dttm`): how an epoch column is converted before a grain.
   */
  epochToDttm?(column: string, unit: 's' | 'ms'): string;
  /**
   * Upper-case names of the functions an untrusted fragment may call (the engine spec's allow
   * list); absent: none.
   */
  allowedFunctions?: ReadonlySet<string>;
  /** A character that reads session or server variables in an expression (MySQL's `@`). */
  variablePrefix?: string;
  /**
   * True when an admin asks: free SQL of the query gets the structural check only, not the
   * allow list of functions (see `fragment.ts`). Absent or false: the allow list applies.
   */
  trustedFragments?: boolean;
}

/** Resolves a time range expression ("Last week", "2024-01-01 : now") to ISO date-times. */
export type TimeRangeResolver = (timeRange: string) => {
  since: string | null;
  until: string | null;
};

export interface CompileOptions {
  /** For TEMPORAL_RANGE filters whose value is not already `ISO : ISO`. */
  resolveTimeRange?: TimeRangeResolver;
  /**
   * With ENABLE_ADVANCED_DATA_TYPES: the type of a column's `advanced_data_type` name (null when
   * unknown); a filter on such a column becomes the type's condition (Superset's
   * translate_filter). Absent: advanced data types are ignored.
   */
  advancedDataTypes?: AdvancedDataTypeLookup;
}

/** A result column of date-times stored in a python_date_format (`epoch_s`, `%Y`…). */
export interface DateColumn {
  label: string;
  format: string;
}

export interface RejectedFilter {
  column: string;
  reason: string;
}

export interface CompileResult {
  /** One SELECT statement, without a trailing semicolon. */
  sql: string;
  /** Labels of the result's columns, in order (Superset's labels_expected). */
  labels: string[];
  /** The SQL alias of each label (differs only where the engine limits name length). */
  aliases: string[];
  /** Labels of the metrics, in order. */
  metricLabels: string[];
  /** Labels of the dimension columns, in order. */
  columnLabels: string[];
  /**
   * Result columns holding a dataset column's date-times as stored, in its python_date_format
   * (the time columns of the query object selected without a grain: the BASE_AXIS column, the
   * granularity column, `__timestamp`): the chart data payload normalises them into date-times.
   */
  dateColumns: DateColumn[];
  /** Filter columns that were applied. */
  appliedFilters: string[];
  /** Filters left out, with why (unknown column, no partitions…). */
  rejectedFilters: RejectedFilter[];
}

/** A query the compiler refuses: an ApiError, so the API answers 400 `{message}`. */
export class QueryValidationError extends ApiError {
  constructor(message: string) {
    super(400, message);
    this.name = 'QueryValidationError';
  }
}
