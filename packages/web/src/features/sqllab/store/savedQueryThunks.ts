import { MESSAGES, scheduleQueryBody } from '@strata/core';
import type { ScheduleValues } from '@strata/core';
import { readDatasetAnswer, readQueryAnswer, readSharedState } from '../openRequest';
import type { OpenRequest, SharedQueryState } from '../openRequest';
import { answerId, editorFieldsFromSavedQuery, savedQueryBody } from '../tabState';
import type { SavedQueryAnswer } from '../tabState';
import type { QueryEditor } from '../types';
import { SQLLAB_API, datasetUrl, permalinkUrl, queryUrl, savedQueryUrl } from '../urls';
import { runQuery } from './queryThunks';
import type { SqlLabThunk } from './reducer';
import { activateEditor, addEditor, updateEditor } from './tabThunks';

export interface SaveInput {
  label: string;
  description?: string;
}

/** Saves a tab as a new saved query; the tab then edits it and takes its name. */
export function saveQuery(editorId: string, input: SaveInput): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[editorId];
    if (!editor) return;
    let id: number | null;
    try {
      id = answerId(await api.post(SQLLAB_API.savedQuery, savedQueryBody(editor, input)));
    } catch (e) {
      toasts.addDangerToast(MESSAGES.querySaveError);
      throw e;
    }
    if (id === null) {
      toasts.addDangerToast(MESSAGES.queryNotProperlySaved);
      return;
    }
    dispatch(updateEditor(editorId, { remoteId: id, name: input.label }));
    toasts.addSuccessToast(MESSAGES.querySaved);
  };
}

/** Updates the saved query a tab edits. */
export function updateSavedQuery(editorId: string, input: SaveInput): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[editorId];
    if (!editor || editor.remoteId === null) return;
    try {
      await api.put(savedQueryUrl(editor.remoteId), savedQueryBody(editor, input));
    } catch (e) {
      toasts.addDangerToast(MESSAGES.queryUpdateError);
      throw e;
    }
    if (input.label !== editor.name) dispatch(updateEditor(editorId, { name: input.label }));
    toasts.addSuccessToast(MESSAGES.queryUpdated);
  };
}

/** The saved query's description, for the save dialog ('' when unknown). */
export function savedQueryDescription(remoteId: number): SqlLabThunk<Promise<string>> {
  return async (_d, _g, { api }) => {
    try {
      const answer = await api.get<{ result?: SavedQueryAnswer }>(savedQueryUrl(remoteId));
      return answer.result?.description ?? '';
    } catch {
      return '';
    }
  };
}

/**
 * Saves the tab's query with a schedule (`POST /savedqueryviewapi/api/create`); the spec's
 * toasts either way. Rejects on failure so the dialog stays open.
 */
export function scheduleQuery(
  editorId: string,
  input: { label: string; description: string; values: ScheduleValues },
): SqlLabThunk<Promise<void>> {
  return async (_dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[editorId];
    if (!editor || editor.dbId === null) throw new Error(MESSAGES.queryScheduleError);
    const body = scheduleQueryBody({
      label: input.label,
      description: input.description,
      dbId: editor.dbId,
      schema: editor.schema,
      catalog: editor.catalog,
      sql: editor.sql,
      templateParams: editor.templateParams,
      values: input.values,
    });
    try {
      await api.post(SQLLAB_API.scheduleQuery, body);
    } catch (e) {
      toasts.addDangerToast(MESSAGES.queryScheduleError);
      throw e;
    }
    toasts.addSuccessToast(MESSAGES.queryScheduled);
  };
}

/** Makes a permalink of a tab (`POST /api/v1/sqllab/permalink`); resolves to its address. */
export function shareQuery(editorId: string): SqlLabThunk<Promise<string>> {
  return async (_dispatch, getState, { api }) => {
    const editor = getState().editors.byId[editorId];
    if (!editor) throw new Error(MESSAGES.unknownError);
    const answer = await api.post<{ key?: string; url?: string }>(SQLLAB_API.permalink, {
      dbId: editor.dbId,
      name: editor.name,
      catalog: editor.catalog,
      schema: editor.schema,
      autorun: false,
      sql: editor.sql,
      templateParams: editor.templateParams,
    });
    if (answer.url) return new URL(answer.url, window.location.origin).toString();
    if (answer.key) return `${window.location.origin}/sqllab/p/${answer.key}`;
    throw new Error(MESSAGES.unknownError);
  };
}

