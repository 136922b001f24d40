import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { QUERY_POLL_MS } from '@strata/core';
import { tablesInSql, uniqueSorted } from './completions';
import type { EditorCompletions } from './completions';
import { toLocalState, writeLocalState } from './localState';
import { pollDelay } from './queries';
import { isDefaultSql } from './tabState';
import { columnsKey, tablesKey } from './store/browseSlice';
import { loadColumns, loadFunctionNames, loadTables, validateSql } from './store/browseThunks';
import { useSqlLabDispatch, useSqlLabSelector, useSqlLabStore } from './store/hooks';
import { pollQueries } from './store/queryThunks';
import { makeSelectEditorPanels, selectHasRunningQueries, selectPanels } from './store/selectors';
import { flushPendingSql } from './store/tabThunks';
import type { QueryEditor } from './types';

/** The size of an element, followed as it changes. */
export function useElementSize(ref: RefObject<HTMLElement | null>): {
  width: number;
  height: number;
} {
  const [size, setSize] = useState({ width: 0, height: 0 });
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return undefined;
    const update = () => {
      const rect = el.getBoundingClientRect();
      setSize((s) =>
        Math.round(s.width) === Math.round(rect.width) &&
        Math.round(s.height) === Math.round(rect.height)
          ? s
          : { width: Math.round(rect.width), height: Math.round(rect.height) },
      );
    };
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [ref]);
  return size;
}

/** Polls `updated_since` every QUERY_POLL_MS while a query runs (one poll at a time). */
export function useQueryPolling(): void {
  const dispatch = useSqlLabDispatch();
  const running = useSqlLabSelector(selectHasRunningQueries);
  useEffect(() => {
    if (!running) return undefined;
    // Quick polls first (a short query's answer, a long one's first rows), then steady ones.
    let attempt = 0;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout>;
    const next = () => {
      timer = setTimeout(
        () => {
          void dispatch(pollQueries()).finally(() => {
            if (!stopped) next();
          });
        },
        pollDelay(attempt++, QUERY_POLL_MS),
      );
    };
    next();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running, dispatch]);
}

/** Keeps the tabs in this browser when the server does not keep them. */
export function useLocalPersistence(enabled: boolean): void {
  const store = useSqlLabStore();
  useEffect(() => {
    if (!enabled) return undefined;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const write = () => {
      timer = null;
      const s = store.getState();
      if (s.ui.status !== 'ready') return;
      writeLocalState(
        window.localStorage,
        toLocalState({
          editors: s.editors.order.flatMap((id) =>
            s.editors.byId[id] ? [s.editors.byId[id]] : [],
          ),
          activeId: s.editors.activeId,
          tables: selectPanels(s),
          queries: Object.values(s.queries.byId),
        }),
      );
    };
    let last = store.getState();
    const unsubscribe = store.subscribe(() => {
      const s = store.getState();
      if (s.editors === last.editors && s.tables === last.tables && s.queries === last.queries)
        return;
      last = s;
      if (timer === null) timer = setTimeout(write, 500);
    });
    return () => {
      unsubscribe();
      if (timer !== null) {
        clearTimeout(timer);
        write();
      }
    };
  }, [enabled, store]);
}

/** Stores pending SQL when the page is left or hidden. */
export function useFlushOnLeave(): void {
  const dispatch = useSqlLabDispatch();
  useEffect(() => {
    const flush = () => dispatch(flushPendingSql());
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') flush();
    };
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', onVisibility);
      flush();
    };
  }, [dispatch]);
}

/** Pause after typing before the SQL is validated (ms). */
export const VALIDATION_DELAY_MS = 600;

