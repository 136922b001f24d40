import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { QueryEditor } from '../types';

export interface LastUsedSource {
  dbId: number | null;
  catalog: string | null;
  schema: string | null;
}

/** The query editor tabs, their order, the active one, and the last database used. */
export interface EditorsState {
  byId: Record<string, QueryEditor>;
  order: string[];
  activeId: string | null;
  /** New tabs start on the database, catalog and schema picked last. */
  lastUsed: LastUsedSource;
}

export const initialEditorsState: EditorsState = {
  byId: {},
  order: [],
  activeId: null,
  lastUsed: { dbId: null, catalog: null, schema: null },
};

/** The tab to show after `id` is closed: the one to its right, else to its left. */
export function neighbourOf(order: readonly string[], id: string): string | null {
  const index = order.indexOf(id);
  if (index < 0) return order[0] ?? null;
  return order[index + 1] ?? order[index - 1] ?? null;
}

function rememberSource(state: EditorsState, editor: QueryEditor): void {
  if (editor.dbId !== null) {
    state.lastUsed = { dbId: editor.dbId, catalog: editor.catalog, schema: editor.schema };
  }
}

const editorsSlice = createSlice({
  name: 'editors',
  initialState: initialEditorsState,
  reducers: {
    /** Replaces every tab (page load). */
    editorsLoaded(
      state,
      action: PayloadAction<{ editors: QueryEditor[]; activeId: string | null }>,
    ) {
      const { editors, activeId } = action.payload;
      state.byId = Object.fromEntries(editors.map((e) => [e.id, e]));
      state.order = editors.map((e) => e.id);
      state.activeId =
        activeId !== null && state.byId[activeId] ? activeId : (state.order[0] ?? null);
      const active = state.activeId !== null ? state.byId[state.activeId] : undefined;
      if (active) rememberSource(state, active);
    },
    /** Adds a tab (after `afterId`, else last) and makes it active unless told not to. */
    editorAdded(
      state,
      action: PayloadAction<{ editor: QueryEditor; activate?: boolean; afterId?: string | null }>,
    ) {
      const { editor, activate = true, afterId = null } = action.payload;
      if (!state.byId[editor.id]) {
        const at = afterId !== null ? state.order.indexOf(afterId) : -1;
        if (at >= 0) state.order.splice(at + 1, 0, editor.id);
        else state.order.push(editor.id);
      }
      state.byId[editor.id] = editor;
      if (activate) state.activeId = editor.id;
      rememberSource(state, editor);
    },
    editorUpdated(state, action: PayloadAction<{ id: string; changes: Partial<QueryEditor> }>) {
      const editor = state.byId[action.payload.id];
      if (!editor) return;
      const { id: _ignored, ...changes } = action.payload.changes;
      Object.assign(editor, changes);
      if ('dbId' in changes || 'schema' in changes || 'catalog' in changes) {
        rememberSource(state, editor);
      }
    },
    editorRemoved(state, action: PayloadAction<string>) {
      const id = action.payload;
      if (!state.byId[id]) return;
      if (state.activeId === id) state.activeId = neighbourOf(state.order, id);
      delete state.byId[id];
      state.order = state.order.filter((x) => x !== id);
    },
    editorActivated(state, action: PayloadAction<string>) {
      if (state.byId[action.payload]) state.activeId = action.payload;
    },
    editorsReordered(state, action: PayloadAction<string[]>) {
      const known = action.payload.filter((id) => state.byId[id]);
      if (known.length === state.order.length) state.order = known;
    },
  },
});

export const {
  editorsLoaded,
  editorAdded,
  editorUpdated,
  editorRemoved,
  editorActivated,
  editorsReordered,
} = editorsSlice.actions;
export const editorsReducer = editorsSlice.reducer;
