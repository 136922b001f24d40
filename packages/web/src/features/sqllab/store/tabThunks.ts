import {
  DEFAULT_SQL,
  DEFAULT_SQL_NOT_PERSISTED,
  MESSAGES,
  copyTabName,
  nextUntitledName,
} from '@strata/core';
import type { TabStateDto } from '@strata/core';
import { initialDatabaseId } from '../databases';
import { readSplitPrefs, writeSplitPref } from '../localState';
import { clampNorth, percentsFromSizes } from '../layout';
import {
  TAB_ACTIONS,
  TAB_STATE_ACTIONS,
  answerId,
  blankEditor,
  editorFieldsFromTabState,
  newTabStateBody,
  panelFromTableSchema,
  splitSqlPatch,
  tabStatePatch,
  tabStatePatchOf,
} from '../tabState';
import type { TabStateField } from '../tabState';
import type { QueryEditor } from '../types';
import { SQLLAB_API, tabStateUrl } from '../urls';
import { editorActivated, editorAdded, editorRemoved, editorUpdated } from './editorsSlice';
import { isNotFound, tabStateError } from './helpers';
import { queriesLoaded, queryEditorMoved } from './queriesSlice';
import type { SqlLabThunk } from './reducer';
import { resultsDropped } from './resultsSlice';
import { selectDatabaseList } from './selectors';
import { editorTablesLoaded, editorTablesRemoved } from './tablesSlice';
import { editorForgotten, fieldsStoreFailed, fieldsStored, fieldsUnsaved } from './uiSlice';

/** `PUT /tabstateview/{id}` with some fields; the unsaved markers follow the outcome. */
export function putTabState(
  editorId: string,
  patch: Partial<Record<TabStateField, unknown>>,
): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[editorId];
    const fields = Object.keys(patch) as TabStateField[];
    if (!editor?.tabViewId || fields.length === 0) return;
    try {
      await api.put(tabStateUrl(editor.tabViewId), patch);
      dispatch(fieldsStored({ editorId, fields }));
    } catch {
      dispatch(fieldsStoreFailed({ editorId, fields }));
      if (fields.includes('sql')) toasts.addDangerToast(MESSAGES.storeSqlError);
      const other = fields.find((f) => f !== 'sql');
      if (other) tabStateError(toasts, TAB_STATE_ACTIONS[other]);
    }
  };
}

/**
 * Changes a tab and stores the stored fields on the server: the SQL a pause after the last
 * keystroke, the rest at once. Without server persistence only the page state changes.
 */
export function updateEditor(id: string, changes: Partial<QueryEditor>): SqlLabThunk<void> {
  return (dispatch, getState, { sqlStore }) => {
    dispatch(editorUpdated({ id, changes }));
    const state = getState();
    if (!state.ui.persistence) return;
    const patch = tabStatePatch(changes);
    const fields = Object.keys(patch) as TabStateField[];
    if (fields.length === 0) return;
    dispatch(fieldsUnsaved({ editorId: id, fields }));
    // A tab still being created stores its unsaved fields once it has its server id.
    if (!state.editors.byId[id]?.tabViewId) return;
    const { sql, rest } = splitSqlPatch(patch);
    if (rest) void dispatch(putTabState(id, rest));
    if (sql) {
      sqlStore.schedule(id, () => {
        const current = getState().editors.byId[id];
        if (current) void dispatch(putTabState(id, { sql: current.sql }));
      });
    }
  };
}

/** Stores every tab's pending SQL now (the page is being left). */
export function flushPendingSql(): SqlLabThunk<void> {
  return (_dispatch, _getState, { sqlStore }) => sqlStore.flush();
}

/** `POST /tabstateview/` for a tab made here; then what changed meanwhile, and its queries. */
function createTabState(id: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[id];
    if (!editor || editor.tabViewId) return;
    let serverId: number | null;
    try {
      serverId = answerId(await api.post(SQLLAB_API.tabState, newTabStateBody(editor)));
    } catch {
      toasts.addDangerToast(MESSAGES.tabAddError);
      return;
    }
    if (serverId === null) {
      toasts.addDangerToast(MESSAGES.tabAddError);
      return;
    }
    const tabViewId = String(serverId);
    if (!getState().editors.byId[id]) {
      // Closed while it was being created.
      await api.delete(tabStateUrl(tabViewId)).catch(() => undefined);
      return;
    }
    dispatch(editorUpdated({ id, changes: { tabViewId } }));
    const current = getState().editors.byId[id];
    const unsaved = getState().ui.unsaved[id] ?? [];
    if (current && unsaved.length > 0) {
      await dispatch(putTabState(id, tabStatePatchOf(current, unsaved)));
    }
    await dispatch(migrateQueries(id, id, tabViewId));
  };
}

