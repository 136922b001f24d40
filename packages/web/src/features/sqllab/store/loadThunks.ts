import { MESSAGES } from '@strata/core';
import type { ListResponse } from '@strata/core';
import { errorMessage } from '../../../app/api/errors';
import { confFrom, toSqlLabDatabase } from '../databases';
import { LOCAL_STATE_KEY, readLocalState, readSplitPrefs } from '../localState';
import { clampNorth } from '../layout';
import type { OpenRequest } from '../openRequest';
import { stubEditor } from '../tabState';
import type { QueryEditor, SqlLabBootstrap, SqlLabDatabase } from '../types';
import { SQLLAB_API, sqlLabDatabasesUrl } from '../urls';
import { databasesLoaded } from './databasesSlice';
import { editorsLoaded } from './editorsSlice';
import { pollStartSet, queriesLoaded, queriesRestored } from './queriesSlice';
import type { SqlLabThunk } from './reducer';
import { openRequest } from './savedQueryThunks';
import { refreshStalePanels } from './tableThunks';
import { editorTablesLoaded } from './tablesSlice';
import { activateEditor, addEditor, applyTabState } from './tabThunks';
import { pageFailed, pageReady, pageStarted } from './uiSlice';

function databasesOf(raw: SqlLabBootstrap['databases'] | undefined): SqlLabDatabase[] {
  return Object.values(raw ?? {}).flatMap((d) => {
    const db = toSqlLabDatabase(d as Record<string, unknown>);
    return db ? [db] : [];
  });
}

/** The databases from the list call, when the bootstrap gave none. */
function listDatabases(): SqlLabThunk<Promise<SqlLabDatabase[]>> {
  return async (_d, _g, { api }) => {
    const answer = await api.get<ListResponse<Record<string, unknown>>>(sqlLabDatabasesUrl());
    return (answer.result ?? []).flatMap((d) => {
      const db = toSqlLabDatabase(d);
      return db ? [db] : [];
    });
  };
}

/** Tabs kept in this browser are moved to the server once it keeps them (then forgotten here). */
function migrateLocalTabs(): SqlLabThunk<Promise<number>> {
  return async (dispatch, getState, { storage, toasts }) => {
    const local = readLocalState(storage);
    if (!local) return 0;
    let failed = false;
    for (const editor of local.editors) {
      const { id: _id, tabViewId: _t, latestQueryId: _l, ...fields } = editor;
      const id = await dispatch(addEditor(fields, { activate: false }));
      if (!getState().editors.byId[id]?.tabViewId) failed = true;
    }
    if (failed) {
      toasts.addWarningToast(MESSAGES.migrationWarning);
      return local.editors.length;
    }
    try {
      storage?.removeItem(LOCAL_STATE_KEY);
    } catch {
      // Left for the next visit.
    }
    return local.editors.length;
  };
}

/** Applies each tab's remembered pane heights. */
function withSplit(editors: QueryEditor[], prefs: Record<string, number>): QueryEditor[] {
  return editors.map((e) => {
    const pref = prefs[e.tabViewId ?? e.id];
    if (pref === undefined) return e;
    const northPercent = clampNorth(pref, e.northPercent);
    return { ...e, northPercent, southPercent: 100 - northPercent };
  });
}

/**
 * Starts the page: databases, SQL Lab's configuration, the user's tabs (from the server, or
 * from this browser without server persistence) and queries, then what the address asks.
 */
export function loadSqlLab(persistence: boolean, request: OpenRequest | null): SqlLabThunk {
  return async (dispatch, getState, { api, storage, now }) => {
    dispatch(pageStarted({ persistence }));
    let bootstrap: SqlLabBootstrap | null = null;
    try {
      const answer = await api.get<{ result?: SqlLabBootstrap }>(SQLLAB_API.bootstrap);
      bootstrap = answer.result ?? null;
    } catch (e) {
      if (persistence) {
        dispatch(pageFailed(errorMessage(e)));
        return;
      }
    }
    try {
      let databases = databasesOf(bootstrap?.databases);
      if (databases.length === 0) databases = await dispatch(listDatabases());
      dispatch(databasesLoaded({ databases, conf: confFrom(bootstrap?.common?.conf) }));
    } catch (e) {
      dispatch(pageFailed(errorMessage(e)));
      return;
    }
    dispatch(queriesLoaded(Object.values(bootstrap?.queries ?? {})));
    dispatch(pollStartSet(now()));
    const split = readSplitPrefs(storage);

    if (persistence && bootstrap) {
      const stubs = bootstrap.tab_state_ids.map(([id, label]) => stubEditor(id, label));
      const active = bootstrap.active_tab;
      if (active && !stubs.some((e) => e.id === String(active.id))) {
        stubs.push(stubEditor(active.id, active.label));
      }
      dispatch(
        editorsLoaded({
          editors: withSplit(stubs, split),
          activeId: active ? String(active.id) : null,
        }),
      );
      if (active) dispatch(applyTabState(String(active.id), active));
      const migrated = await dispatch(migrateLocalTabs());
      const { activeId, order } = getState().editors;
      if (order.length === 0) await dispatch(addEditor());
      // A tab the server did not name active (or made inactive by migrated tabs) is opened.
      else if (activeId !== null && (!active || migrated > 0)) {
        await dispatch(activateEditor(activeId));
      }
    } else {
      const local = readLocalState(storage);
      if (local) {
        dispatch(
          editorsLoaded({ editors: withSplit(local.editors, split), activeId: local.activeId }),
        );
        for (const editor of local.editors) {
          dispatch(
            editorTablesLoaded({
              editorId: editor.id,
              panels: local.tables.filter((t) => t.queryEditorId === editor.id),
            }),
          );
        }
        dispatch(queriesRestored(local.queries));
      }
      if (getState().editors.order.length === 0) await dispatch(addEditor());
    }
    dispatch(pageReady());
    const activeId = getState().editors.activeId;
    if (activeId !== null) void dispatch(refreshStalePanels(activeId));
    if (request) await dispatch(openRequest(request));
  };
}
