import { describe, expect, it } from 'vitest';
import { DEFAULT_SQL, DEFAULT_SQL_NOT_PERSISTED, MESSAGES, formatMessage } from '@strata/core';
import type { TabStateDto } from '@strata/core';
import { ApiError } from '../../../app/api/errors';
import { KeyedDebouncer } from '../debounce';
import type { Timers } from '../debounce';
import { LOCAL_STATE_KEY } from '../localState';
import { queryDto } from '../testData';
import { createSqlLabStore } from './index';
import { loadSqlLab } from './loadThunks';
import { pollQueries, removeQuery, runQuery, stopQuery } from './queryThunks';
import { openRequest, saveQuery, scheduleQuery, updateSavedQuery } from './savedQueryThunks';
import { addTable, removeTable, setTableExpanded } from './tableThunks';
import {
  activateEditor,
  addEditor,
  closeEditor,
  duplicateEditor,
  renameEditor,
  updateEditor,
} from './tabThunks';

interface Call {
  method: string;
  url: string;
  body?: unknown;
}

type Handler = (call: Call) => unknown;

function fakeTimers() {
  const pending = new Map<number, () => void>();
  let next = 1;
  const timers: Timers = {
    set: (fn) => {
      pending.set(next, fn);
      return next++;
    },
    clear: (h) => void pending.delete(h as number),
  };
  return {
    timers,
    fire: () => {
      const fns = [...pending.values()];
      pending.clear();
      fns.forEach((f) => f());
    },
  };
}

const DATABASES = {
  1: {
    id: 1,
    database_name: 'examples',
    backend: 'duckdb',
    allow_run_async: false,
    disable_data_preview: false,
    expose_in_sqllab: true,
  },
  2: {
    id: 2,
    database_name: 'async',
    backend: 'postgresql',
    allow_run_async: true,
    disable_data_preview: true,
    expose_in_sqllab: true,
  },
};

function tabState(id: number, fields: Partial<TabStateDto> = {}): TabStateDto {
  return {
    id,
    user_id: 1,
    label: `Tab ${id}`,
    active: true,
    database_id: 1,
    schema: 'main',
    catalog: null,
    sql: `SELECT ${id}`,
    query_limit: 1000,
    template_params: null,
    autorun: false,
    hide_left_bar: false,
    saved_query: null,
    latest_query: null,
    extra_json: {},
    table_schemas: [],
    ...fields,
  };
}

function setup(handler: Handler, opts: { storage?: Map<string, string> } = {}) {
  const calls: Call[] = [];
  const toasts: Array<[string, string]> = [];
  const respond = async (call: Call) => {
    calls.push(call);
    return handler(call);
  };
  const storageData = opts.storage ?? new Map<string, string>();
  const storage = {
    getItem: (k: string) => storageData.get(k) ?? null,
    setItem: (k: string, v: string) => void storageData.set(k, v),
    removeItem: (k: string) => void storageData.delete(k),
  };
  let ids = 0;
  const timers = fakeTimers();
  const store = createSqlLabStore({
    api: {
      get: <T>(url: string) => respond({ method: 'GET', url }) as Promise<T>,
      post: <T>(url: string, body?: unknown) =>
        respond({ method: 'POST', url, body }) as Promise<T>,
      put: <T>(url: string, body?: unknown) => respond({ method: 'PUT', url, body }) as Promise<T>,
      delete: <T>(url: string) => respond({ method: 'DELETE', url }) as Promise<T>,
    },
    toasts: {
      addSuccessToast: (t) => toasts.push(['success', t]),
      addInfoToast: (t) => toasts.push(['info', t]),
      addWarningToast: (t) => toasts.push(['warning', t]),
      addDangerToast: (t) => toasts.push(['danger', t]),
    },
    pageSearch: () => '?foo=bar',
    storage,
    newId: () => `id${(ids += 1)}`,
    now: () => 1_000_000,
    sqlStore: new KeyedDebouncer(1000, timers.timers),
  });
  const writes = () => calls.filter((c) => c.method !== 'GET');
  return { store, calls, toasts, timers, storageData, writes };
}

