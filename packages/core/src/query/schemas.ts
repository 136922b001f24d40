/**
 * zod schemas of Superset's query object and its adhoc parts (superset/superset_typing.py,
 * superset/common/query_object.py). Objects are loose: the client sends more keys than the
 * server reads (optionName, isNew, datasourceWarning…) and they are kept, not refused. What the
 * server reads is typed strictly: an unknown operator, a non-integer limit or a metric without an
 * aggregate is a validation error.
 */
import { z } from 'zod';
import { FILTER_OPERATORS, METRIC_AGGREGATES } from './operators.js';

export const filterValueSchema = z.union([z.string(), z.number(), z.boolean(), z.null()]);

export const adhocColumnSchema = z.looseObject({
  label: z.string().optional(),
  sqlExpression: z.string(),
  expressionType: z.literal('SQL').optional(),
  /** BASE_AXIS: the x axis of a chart; its `timeGrain` truncates a temporal column. */
  columnType: z.enum(['BASE_AXIS', 'SERIES']).optional(),
  timeGrain: z.string().nullish(),
  /** The expression is the name of a dataset column (drag-and-drop of a column). */
  isColumnReference: z.boolean().optional(),
});

/** The column of a SIMPLE metric: a dataset column object (only its name is read). */
export const metricColumnSchema = z
  .looseObject({
    column_name: z.string().optional(),
    columnName: z.string().optional(),
  })
  .refine((c) => Boolean(c.column_name ?? c.columnName), {
    message: 'A metric column needs a column_name',
  });

const adhocMetricBase = {
  label: z.string().nullish(),
  hasCustomLabel: z.boolean().nullish(),
  optionName: z.string().nullish(),
};

export const adhocMetricSimpleSchema = z.looseObject({
  ...adhocMetricBase,
  expressionType: z.literal('SIMPLE'),
  aggregate: z.enum(METRIC_AGGREGATES),
  column: metricColumnSchema,
});

export const adhocMetricSqlSchema = z.looseObject({
  ...adhocMetricBase,
  expressionType: z.literal('SQL'),
  sqlExpression: z.string(),
});

export const adhocMetricSchema = z.discriminatedUnion('expressionType', [
  adhocMetricSimpleSchema,
  adhocMetricSqlSchema,
]);

/** A metric: a saved metric's name or an adhoc metric. */
export const metricSchema = z.union([z.string(), adhocMetricSchema]);
/** A column: a dataset column's name or an adhoc (SQL) column. */
export const columnSchema = z.union([z.string(), adhocColumnSchema]);

export const filterOperatorSchema = z.enum(FILTER_OPERATORS);

/** A filter of a query object (`QueryObjectFilterClause`). */
export const queryFilterSchema = z.looseObject({
  col: columnSchema,
  op: filterOperatorSchema,
  val: z.union([filterValueSchema, z.array(filterValueSchema)]).optional(),
  /** Truncate the column to this grain before comparing (temporal filters). */
  grain: z.string().nullish(),
  isExtra: z.boolean().optional(),
});

/** An adhoc filter as Explore keeps it in form data (`adhoc_filters`). */
export const adhocFilterSchema = z.looseObject({
  expressionType: z.enum(['SIMPLE', 'SQL']),
  clause: z.enum(['WHERE', 'HAVING']),
  subject: columnSchema.nullish(),
  operator: filterOperatorSchema.nullish(),
  operatorId: z.string().nullish(),
  comparator: z.union([filterValueSchema, z.array(filterValueSchema)]).optional(),
  sqlExpression: z.string().nullish(),
  isExtra: z.boolean().optional(),
  isNew: z.boolean().optional(),
  datasourceWarning: z.boolean().optional(),
  filterOptionName: z.string().optional(),
});

export const queryExtrasSchema = z.looseObject({
  where: z.string().nullish(),
  having: z.string().nullish(),
  time_grain_sqla: z.string().nullish(),
  relative_start: z.string().nullish(),
  relative_end: z.string().nullish(),
});

/** `[metric or column, ascending]`. */
export const orderByItemSchema = z.tuple([
  z.union([z.string(), adhocMetricSchema, adhocColumnSchema]),
  z.boolean(),
]);

export const RESULT_TYPES = [
  'full',
  'samples',
  'query',
  'results',
  'columns',
  'drill_detail',
  'post_processed',
  'timegrains',
] as const;

const limit = z.number().int().nonnegative();

export const postProcessingSchema = z.looseObject({
  operation: z.string(),
  options: z.record(z.string(), z.unknown()).optional(),
});

/** Superset's QueryObject, as `queries[]` of a chart data request carries it. */
export const queryObjectSchema = z.looseObject({
  columns: z.array(columnSchema).optional(),
  /** null/absent with no groupby: a raw (not aggregated) query. */
  metrics: z.array(metricSchema).nullish(),
  /** Legacy: columns to group by (takes precedence over `columns` when aggregating). */
  groupby: z.array(columnSchema).nullish(),
  filters: z.array(queryFilterSchema).optional(),
  extras: queryExtrasSchema.optional(),
  granularity: z.string().nullish(),
  time_range: z.string().nullish(),
  since: z.string().nullish(),
  until: z.string().nullish(),
  /** The time range resolved by the caller (ISO date-times); the time filter on granularity. */
  from_dttm: z.string().nullish(),
  to_dttm: z.string().nullish(),
  inner_from_dttm: z.string().nullish(),
  inner_to_dttm: z.string().nullish(),
  orderby: z.array(orderByItemSchema).optional(),
  order_desc: z.boolean().optional(),
  row_limit: limit.nullish(),
  row_offset: limit.nullish(),
  series_columns: z.array(columnSchema).optional(),
  series_limit: limit.nullish(),
  series_limit_metric: metricSchema.nullish(),
  /** Legacy names of series_limit / series_limit_metric. */
  timeseries_limit: limit.nullish(),
  timeseries_limit_metric: metricSchema.nullish(),
  is_timeseries: z.boolean().optional(),
  is_rowcount: z.boolean().optional(),
  post_processing: z.array(postProcessingSchema.nullable()).optional(),
  result_type: z.enum(RESULT_TYPES).nullish(),
  apply_fetch_values_predicate: z.boolean().optional(),
  annotation_layers: z.array(z.record(z.string(), z.unknown())).optional(),
  url_params: z.record(z.string(), z.string()).optional(),
  applied_time_extras: z.record(z.string(), z.string()).optional(),
  time_offsets: z.array(z.string()).optional(),
});
