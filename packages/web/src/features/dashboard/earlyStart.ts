/**
 * A dashboard address opened directly starts its work before the app has drawn anything: the
 * dashboard's calls leave as the page's script starts (main.tsx), and its charts' queries as soon
 * as the dashboard is known, while React draws the shell and loads the page's code. The page
 * takes these over when it mounts (once, for the same address); anything else drops them.
 */
import type { ChartDataResult } from '@strata/charts';
import { settledWithin } from '../../app/settledWithin';
import { openDashboard, visibleChartQueries, type OpenedDashboard } from './openDashboard';
import { readDashboardParams } from './params';

export interface EarlyChartQuery {
  /** The form data the query was made with (JSON), to check it is still the one wanted. */
  formDataJson: string;
  result: Promise<ChartDataResult[]>;
}

export interface EarlyDashboard {
  opened: Promise<OpenedDashboard>;
  /** Settles once the charts' early queries have left (or could not). */
  queriesStarted: Promise<Map<number, EarlyChartQuery>>;
}

let early: { address: string; value: EarlyDashboard; at: number } | null = null;

/** How long an early start waits to be taken over. */
const EARLY_TTL_MS = 15_000;

export function startEarlyDashboard(pathname: string, search: string): void {
  const params = readDashboardParams(pathname, search);
  if (!params.idOrSlug || params.idOrSlug === 'new') return;
  const opened = openDashboard(params, new AbortController().signal);
  // The chart types' query builders are in the charts' code (the page needs it too): it loads
  // while the dashboard's calls are out.
  const queryCode = import('../explore/runChartQueries');
  queryCode.catch(() => undefined);
  const queriesStarted = opened.then(async ({ loaded }) => {
    const { runChartQueries } = await queryCode;
    const visible = visibleChartQueries(loaded, params.preselectFilters);
    // One call for all of them (answered chart by chart as each is ready).
    const results = runChartQueries(
      visible.map(({ formData }) => ({ formData, options: { force: false } })),
      new AbortController().signal,
    );
    const queries = new Map<number, EarlyChartQuery>();
    visible.forEach(({ id, formData }, i) => {
      const result = results[i]!;
      result.catch(() => undefined);
      queries.set(id, { formDataJson: JSON.stringify(formData), result });
    });
    return queries;
  });
  // Failures reach the page when it takes these over; unclaimed ones are dropped quietly.
  opened.catch(() => undefined);
  queriesStarted.catch(() => undefined);
  early = { address: pathname + search, value: { opened, queriesStarted }, at: Date.now() };
}

/** The early start for this address, once; null when there is none (or it is stale). */
export function takeEarlyDashboard(pathname: string, search: string): EarlyDashboard | null {
  const e = early;
  early = null;
  if (!e || e.address !== pathname + search || Date.now() - e.at > EARLY_TTL_MS) return null;
  return e.value;
}

/** Settles when the early chart queries have all answered (or failed), or after `maxWaitMs`. */
export async function earlyChartsSettled(maxWaitMs: number): Promise<void> {
  const e = early;
  if (!e) return;
  const all = e.value.queriesStarted.then((queries) =>
    Promise.allSettled([...queries.values()].map((q) => q.result)),
  );
  await settledWithin(all, maxWaitMs);
}