/** A server answering the bootstrap, tab states and table metadata like Strata's. */
function server(
  extra: Handler = () => undefined,
  bootstrap: Record<string, unknown> = {},
): Handler {
  let nextTab = 100;
  return (call) => {
    const answer = extra(call);
    if (answer !== undefined) return answer;
    if (call.method === 'GET' && call.url === '/api/v1/sqllab/') {
      return {
        result: {
          active_tab: tabState(1),
          tab_state_ids: [
            [1, 'Tab 1'],
            [2, 'Tab 2'],
          ],
          databases: DATABASES,
          queries: {},
          common: {
            conf: { DEFAULT_SQLLAB_LIMIT: 500, SQL_MAX_ROW: 10000, DISPLAY_MAX_ROW: 1000 },
          },
          ...bootstrap,
        },
      };
    }
    if (call.method === 'POST' && call.url === '/tabstateview/') return { id: (nextTab += 1) };
    if (call.method === 'GET' && /^\/tabstateview\/\d+$/.test(call.url)) {
      return tabState(Number(call.url.split('/').pop()));
    }
    if (call.method === 'GET' && call.url.includes('/table/')) {
      return {
        name: 'orders',
        columns: [{ name: 'id', type: 'INTEGER', keys: [{ type: 'pk' }] }],
        selectStar: 'SELECT id FROM orders LIMIT 100',
        primaryKey: { type: 'pk', constrained_columns: ['id'] },
        foreignKeys: [],
        indexes: [],
      };
    }
    if (call.method === 'POST' && call.url === '/tableschemaview/') return { id: 55 };
    return {};
  };
}

const flush = () => new Promise((r) => setTimeout(r, 0));

describe('loading the page', () => {
  it('loads the active tab fully and the others as stubs', async () => {
    const t = setup(server());
    await t.store.dispatch(loadSqlLab(true, null));
    const s = t.store.getState();
    expect(s.ui.status).toBe('ready');
    expect(s.editors.order).toEqual(['1', '2']);
    expect(s.editors.activeId).toBe('1');
    expect(s.editors.byId['1']).toMatchObject({ loaded: true, sql: 'SELECT 1', tabViewId: '1' });
    expect(s.editors.byId['2']).toMatchObject({ loaded: false, name: 'Tab 2' });
    expect(s.databases.conf.DEFAULT_SQLLAB_LIMIT).toBe(500);
    expect(Object.keys(s.databases.byId)).toEqual(['1', '2']);
    expect(t.writes()).toEqual([]);
  });

  it('reads a tab lazily when it is opened, and activates it', async () => {
    const t = setup(server());
    await t.store.dispatch(loadSqlLab(true, null));
    await t.store.dispatch(activateEditor('2'));
    const s = t.store.getState();
    expect(s.editors.activeId).toBe('2');
    expect(s.editors.byId['2']).toMatchObject({ loaded: true, sql: 'SELECT 2' });
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /tabstateview/2/activate');
    expect(t.calls.map((c) => `${c.method} ${c.url}`)).toContain('GET /tabstateview/2');
  });

  it('forgets a tab the server no longer has (404 on activation)', async () => {
    const t = setup(
      server((c) => {
        if (c.url === '/tabstateview/2/activate') throw new ApiError('Not found', 404);
        return undefined;
      }),
    );
    await t.store.dispatch(loadSqlLab(true, null));
    await t.store.dispatch(activateEditor('2'));
    const s = t.store.getState();
    expect(s.editors.order).toEqual(['1']);
    expect(s.editors.activeId).toBe('1');
    expect(t.toasts).toEqual([]);
  });

  it('forgets a tab that answers 404 when read', async () => {
    const t = setup(
      server((c) => {
        if (c.method === 'GET' && c.url === '/tabstateview/2') throw new ApiError('Not found', 404);
        return undefined;
      }),
    );
    await t.store.dispatch(loadSqlLab(true, null));
    await t.store.dispatch(activateEditor('2'));
    expect(t.store.getState().editors.order).toEqual(['1']);
  });

  it('opens a new tab when the user has none', async () => {
    const t = setup(server(undefined, { active_tab: null, tab_state_ids: [] }));
    await t.store.dispatch(loadSqlLab(true, null));
    const s = t.store.getState();
    expect(s.editors.order).toHaveLength(1);
    const e = s.editors.byId[s.editors.order[0]!];
    // The first database by name.
    expect(e).toMatchObject({
      name: 'Untitled Query 1',
      sql: DEFAULT_SQL,
      dbId: 2,
      tabViewId: '101',
    });
  });

  it('fails visibly when the bootstrap cannot be read', async () => {
    const t = setup(() => {
      throw new ApiError('Server down', 500);
    });
    await t.store.dispatch(loadSqlLab(true, null));
    expect(t.store.getState().ui).toMatchObject({ status: 'failed', error: 'Server down' });
  });
});

