/**
 * Whether chart data may answer with an async job (the GLOBAL_ASYNC_QUERIES feature flag) and
 * how the page then receives the job's events. Small and loaded with the app: the async events
 * code itself is loaded only when a job is started.
 */
import type { AsyncTransport, BootstrapData } from '@strata/core';
import { pageBootstrap } from '../bootstrap';

export const GLOBAL_ASYNC_QUERIES = 'GLOBAL_ASYNC_QUERIES';

function currentBootstrap(): BootstrapData | null {
  return typeof document === 'undefined' ? null : pageBootstrap(document);
}

/** True when the server runs chart queries as async jobs. */
export function asyncQueriesEnabled(bootstrap = currentBootstrap()): boolean {
  return bootstrap?.common.feature_flags[GLOBAL_ASYNC_QUERIES] === true;
}

/** The events transport the server asks for ('polling' unless it says 'ws'). */
export function asyncTransport(bootstrap = currentBootstrap()): AsyncTransport {
  return bootstrap?.common.conf?.GLOBAL_ASYNC_QUERIES_TRANSPORT === 'ws' ? 'ws' : 'polling';
}
