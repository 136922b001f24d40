import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import { DEFAULT_CONF } from '../databases';
import type { SqlLabConf, SqlLabDatabase } from '../types';

/** The databases SQL Lab may use, and SQL Lab's configuration. */
export interface DatabasesState {
  byId: Record<number, SqlLabDatabase>;
  conf: SqlLabConf;
}

export const initialDatabasesState: DatabasesState = { byId: {}, conf: DEFAULT_CONF };

const databasesSlice = createSlice({
  name: 'databases',
  initialState: initialDatabasesState,
  reducers: {
    databasesLoaded(
      state,
      action: PayloadAction<{ databases: SqlLabDatabase[]; conf?: SqlLabConf }>,
    ) {
      state.byId = Object.fromEntries(action.payload.databases.map((d) => [d.id, d]));
      if (action.payload.conf) state.conf = action.payload.conf;
    },
  },
});

export const { databasesLoaded } = databasesSlice.actions;
export const databasesReducer = databasesSlice.reducer;