/** Files the queries run under a tab's client id under its server id (`migrate_query`). */
export function migrateQueries(editorId: string, from: string, tabViewId: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const queries = Object.values(getState().queries.byId).filter(
      (q) => q.sqlEditorId === from && !q.isDataPreview,
    );
    if (queries.length === 0 || !getState().editors.byId[editorId]) return;
    try {
      for (const q of queries) {
        await api.post(`${tabStateUrl(tabViewId)}/migrate_query`, { queryId: q.id });
      }
      dispatch(queryEditorMoved({ from, to: tabViewId }));
    } catch {
      toasts.addWarningToast(MESSAGES.migrationWarning);
    }
  };
}

export interface AddEditorOptions {
  activate?: boolean;
  afterId?: string | null;
}

/**
 * Opens a new tab: "Untitled Query N", the default SQL, on the last used database and schema
 * unless `fields` says otherwise; stored on the server when tabs are kept there. Resolves to
 * the tab's id once the server has it.
 */
export function addEditor(
  fields: Partial<QueryEditor> = {},
  options: AddEditorOptions = {},
): SqlLabThunk<Promise<string>> {
  return async (dispatch, getState, { newId }) => {
    const state = getState();
    const { lastUsed } = state.editors;
    const dbId =
      fields.dbId !== undefined
        ? fields.dbId
        : initialDatabaseId(selectDatabaseList(state), lastUsed.dbId);
    const sameDb = dbId !== null && dbId === lastUsed.dbId;
    const names = Object.values(state.editors.byId).map((e) => e.name);
    const { id: _id, tabViewId: _tab, ...rest } = fields;
    const editor = blankEditor(newId(), {
      name: nextUntitledName(names),
      sql: state.ui.persistence ? DEFAULT_SQL : `${DEFAULT_SQL_NOT_PERSISTED}${DEFAULT_SQL}`,
      dbId,
      catalog: sameDb ? lastUsed.catalog : null,
      schema: sameDb ? lastUsed.schema : null,
      queryLimit: state.databases.conf.DEFAULT_SQLLAB_LIMIT,
      ...rest,
      loaded: true,
    });
    dispatch(
      editorAdded({ editor, activate: options.activate ?? true, afterId: options.afterId ?? null }),
    );
    if (state.ui.persistence) await dispatch(createTabState(editor.id));
    return editor.id;
  };
}

/** A copy of a tab beside it, named "Copy of {name}". */
export function duplicateEditor(id: string): SqlLabThunk<Promise<string | null>> {
  return async (dispatch, getState) => {
    const source = getState().editors.byId[id];
    if (!source) return null;
    return dispatch(
      addEditor(
        {
          name: copyTabName(source.name),
          dbId: source.dbId,
          catalog: source.catalog,
          schema: source.schema,
          sql: source.sql,
          templateParams: source.templateParams,
          queryLimit: source.queryLimit,
          hideLeftBar: source.hideLeftBar,
        },
        { afterId: id },
      ),
    );
  };
}

export function renameEditor(id: string, name: string): SqlLabThunk<void> {
  return (dispatch, getState) => {
    const trimmed = name.trim();
    const editor = getState().editors.byId[id];
    if (!editor || trimmed === '' || trimmed === editor.name) return;
    dispatch(updateEditor(id, { name: trimmed }));
  };
}

/** Forgets a tab here only (closed, or gone from the server). */
function dropEditorLocally(id: string): SqlLabThunk<void> {
  return (dispatch, getState, { sqlStore }) => {
    const editor = getState().editors.byId[id];
    if (!editor) return;
    sqlStore.cancel(id);
    const previews = Object.values(getState().tables.byId)
      .filter((t) => t.queryEditorId === id)
      .flatMap((t) => (t.dataPreviewQueryId ? [t.dataPreviewQueryId] : []));
    dispatch(editorRemoved(id));
    dispatch(editorTablesRemoved(id));
    dispatch(editorForgotten(id));
    dispatch(
      resultsDropped([...(editor.latestQueryId ? [editor.latestQueryId] : []), ...previews]),
    );
  };
}

