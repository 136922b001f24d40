import type { QueryFormData } from '@strata/core';
import { chartRegistry, type BuildQueryOptions, type ChartDataResult } from '@strata/charts';
import { errorMessage, isAbortError } from '../../app/api';
import { loadChartPayload } from '../../app/logger/chartEvents';
import { LOG_ACTIONS, logEvent } from '../../app/logger/eventLogger';
import { postChartData } from './chartData';

/**
 * Builds the chart's query context and posts it; the `result` of the answer. A chart's own
 * query (not samples nor another result type) is logged as `load_chart` with its timing.
 */
export async function runChartQuery(
  formData: QueryFormData,
  signal: AbortSignal,
  options: BuildQueryOptions = {},
): Promise<ChartDataResult[]> {
  const plugin = chartRegistry.get(formData.viz_type);
  if (!plugin) throw new Error('This visualization type is not supported.');
  const context = plugin.buildQuery(formData, options);
  const logged = options.resultType === undefined || options.resultType === 'full';
  const started = performance.now();
  const timing = () => ({
    startOffset: started,
    duration: performance.now() - started,
    force: options.force,
  });
  let answer;
  try {
    // Answered at once, or through an async job's events (GLOBAL_ASYNC_QUERIES).
    answer = await postChartData(context, signal);
  } catch (e) {
    if (logged && !isAbortError(e))
      logEvent(
        LOG_ACTIONS.loadChart,
        loadChartPayload(formData, timing(), { error: errorMessage(e) }),
      );
    throw e;
  }
  if (logged)
    logEvent(
      LOG_ACTIONS.loadChart,
      loadChartPayload(formData, timing(), { results: answer.result }),
    );
  // Frozen at the top, so the page's reducer (Immer) keeps the rows as they are instead of
  // walking and freezing every one of them.
  for (const r of answer.result) Object.freeze(r.data);
  return Object.freeze(answer.result) as ChartDataResult[];
}
