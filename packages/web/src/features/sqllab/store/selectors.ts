import { createSelector } from '@reduxjs/toolkit';
import { databaseList } from '../databases';
import { isRunning, queriesOfEditor, resultIdsToKeep } from '../queries';
import type { QueryEditor, SqlLabDatabase, SqlLabQuery, TablePanel } from '../types';
import type { SqlLabState } from './reducer';

export const selectEditorsById = (s: SqlLabState) => s.editors.byId;
export const selectEditorOrder = (s: SqlLabState) => s.editors.order;
export const selectActiveId = (s: SqlLabState) => s.editors.activeId;
export const selectQueriesById = (s: SqlLabState) => s.queries.byId;
export const selectDatabasesById = (s: SqlLabState) => s.databases.byId;
export const selectConf = (s: SqlLabState) => s.databases.conf;

export const selectEditors = createSelector(
  [selectEditorsById, selectEditorOrder],
  (byId, order): QueryEditor[] => order.flatMap((id) => (byId[id] ? [byId[id]] : [])),
);

export const selectActiveEditor = (s: SqlLabState): QueryEditor | null =>
  s.editors.activeId !== null ? (s.editors.byId[s.editors.activeId] ?? null) : null;

export const selectEditor = (s: SqlLabState, id: string): QueryEditor | null =>
  s.editors.byId[id] ?? null;

export const selectDatabaseList = createSelector([selectDatabasesById], (byId) =>
  databaseList(byId),
);

export function selectDatabase(s: SqlLabState, dbId: number | null): SqlLabDatabase | null {
  return dbId !== null ? (s.databases.byId[dbId] ?? null) : null;
}

/** Every id the server may have filed one of the page's tabs' queries under. */
export const selectEditorKeys = createSelector([selectEditors], (editors) =>
  editors.flatMap((e) => (e.tabViewId && e.tabViewId !== e.id ? [e.id, e.tabViewId] : [e.id])),
);

export const selectHasRunningQueries = (s: SqlLabState): boolean =>
  Object.values(s.queries.byId).some((q) => isRunning(q.state));

/** A tab's queries, newest first (one memoised selector per tab). */
export function makeSelectEditorQueries() {
  return createSelector(
    [selectQueriesById, (s: SqlLabState, id: string) => s.editors.byId[id] ?? null],
    (queries, editor): SqlLabQuery[] => (editor ? queriesOfEditor(queries, editor) : []),
  );
}

const selectTablesById = (s: SqlLabState) => s.tables.byId;
const selectTableOrder = (s: SqlLabState) => s.tables.order;

export const selectPanels = createSelector(
  [selectTablesById, selectTableOrder],
  (byId, order): TablePanel[] => order.flatMap((id) => (byId[id] ? [byId[id]] : [])),
);

/** A tab's table panels (one memoised selector per tab). */
export function makeSelectEditorPanels() {
  return createSelector(
    [selectPanels, (_s: SqlLabState, editorId: string) => editorId],
    (panels, editorId) => panels.filter((p) => p.queryEditorId === editorId),
  );
}

/** The query ids whose rows stay in memory. */
export function selectResultIdsToKeep(s: SqlLabState): string[] {
  return resultIdsToKeep(
    Object.values(s.editors.byId).map((e) => e.latestQueryId),
    Object.values(s.tables.byId).map((t) => t.dataPreviewQueryId),
  );
}