/** After a tab went away: a new tab when none is left, else open the one now active. */
function afterEditorGone(wasActive: boolean): SqlLabThunk {
  return async (dispatch, getState) => {
    const { order, activeId } = getState().editors;
    if (order.length === 0) await dispatch(addEditor());
    else if (wasActive && activeId !== null) await dispatch(activateEditor(activeId));
  };
}

/** Closes a tab (and deletes it on the server). */
export function closeEditor(id: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const state = getState();
    const editor = state.editors.byId[id];
    if (!editor) return;
    const wasActive = state.editors.activeId === id;
    dispatch(dropEditorLocally(id));
    if (state.ui.persistence && editor.tabViewId) {
      try {
        await api.delete(tabStateUrl(editor.tabViewId));
      } catch (e) {
        if (!isNotFound(e)) tabStateError(toasts, TAB_ACTIONS.remove);
      }
    }
    await dispatch(afterEditorGone(wasActive));
  };
}

/** Closes every tab but `id`. */
export function closeOtherEditors(id: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const others = getState().editors.order.filter((x) => x !== id);
    await dispatch(activateEditor(id));
    for (const other of others) await dispatch(closeEditor(other));
  };
}

/** Applies a tab state the server gave (`GET /tabstateview/{id}` or the bootstrap). */
export function applyTabState(id: string, dto: TabStateDto): SqlLabThunk<void> {
  return (dispatch, getState, { newId, storage }) => {
    const fields = editorFieldsFromTabState(dto);
    const split = readSplitPrefs(storage)[String(dto.id)];
    const current = getState().editors.byId[id];
    const northPercent =
      split !== undefined
        ? clampNorth(split, current?.northPercent ?? 40)
        : (current?.northPercent ?? 40);
    dispatch(
      editorUpdated({ id, changes: { ...fields, northPercent, southPercent: 100 - northPercent } }),
    );
    if (dto.latest_query) dispatch(queriesLoaded([dto.latest_query]));
    dispatch(
      editorTablesLoaded({
        editorId: id,
        panels: (dto.table_schemas ?? []).map((t) => panelFromTableSchema(t, id, newId())),
      }),
    );
  };
}

function unwrapTabState(answer: unknown): TabStateDto | null {
  if (typeof answer !== 'object' || answer === null) return null;
  const a = answer as { result?: unknown; id?: unknown };
  const dto = typeof a.id === 'number' ? a : a.result;
  return typeof dto === 'object' && dto !== null && typeof (dto as { id?: unknown }).id === 'number'
    ? (dto as TabStateDto)
    : null;
}

/** Reads a tab not loaded yet (`GET /tabstateview/{id}`); a 404 forgets it. */
export function loadEditor(id: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[id];
    if (!editor?.tabViewId || editor.loaded) return;
    try {
      const dto = unwrapTabState(await api.get(tabStateUrl(editor.tabViewId)));
      if (!dto) throw new Error('Unreadable tab state');
      dispatch(applyTabState(id, dto));
    } catch (e) {
      if (isNotFound(e)) {
        const wasActive = getState().editors.activeId === id;
        dispatch(dropEditorLocally(id));
        await dispatch(afterEditorGone(wasActive));
      } else {
        tabStateError(toasts, TAB_ACTIONS.fetch);
      }
    }
  };
}

/** Shows a tab: tells the server it is active, and reads it when it is not loaded yet. */
export function activateEditor(id: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const editor = getState().editors.byId[id];
    if (!editor) return;
    dispatch(editorActivated(id));
    if (!getState().ui.persistence || !editor.tabViewId) return;
    try {
      await api.post(`${tabStateUrl(editor.tabViewId)}/activate`);
    } catch (e) {
      if (isNotFound(e)) {
        dispatch(dropEditorLocally(id));
        await dispatch(afterEditorGone(true));
        return;
      }
      tabStateError(toasts, TAB_ACTIONS.activate);
    }
    if (!editor.loaded) await dispatch(loadEditor(id));
  };
}

/** Keeps a tab's pane heights (from the splitter's pixel sizes) here and in this browser. */
export function setEditorSplit(id: string, sizes: number[]): SqlLabThunk<void> {
  return (dispatch, getState, { storage }) => {
    const editor = getState().editors.byId[id];
    if (!editor) return;
    const split = percentsFromSizes(sizes, editor.northPercent);
    dispatch(editorUpdated({ id, changes: split }));
    writeSplitPref(storage, editor.tabViewId ?? editor.id, split.northPercent);
  };
}
