/**
 * The body of `POST /datasource/samples` (Superset's SamplesPayloadSchema, what "Drill to
 * detail" sends) and the raw query objects it becomes: the dataset's columns filtered by the
 * body's filters, `extras.where` and time range, one page ordered by the first column, and the
 * COUNT(*) of the same rows. Pure; the route compiles both through the query compiler.
 */
import { z } from 'zod';
import { filterOperatorSchema, filterValueSchema, type QueryObject } from '@strata/core';

/** Superset's SamplesPayloadSchema: every field optional. */
export const samplesPayloadSchema = z.object({
  granularity: z.string().max(250).nullish(),
  time_range: z.string().max(1000).nullish(),
  filters: z
    .array(
      z.object({
        col: z.string().min(1).max(250),
        op: filterOperatorSchema,
        val: z.union([filterValueSchema, z.array(filterValueSchema)]).optional(),
        grain: z.string().max(32).nullish(),
      }),
    )
    .max(100)
    .optional(),
  extras: z
    .object({
      where: z.string().max(10_000).nullish(),
      having: z.string().max(10_000).nullish(),
      time_grain_sqla: z.string().max(32).nullish(),
    })
    .optional(),
});

export type SamplesPayload = z.infer<typeof samplesPayloadSchema>;

/** A body that asks for nothing (absent, null or `{}`) keeps the plain samples. */
export function isEmptySamplesBody(body: unknown): boolean {
  return (
    body === undefined ||
    body === null ||
    (typeof body === 'object' && !Array.isArray(body) && Object.keys(body).length === 0)
  );
}

/**
 * The page of rows and the row count as raw query objects. The time range filters
 * `granularity`, else the dataset's main temporal column (when it has one).
 */
export function samplesQueries(
  payload: SamplesPayload,
  dataset: { columns: readonly string[]; main_dttm_col: string | null | undefined },
  page: number,
  perPage: number,
): { rows: QueryObject; count: QueryObject } {
  const timeRange = payload.time_range?.trim() ? payload.time_range : null;
  const granularity =
    payload.granularity ||
    (timeRange && dataset.main_dttm_col && dataset.columns.includes(dataset.main_dttm_col)
      ? dataset.main_dttm_col
      : null);
  const base: QueryObject = {
    columns: [...dataset.columns],
    metrics: null,
    groupby: null,
    is_timeseries: false,
    filters: (payload.filters ?? []).map((f) => ({
      col: f.col,
      op: f.op,
      ...(f.val !== undefined ? { val: f.val } : {}),
      ...(f.grain ? { grain: f.grain } : {}),
    })),
    // A raw query has no GROUP BY: `having` is accepted and ignored, as Superset's raw mode.
    extras: payload.extras?.where ? { where: payload.extras.where } : {},
    granularity,
    time_range: timeRange,
    post_processing: [],
  };
  const first = dataset.columns[0];
  return {
    rows: {
      ...base,
      orderby: first ? [[first, true]] : [],
      row_limit: perPage,
      row_offset: (page - 1) * perPage,
    },
    count: { ...base, orderby: [], row_limit: null, is_rowcount: true },
  };
}
