import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { QueryDto, SqlLabError } from '@strata/core';
import { fromServerQuery, mergeServerQuery, nextLastUpdated } from '../queries';
import type { SqlLabQuery } from '../types';

/** The queries of the page by client id, and where the poll continues from. */
export interface QueriesState {
  byId: Record<string, SqlLabQuery>;
  /** `last_updated_ms` of the next `updated_since` poll. */
  lastUpdatedMs: number;
}

export const initialQueriesState: QueriesState = { byId: {}, lastUpdatedMs: 0 };

const queriesSlice = createSlice({
  name: 'queries',
  initialState: initialQueriesState,
  reducers: {
    /** Queries the server gave with the page or a tab (kept as they are where already known). */
    queriesLoaded(state, action: PayloadAction<QueryDto[]>) {
      for (const dto of action.payload) {
        const local = state.byId[dto.id];
        state.byId[dto.id] = local ? mergeServerQuery(local, dto) : fromServerQuery(dto);
      }
    },
    /** Queries kept in this browser (no server persistence), as they were. */
    queriesRestored(state, action: PayloadAction<SqlLabQuery[]>) {
      for (const q of action.payload) state.byId[q.id] = q;
    },
    pollStartSet(state, action: PayloadAction<number>) {
      state.lastUpdatedMs = action.payload;
    },
    queryStarted(state, action: PayloadAction<SqlLabQuery>) {
      state.byId[action.payload.id] = action.payload;
    },
    /** The execute answer: finished (200) or queued (202); either way the call is over. */
    queryAnswered(state, action: PayloadAction<{ id: string; query: QueryDto }>) {
      const local = state.byId[action.payload.id];
      if (!local) return;
      state.byId[local.id] = mergeServerQuery(
        { ...local, awaitingResponse: false },
        action.payload.query,
      );
    },
    queryFailed(
      state,
      action: PayloadAction<{ id: string; message: string; errors?: SqlLabError[] }>,
    ) {
      const q = state.byId[action.payload.id];
      if (!q) return;
      q.awaitingResponse = false;
      // A query stopped here fails its execute call: it stays stopped.
      if (q.state === 'stopped') return;
      q.state = 'failed';
      q.awaitingResponse = false;
      q.errorMessage = action.payload.message;
      q.errors = action.payload.errors ?? [];
      q.endDttm = q.endDttm ?? Date.now();
    },
    queryStopped(state, action: PayloadAction<string>) {
      const q = state.byId[action.payload];
      if (!q) return;
      q.state = 'stopped';
      q.awaitingResponse = false;
      q.endDttm = q.endDttm ?? Date.now();
    },
    /**
     * What `updated_since` answered: known queries are updated; unknown ones are taken when
     * they belong to one of the page's tabs (run from another window).
     */
    queriesPolled(state, action: PayloadAction<{ queries: QueryDto[]; editorIds: string[] }>) {
      const editors = new Set(action.payload.editorIds);
      for (const dto of action.payload.queries) {
        const local = state.byId[dto.id];
        if (local) state.byId[dto.id] = mergeServerQuery(local, dto);
        else if (dto.sqlEditorId !== null && editors.has(dto.sqlEditorId)) {
          state.byId[dto.id] = fromServerQuery(dto);
        }
      }
      state.lastUpdatedMs = nextLastUpdated(state.lastUpdatedMs, action.payload.queries);
    },
    queryRemoved(state, action: PayloadAction<string>) {
      delete state.byId[action.payload];
    },
    resultsLoading(state, action: PayloadAction<string>) {
      const q = state.byId[action.payload];
      if (!q) return;
      q.resultsLoading = true;
      q.resultsError = null;
    },
    resultsLoaded(state, action: PayloadAction<{ id: string; query?: QueryDto }>) {
      const q = state.byId[action.payload.id];
      if (!q) return;
      const merged = action.payload.query ? mergeServerQuery(q, action.payload.query) : q;
      state.byId[q.id] = { ...merged, resultsLoading: false, resultsError: null };
    },
    resultsFailed(state, action: PayloadAction<{ id: string; error: string }>) {
      const q = state.byId[action.payload.id];
      if (!q) return;
      q.resultsLoading = false;
      q.resultsError = action.payload.error;
    },
    /** A query's tab moved from its client id to its server id (`migrate_query`). */
    queryEditorMoved(state, action: PayloadAction<{ from: string; to: string }>) {
      for (const q of Object.values(state.byId)) {
        if (q.sqlEditorId === action.payload.from) q.sqlEditorId = action.payload.to;
      }
    },
  },
});

export const {
  queriesLoaded,
  queriesRestored,
  pollStartSet,
  queryStarted,
  queryAnswered,
  queryFailed,
  queryStopped,
  queriesPolled,
  queryRemoved,
  resultsLoading,
  resultsLoaded,
  resultsFailed,
  queryEditorMoved,
} = queriesSlice.actions;
export const queriesReducer = queriesSlice.reducer;
