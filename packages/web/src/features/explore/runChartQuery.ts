import type { QueryFormData } from '@strata/core';
import { chartRegistry, type BuildQueryOptions, type ChartDataResult } from '@strata/charts';
import { postChartData } from './chartData';

/** Builds the chart's query context and posts it; the `result` of the answer. */
export async function runChartQuery(
  formData: QueryFormData,
  signal: AbortSignal,
  options: BuildQueryOptions = {},
): Promise<ChartDataResult[]> {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) throw new Error('This visualization type is not supported.');
  const context = plugin.buildQuery(formData, options);
  // Answered at once, or through an async job's events (GLOBAL_ASYNC_QUERIES).
  const answer = await postChartData(context, signal);
  // Frozen at the top, so the page's reducer (Immer) keeps the rows as they are instead of
  // walking and freezing every one of them.
  for (const r of answer.result) Object.freeze(r.data);
  return Object.freeze(answer.result) as ChartDataResult[];
}
