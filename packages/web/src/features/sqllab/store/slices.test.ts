import { describe, expect, it } from 'vitest';
import type { QueryResultsPayload } from '@strata/core';
import { blankEditor, newPanel } from '../tabState';
import { queryDto, sqlLabQuery } from '../testData';
import {
  browseFailed,
  browseLoaded,
  browseLoading,
  browseReducer,
  initialBrowseState,
  validatorMissing,
} from './browseSlice';
import {
  editorActivated,
  editorAdded,
  editorRemoved,
  editorUpdated,
  editorsLoaded,
  editorsReducer,
  editorsReordered,
  initialEditorsState,
  neighbourOf,
} from './editorsSlice';
import {
  initialQueriesState,
  queriesLoaded,
  queriesPolled,
  queriesReducer,
  queryAnswered,
  queryEditorMoved,
  queryFailed,
  queryRemoved,
  queryStarted,
  queryStopped,
  resultsFailed,
  resultsLoaded,
  resultsLoading,
} from './queriesSlice';
import {
  MAX_RESULT_SETS,
  initialResultsState,
  resultsDropped,
  resultsReducer,
  resultsStored,
} from './resultsSlice';
import {
  editorTablesLoaded,
  editorTablesRemoved,
  findPanel,
  initialTablesState,
  tableMerged,
  tableRemoved,
  tableUpdated,
  tablesReducer,
} from './tablesSlice';
import {
  editorForgotten,
  fieldsStoreFailed,
  fieldsStored,
  fieldsUnsaved,
  initialUiState,
  pageFailed,
  pageReady,
  pageStarted,
  southTabShown,
  uiReducer,
} from './uiSlice';

describe('editors', () => {
  const a = blankEditor('a', { dbId: 1, schema: 'main' });
  const b = blankEditor('b');
  const c = blankEditor('c');

  it('loads tabs and picks the active one (else the first)', () => {
    let s = editorsReducer(initialEditorsState, editorsLoaded({ editors: [a, b], activeId: 'b' }));
    expect(s.order).toEqual(['a', 'b']);
    expect(s.activeId).toBe('b');
    s = editorsReducer(initialEditorsState, editorsLoaded({ editors: [a, b], activeId: 'zz' }));
    expect(s.activeId).toBe('a');
    expect(s.lastUsed).toEqual({ dbId: 1, catalog: null, schema: 'main' });
  });

  it('adds tabs at the end or after another, active unless told not to', () => {
    let s = editorsReducer(initialEditorsState, editorsLoaded({ editors: [a, b], activeId: 'a' }));
    s = editorsReducer(s, editorAdded({ editor: c, afterId: 'a' }));
    expect(s.order).toEqual(['a', 'c', 'b']);
    expect(s.activeId).toBe('c');
    s = editorsReducer(s, editorAdded({ editor: blankEditor('d'), activate: false }));
    expect(s.order).toEqual(['a', 'c', 'b', 'd']);
    expect(s.activeId).toBe('c');
  });

  it('updates a tab and remembers the database and schema used', () => {
    let s = editorsReducer(initialEditorsState, editorsLoaded({ editors: [a, b], activeId: 'a' }));
    s = editorsReducer(s, editorUpdated({ id: 'b', changes: { dbId: 4, schema: 's', id: 'zz' } }));
    expect(s.byId.b).toMatchObject({ id: 'b', dbId: 4, schema: 's' });
    expect(s.lastUsed).toEqual({ dbId: 4, catalog: null, schema: 's' });
    s = editorsReducer(s, editorUpdated({ id: 'a', changes: { sql: 'x' } }));
    expect(s.lastUsed.dbId).toBe(4);
    expect(editorsReducer(s, editorUpdated({ id: 'nope', changes: { sql: 'y' } }))).toBe(s);
  });

  it('closes a tab and shows its right neighbour, else its left one', () => {
    let s = editorsReducer(
      initialEditorsState,
      editorsLoaded({ editors: [a, b, c], activeId: 'b' }),
    );
    s = editorsReducer(s, editorRemoved('b'));
    expect(s.order).toEqual(['a', 'c']);
    expect(s.activeId).toBe('c');
    s = editorsReducer(s, editorRemoved('c'));
    expect(s.activeId).toBe('a');
    s = editorsReducer(s, editorRemoved('a'));
    expect(s.activeId).toBe(null);
    expect(neighbourOf(['x'], 'missing')).toBe('x');
  });

  it('activates and reorders only known tabs', () => {
    let s = editorsReducer(initialEditorsState, editorsLoaded({ editors: [a, b], activeId: 'a' }));
    s = editorsReducer(s, editorActivated('zz'));
    expect(s.activeId).toBe('a');
    s = editorsReducer(s, editorActivated('b'));
    expect(s.activeId).toBe('b');
    expect(editorsReducer(s, editorsReordered(['b', 'a'])).order).toEqual(['b', 'a']);
    expect(editorsReducer(s, editorsReordered(['b'])).order).toEqual(['a', 'b']);
  });
});

