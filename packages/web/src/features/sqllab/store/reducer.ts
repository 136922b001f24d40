import { combineReducers } from '@reduxjs/toolkit';
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { ApiClient } from '../../../app/api/client';
import type { Toasts } from '../../../app/toasts';
import type { KeyedDebouncer } from '../debounce';
import { browseReducer } from './browseSlice';
import { databasesReducer } from './databasesSlice';
import { editorsReducer } from './editorsSlice';
import { queriesReducer } from './queriesSlice';
import { resultsReducer } from './resultsSlice';
import { tablesReducer } from './tablesSlice';
import { uiReducer } from './uiSlice';

export const sqlLabReducer = combineReducers({
  editors: editorsReducer,
  queries: queriesReducer,
  results: resultsReducer,
  tables: tablesReducer,
  databases: databasesReducer,
  browse: browseReducer,
  ui: uiReducer,
});

export type SqlLabState = ReturnType<typeof sqlLabReducer>;

/** What the page's thunks use from outside the store (fakes in tests). */
export interface SqlLabServices {
  api: Pick<ApiClient, 'get' | 'post' | 'put' | 'delete'>;
  toasts: Toasts;
  /** The page's query string, passed on to execute (for `url_param`). */
  pageSearch: () => string;
  /** This browser's storage (tabs when the server does not keep them, pane heights). */
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  newId: () => string;
  now: () => number;
  /** Tab SQL is stored a pause after typing stops. */
  sqlStore: KeyedDebouncer;
}

export type SqlLabThunk<R = Promise<void>> = ThunkAction<
  R,
  SqlLabState,
  SqlLabServices,
  UnknownAction
>;
