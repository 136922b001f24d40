import { FINISHED_QUERY_STATES } from '@strata/core';
import type { QueryDto, QueryState } from '@strata/core';
import type { SqlLabQuery } from './types';

/** True when a query changes no more (success, failed, stopped, timed out). */
export function isFinished(state: QueryState): boolean {
  return FINISHED_QUERY_STATES.includes(state);
}

/** True while a query is queued or running (what the poll waits for). */
export function isRunning(state: QueryState): boolean {
  return (
    state === 'pending' || state === 'running' || state === 'fetching' || state === 'scheduled'
  );
}

/** The client-only fields of a query the server told us about. */
export function fromServerQuery(dto: QueryDto, fields: Partial<SqlLabQuery> = {}): SqlLabQuery {
  return {
    ...dto,
    isDataPreview: false,
    tableName: null,
    runAsync: false,
    templateParams: null,
    queryLimit: dto.limit,
    errors: [],
    awaitingResponse: false,
    resultsLoading: false,
    resultsError: null,
    ...fields,
  };
}

/**
 * A known query updated with what the server says, keeping what only the client knows.
 * While the execute call has not answered, the server's finished states are not taken (the
 * answer brings them with the rows); a query stopped here stays stopped.
 */
export function mergeServerQuery(local: SqlLabQuery, server: QueryDto): SqlLabQuery {
  if (local.awaitingResponse && isFinished(server.state)) {
    return { ...local, progress: Math.max(local.progress, server.progress) };
  }
  if (local.state === 'stopped' && !isFinished(server.state)) return local;
  return {
    ...local,
    ...server,
    // The execute answer's id is the client id; never replace it.
    id: local.id,
    errorMessage: server.errorMessage ?? (server.state === 'failed' ? local.errorMessage : null),
  };
}

/**
 * The `last_updated_ms` to poll from next: the newest `changed_on` the server gave, never
 * going back.
 */
export function nextLastUpdated(current: number, queries: readonly QueryDto[]): number {
  let newest = current;
  for (const q of queries) {
    const t = Date.parse(q.changed_on);
    if (Number.isFinite(t) && t > newest) newest = t;
  }
  return newest;
}

/** The queries of a tab (by its client id or server id), newest first; data previews left out. */
export function queriesOfEditor(
  queries: Record<string, SqlLabQuery>,
  editor: { id: string; tabViewId: string | null },
): SqlLabQuery[] {
  const ids = new Set([editor.id, ...(editor.tabViewId ? [editor.tabViewId] : [])]);
  return Object.values(queries)
    .filter((q) => !q.isDataPreview && q.sqlEditorId !== null && ids.has(q.sqlEditorId))
    .sort((a, b) => (b.startDttm ?? 0) - (a.startDttm ?? 0));
}

/** The state to show for a tab: its latest query's state, or null when it never ran. */
export function editorQueryState(
  queries: Record<string, SqlLabQuery>,
  latestQueryId: string | null,
): QueryState | null {
  if (latestQueryId === null) return null;
  return queries[latestQueryId]?.state ?? null;
}

/** "1.25 s", "2 min 5 s", or '' when the query has not both started and ended. */
export function durationText(start: number | null, end: number | null, now?: number): string {
  const stop = end ?? now ?? null;
  if (start === null || stop === null || stop < start) return '';
  const ms = stop - start;
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms - minutes * 60_000) / 1000);
  return `${minutes} min ${seconds} s`;
}

/** The query ids whose rows stay in memory: each tab's latest query and the panels' previews. */
export function resultIdsToKeep(
  latestQueryIds: ReadonlyArray<string | null>,
  previewQueryIds: ReadonlyArray<string | null>,
): string[] {
  return [...latestQueryIds, ...previewQueryIds].filter((id): id is string => id !== null);
}

/**
 * The `last_updated_ms` of the next poll: where the last poll ended, but never after a running
 * query started (a second early), so a clock gap between browser and server loses no update.
 */
export function pollSince(lastUpdatedMs: number, queries: Iterable<SqlLabQuery>): number {
  let since = lastUpdatedMs;
  for (const q of queries) {
    if (isRunning(q.state) && q.startDttm !== null) since = Math.min(since, q.startDttm - 1000);
  }
  return Math.max(0, since);
}

/**
 * Whether a query's rows must be read: a finished query without rows here, a running one that
 * has stored its first page (its results key is known) and has none here, or one that
 * finished while only its first rows were here.
 */
export function needsResults(state: QueryState, heldStatus: QueryState | null): boolean {
  if (state === 'success') return heldStatus !== 'success';
  if (isRunning(state)) return heldStatus === null;
  return false;
}

/** Delays between polls of a running query: quick at first, then every QUERY_POLL_MS. */
export function pollDelay(attempt: number, steadyMs: number): number {
  const quick = [100, 150, 250, 400, 600];
  return attempt < quick.length ? Math.min(quick[attempt]!, steadyMs) : steadyMs;
}
