/**
 * "Explore" on a query's results without saving a dataset (Superset's current behaviour): the
 * query itself becomes Explore's datasource (`{id}__query`, the query's server id), in a table
 * chart of its columns (Superset's EXPLORE_CHART_DEFAULT), kept under a form data key.
 */
import { NO_TIME_RANGE, type QueryFormData, type ResultColumn } from '@strata/core';

/** Superset's defaults of a chart explored from SQL Lab. */
export const EXPLORE_CHART_DEFAULT = {
  metrics: [],
  groupby: [],
  time_range: NO_TIME_RANGE,
  row_limit: 1000,
  viz_type: 'table',
} as const;

/** The form data Explore opens with: a raw table of the query's columns. */
export function exploreQueryFormData(
  queryId: number,
  columns: readonly ResultColumn[],
): QueryFormData {
  return {
    ...EXPLORE_CHART_DEFAULT,
    metrics: [],
    groupby: [],
    datasource: `${queryId}__query`,
    query_mode: 'raw',
    all_columns: columns.map((c) => c.column_name),
  };
}

/** Body of `POST /api/v1/explore/form_data` for that form data. */
export function exploreQueryBody(
  queryId: number,
  columns: readonly ResultColumn[],
): { datasource_id: number; datasource_type: 'query'; form_data: string } {
  return {
    datasource_id: queryId,
    datasource_type: 'query',
    form_data: JSON.stringify(exploreQueryFormData(queryId, columns)),
  };
}

/** Explore's address for a form data key. */
export function exploreKeyUrl(key: string): string {
  return `/explore/?${new URLSearchParams({ form_data_key: key }).toString()}`;
}
