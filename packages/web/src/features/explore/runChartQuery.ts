import type { QueryFormData } from '@strata/core';
import { chartRegistry, type BuildQueryOptions, type ChartDataResult } from '@strata/charts';
import { api } from '../../app/api';

/** Builds the chart's query context and posts it; the `result` of the answer. */
export async function runChartQuery(
  formData: QueryFormData,
  signal: AbortSignal,
  options: BuildQueryOptions = {},
): Promise<ChartDataResult[]> {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) throw new Error('This visualization type is not supported.');
  const context = plugin.buildQuery(formData, options);
  const answer = await api.post<{ result: ChartDataResult[] }>('/api/v1/chart/data', context, {
    signal,
  });
  // Frozen at the top, so the page's reducer (Immer) keeps the rows as they are instead of
  // walking and freezing every one of them.
  for (const r of answer.result) Object.freeze(r.data);
  return Object.freeze(answer.result) as ChartDataResult[];
}
