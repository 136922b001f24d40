import { getColumnLabel, type QueryColumn, type QueryFormData } from '@strata/core';
import type { BuildQueryOptions, QueryContext } from '../../plugin.js';
import { buildQueryContext } from '../../query/build-query-context.js';

/** The histogram's column and dimensions of the form data. */
export function histogramFields(formData: QueryFormData): {
  column: QueryColumn | null;
  groupby: QueryColumn[];
} {
  const column = (formData.column as QueryColumn | null | undefined) ?? null;
  return { column, groupby: formData.groupby ?? [] };
}

/** The number of bins: the form's value as a number, 5 when it is not one. */
export function binsOf(formData: QueryFormData): number {
  const n = Number(formData.bins ?? 5);
  return Number.isNaN(n) ? 5 : n;
}

/**
 * One raw query (no metrics) of the dimensions and the column, binned on the server by the
 * `histogram` post-processing operation: one row per group, one column per bin.
 */
export function buildQuery(formData: QueryFormData, options?: BuildQueryOptions): QueryContext {
  const { column, groupby } = histogramFields(formData);
  return buildQueryContext(
    formData,
    (base) => {
      // No metrics at all (not an empty list): the server then reads rows without GROUP BY.
      const { metrics: _metrics, ...rest } = base;
      return [
        {
          ...rest,
          columns: [...groupby, ...(column !== null ? [column] : [])],
          post_processing: [
            {
              operation: 'histogram',
              options: {
                column: column !== null ? getColumnLabel(column) : '',
                groupby: groupby.map(getColumnLabel),
                bins: binsOf(formData),
                cumulative: formData.cumulative === true,
                normalize: formData.normalize === true,
              },
            },
          ],
        },
      ];
    },
    options,
  );
}