describe('tabs on the server', () => {
  async function loaded(extra?: Handler) {
    const t = setup(server(extra));
    await t.store.dispatch(loadSqlLab(true, null));
    t.calls.length = 0;
    return t;
  }

  it('adds a tab on the last used database and schema, named after the others', async () => {
    const t = await loaded();
    const id = await t.store.dispatch(addEditor());
    const e = t.store.getState().editors.byId[id];
    expect(e).toMatchObject({
      name: 'Untitled Query 1',
      dbId: 1,
      schema: 'main',
      sql: DEFAULT_SQL,
      queryLimit: 500,
      tabViewId: '101',
    });
    expect(t.calls[0]).toMatchObject({ method: 'POST', url: '/tabstateview/' });
    expect((t.calls[0]?.body as { queryEditor: { name: string } }).queryEditor.name).toBe(
      'Untitled Query 1',
    );
    expect(t.store.getState().editors.activeId).toBe(id);
  });

  it('says so when the server cannot add a tab', async () => {
    const t = await loaded((c) => {
      if (c.method === 'POST' && c.url === '/tabstateview/') throw new ApiError('no', 500);
      return undefined;
    });
    await t.store.dispatch(addEditor());
    expect(t.toasts).toEqual([['danger', MESSAGES.tabAddError]]);
  });

  it('stores SQL after a pause, other fields at once', async () => {
    const t = await loaded();
    t.store.dispatch(updateEditor('1', { sql: 'SELECT 4' }));
    t.store.dispatch(updateEditor('1', { sql: 'SELECT 42' }));
    t.store.dispatch(updateEditor('1', { schema: 'other' }));
    await flush();
    expect(t.writes()).toEqual([
      { method: 'PUT', url: '/tabstateview/1', body: { schema: 'other' } },
    ]);
    expect(t.store.getState().ui.unsaved['1']).toEqual(['sql']);
    t.timers.fire();
    await flush();
    expect(t.writes()[1]).toEqual({
      method: 'PUT',
      url: '/tabstateview/1',
      body: { sql: 'SELECT 42' },
    });
    expect(t.store.getState().ui.unsaved['1']).toBeUndefined();
  });

  it('advises saving the query when SQL cannot be stored', async () => {
    const t = await loaded((c) => {
      if (c.method === 'PUT') throw new ApiError('no', 500);
      return undefined;
    });
    t.store.dispatch(updateEditor('1', { sql: 'x', name: 'Renamed' }));
    t.timers.fire();
    await flush();
    await flush();
    expect(t.toasts).toContainEqual(['danger', MESSAGES.storeSqlError]);
    expect(t.toasts).toContainEqual([
      'danger',
      formatMessage(MESSAGES.tabStateError, 'setting the tab name'),
    ]);
    expect(t.store.getState().ui.storeFailed['1']).toEqual(
      expect.arrayContaining(['sql', 'label']),
    );
  });

  it('renames, duplicates and closes tabs', async () => {
    const t = await loaded();
    t.store.dispatch(renameEditor('1', '  Orders  '));
    t.store.dispatch(renameEditor('1', '   '));
    await flush();
    expect(t.writes()).toEqual([
      { method: 'PUT', url: '/tabstateview/1', body: { label: 'Orders' } },
    ]);
    const copy = await t.store.dispatch(duplicateEditor('1'));
    const s = t.store.getState();
    expect(s.editors.order).toEqual(['1', copy, '2']);
    expect(s.editors.byId[copy!]).toMatchObject({ name: 'Copy of Orders', sql: 'SELECT 1' });
    await t.store.dispatch(closeEditor(copy!));
    expect(t.calls).toContainEqual({ method: 'DELETE', url: '/tabstateview/101' });
    expect(t.calls).toContainEqual({ method: 'POST', url: '/tabstateview/2/activate' });
    expect(t.store.getState().editors.activeId).toBe('2');
  });

  it('opens a new tab after the last one is closed', async () => {
    const t = await loaded();
    await t.store.dispatch(closeEditor('2'));
    await t.store.dispatch(closeEditor('1'));
    const s = t.store.getState();
    expect(s.editors.order).toHaveLength(1);
    expect(s.editors.byId[s.editors.order[0]!]?.name).toBe('Untitled Query 1');
  });
});

