import { MESSAGES, formatMessage } from '@strata/core';
import type { ExecuteRequest, QueryDto, QueryResultsPayload } from '@strata/core';
import { errorMessage, isAbortError } from '../../../app/api/errors';
import {
  answerErrors,
  executeBody,
  parseExecuteAnswer,
  payloadQuery,
  sqlToRun,
  startedQuery,
} from '../execute';
import type { CtasRequest } from '../execute';
import { isRunning, needsResults, pollSince } from '../queries';
import { TAB_ACTIONS } from '../tabState';
import { SQLLAB_API, executeUrl, resultsUrl, tabQueryUrl, updatedSinceUrl } from '../urls';
import { editorUpdated } from './editorsSlice';
import { errorBody, isNotFound, tabStateError } from './helpers';
import {
  queriesPolled,
  queryAnswered,
  queryFailed,
  queryRemoved,
  queryStarted,
  queryStopped,
  resultsFailed,
  resultsLoaded,
  resultsLoading,
} from './queriesSlice';
import type { SqlLabThunk } from './reducer';
import { resultsDropped, resultsStored } from './resultsSlice';
import { selectEditorKeys, selectResultIdsToKeep } from './selectors';
import { putTabState } from './tabThunks';
import { southTabShown } from './uiSlice';

/** Stores a tab's latest query on the server once it succeeded. */
function storeLatestQuery(editorId: string, queryId: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const s = getState();
    if (!s.ui.persistence || s.editors.byId[editorId]?.latestQueryId !== queryId) return;
    await dispatch(putTabState(editorId, { latest_query_id: queryId }));
  };
}

/** Keeps the rows of a finished query (dropping rows no longer shown). */
function keepResults(queryId: string, payload: QueryResultsPayload): SqlLabThunk<void> {
  return (dispatch, getState) => {
    dispatch(resultsStored({ queryId, payload, keep: selectResultIdsToKeep(getState()) }));
  };
}

/** The tab whose latest query this is, if any. */
function ownerOf(queryId: string): SqlLabThunk<string | null> {
  return (_d, getState) =>
    Object.values(getState().editors.byId).find((e) => e.latestQueryId === queryId)?.id ?? null;
}

/**
 * Sends an execute call for a query already recorded as started: a finished answer (200)
 * brings the rows, a queued one (202) leaves the query to the poll, a failure marks it failed.
 */
export function sendExecute(body: ExecuteRequest): SqlLabThunk {
  return async (dispatch, getState, { api, pageSearch }) => {
    const id = body.client_id;
    let answer: unknown;
    try {
      answer = await api.post(executeUrl(pageSearch()), body);
    } catch (e) {
      if (isAbortError(e)) return;
      dispatch(queryFailed({ id, message: errorMessage(e), errors: answerErrors(errorBody(e)) }));
      return;
    }
    const parsed = parseExecuteAnswer(answer);
    if (parsed.kind === 'results') {
      const query = payloadQuery(parsed.payload);
      dispatch(queryAnswered({ id, query: { ...query, id } }));
      if (query.state === 'failed' || parsed.payload.status === 'failed') {
        dispatch(
          queryFailed({
            id,
            message: query.errorMessage ?? MESSAGES.unknownError,
            errors: answerErrors(answer),
          }),
        );
        return;
      }
      dispatch(keepResults(id, parsed.payload));
      const owner = dispatch(ownerOf(id));
      if (owner && !getState().queries.byId[id]?.isDataPreview) {
        await dispatch(storeLatestQuery(owner, id));
      }
    } else if (parsed.kind === 'queued') {
      dispatch(queryAnswered({ id, query: { ...parsed.query, id } }));
    } else {
      dispatch(queryFailed({ id, message: MESSAGES.unknownError }));
    }
  };
}

/** Runs a tab's SQL (or its selection) on its database. */
export function runQuery(
  editorId: string,
  options: { selection?: boolean; sql?: string; ctas?: CtasRequest } = {},
): SqlLabThunk {
  return async (dispatch, getState, { newId, now }) => {
    const s = getState();
    const editor = s.editors.byId[editorId];
    const db = editor?.dbId != null ? s.databases.byId[editor.dbId] : undefined;
    if (!editor || !db) return;
    const sql = options.sql ?? sqlToRun(editor, options.selection ?? false);
    if (sql.trim() === '') return;
    const body = executeBody({
      clientId: newId(),
      editor,
      database: db,
      sql,
      defaultLimit: s.databases.conf.DEFAULT_SQLLAB_LIMIT,
      now: now(),
      ctas: options.ctas ?? null,
    });
    dispatch(queryStarted(startedQuery(body, { dbName: db.database_name, now: now() })));
    dispatch(editorUpdated({ id: editorId, changes: { latestQueryId: body.client_id } }));
    dispatch(southTabShown({ editorId, tab: 'results' }));
    await dispatch(sendExecute(body));
  };
}

/** Runs a tab's latest query's SQL again (the whole text when it never ran). */
export function rerunLatest(editorId: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const editor = getState().editors.byId[editorId];
    const latest = editor?.latestQueryId
      ? getState().queries.byId[editor.latestQueryId]
      : undefined;
    await dispatch(runQuery(editorId, latest ? { sql: latest.sql } : {}));
  };
}