/** Validates a tab's SQL a pause after it last changed. */
export function useLiveValidation(editor: QueryEditor, enabled: boolean): void {
  const dispatch = useSqlLabDispatch();
  const { id, sql, dbId, schema, templateParams } = editor;
  const validated = editor.validationResult?.sql ?? null;
  const noValidator = useSqlLabSelector((s) =>
    dbId !== null ? s.browse.noValidator[String(dbId)] === true : true,
  );
  useEffect(() => {
    if (!enabled || noValidator || dbId === null || validated === sql || isDefaultSql(sql)) {
      return undefined;
    }
    const controller = new AbortController();
    const timer = setTimeout(
      () => void dispatch(validateSql(id, controller.signal)),
      VALIDATION_DELAY_MS,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
    // `validated` is read to skip text already validated; a new result must not re-run.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled, noValidator, dispatch, id, sql, dbId, schema, templateParams]);
}

/** The most table names offered from schemas other than the tab's. */
const OTHER_SCHEMA_TABLES = 2000;

/**
 * What the editor completes: schemas, the tab's schema's tables (and those of other schemas
 * already read), columns of open panels and of tables named in the SQL, function names.
 */
export function useCompletions(editor: QueryEditor): EditorCompletions {
  const dispatch = useSqlLabDispatch();
  const { id, dbId, schema, sql } = editor;
  const browse = useSqlLabSelector((s) => s.browse);
  const selectPanelsOf = useMemo(makeSelectEditorPanels, []);
  const panels = useSqlLabSelector((s) => selectPanelsOf(s, id));

  useEffect(() => {
    if (dbId !== null) void dispatch(loadFunctionNames(id, dbId));
  }, [dispatch, id, dbId]);

  // Tables named in the SQL, read a moment after typing stops.
  const [namedTables, setNamedTables] = useState(() => tablesInSql(sql));
  const sqlRef = useRef(sql);
  useEffect(() => {
    sqlRef.current = sql;
    const timer = setTimeout(() => setNamedTables(tablesInSql(sqlRef.current)), 400);
    return () => clearTimeout(timer);
  }, [sql]);

  useEffect(() => {
    if (dbId === null) return;
    for (const ref of namedTables) {
      const refSchema = ref.schema ?? schema;
      const known = browse.tables[tablesKey(dbId, refSchema)];
      if (!known) {
        if (ref.schema !== null) void dispatch(loadTables(dbId, ref.schema));
        continue;
      }
      const exists = (known.data ?? []).some((t) => t.value === ref.name);
      if (exists) void dispatch(loadColumns(dbId, refSchema, ref.name));
    }
  }, [dispatch, dbId, schema, namedTables, browse.tables]);

  return useMemo(() => {
    if (dbId === null) return { schemas: [], tables: [], columns: {}, functions: [] };
    const schemas = browse.schemas[String(dbId)]?.data ?? [];
    const prefix = `${dbId}\u0000`;
    const tables: EditorCompletions['tables'] = [];
    const current = browse.tables[tablesKey(dbId, schema)]?.data ?? [];
    for (const t of current) tables.push({ schema, name: t.value });
    let others = 0;
    for (const [key, entry] of Object.entries(browse.tables)) {
      if (!key.startsWith(prefix) || key === tablesKey(dbId, schema)) continue;
      const otherSchema = key.slice(prefix.length) || null;
      for (const t of entry.data ?? []) {
        if (others >= OTHER_SCHEMA_TABLES) break;
        tables.push({ schema: otherSchema, name: t.value });
        others += 1;
      }
    }
    const columns: EditorCompletions['columns'] = {};
    for (const p of panels) {
      if (p.dbId === dbId && p.columns.length > 0) {
        columns[p.name] = p.columns.map((c) => ({ name: c.name, type: c.type ?? undefined }));
      }
    }
    for (const ref of namedTables) {
      const entry = browse.columns[columnsKey(dbId, ref.schema ?? schema, ref.name)];
      if (entry?.data && !columns[ref.name]) columns[ref.name] = entry.data;
    }
    return {
      schemas,
      tables,
      columns,
      functions: uniqueSorted(editor.functionNames),
    };
  }, [
    dbId,
    schema,
    browse.schemas,
    browse.tables,
    browse.columns,
    panels,
    namedTables,
    editor.functionNames,
  ]);
}