describe('tabs kept in this browser', () => {
  it('starts with the note in the SQL and writes nothing to the server', async () => {
    const t = setup(server());
    await t.store.dispatch(loadSqlLab(false, null));
    const s = t.store.getState();
    const e = s.editors.byId[s.editors.order[0]!];
    expect(e?.sql).toBe(`${DEFAULT_SQL_NOT_PERSISTED}${DEFAULT_SQL}`);
    expect(e?.tabViewId).toBe(null);
    t.store.dispatch(updateEditor(e!.id, { sql: 'x', name: 'y' }));
    t.timers.fire();
    await flush();
    expect(t.writes()).toEqual([]);
  });

  it('moves browser tabs to the server once it keeps them', async () => {
    const storage = new Map([
      [
        LOCAL_STATE_KEY,
        JSON.stringify({
          editors: [{ id: 'loc', name: 'Kept', sql: 'SELECT kept' }],
          activeId: 'loc',
        }),
      ],
    ]);
    const t = setup(server(), { storage });
    await t.store.dispatch(loadSqlLab(true, null));
    const posted = t.calls.filter((c) => c.url === '/tabstateview/');
    expect(posted).toHaveLength(1);
    expect((posted[0]?.body as { queryEditor: { sql: string } }).queryEditor.sql).toBe(
      'SELECT kept',
    );
    expect(storage.has(LOCAL_STATE_KEY)).toBe(false);
    expect(t.store.getState().editors.order).toHaveLength(3);
  });
});

