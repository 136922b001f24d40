/** Types of the query object and its adhoc parts, inferred from the schemas (one source). */
import type { z } from 'zod';
import type {
  adhocColumnSchema,
  adhocFilterSchema,
  adhocMetricSchema,
  adhocMetricSimpleSchema,
  adhocMetricSqlSchema,
  columnSchema,
  filterValueSchema,
  metricSchema,
  orderByItemSchema,
  queryExtrasSchema,
  queryFilterSchema,
  queryObjectSchema,
  RESULT_TYPES,
} from './schemas.js';

export type FilterValue = z.infer<typeof filterValueSchema>;
export type AdhocColumn = z.infer<typeof adhocColumnSchema>;
export type AdhocMetricSimple = z.infer<typeof adhocMetricSimpleSchema>;
export type AdhocMetricSQL = z.infer<typeof adhocMetricSqlSchema>;
export type AdhocMetric = z.infer<typeof adhocMetricSchema>;
export type QueryMetric = z.infer<typeof metricSchema>;
export type QueryColumn = z.infer<typeof columnSchema>;
export type QueryFilterClause = z.infer<typeof queryFilterSchema>;
export type AdhocFilter = z.infer<typeof adhocFilterSchema>;
export type QueryExtras = z.infer<typeof queryExtrasSchema>;
export type OrderByItem = z.infer<typeof orderByItemSchema>;
export type QueryResultType = (typeof RESULT_TYPES)[number];
export type QueryObject = z.infer<typeof queryObjectSchema>;
