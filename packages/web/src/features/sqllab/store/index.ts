import { configureStore } from '@reduxjs/toolkit';
import { sqlLabReducer } from './reducer';
import type { SqlLabServices, SqlLabState } from './reducer';

export type { SqlLabServices, SqlLabState, SqlLabThunk } from './reducer';

/** The SQL Lab page's store; one per page visit. */
export function createSqlLabStore(services: SqlLabServices, preloaded?: Partial<SqlLabState>) {
  return configureStore({
    reducer: sqlLabReducer,
    preloadedState: preloaded as SqlLabState | undefined,
    middleware: (getDefault) =>
      getDefault({
        thunk: { extraArgument: services },
        // Result rows are large and only replaced whole: the development checks skip them.
        immutableCheck: { ignoredPaths: ['results'] },
        serializableCheck: { ignoredPaths: ['results'] },
      }),
  });
}

export type SqlLabStore = ReturnType<typeof createSqlLabStore>;
export type SqlLabDispatch = SqlLabStore['dispatch'];