describe('running queries', () => {
  async function loaded(extra?: Handler) {
    const t = setup(server(extra));
    await t.store.dispatch(loadSqlLab(true, null));
    t.calls.length = 0;
    return t;
  }

  it('runs a query synchronously, keeps its rows and stores it as the latest', async () => {
    const t = await loaded((c) => {
      if (c.url.startsWith('/api/v1/sqllab/execute/')) {
        const body = c.body as { client_id: string };
        return {
          status: 'success',
          query_id: 9,
          query: queryDto({ id: body.client_id, state: 'success', rows: 1 }),
          columns: [],
          selected_columns: [],
          expanded_columns: [],
          data: [{ a: 1 }],
          offset: 0,
          total_rows: 1,
        };
      }
      return undefined;
    });
    t.store.dispatch(updateEditor('1', { selectedText: 'SELECT 99' }));
    await t.store.dispatch(runQuery('1', { selection: true }));
    const s = t.store.getState();
    const exec = t.calls.find((c) => c.url.startsWith('/api/v1/sqllab/execute/'));
    expect(exec?.url).toBe('/api/v1/sqllab/execute/?foo=bar');
    expect(exec?.body).toMatchObject({
      sql: 'SELECT 99',
      database_id: 1,
      sql_editor_id: '1',
      tab: 'Tab 1',
      runAsync: false,
      queryLimit: 1000,
    });
    const id = s.editors.byId['1']?.latestQueryId;
    expect(id).toBe('id1');
    expect(s.queries.byId.id1).toMatchObject({ state: 'success', awaitingResponse: false });
    expect(s.results.byQueryId.id1?.data).toEqual([{ a: 1 }]);
    expect(t.calls.at(-1)).toEqual({
      method: 'PUT',
      url: '/tabstateview/1',
      body: { latest_query_id: 'id1' },
    });
  });

  it('marks a failed query with the server’s message and errors', async () => {
    const t = await loaded((c) => {
      if (c.url.startsWith('/api/v1/sqllab/execute/')) {
        throw new ApiError('Syntax error', 400, {
          message: 'Syntax error',
          errors: [
            { message: 'Syntax error', error_type: 'SYNTAX_ERROR', level: 'error', extra: {} },
          ],
        });
      }
      return undefined;
    });
    await t.store.dispatch(runQuery('1'));
    const q = t.store.getState().queries.byId.id1;
    expect(q).toMatchObject({ state: 'failed', errorMessage: 'Syntax error' });
    expect(q?.errors[0]?.error_type).toBe('SYNTAX_ERROR');
    expect(t.writes().some((c) => c.method === 'PUT')).toBe(false);
  });

  it('polls a queued query until it succeeds, then stores it as the latest', async () => {
    let polls = 0;
    const t = await loaded((c) => {
      if (c.url.startsWith('/api/v1/sqllab/execute/')) {
        const body = c.body as { client_id: string };
        return {
          query: queryDto({
            id: body.client_id,
            state: 'pending',
            sqlEditorId: '1',
            startDttm: 1_000_000,
          }),
        };
      }
      if (c.url.startsWith('/api/v1/query/updated_since')) {
        polls += 1;
        return {
          result: [
            queryDto({
              id: 'id1',
              state: polls === 1 ? 'running' : 'success',
              progress: polls === 1 ? 50 : 100,
              resultsKey: polls === 1 ? null : 'key1',
              startDttm: 1_000_000,
              changed_on: new Date(1_000_000 + polls * 1000).toISOString(),
            }),
          ],
        };
      }
      return undefined;
    });
    t.store.dispatch(updateEditor('1', { dbId: 2 }));
    await t.store.dispatch(runQuery('1'));
    expect(t.store.getState().queries.byId.id1?.state).toBe('pending');
    await t.store.dispatch(pollQueries());
    expect(t.store.getState().queries.byId.id1).toMatchObject({ state: 'running', progress: 50 });
    await t.store.dispatch(pollQueries());
    expect(t.store.getState().queries.byId.id1).toMatchObject({
      state: 'success',
      resultsKey: 'key1',
    });
    expect(t.calls.at(-1)).toMatchObject({ method: 'PUT', body: { latest_query_id: 'id1' } });
    await t.store.dispatch(pollQueries());
    expect(polls).toBe(2);
    const since = t.calls
      .filter((c) => c.url.includes('updated_since'))
      .map((c) => decodeURIComponent(c.url));
    expect(since[0]).toContain(`last_updated_ms:${1_000_000 - 1000}`);
  });

  it('stops a query, or says why not', async () => {
    let fail = false;
    const t = await loaded((c) => {
      if (c.url === '/api/v1/query/stop') {
        if (fail) throw new ApiError('no', 500);
        return { result: 'OK' };
      }
      if (c.url.startsWith('/api/v1/sqllab/execute/')) {
        const body = c.body as { client_id: string };
        return { query: queryDto({ id: body.client_id, state: 'running' }) };
      }
      return undefined;
    });
    await t.store.dispatch(runQuery('1'));
    await t.store.dispatch(stopQuery('id1'));
    expect(t.store.getState().queries.byId.id1?.state).toBe('stopped');
    expect(t.toasts).toEqual([['success', MESSAGES.queryStopped]]);
    fail = true;
    await t.store.dispatch(stopQuery('id1'));
    expect(t.toasts.at(-1)).toEqual(['danger', formatMessage(MESSAGES.queryStopError, 'id1')]);
  });

  it('removes a query from the tab’s history on the server', async () => {
    const t = await loaded((c) => {
      if (c.url.startsWith('/api/v1/sqllab/execute/')) {
        return { query: queryDto({ id: (c.body as { client_id: string }).client_id }) };
      }
      return undefined;
    });
    await t.store.dispatch(runQuery('1'));
    await t.store.dispatch(removeQuery('1', 'id1'));
    expect(t.calls.at(-1)).toEqual({ method: 'DELETE', url: '/tabstateview/1/query/id1' });
    expect(t.store.getState().queries.byId.id1).toBeUndefined();
    expect(t.store.getState().editors.byId['1']?.latestQueryId).toBe(null);
  });
});

