import { describe, expect, it } from 'vitest';
import { DEFAULT_SQL, DEFAULT_SQL_NOT_PERSISTED } from '@strata/core';
import type { QueryDto, TabStateDto, TableSchemaDto } from '@strata/core';
import {
  answerId,
  blankEditor,
  isDefaultSql,
  editorFieldsFromSavedQuery,
  editorFieldsFromTabState,
  newPanel,
  newTabStateBody,
  panelFromTableSchema,
  panelMetadata,
  savedQueryBody,
  splitSqlPatch,
  stubEditor,
  tableSchemaBody,
  tabStatePatch,
  tabStatePatchOf,
} from './tabState';

const latest = { id: 'q1', resultsKey: 'k' } as QueryDto;

const tab: TabStateDto = {
  id: 7,
  user_id: 1,
  label: 'Orders',
  active: true,
  database_id: 2,
  schema: 'main',
  catalog: null,
  sql: 'SELECT 1',
  query_limit: 100,
  template_params: '{"a":1}',
  autorun: false,
  hide_left_bar: true,
  saved_query: { id: 5 },
  latest_query: latest,
  extra_json: {},
  table_schemas: [],
};

describe('tabs and the server tab state', () => {
  it('makes blank and stub tabs', () => {
    const e = blankEditor('abc');
    expect(e).toMatchObject({ id: 'abc', tabViewId: null, sql: DEFAULT_SQL, loaded: true });
    expect(e.northPercent + e.southPercent).toBe(100);
    expect(stubEditor(12, 'Old')).toMatchObject({
      id: '12',
      tabViewId: '12',
      name: 'Old',
      loaded: false,
    });
  });

  it('reads a tab state (label ↔ name, saved_query ↔ remoteId, latest query)', () => {
    expect(editorFieldsFromTabState(tab)).toEqual({
      tabViewId: '7',
      name: 'Orders',
      dbId: 2,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      autorun: false,
      templateParams: '{"a":1}',
      queryLimit: 100,
      latestQueryId: 'q1',
      remoteId: 5,
      hideLeftBar: true,
      loaded: true,
    });
    expect(
      editorFieldsFromTabState({ ...tab, saved_query: null, latest_query: null }),
    ).toMatchObject({ remoteId: null, latestQueryId: null });
  });

  it('posts a new tab as Superset does', () => {
    const body = newTabStateBody(blankEditor('x', { name: 'Untitled Query 2', dbId: 3 }));
    expect(body.queryEditor).toMatchObject({ name: 'Untitled Query 2', dbId: 3, sql: DEFAULT_SQL });
  });

  it('puts only the stored fields, with their server names', () => {
    expect(
      tabStatePatch({
        name: 'N',
        dbId: 4,
        schema: null,
        sql: 'x',
        hideLeftBar: true,
        remoteId: 9,
        latestQueryId: 'q',
        queryLimit: 10,
        templateParams: null,
        autorun: true,
        selectedText: 'ignored',
        northPercent: 30,
      }),
    ).toEqual({
      label: 'N',
      database_id: 4,
      schema: null,
      sql: 'x',
      hide_left_bar: true,
      saved_query_id: 9,
      latest_query_id: 'q',
      query_limit: 10,
      template_params: null,
      autorun: true,
    });
    expect(tabStatePatch({ selectedText: 'a', validationResult: null })).toEqual({});
  });

  it('splits the SQL (stored after a pause) from the rest', () => {
    expect(splitSqlPatch({ sql: 'a', label: 'b' })).toEqual({
      sql: { sql: 'a' },
      rest: { label: 'b' },
    });
    expect(splitSqlPatch({ label: 'b' })).toEqual({ sql: null, rest: { label: 'b' } });
    expect(splitSqlPatch({ sql: 'a' })).toEqual({ sql: { sql: 'a' }, rest: null });
  });

  it('builds a patch of the current values of some fields', () => {
    const e = blankEditor('x', { sql: 'S', name: 'T', dbId: null });
    expect(tabStatePatchOf(e, ['sql', 'label', 'database_id'])).toEqual({
      sql: 'S',
      label: 'T',
      database_id: null,
    });
  });

  it('reads created ids in either shape', () => {
    expect(answerId({ id: 3 })).toBe(3);
    expect(answerId({ result: { id: 4 } })).toBe(4);
    expect(answerId({ id: '5' })).toBe(5);
    expect(answerId({ id: 'x' })).toBe(null);
    expect(answerId(null)).toBe(null);
  });
});

