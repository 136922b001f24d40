import { errorMessage } from '../../../app/api/errors';
import { previewBody, startedQuery } from '../execute';
import { TAB_ACTIONS, answerId, newPanel, panelMetadata, tableSchemaBody } from '../tabState';
import type { TableMetadataAnswer, TablePanel, TablePartitions } from '../types';
import { readPartitions } from '../tableMeta';
import { SQLLAB_API, tableExtraUrl, tableMetadataUrl, tableSchemaUrl } from '../urls';
import { browseLoaded, columnsKey } from './browseSlice';
import { isNotFound, tabStateError } from './helpers';
import { queryStarted } from './queriesSlice';
import { sendExecute } from './queryThunks';
import type { SqlLabThunk } from './reducer';
import { resultsDropped } from './resultsSlice';
import { findPanel, tableMerged, tableRemoved, tableUpdated } from './tablesSlice';
import { southTabShown } from './uiSlice';

/** A simple `SELECT * … LIMIT 100` when the server gave no SELECT * text. */
export function fallbackSelectStar(schema: string | null, name: string): string {
  const q = (n: string) => `"${n.replace(/"/g, '""')}"`;
  return `SELECT *\nFROM ${schema ? `${q(schema)}.` : ''}${q(name)}\nLIMIT 100`;
}

/** Runs a panel's data preview (shown in its own south pane tab). */
export function runPreview(panelId: string): SqlLabThunk {
  return async (dispatch, getState, { newId, now }) => {
    const s = getState();
    const panel = s.tables.byId[panelId];
    const db = panel ? s.databases.byId[panel.dbId] : undefined;
    if (!panel || !db || db.disable_data_preview) return;
    const body = previewBody({
      clientId: newId(),
      database: db,
      catalog: panel.catalog,
      schema: panel.schema,
      sql: panel.selectStar ?? fallbackSelectStar(panel.schema, panel.name),
    });
    dispatch(
      queryStarted(
        startedQuery(body, {
          dbName: db.database_name,
          now: now(),
          isDataPreview: true,
          tableName: panel.name,
        }),
      ),
    );
    const previous = panel.dataPreviewQueryId;
    dispatch(tableUpdated({ id: panelId, changes: { dataPreviewQueryId: body.client_id } }));
    if (previous) dispatch(resultsDropped([previous]));
    dispatch(southTabShown({ editorId: panel.queryEditorId, tab: `preview:${panelId}` }));
    await dispatch(sendExecute(body));
  };
}

/** Reads a panel's columns, keys, indexes and SELECT * text. */
export function loadPanelMetadata(panelId: string): SqlLabThunk<Promise<boolean>> {
  return async (dispatch, getState, { api, toasts }) => {
    const panel = getState().tables.byId[panelId];
    if (!panel) return false;
    dispatch(tableUpdated({ id: panelId, changes: { isMetadataLoading: true, error: null } }));
    try {
      const meta = await api.get<TableMetadataAnswer>(
        tableMetadataUrl(panel.dbId, panel.name, panel.schema),
      );
      const fields = panelMetadata(meta);
      dispatch(tableUpdated({ id: panelId, changes: { ...fields, isMetadataLoading: false } }));
      dispatch(
        browseLoaded({
          kind: 'columns',
          key: columnsKey(panel.dbId, panel.schema, panel.name),
          data: fields.columns.map((c) => ({ name: c.name, type: c.type ?? undefined })),
        }),
      );
      return true;
    } catch (e) {
      dispatch(
        tableUpdated({
          id: panelId,
          changes: { isMetadataLoading: false, error: errorMessage(e) },
        }),
      );
      tabStateError(toasts, TAB_ACTIONS.tableMetadata);
      return false;
    }
  };
}

/**
 * Reads a panel's partitions (`table_extra`). Without them the panel just says nothing of
 * partitions: a failure here is not worth a message (the table's metadata has its own).
 */