describe('table panels', () => {
  it('reads the metadata, runs the preview and stores the panel', async () => {
    const t = setup(
      server((c) => {
        if (c.url.startsWith('/api/v1/sqllab/execute/')) {
          return {
            query: queryDto({ id: (c.body as { client_id: string }).client_id, state: 'running' }),
          };
        }
        return undefined;
      }),
    );
    await t.store.dispatch(loadSqlLab(true, null));
    t.calls.length = 0;
    await t.store.dispatch(
      addTable('1', { dbId: 1, catalog: null, schema: 'main', name: 'orders' }),
    );
    const s = t.store.getState();
    const panel = Object.values(s.tables.byId)[0];
    expect(panel).toMatchObject({
      name: 'orders',
      isMetadataLoading: false,
      remoteId: 55,
      selectStar: 'SELECT id FROM orders LIMIT 100',
      dataPreviewQueryId: 'id2',
    });
    expect(s.queries.byId.id2).toMatchObject({ isDataPreview: true, tableName: 'orders' });
    expect(s.ui.southTab['1']).toBe(`preview:${panel?.id}`);
    const exec = t.calls.find((c) => c.url.startsWith('/api/v1/sqllab/execute/'));
    expect(exec?.body).toMatchObject({ sql_editor_id: null, queryLimit: 100 });
    const stored = t.calls.find((c) => c.url === '/tableschemaview/');
    expect(stored?.body).toMatchObject({
      table: { name: 'orders', queryEditorId: 1, description: { dataPreviewQueryId: 'id2' } },
    });

    // The same table again opens the same panel.
    await t.store.dispatch(
      addTable('1', { dbId: 1, catalog: null, schema: 'main', name: 'orders' }),
    );
    expect(Object.keys(t.store.getState().tables.byId)).toHaveLength(1);

    await t.store.dispatch(setTableExpanded(panel!.id, false));
    expect(t.calls.at(-1)).toEqual({
      method: 'POST',
      url: '/tableschemaview/55/expanded',
      body: { expanded: false },
    });
    await t.store.dispatch(removeTable(panel!.id));
    expect(t.calls.at(-1)).toEqual({ method: 'DELETE', url: '/tableschemaview/55' });
    expect(t.store.getState().tables.order).toEqual([]);
    expect(t.store.getState().ui.southTab['1']).toBe('results');
  });

  it('runs no preview when the database disables previews', async () => {
    const t = setup(server());
    await t.store.dispatch(loadSqlLab(true, null));
    await t.store.dispatch(
      addTable('1', { dbId: 2, catalog: null, schema: 'public', name: 'orders' }),
    );
    expect(t.calls.some((c) => c.url.startsWith('/api/v1/sqllab/execute/'))).toBe(false);
    expect(Object.values(t.store.getState().tables.byId)[0]?.dataPreviewQueryId).toBe(null);
  });
});

