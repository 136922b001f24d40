/**
 * The chart data resource: `POST /api/v1/chart/data` with a query context. With
 * GLOBAL_ASYNC_QUERIES on, the server may answer 202 with a job instead of the data: the call
 * then waits for the job's event and reads its result (the async events code is loaded only
 * then), so callers get the same body, or the same kind of error, either way.
 */
import { MESSAGES } from '@strata/core';
import type { ChartDataResult } from '@strata/charts';
import { ApiError, api } from '../../app/api';

export const CHART_DATA_URL = '/api/v1/chart/data';

/** The answer of a chart data call (full results, or a query / samples result type). */
export interface ChartDataAnswer<R = ChartDataResult> {
  result: R[];
}

/** A chart data answer's body: JSON, or null when it has none. */
async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (text.trim() === '') return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Posts a query context; the answer's body (waited for through its job when it is async). */
export async function postChartData<R = ChartDataResult>(
  context: unknown,
  signal?: AbortSignal,
): Promise<ChartDataAnswer<R>> {
  const res = await api.postStream(CHART_DATA_URL, context, signal ? { signal } : {});
  const body = await readJson(res);
  if (res.status !== 202) {
    const answer = body as Partial<ChartDataAnswer<R>> | null;
    if (!answer || !Array.isArray(answer.result))
      throw new ApiError(MESSAGES.unknownError, res.status, body);
    return answer as ChartDataAnswer<R>;
  }
  // 202: a job was started (GLOBAL_ASYNC_QUERIES); its events decide the outcome.
  const asyncEvents = await import('../../app/asyncEvents');
  if (!asyncEvents.isAsyncJobMetadata(body))
    throw new ApiError(MESSAGES.unknownError, res.status, body);
  return asyncEvents.waitForAsyncJob<ChartDataAnswer<R>>(body, signal);
}