describe('queries', () => {
  it('starts, answers, fails and stops queries', () => {
    let s = queriesReducer(
      initialQueriesState,
      queryStarted(sqlLabQuery({ id: 'q', awaitingResponse: true })),
    );
    s = queriesReducer(
      s,
      queryAnswered({ id: 'q', query: queryDto({ id: 'q', state: 'success', rows: 3 }) }),
    );
    expect(s.byId.q).toMatchObject({ state: 'success', rows: 3, awaitingResponse: false });
    s = queriesReducer(s, queryStarted(sqlLabQuery({ id: 'f' })));
    s = queriesReducer(s, queryFailed({ id: 'f', message: 'boom', errors: [] }));
    expect(s.byId.f).toMatchObject({ state: 'failed', errorMessage: 'boom' });
    expect(s.byId.f?.endDttm).not.toBe(null);
    s = queriesReducer(s, queryStarted(sqlLabQuery({ id: 'r' })));
    s = queriesReducer(s, queryStopped('r'));
    expect(s.byId.r?.state).toBe('stopped');
    s = queriesReducer(s, queryFailed({ id: 'r', message: 'The query was stopped.' }));
    expect(s.byId.r).toMatchObject({ state: 'stopped', awaitingResponse: false });
    s = queriesReducer(s, queryRemoved('r'));
    expect(s.byId.r).toBeUndefined();
  });

  it('takes polled updates of known queries and of the page’s tabs only', () => {
    let s = queriesReducer(
      initialQueriesState,
      queryStarted(sqlLabQuery({ id: 'q', state: 'pending' })),
    );
    s = queriesReducer(
      s,
      queriesPolled({
        queries: [
          queryDto({ id: 'q', state: 'success', changed_on: '2026-01-01T00:00:09.000Z' }),
          queryDto({ id: 'mine', sqlEditorId: '7' }),
          queryDto({ id: 'other', sqlEditorId: '99' }),
        ],
        editorIds: ['7'],
      }),
    );
    expect(s.byId.q?.state).toBe('success');
    expect(s.byId.mine).toBeDefined();
    expect(s.byId.other).toBeUndefined();
    expect(s.lastUpdatedMs).toBe(Date.parse('2026-01-01T00:00:09.000Z'));
  });

  it('loads server queries and follows the reading of results', () => {
    let s = queriesReducer(
      initialQueriesState,
      queriesLoaded([queryDto({ id: 'q', state: 'success', resultsKey: 'k' })]),
    );
    s = queriesReducer(s, resultsLoading('q'));
    expect(s.byId.q?.resultsLoading).toBe(true);
    s = queriesReducer(s, resultsFailed({ id: 'q', error: 'gone' }));
    expect(s.byId.q).toMatchObject({ resultsLoading: false, resultsError: 'gone' });
    s = queriesReducer(s, resultsLoaded({ id: 'q' }));
    expect(s.byId.q).toMatchObject({ resultsLoading: false, resultsError: null });
  });

  it('moves a tab’s queries to its server id', () => {
    let s = queriesReducer(
      initialQueriesState,
      queryStarted(sqlLabQuery({ id: 'q', sqlEditorId: 'local' })),
    );
    s = queriesReducer(s, queryEditorMoved({ from: 'local', to: '7' }));
    expect(s.byId.q?.sqlEditorId).toBe('7');
  });
});

describe('results', () => {
  const payload = { data: [{ a: 1 }] } as unknown as QueryResultsPayload;

  it('keeps only the rows still shown', () => {
    let s = resultsReducer(initialResultsState, resultsStored({ queryId: 'a', payload, keep: [] }));
    s = resultsReducer(s, resultsStored({ queryId: 'b', payload, keep: ['a'] }));
    expect(Object.keys(s.byQueryId)).toEqual(['a', 'b']);
    s = resultsReducer(s, resultsStored({ queryId: 'c', payload, keep: ['b'] }));
    expect(Object.keys(s.byQueryId).sort()).toEqual(['b', 'c']);
    s = resultsReducer(s, resultsDropped(['b']));
    expect(Object.keys(s.byQueryId)).toEqual(['c']);
  });

  it('never keeps more than MAX_RESULT_SETS', () => {
    let s = initialResultsState;
    const keep = Array.from({ length: MAX_RESULT_SETS + 10 }, (_, i) => `q${i}`);
    for (const id of keep) s = resultsReducer(s, resultsStored({ queryId: id, payload, keep }));
    expect(Object.keys(s.byQueryId)).toHaveLength(MAX_RESULT_SETS);
    expect(s.byQueryId[`q${MAX_RESULT_SETS + 9}`]).toBeDefined();
  });
});

