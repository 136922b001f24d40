/**
 * Several charts' queries in one call (`POST /api/v1/chart/data/batch`): a dashboard opening
 * thirty charts sends one request instead of thirty (browsers open six HTTP/1.1 connections per
 * host, and every `fetch` costs the page's main thread). The server answers newline-delimited
 * JSON, one line per query context as soon as it is ready, so each chart still gets its data as
 * soon as the server has it.
 */
import { MESSAGES, type QueryFormData } from '@strata/core';
import { chartRegistry, type BuildQueryOptions, type ChartDataResult } from '@strata/charts';
import { ApiError, api, extractErrorMessage } from '../../app/api';
import { asyncQueriesEnabled } from '../../app/asyncEvents/settings';
import { runChartQuery } from './runChartQuery';

export const CHART_DATA_BATCH_URL = '/api/v1/chart/data/batch';

/** One line of the batch answer: what the single call would have answered for that context. */
export interface BatchLine {
  index: number;
  status: number;
  body: unknown;
}

/** Splits text arriving in chunks into complete lines (the last, unfinished one is kept). */
export function lineSplitter(): { push(chunk: string): string[]; end(): string[] } {
  let rest = '';
  return {
    push(chunk) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      return parts.filter((l) => l.trim() !== '');
    },
    end() {
      const last = rest.trim();
      rest = '';
      return last ? [last] : [];
    },
  };
}

/** A line's JSON, or null when it is not one of the batch's lines. */
export function parseBatchLine(text: string): BatchLine | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { index, status, body } = value as Record<string, unknown>;
  if (typeof index !== 'number' || !Number.isInteger(index) || typeof status !== 'number')
    return null;
  return { index, status, body };
}

/** The chart's result from its line, as `runChartQuery` gives it, or the error it would throw. */
export function batchLineOutcome(line: BatchLine): ChartDataResult[] | ApiError {
  const body = line.body as { result?: unknown } | null;
  if (line.status >= 200 && line.status < 300 && Array.isArray(body?.result)) {
    const result = body.result as ChartDataResult[];
    // Frozen as runChartQuery freezes them (the page's reducer keeps the rows as they are).
    for (const r of result) Object.freeze(r.data);
    return Object.freeze(result) as ChartDataResult[];
  }
  const status = line.status >= 200 && line.status < 300 ? 500 : line.status;
  return new ApiError(extractErrorMessage(line.body, status, ''), status, line.body);
}

interface Pending {
  resolve(result: ChartDataResult[]): void;
  reject(error: unknown): void;
  settled: boolean;
}

/**
 * Runs the charts' queries in one call; one promise per item, in order. A chart whose query
 * cannot be built fails alone; a failed call fails the charts still waiting. With
 * GLOBAL_ASYNC_QUERIES on, each chart is one call of its own instead (the batch call stays
 * synchronous; a single call starts a job that a worker runs).
 */
export function runChartQueries(
  items: ReadonlyArray<{ formData: QueryFormData; options?: BuildQueryOptions }>,
  signal: AbortSignal,
): Array<Promise<ChartDataResult[]>> {
  if (asyncQueriesEnabled())
    return items.map(({ formData, options }) => runChartQuery(formData, signal, options ?? {}));
  const pending: Pending[] = [];
  const promises = items.map(
    () =>
      new Promise<ChartDataResult[]>((resolve, reject) => {
        pending.push({ resolve, reject, settled: false });
      }),
  );
  const settle = (i: number, outcome: ChartDataResult[] | unknown, ok: boolean) => {
    const p = pending[i];
    if (!p || p.settled) return;
    p.settled = true;
    if (ok) p.resolve(outcome as ChartDataResult[]);
    else p.reject(outcome);
  };
  // Which item each context of the call answers.
  const sent: number[] = [];
  const contexts: unknown[] = [];
  items.forEach(({ formData, options }, i) => {
    try {
      const plugin = chartRegistry.get(formData.viz_type);
      if (!plugin) throw new Error('This visualization type is not supported.');
      contexts.push(plugin.buildQuery(formData, options ?? {}));
      sent.push(i);
    } catch (e) {
      settle(i, e, false);
    }
  });
  if (contexts.length === 0) return promises;

  const take = (text: string) => {
    const line = parseBatchLine(text);
    const item = line ? sent[line.index] : undefined;
    if (!line || item === undefined) return;
    const outcome = batchLineOutcome(line);
    settle(item, outcome, !(outcome instanceof ApiError));
  };
  void (async () => {
    try {
      const res = await api.postStream(CHART_DATA_BATCH_URL, { contexts }, { signal });
      const split = lineSplitter();
      const reader = res.body?.getReader();
      if (!reader) {
        for (const l of [...split.push(await res.text()), ...split.end()]) take(l);
      } else {
        const decoder = new TextDecoder();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          for (const l of split.push(decoder.decode(value, { stream: true }))) take(l);
        }
        for (const l of [...split.push(decoder.decode()), ...split.end()]) take(l);
      }
      // Every context has a line; one missing means the answer was cut short.
      for (const i of sent) settle(i, new ApiError(MESSAGES.networkError, 0), false);
    } catch (e) {
      for (const i of sent) settle(i, e, false);
    }
  })();
  return promises;
}