function editorFieldsFromShared(state: SharedQueryState): Partial<QueryEditor> {
  const fields: Partial<QueryEditor> = {};
  if (state.dbId !== undefined && state.dbId !== null) fields.dbId = state.dbId;
  if (state.name) fields.name = state.name;
  if (state.catalog !== undefined) fields.catalog = state.catalog ?? null;
  if (state.schema !== undefined) fields.schema = state.schema ?? null;
  if (state.sql !== undefined && state.sql !== null) fields.sql = state.sql;
  if (state.templateParams) fields.templateParams = state.templateParams;
  return fields;
}

/** Opens a new tab with the fields, and runs it when asked. */
function openInNewTab(fields: Partial<QueryEditor>, autorun: boolean): SqlLabThunk {
  return async (dispatch) => {
    const id = await dispatch(addEditor(fields));
    if (autorun) await dispatch(runQuery(id));
  };
}

/** "Query in a new tab" of a created table or view: SELECT * from it, run in a new tab. */
export function queryTableInNewTab(
  dbId: number,
  schema: string | null,
  table: string,
): SqlLabThunk {
  return openInNewTab(
    { dbId, schema, name: table, sql: `SELECT * FROM ${schema ? `${schema}.` : ''}${table}` },
    true,
  );
}

/** Opens what the address asks for: a saved query, a permalink, a past query, or new SQL. */
export function openRequest(request: OpenRequest): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    switch (request.kind) {
      case 'savedQuery': {
        const open = Object.values(getState().editors.byId).find((e) => e.remoteId === request.id);
        if (open) {
          await dispatch(activateEditor(open.id));
          return;
        }
        try {
          const answer = await api.get<{ result?: SavedQueryAnswer }>(savedQueryUrl(request.id));
          if (!answer.result) throw new Error(MESSAGES.queryLoadError);
          await dispatch(
            openInNewTab(editorFieldsFromSavedQuery(request.id, answer.result), false),
          );
        } catch {
          toasts.addDangerToast(MESSAGES.queryLoadError);
        }
        return;
      }
      case 'permalink':
      case 'kv': {
        try {
          const url =
            request.kind === 'permalink'
              ? permalinkUrl(request.key)
              : `/kv/${encodeURIComponent(request.id)}/`;
          const state = readSharedState(await api.get<unknown>(url));
          if (!state) throw new Error(MESSAGES.queryLoadError);
          await dispatch(openInNewTab(editorFieldsFromShared(state), state.autorun === true));
        } catch {
          toasts.addDangerToast(MESSAGES.queryLoadError);
        }
        return;
      }
      case 'datasource': {
        try {
          if (request.datasetId === null) throw new Error(MESSAGES.datasourceLoadError);
          const state = readDatasetAnswer(await api.get<unknown>(datasetUrl(request.datasetId)));
          if (!state) throw new Error(MESSAGES.datasourceLoadError);
          if (request.sql) state.sql = request.sql;
          await dispatch(openInNewTab(editorFieldsFromShared(state), false));
        } catch {
          toasts.addDangerToast(MESSAGES.datasourceLoadError);
        }
        return;
      }
      case 'query': {
        try {
          const state = readQueryAnswer(await api.get<unknown>(queryUrl(request.id)));
          if (!state) throw new Error(MESSAGES.queryLoadError);
          await dispatch(openInNewTab(editorFieldsFromShared(state), false));
        } catch {
          toasts.addDangerToast(MESSAGES.queryLoadError);
        }
        return;
      }
      case 'new': {
        const fields: Partial<QueryEditor> = {};
        if (request.dbId !== null) fields.dbId = request.dbId;
        if (request.catalog !== null) fields.catalog = request.catalog;
        if (request.schema !== null) fields.schema = request.schema;
        if (request.sql !== null) fields.sql = request.sql;
        if (request.name) fields.name = request.name;
        await dispatch(openInNewTab(fields, request.autorun && request.sql !== null));
        return;
      }
    }
  };
}
