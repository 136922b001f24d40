/**
 * The chart data resource: `POST /api/v1/chart/data` with a query context. With
 * GLOBAL_ASYNC_QUERIES on, the server may answer 202 with a job instead of the data: the call
 * then waits for the job's event and reads its result, so callers get the same body, or the
 * same kind of error, either way. The async events code is loaded only with the flag on.
 */
import { MESSAGES } from '@strata/core';
import type { ChartDataResult } from '@strata/charts';
import { ApiError, api } from '../../app/api';
import type * as AsyncEvents from '../../app/asyncEvents';
import { asyncQueriesEnabled } from '../../app/asyncEvents/settings';

export const CHART_DATA_URL = '/api/v1/chart/data';

/** The answer of a chart data call (full results, or a query / samples result type). */
export interface ChartDataAnswer<R = ChartDataResult> {
  result: R[];
}

let asyncEventsCode: Promise<typeof AsyncEvents> | null = null;

/** The async events code (loaded once), listening from the moment it is loaded. */
function loadAsyncEvents(): Promise<typeof AsyncEvents> {
  if (!asyncEventsCode) {
    const loading = import('../../app/asyncEvents').then((m) => {
      m.startAsyncEvents();
      return m;
    });
    loading.catch(() => {
      if (asyncEventsCode === loading) asyncEventsCode = null;
    });
    asyncEventsCode = loading;
  }
  return asyncEventsCode;
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
  // With async queries on, the events code loads (and a WebSocket opens) while the call is out.
  const events = asyncQueriesEnabled() ? loadAsyncEvents() : null;
  const res = await api.postStream(CHART_DATA_URL, context, signal ? { signal } : {});
  const body = await readJson(res);
  // 204 No Content (a query context without queries): a success without data, as Superset's
  // client reads it.
  if (res.status === 204) return { result: [] };
  if (res.status !== 202) {
    const answer = body as Partial<ChartDataAnswer<R>> | null;
    if (!answer || !Array.isArray(answer.result))
      throw new ApiError(MESSAGES.unknownError, res.status, body);
    return answer as ChartDataAnswer<R>;
  }
  // 202: a job was started (GLOBAL_ASYNC_QUERIES); its events decide the outcome.
  const asyncEvents = await (events ?? loadAsyncEvents());
  if (!asyncEvents.isAsyncJobMetadata(body))
    throw new ApiError(MESSAGES.unknownError, res.status, body);
  return asyncEvents.waitForAsyncJob<ChartDataAnswer<R>>(body, signal);
}