describe('saved queries and opening', () => {
  async function loaded(extra?: Handler) {
    const t = setup(server(extra));
    await t.store.dispatch(loadSqlLab(true, null));
    t.calls.length = 0;
    return t;
  }

  it('saves a tab as a query: the tab edits it and takes its name', async () => {
    const t = await loaded((c) =>
      c.url === '/api/v1/saved_query/' ? { id: 31, result: {} } : undefined,
    );
    await t.store.dispatch(saveQuery('1', { label: 'Revenue', description: 'd' }));
    expect(t.calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/v1/saved_query/',
      body: { label: 'Revenue', description: 'd', db_id: 1, schema: 'main', sql: 'SELECT 1' },
    });
    expect(t.store.getState().editors.byId['1']).toMatchObject({ remoteId: 31, name: 'Revenue' });
    expect(t.toasts).toEqual([['success', MESSAGES.querySaved]]);
    await flush();
    expect(t.calls.at(-1)).toMatchObject({
      method: 'PUT',
      url: '/tabstateview/1',
      body: { saved_query_id: 31, label: 'Revenue' },
    });
    await t.store.dispatch(updateSavedQuery('1', { label: 'Revenue', description: 'd2' }));
    expect(t.calls.at(-1)).toMatchObject({ method: 'PUT', url: '/api/v1/saved_query/31' });
    expect(t.toasts.at(-1)).toEqual(['success', MESSAGES.queryUpdated]);
  });

  it('says when a query cannot be saved', async () => {
    const t = await loaded((c) => {
      if (c.url === '/api/v1/saved_query/') throw new ApiError('no', 422);
      return undefined;
    });
    await expect(t.store.dispatch(saveQuery('1', { label: 'x' }))).rejects.toThrow();
    expect(t.toasts).toEqual([['danger', MESSAGES.querySaveError]]);
  });

  it('opens a saved query in a new tab, or the tab already editing it', async () => {
    const t = await loaded((c) =>
      c.url === '/api/v1/saved_query/31'
        ? {
            result: {
              label: 'Revenue',
              db_id: 1,
              schema: 'main',
              sql: 'SELECT 31',
              template_parameters: '',
            },
          }
        : undefined,
    );
    await t.store.dispatch(openRequest({ kind: 'savedQuery', id: 31 }));
    const s = t.store.getState();
    const active = s.editors.byId[s.editors.activeId!];
    expect(active).toMatchObject({ name: 'Revenue', sql: 'SELECT 31', remoteId: 31 });
    const count = s.editors.order.length;
    await t.store.dispatch(openRequest({ kind: 'savedQuery', id: 31 }));
    expect(t.store.getState().editors.order).toHaveLength(count);
  });

  it('says when a saved query cannot be read', async () => {
    const t = await loaded((c) => {
      if (c.url === '/api/v1/saved_query/9') throw new ApiError('Not found', 404);
      return undefined;
    });
    await t.store.dispatch(openRequest({ kind: 'savedQuery', id: 9 }));
    expect(t.toasts).toEqual([['danger', MESSAGES.queryLoadError]]);
  });

  it("opens a dataset's query, or says the datasource couldn't be loaded", async () => {
    const t = await loaded((c) => {
      if (c.url === '/api/v1/dataset/12') {
        return { result: { table_name: 'orders', schema: 'main', database: { id: 2 } } };
      }
      if (c.url === '/api/v1/dataset/13') throw new ApiError('Not found', 404);
      return undefined;
    });
    await t.store.dispatch(
      openRequest({ kind: 'datasource', key: '12__table', datasetId: 12, sql: null }),
    );
    const s = t.store.getState();
    expect(s.editors.byId[s.editors.activeId!]).toMatchObject({
      dbId: 2,
      schema: 'main',
      name: 'Query orders',
      sql: 'SELECT * FROM main.orders',
    });
    expect(t.toasts).toEqual([]);
    const count = s.editors.order.length;
    await t.store.dispatch(
      openRequest({ kind: 'datasource', key: '13__table', datasetId: 13, sql: 'SELECT 1' }),
    );
    await t.store.dispatch(
      openRequest({ kind: 'datasource', key: 'x', datasetId: null, sql: null }),
    );
    expect(t.toasts).toEqual([
      ['danger', MESSAGES.datasourceLoadError],
      ['danger', MESSAGES.datasourceLoadError],
    ]);
    expect(t.store.getState().editors.order).toHaveLength(count);
  });

  it('schedules a query with its form values, with the spec toasts', async () => {
    let fail = false;
    const t = await loaded((c) => {
      if (c.url === '/savedqueryviewapi/api/create') {
        if (fail) throw new ApiError('Bad', 400);
        return { id: 5 };
      }
      return undefined;
    });
    const editorId = t.store.getState().editors.activeId!;
    await t.store.dispatch(
      scheduleQuery(editorId, { label: 'Nightly', description: '', values: { output_table: 'o' } }),
    );
    const call = t.calls.find((c) => c.url === '/savedqueryviewapi/api/create');
    expect(call?.body).toMatchObject({ label: 'Nightly', db_id: 1 });
    expect(JSON.parse((call?.body as { extra_json: string }).extra_json)).toEqual({
      schedule_info: { output_table: 'o' },
    });
    fail = true;
    await expect(
      t.store.dispatch(scheduleQuery(editorId, { label: 'N', description: '', values: {} })),
    ).rejects.toThrow();
    expect(t.toasts).toEqual([
      ['success', MESSAGES.queryScheduled],
      ['danger', MESSAGES.queryScheduleError],
    ]);
  });

  it('opens a permalink and runs it when asked', async () => {
    const t = await loaded((c) => {
      if (c.url === '/api/v1/sqllab/permalink/abc') {
        return { dbId: 1, name: 'Shared', schema: 'main', autorun: true, sql: 'SELECT 7' };
      }
      if (c.url.startsWith('/api/v1/sqllab/execute/')) {
        return { query: queryDto({ id: (c.body as { client_id: string }).client_id }) };
      }
      return undefined;
    });
    await t.store.dispatch(openRequest({ kind: 'permalink', key: 'abc' }));
    const exec = t.calls.find((c) => c.url.startsWith('/api/v1/sqllab/execute/'));
    expect(exec?.body).toMatchObject({ sql: 'SELECT 7', tab: 'Shared', sql_editor_id: '101' });
  });

  it('opens SQL from the address on its database', async () => {
    const t = await loaded();
    await t.store.dispatch(
      openRequest({
        kind: 'new',
        dbId: 2,
        catalog: null,
        schema: 'public',
        sql: 'SELECT 5',
        name: null,
        autorun: false,
      }),
    );
    const s = t.store.getState();
    expect(s.editors.byId[s.editors.activeId!]).toMatchObject({
      dbId: 2,
      schema: 'public',
      sql: 'SELECT 5',
    });
  });
});
