import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { TablePanel } from '../types';

/** Table metadata panels of every tab, by client id, in the order they were added. */
export interface TablesState {
  byId: Record<string, TablePanel>;
  order: string[];
}

export const initialTablesState: TablesState = { byId: {}, order: [] };

/** The panel of the same table in the same tab, if there is one (panels are merged). */
export function findPanel(
  state: TablesState,
  key: Pick<TablePanel, 'queryEditorId' | 'dbId' | 'schema' | 'name'>,
): TablePanel | null {
  for (const id of state.order) {
    const p = state.byId[id];
    if (
      p &&
      p.queryEditorId === key.queryEditorId &&
      p.dbId === key.dbId &&
      p.schema === key.schema &&
      p.name === key.name
    ) {
      return p;
    }
  }
  return null;
}

const tablesSlice = createSlice({
  name: 'tables',
  initialState: initialTablesState,
  reducers: {
    /** The stored panels of a tab replace the ones it had. */
    editorTablesLoaded(state, action: PayloadAction<{ editorId: string; panels: TablePanel[] }>) {
      const { editorId, panels } = action.payload;
      for (const id of state.order) {
        if (state.byId[id]?.queryEditorId === editorId) delete state.byId[id];
      }
      state.order = state.order.filter((id) => state.byId[id]);
      for (const p of panels) {
        state.byId[p.id] = p;
        state.order.push(p.id);
      }
    },
    /** Adds a panel, or merges it into the panel of the same table in the same tab. */
    tableMerged(state, action: PayloadAction<TablePanel>) {
      const existing = findPanel(state, action.payload);
      if (existing) {
        state.byId[existing.id] = { ...existing, ...action.payload, id: existing.id };
        return;
      }
      state.byId[action.payload.id] = action.payload;
      state.order.push(action.payload.id);
    },
    tableUpdated(state, action: PayloadAction<{ id: string; changes: Partial<TablePanel> }>) {
      const p = state.byId[action.payload.id];
      if (p) Object.assign(p, action.payload.changes, { id: p.id });
    },
    tableRemoved(state, action: PayloadAction<string>) {
      delete state.byId[action.payload];
      state.order = state.order.filter((id) => id !== action.payload);
    },
    editorTablesRemoved(state, action: PayloadAction<string>) {
      state.order = state.order.filter((id) => {
        if (state.byId[id]?.queryEditorId !== action.payload) return true;
        delete state.byId[id];
        return false;
      });
    },
  },
});

export const { editorTablesLoaded, tableMerged, tableUpdated, tableRemoved, editorTablesRemoved } =
  tablesSlice.actions;
export const tablesReducer = tablesSlice.reducer;
