import { blankEditor } from './tabState';
import type { QueryEditor, SqlLabQuery, TablePanel } from './types';

/** Where tabs are kept in this browser when the server does not keep them. */
export const LOCAL_STATE_KEY = 'strata.sqllab.v1';
/** Where each tab's pane heights are kept (both modes). */
export const SPLIT_KEY = 'strata.sqllab.split.v1';
/** The most queries kept in this browser. */
export const MAX_LOCAL_QUERIES = 50;

export interface LocalSqlLabState {
  editors: QueryEditor[];
  activeId: string | null;
  tables: TablePanel[];
  queries: SqlLabQuery[];
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** What is written: tabs without their derived fields, panels, the newest finished queries. */
export function toLocalState(input: {
  editors: QueryEditor[];
  activeId: string | null;
  tables: TablePanel[];
  queries: SqlLabQuery[];
}): LocalSqlLabState {
  return {
    editors: input.editors.map((e) => ({ ...e, validationResult: null, functionNames: [] })),
    activeId: input.activeId,
    tables: input.tables.map((t) => ({
      ...t,
      isMetadataLoading: false,
      isExtraMetadataLoading: false,
      error: null,
    })),
    queries: [...input.queries]
      .sort((a, b) => (b.startDttm ?? 0) - (a.startDttm ?? 0))
      .slice(0, MAX_LOCAL_QUERIES)
      .map((q) => ({ ...q, awaitingResponse: false, resultsLoading: false })),
  };
}

/** Reads the kept state; anything unreadable gives null (a fresh start). */
export function parseLocalState(text: string | null): LocalSqlLabState | null {
  if (!text) return null;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return null;
  }
  if (!isRecord(raw) || !Array.isArray(raw.editors)) return null;
  const editors = raw.editors
    .filter((e): e is Record<string, unknown> => isRecord(e) && typeof e.id === 'string')
    .map((e) => blankEditor(e.id as string, { ...(e as Partial<QueryEditor>), loaded: true }));
  if (editors.length === 0) return null;
  const ids = new Set(editors.map((e) => e.id));
  const tables = (Array.isArray(raw.tables) ? raw.tables : []).filter(
    (t): t is TablePanel =>
      isRecord(t) &&
      typeof t.id === 'string' &&
      typeof t.name === 'string' &&
      typeof t.dbId === 'number' &&
      typeof t.queryEditorId === 'string' &&
      ids.has(t.queryEditorId),
  );
  const queries = (Array.isArray(raw.queries) ? raw.queries : []).filter(
    (q): q is SqlLabQuery => isRecord(q) && typeof q.id === 'string' && typeof q.state === 'string',
  );
  const activeId = typeof raw.activeId === 'string' && ids.has(raw.activeId) ? raw.activeId : null;
  return { editors, activeId, tables, queries };
}

export function readLocalState(storage: KeyValueStore | null): LocalSqlLabState | null {
  try {
    return parseLocalState(storage?.getItem(LOCAL_STATE_KEY) ?? null);
  } catch {
    return null;
  }
}

export function writeLocalState(storage: KeyValueStore | null, state: LocalSqlLabState): void {
  try {
    storage?.setItem(LOCAL_STATE_KEY, JSON.stringify(state));
  } catch {
    // Full or refused storage: the tabs are simply not kept.
  }
}

/** Pane heights by tab id: the editor's share in percent. */
export type SplitPrefs = Record<string, number>;

export function readSplitPrefs(storage: KeyValueStore | null): SplitPrefs {
  try {
    const raw: unknown = JSON.parse(storage?.getItem(SPLIT_KEY) ?? '{}');
    if (!isRecord(raw)) return {};
    const out: SplitPrefs = {};
    for (const [k, v] of Object.entries(raw)) {
      if (typeof v === 'number' && Number.isFinite(v)) out[k] = v;
    }
    return out;
  } catch {
    return {};
  }
}

/** The most tabs whose heights are remembered. */
export const MAX_SPLIT_PREFS = 100;

export function writeSplitPref(storage: KeyValueStore | null, tabId: string, north: number): void {
  const prefs = readSplitPrefs(storage);
  delete prefs[tabId];
  prefs[tabId] = north;
  const keys = Object.keys(prefs);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX_SPLIT_PREFS))) delete prefs[k];
  try {
    storage?.setItem(SPLIT_KEY, JSON.stringify(prefs));
  } catch {
    // Heights are a nicety.
  }
}