describe('table panels', () => {
  const dto: TableSchemaDto = {
    id: 11,
    tab_state_id: 7,
    database_id: 2,
    schema: 'main',
    catalog: null,
    table: 'orders',
    expanded: false,
    description: {
      columns: [{ name: 'id', type: 'INTEGER' }],
      selectStar: 'SELECT * FROM orders',
      primaryKey: { type: 'pk', constrained_columns: ['id'] },
      foreignKeys: [],
      indexes: [],
      dataPreviewQueryId: 'p1',
    },
  };

  it('restores a stored panel with its metadata from the description', () => {
    const p = panelFromTableSchema(dto, 'ed', 'c1');
    expect(p).toMatchObject({
      id: 'c1',
      remoteId: 11,
      dbId: 2,
      schema: 'main',
      name: 'orders',
      queryEditorId: 'ed',
      expanded: false,
      selectStar: 'SELECT * FROM orders',
      dataPreviewQueryId: 'p1',
      isMetadataLoading: false,
    });
    expect(p.columns).toHaveLength(1);
  });

  it('reads the metadata again when the description has no columns', () => {
    expect(panelFromTableSchema({ ...dto, description: null }, 'ed', 'c').isMetadataLoading).toBe(
      true,
    );
  });

  it('posts a panel with its metadata as the description, on the server tab id', () => {
    const p = {
      ...newPanel('c', { dbId: 2, catalog: null, schema: 's', name: 't', queryEditorId: 'ed' }),
      ...panelMetadata({ name: 't', columns: [{ name: 'a' }], selectStar: 'SELECT a' }),
      dataPreviewQueryId: 'q',
    };
    expect(tableSchemaBody(p, '7')).toEqual({
      table: {
        dbId: 2,
        catalog: null,
        schema: 's',
        name: 't',
        queryEditorId: 7,
        expanded: true,
        description: {
          columns: [{ name: 'a' }],
          selectStar: 'SELECT a',
          primaryKey: null,
          foreignKeys: [],
          indexes: [],
          dataPreviewQueryId: 'q',
        },
      },
    });
  });
});

describe('saved queries', () => {
  it('maps a saved query to tab fields (label → name, db_id → dbId, template_parameters)', () => {
    expect(
      editorFieldsFromSavedQuery(5, {
        label: 'Q',
        db_id: 2,
        schema: 'main',
        sql: 'SELECT 2',
        template_parameters: '{}',
      }),
    ).toEqual({
      name: 'Q',
      dbId: 2,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 2',
      templateParams: '{}',
      remoteId: 5,
    });
    expect(editorFieldsFromSavedQuery(6, { database: { id: 3 }, label: '' })).toMatchObject({
      dbId: 3,
      name: 'Untitled Query',
      templateParams: null,
    });
  });

  it('builds the saved query body', () => {
    expect(
      savedQueryBody(
        { dbId: 1, schema: 'main', catalog: null, sql: 'S', templateParams: null },
        { label: 'L', description: 'D' },
      ),
    ).toEqual({
      label: 'L',
      description: 'D',
      db_id: 1,
      schema: 'main',
      catalog: null,
      sql: 'S',
      template_parameters: '',
    });
  });
});

describe('isDefaultSql', () => {
  it('knows a new tab’s text, with or without the note', () => {
    expect(isDefaultSql(DEFAULT_SQL)).toBe(true);
    expect(isDefaultSql(`${DEFAULT_SQL_NOT_PERSISTED}${DEFAULT_SQL}\n`)).toBe(true);
    expect(isDefaultSql('SELECT 1')).toBe(false);
  });
});
