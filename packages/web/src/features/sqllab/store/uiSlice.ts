import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { TabStateField } from '../tabState';
import type { SouthTab } from '../types';

export type LoadStatus = 'loading' | 'ready' | 'failed';

/** Page state that is not a tab's: loading, the south pane's tab per tab, stores under way. */
export interface UiState {
  status: LoadStatus;
  error: string | null;
  /** Tabs are kept on the server (SQLLAB_BACKEND_PERSISTENCE), else in this browser. */
  persistence: boolean;
  southTab: Record<string, SouthTab>;
  /** Fields of each tab changed here and not yet stored on the server (unsaved-state markers). */
  unsaved: Record<string, TabStateField[]>;
  /** Fields whose last store failed. */
  storeFailed: Record<string, TabStateField[]>;
}

export const initialUiState: UiState = {
  status: 'loading',
  error: null,
  persistence: true,
  southTab: {},
  unsaved: {},
  storeFailed: {},
};

function addAll(list: TabStateField[] | undefined, fields: TabStateField[]): TabStateField[] {
  const out = [...(list ?? [])];
  for (const f of fields) if (!out.includes(f)) out.push(f);
  return out;
}

function without(list: TabStateField[] | undefined, fields: TabStateField[]): TabStateField[] {
  return (list ?? []).filter((f) => !fields.includes(f));
}

const uiSlice = createSlice({
  name: 'ui',
  initialState: initialUiState,
  reducers: {
    pageStarted(state, action: PayloadAction<{ persistence: boolean }>) {
      state.status = 'loading';
      state.error = null;
      state.persistence = action.payload.persistence;
    },
    pageReady(state) {
      state.status = 'ready';
    },
    pageFailed(state, action: PayloadAction<string>) {
      state.status = 'failed';
      state.error = action.payload;
    },
    southTabShown(state, action: PayloadAction<{ editorId: string; tab: SouthTab }>) {
      state.southTab[action.payload.editorId] = action.payload.tab;
    },
    fieldsUnsaved(state, action: PayloadAction<{ editorId: string; fields: TabStateField[] }>) {
      const { editorId, fields } = action.payload;
      state.unsaved[editorId] = addAll(state.unsaved[editorId], fields);
    },
    fieldsStored(state, action: PayloadAction<{ editorId: string; fields: TabStateField[] }>) {
      const { editorId, fields } = action.payload;
      const left = without(state.unsaved[editorId], fields);
      if (left.length > 0) state.unsaved[editorId] = left;
      else delete state.unsaved[editorId];
      const failed = without(state.storeFailed[editorId], fields);
      if (failed.length > 0) state.storeFailed[editorId] = failed;
      else delete state.storeFailed[editorId];
    },
    fieldsStoreFailed(state, action: PayloadAction<{ editorId: string; fields: TabStateField[] }>) {
      const { editorId, fields } = action.payload;
      state.storeFailed[editorId] = addAll(state.storeFailed[editorId], fields);
    },
    editorForgotten(state, action: PayloadAction<string>) {
      delete state.southTab[action.payload];
      delete state.unsaved[action.payload];
      delete state.storeFailed[action.payload];
    },
  },
});

export const {
  pageStarted,
  pageReady,
  pageFailed,
  southTabShown,
  fieldsUnsaved,
  fieldsStored,
  fieldsStoreFailed,
  editorForgotten,
} = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