export function loadPanelExtra(panelId: string): SqlLabThunk<Promise<void>> {
  return async (dispatch, getState, { api }) => {
    const panel = getState().tables.byId[panelId];
    if (!panel) return;
    dispatch(tableUpdated({ id: panelId, changes: { isExtraMetadataLoading: true } }));
    let partitions: TablePartitions | null;
    try {
      partitions = readPartitions(
        await api.get<unknown>(tableExtraUrl(panel.dbId, panel.name, panel.schema)),
      );
    } catch {
      partitions = null;
    }
    if (!getState().tables.byId[panelId]) return;
    dispatch(tableUpdated({ id: panelId, changes: { isExtraMetadataLoading: false, partitions } }));
  };
}

/** `POST /tableschemaview/` for a panel of a tab kept on the server. */
function storePanel(panelId: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const s = getState();
    const panel = s.tables.byId[panelId];
    const editor = panel ? s.editors.byId[panel.queryEditorId] : undefined;
    if (!s.ui.persistence || !panel || panel.remoteId !== null || !editor?.tabViewId) return;
    try {
      const id = answerId(
        await api.post(SQLLAB_API.tableSchema, tableSchemaBody(panel, editor.tabViewId)),
      );
      if (id !== null && getState().tables.byId[panelId]) {
        dispatch(tableUpdated({ id: panelId, changes: { remoteId: id } }));
      }
    } catch {
      tabStateError(toasts, TAB_ACTIONS.tableMetadata);
    }
  };
}

/**
 * Adds a table's panel to a tab (or opens the one already there): reads its metadata, runs its
 * data preview unless the database disables previews, and stores the panel.
 */
export function addTable(
  editorId: string,
  table: Pick<TablePanel, 'dbId' | 'catalog' | 'schema' | 'name'>,
): SqlLabThunk {
  return async (dispatch, getState, { newId }) => {
    const existing = findPanel(getState().tables, { ...table, queryEditorId: editorId });
    if (existing) {
      if (!existing.expanded) await dispatch(setTableExpanded(existing.id, true));
      dispatch(southTabShown({ editorId, tab: `preview:${existing.id}` }));
      return;
    }
    const panel = newPanel(newId(), { ...table, queryEditorId: editorId });
    dispatch(tableMerged(panel));
    const extra = dispatch(loadPanelExtra(panel.id));
    const ok = await dispatch(loadPanelMetadata(panel.id));
    if (!ok) {
      await extra;
      return;
    }
    const db = getState().databases.byId[table.dbId];
    const preview = db && !db.disable_data_preview ? dispatch(runPreview(panel.id)) : null;
    // The preview's id is known as soon as it starts: store the panel with it.
    await dispatch(storePanel(panel.id));
    await preview;
    await extra;
  };
}

export function setTableExpanded(panelId: string, expanded: boolean): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const s = getState();
    const panel = s.tables.byId[panelId];
    if (!panel) return;
    dispatch(tableUpdated({ id: panelId, changes: { expanded } }));
    if (!s.ui.persistence || panel.remoteId === null) return;
    try {
      await api.post(`${tableSchemaUrl(panel.remoteId)}/expanded`, { expanded });
    } catch {
      tabStateError(toasts, expanded ? TAB_ACTIONS.expand : TAB_ACTIONS.collapse);
    }
  };
}

export function removeTable(panelId: string): SqlLabThunk {
  return async (dispatch, getState, { api, toasts }) => {
    const s = getState();
    const panel = s.tables.byId[panelId];
    if (!panel) return;
    dispatch(tableRemoved(panelId));
    if (panel.dataPreviewQueryId) dispatch(resultsDropped([panel.dataPreviewQueryId]));
    if (s.ui.southTab[panel.queryEditorId] === `preview:${panelId}`) {
      dispatch(southTabShown({ editorId: panel.queryEditorId, tab: 'results' }));
    }
    if (!s.ui.persistence || panel.remoteId === null) return;
    try {
      await api.delete(tableSchemaUrl(panel.remoteId));
    } catch (e) {
      if (!isNotFound(e)) tabStateError(toasts, TAB_ACTIONS.removeTable);
    }
  };
}

/** Panels restored without their columns read them again. */
export function refreshStalePanels(editorId: string): SqlLabThunk {
  return async (dispatch, getState) => {
    const stale = Object.values(getState().tables.byId).filter(
      (p) => p.queryEditorId === editorId && p.isMetadataLoading,
    );
    await Promise.all(stale.map((p) => dispatch(loadPanelMetadata(p.id))));
  };
}
