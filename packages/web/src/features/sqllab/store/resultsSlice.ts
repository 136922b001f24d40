import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { QueryResultsPayload } from '@strata/core';

/**
 * Result rows by query client id. Only the rows still shown are kept (each tab's latest query
 * and the data previews); the rest are dropped whenever new rows arrive.
 */
export interface ResultsState {
  byQueryId: Record<string, QueryResultsPayload>;
}

export const initialResultsState: ResultsState = { byQueryId: {} };

/** The most result sets kept at once, whatever is asked to be kept. */
export const MAX_RESULT_SETS = 24;

const resultsSlice = createSlice({
  name: 'results',
  initialState: initialResultsState,
  reducers: {
    /** Stores the rows of `queryId` and drops every other result not in `keep`. */
    resultsStored(
      state,
      action: PayloadAction<{ queryId: string; payload: QueryResultsPayload; keep: string[] }>,
    ) {
      const { queryId, payload, keep } = action.payload;
      const kept = new Set([queryId, ...keep]);
      for (const id of Object.keys(state.byQueryId)) {
        if (!kept.has(id)) delete state.byQueryId[id];
      }
      state.byQueryId[queryId] = payload;
      const ids = Object.keys(state.byQueryId);
      // Still too many: drop the oldest stored first, never the new one.
      for (const id of ids.slice(0, Math.max(0, ids.length - MAX_RESULT_SETS))) {
        if (id !== queryId) delete state.byQueryId[id];
      }
    },
    resultsDropped(state, action: PayloadAction<string[]>) {
      for (const id of action.payload) delete state.byQueryId[id];
    },
  },
});

export const { resultsStored, resultsDropped } = resultsSlice.actions;
export const resultsReducer = resultsSlice.reducer;
