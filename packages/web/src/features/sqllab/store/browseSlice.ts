import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { TableOption } from '../types';

/** Something read from the server: its value once known, and whether a read is under way. */
export interface Loadable<T> {
  data: T | null;
  loading: boolean;
  error: string | null;
}

export interface ColumnHint {
  name: string;
  type?: string;
}

/**
 * What the left bar and the autocompletion read about databases: schemas, tables, columns and
 * function names, kept for the page's life (the refresh button reads them again).
 */
export interface BrowseState {
  schemas: Record<string, Loadable<string[]>>;
  tables: Record<string, Loadable<TableOption[]>>;
  columns: Record<string, Loadable<ColumnHint[]>>;
  functions: Record<string, Loadable<string[]>>;
  /** Databases whose engine has no SQL validator (validation is not asked again). */
  noValidator: Record<string, boolean>;
}

export const initialBrowseState: BrowseState = {
  schemas: {},
  tables: {},
  columns: {},
  functions: {},
  noValidator: {},
};

export type BrowseKind = 'schemas' | 'tables' | 'columns' | 'functions';

/** Key of a schema's tables. */
export function tablesKey(dbId: number, schema: string | null): string {
  return `${dbId}\u0000${schema ?? ''}`;
}

/** Key of a table's columns. */
export function columnsKey(dbId: number, schema: string | null, table: string): string {
  return `${dbId}\u0000${schema ?? ''}\u0000${table}`;
}

const browseSlice = createSlice({
  name: 'browse',
  initialState: initialBrowseState,
  reducers: {
    browseLoading(state, action: PayloadAction<{ kind: BrowseKind; key: string }>) {
      const { kind, key } = action.payload;
      const entry = state[kind][key];
      if (entry) {
        entry.loading = true;
        entry.error = null;
      } else {
        state[kind][key] = { data: null, loading: true, error: null };
      }
    },
    browseLoaded(
      state,
      action: PayloadAction<
        | { kind: 'schemas'; key: string; data: string[] }
        | { kind: 'tables'; key: string; data: TableOption[] }
        | { kind: 'columns'; key: string; data: ColumnHint[] }
        | { kind: 'functions'; key: string; data: string[] }
      >,
    ) {
      const p = action.payload;
      switch (p.kind) {
        case 'schemas':
          state.schemas[p.key] = { data: p.data, loading: false, error: null };
          break;
        case 'tables':
          state.tables[p.key] = { data: p.data, loading: false, error: null };
          break;
        case 'columns':
          state.columns[p.key] = { data: p.data, loading: false, error: null };
          break;
        case 'functions':
          state.functions[p.key] = { data: p.data, loading: false, error: null };
          break;
      }
    },
    browseFailed(state, action: PayloadAction<{ kind: BrowseKind; key: string; error: string }>) {
      const { kind, key, error } = action.payload;
      const entry = state[kind][key];
      if (entry) {
        entry.loading = false;
        entry.error = error;
      } else {
        state[kind][key] = { data: null, loading: false, error };
      }
    },
    validatorMissing(state, action: PayloadAction<number>) {
      state.noValidator[String(action.payload)] = true;
    },
  },
});

export const { browseLoading, browseLoaded, browseFailed, validatorMissing } = browseSlice.actions;
export const browseReducer = browseSlice.reducer;