/** Rows read first while a long query still streams. */
const FIRST_ROWS_WHILE_RUNNING = 1000;

/** Reads a query's rows by its results key (the first rows while it still runs). */
export function fetchResults(queryId: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const s = getState();
    const q = s.queries.byId[queryId];
    if (!q?.resultsKey) return;
    dispatch(resultsLoading(queryId));
    try {
      // A running query's first rows: a small first read, the grid asks for more as it scrolls.
      const rows = isRunning(q.state)
        ? Math.min(FIRST_ROWS_WHILE_RUNNING, s.databases.conf.DISPLAY_MAX_ROW)
        : s.databases.conf.DISPLAY_MAX_ROW;
      const payload = await api.get<QueryResultsPayload>(resultsUrl(q.resultsKey, rows));
      dispatch(keepResults(queryId, payload));
      dispatch(
        resultsLoaded({
          id: queryId,
          query: payload.query ? { ...payloadQuery(payload), id: queryId } : undefined,
        }),
      );
    } catch (e) {
      dispatch(resultsFailed({ id: queryId, error: errorMessage(e) }));
      toasts.addDangerToast(MESSAGES.resultsFetchError);
    }
  };
}

/**
 * Reads a query's rows when they are to be shown and are not here yet: a finished query's, or
 * the first rows of a running one (the server stores its results key with the first page),
 * read again once it has finished.
 */
export function ensureResults(queryId: string | null): SqlLabThunk<void> {
  return (dispatch, getState) => {
    if (queryId === null) return;
    const s = getState();
    const q = s.queries.byId[queryId];
    if (!q || !q.resultsKey || q.awaitingResponse || q.resultsLoading || q.resultsError !== null)
      return;
    const held = s.results.byQueryId[queryId];
    if (needsResults(q.state, held?.status ?? null)) void dispatch(fetchResults(queryId));
  };
}

/** More rows of a stored result, for the grid's scrolling. */
export function loadRows(
  queryId: string,
  offset: number,
  limit: number,
): SqlLabThunk<Promise<Array<Record<string, unknown>>>> {
  return async (_dispatch, getState, { api }) => {
    const key = getState().queries.byId[queryId]?.resultsKey;
    if (!key) return [];
    const payload = await api.get<QueryResultsPayload>(resultsUrl(key, limit, offset));
    return payload.data ?? [];
  };
}

/** One poll of `updated_since` while queries run; the tabs' latest successes are stored. */
export function pollQueries(): SqlLabThunk {
  return async (dispatch, getState, { api }) => {
    const before = getState().queries;
    const running = Object.values(before.byId).filter((q) => isRunning(q.state));
    if (running.length === 0) return;
    let result: QueryDto[];
    try {
      const answer = await api.get<{ result?: QueryDto[] }>(
        updatedSinceUrl(pollSince(before.lastUpdatedMs, running)),
      );
      result = answer.result ?? [];
    } catch {
      // A missed poll is retried by the next one.
      return;
    }
    dispatch(queriesPolled({ queries: result, editorIds: selectEditorKeys(getState()) }));
    const after = getState();
    for (const dto of result) {
      const was = before.byId[dto.id];
      const now = after.queries.byId[dto.id];
      if (!now || now.state !== 'success' || was?.state === 'success' || now.isDataPreview)
        continue;
      const owner = dispatch(ownerOf(dto.id));
      if (owner) await dispatch(storeLatestQuery(owner, dto.id));
    }
  };
}

/** Stops a running query. */
export function stopQuery(queryId: string): SqlLabThunk {
  return async (dispatch, _getState, { api, toasts }) => {
    try {
      await api.post(SQLLAB_API.stop, { client_id: queryId });
      dispatch(queryStopped(queryId));
      toasts.addSuccessToast(MESSAGES.queryStopped);
    } catch {
      toasts.addDangerToast(formatMessage(MESSAGES.queryStopError, queryId));
    }
  };
}

/** Removes a query from a tab's history (and from the server's tab). */
export function removeQuery(editorId: string, queryId: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const s = getState();
    const editor = s.editors.byId[editorId];
    if (!editor) return;
    if (s.ui.persistence && editor.tabViewId) {
      try {
        await api.delete(tabQueryUrl(editor.tabViewId, queryId));
      } catch (e) {
        if (!isNotFound(e)) {
          tabStateError(toasts, TAB_ACTIONS.removeQuery);
          return;
        }
      }
    }
    if (editor.latestQueryId === queryId) {
      dispatch(editorUpdated({ id: editorId, changes: { latestQueryId: null } }));
    }
    dispatch(queryRemoved(queryId));
    dispatch(resultsDropped([queryId]));
  };
}

/** A past query's rows for a one-off look (not kept in the store). */
export function readResults(queryId: string): SqlLabThunk<Promise<QueryResultsPayload | null>> {
  return async (_dispatch, getState, { api }) => {
    const s = getState();
    const stored = s.results.byQueryId[queryId];
    if (stored) return stored;
    const key = s.queries.byId[queryId]?.resultsKey;
    if (!key) return null;
    return api.get<QueryResultsPayload>(resultsUrl(key, s.databases.conf.DISPLAY_MAX_ROW));
  };
}
