/**
 * The options each post-processing operation takes, as zod schemas: Superset's option names and
 * types. Objects are strict, so a misspelt option is named in the error rather than ignored.
 */
import { z } from 'zod';
import { WHISKER_TYPES } from './boxplot.js';

const names = z.array(z.string());
const columnsMap = z.record(z.string(), z.string());
const int = z.number().int();

const aggregateSpec = z
  .object({
    column: z.string().optional(),
    operator: z.string().optional(),
    options: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();
const aggregates = z.record(z.string(), aggregateSpec);

export const aggregateOptions = z
  .object({ groupby: names.nullish().transform((v) => v ?? []), aggregates: aggregates.optional() })
  .strict();

export const pivotOptions = z
  .object({
    index: names,
    columns: names.nullish().transform((v) => v ?? []),
    aggregates,
    metric_fill_value: z.union([z.number(), z.string()]).nullish(),
    column_fill_value: z.string().nullish(),
    drop_missing_columns: z
      .boolean()
      .nullish()
      .transform((v) => v ?? true),
    combine_value_with_metric: z.boolean().optional(),
    marginal_distributions: z.boolean().nullish(),
    marginal_distribution_name: z.string().nullish(),
  })
  .strict();

export const rollingOptions = z
  .object({
    rolling_type: z.string(),
    columns: columnsMap.optional(),
    window: int.nullish(),
    min_periods: int.min(0).nullish(),
    center: z.boolean().optional(),
    win_type: z.string().nullish(),
    rolling_type_options: z.record(z.string(), z.unknown()).optional(),
  })
  .strict();

export const cumOptions = z
  .object({ operator: z.string(), columns: columnsMap.optional() })
  .strict();

export const resampleOptions = z
  .object({
    rule: z.string(),
    method: z.string(),
    fill_value: z.number().nullish(),
    time_column: z.string().optional(),
  })
  .strict();

export const contributionOptions = z
  .object({
    orientation: z.enum(['row', 'column']).nullish(),
    columns: names.nullish(),
    time_shifts: names.nullish(),
    rename_columns: names.nullish(),
  })
  .strict();

export const compareOptions = z
  .object({
    source_columns: names,
    compare_columns: names,
    compare_type: z.string(),
    drop_original_columns: z
      .boolean()
      .nullish()
      .transform((v) => v ?? false),
    precision: int.min(0).max(15).optional(),
  })
  .strict();

export const diffOptions = z
  .object({
    columns: columnsMap,
    periods: int.optional(),
    axis: z.union([z.literal(0), z.literal(1), z.enum(['index', 'rows', 'columns'])]).optional(),
  })
  .strict();

export const sortOptions = z
  .object({
    is_sort_index: z.boolean().optional(),
    by: z.union([z.string(), names]).nullish(),
    ascending: z.union([z.boolean(), z.array(z.boolean())]).optional(),
    columns: z.record(z.string(), z.boolean()).optional(),
  })
  .strict();

export const renameOptions = z
  .object({
    columns: z.record(z.string(), z.string().nullable()),
    inplace: z.boolean().optional(),
    level: int.nullish(),
  })
  .strict();

export const flattenOptions = z
  .object({ reset_index: z.boolean().optional(), drop_levels: z.array(int).optional() })
  .strict();

const renameMap = z.record(z.string(), z.string());
export const selectOptions = z
  .object({
    columns: names.nullish(),
    exclude: names.nullish(),
    rename: z.union([renameMap, z.array(renameMap)]).nullish(),
  })
  .strict();

export const boxplotOptions = z
  .object({
    groupby: names.nullish(),
    metrics: names,
    whisker_type: z.enum(WHISKER_TYPES),
    percentiles: z.array(z.number()).nullish(),
  })
  .strict();

export const histogramOptions = z
  .object({
    column: z.string(),
    groupby: names.nullish(),
    // Checked by histogram() with Superset's message.
    bins: z.number().optional(),
    cumulative: z.boolean().optional(),
    normalize: z.boolean().optional(),
  })
  .strict();

export const rankOptions = z
  .object({ metric: z.string(), group_by: z.string().nullish() })
  .strict();

const geoColumns = { longitude: z.string(), latitude: z.string() };
export const geohashOptions = z.object({ geohash: z.string(), ...geoColumns }).strict();
export const geodeticParseOptions = z
  .object({ geodetic: z.string(), altitude: z.string().nullish(), ...geoColumns })
  .strict();

/** One step of a query object's `post_processing` list. */
export const postProcessingStep = z.object({
  operation: z.string().optional(),
  options: z.record(z.string(), z.unknown()).nullish(),
});