describe('tables', () => {
  const panel = newPanel('p1', {
    dbId: 1,
    catalog: null,
    schema: 's',
    name: 't',
    queryEditorId: 'a',
  });

  it('merges a table added twice to the same tab', () => {
    let s = tablesReducer(initialTablesState, tableMerged(panel));
    s = tablesReducer(s, tableMerged({ ...panel, id: 'p2', expanded: false }));
    expect(s.order).toEqual(['p1']);
    expect(s.byId.p1?.expanded).toBe(false);
    s = tablesReducer(s, tableMerged({ ...panel, id: 'p3', queryEditorId: 'b' }));
    expect(s.order).toEqual(['p1', 'p3']);
    expect(findPanel(s, { queryEditorId: 'b', dbId: 1, schema: 's', name: 't' })?.id).toBe('p3');
    expect(findPanel(s, { queryEditorId: 'b', dbId: 1, schema: 'x', name: 't' })).toBe(null);
  });

  it('updates, removes, and replaces a tab’s panels', () => {
    let s = tablesReducer(initialTablesState, tableMerged(panel));
    s = tablesReducer(s, tableUpdated({ id: 'p1', changes: { expanded: false, id: 'zz' } }));
    expect(s.byId.p1).toMatchObject({ id: 'p1', expanded: false });
    s = tablesReducer(s, editorTablesLoaded({ editorId: 'a', panels: [{ ...panel, id: 'n1' }] }));
    expect(s.order).toEqual(['n1']);
    s = tablesReducer(s, tableMerged({ ...panel, id: 'o', queryEditorId: 'b', name: 'o' }));
    s = tablesReducer(s, editorTablesRemoved('a'));
    expect(s.order).toEqual(['o']);
    s = tablesReducer(s, tableRemoved('o'));
    expect(s).toEqual(initialTablesState);
  });
});

describe('browse cache', () => {
  it('tracks loading, data and failures', () => {
    let s = browseReducer(initialBrowseState, browseLoading({ kind: 'schemas', key: '1' }));
    expect(s.schemas['1']).toEqual({ data: null, loading: true, error: null });
    s = browseReducer(s, browseLoaded({ kind: 'schemas', key: '1', data: ['main'] }));
    s = browseReducer(s, browseLoading({ kind: 'schemas', key: '1' }));
    expect(s.schemas['1']).toEqual({ data: ['main'], loading: true, error: null });
    s = browseReducer(s, browseFailed({ kind: 'schemas', key: '1', error: 'x' }));
    expect(s.schemas['1']).toEqual({ data: ['main'], loading: false, error: 'x' });
    s = browseReducer(s, browseFailed({ kind: 'tables', key: 't', error: 'y' }));
    expect(s.tables.t).toEqual({ data: null, loading: false, error: 'y' });
    s = browseReducer(s, validatorMissing(3));
    expect(s.noValidator['3']).toBe(true);
  });
});

describe('ui', () => {
  it('follows the page load', () => {
    let s = uiReducer(initialUiState, pageStarted({ persistence: false }));
    expect(s).toMatchObject({ status: 'loading', persistence: false });
    s = uiReducer(s, pageFailed('down'));
    expect(s).toMatchObject({ status: 'failed', error: 'down' });
    expect(uiReducer(s, pageReady()).status).toBe('ready');
  });

  it('marks fields unsaved until stored, and failed stores', () => {
    let s = uiReducer(initialUiState, fieldsUnsaved({ editorId: 'a', fields: ['sql', 'label'] }));
    s = uiReducer(s, fieldsUnsaved({ editorId: 'a', fields: ['sql'] }));
    expect(s.unsaved.a).toEqual(['sql', 'label']);
    s = uiReducer(s, fieldsStoreFailed({ editorId: 'a', fields: ['sql'] }));
    s = uiReducer(s, fieldsStored({ editorId: 'a', fields: ['sql'] }));
    expect(s.unsaved.a).toEqual(['label']);
    expect(s.storeFailed.a).toBeUndefined();
    s = uiReducer(s, fieldsStored({ editorId: 'a', fields: ['label'] }));
    expect(s.unsaved.a).toBeUndefined();
  });

  it('remembers the south pane tab per tab and forgets closed tabs', () => {
    let s = uiReducer(initialUiState, southTabShown({ editorId: 'a', tab: 'history' }));
    s = uiReducer(s, fieldsUnsaved({ editorId: 'a', fields: ['sql'] }));
    expect(s.southTab.a).toBe('history');
    s = uiReducer(s, editorForgotten('a'));
    expect(s.southTab.a).toBeUndefined();
    expect(s.unsaved.a).toBeUndefined();
  });
});
