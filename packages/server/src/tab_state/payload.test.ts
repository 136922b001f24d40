import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import {
  bodyFields,
  isFormEncoded,
  newTabRow,
  queryEditorSchema,
  tableDescription,
  tableInputSchema,
  tabStateUpdateSchema,
  tabUpdateRow,
  toTabStateDto,
  validate,
  type TableSchemaRow,
  type TabStateRow,
} from './payload.js';

function errorOf(fn: () => unknown): ApiError {
  try {
    fn();
  } catch (e) {
    if (e instanceof ApiError) return e;
    throw e;
  }
  throw new Error('expected an ApiError');
}

describe('tab state bodies', () => {
  it('tells form bodies from JSON ones', () => {
    expect(isFormEncoded('application/x-www-form-urlencoded; charset=UTF-8')).toBe(true);
    expect(isFormEncoded('application/json')).toBe(false);
    expect(isFormEncoded(undefined)).toBe(false);
  });

  it('parses every form value as JSON text, and leaves JSON bodies alone', () => {
    expect(
      bodyFields({ sql: '"SELECT 1"', database_id: '3', schema: 'null', autorun: 'true' }, true),
    ).toEqual({ sql: 'SELECT 1', database_id: 3, schema: null, autorun: true });
    expect(bodyFields({ sql: 'SELECT 1' }, false)).toEqual({ sql: 'SELECT 1' });
    expect(bodyFields(undefined, true)).toEqual({});
    const notJson = errorOf(() => bodyFields({ sql: 'SELECT 1' }, true));
    expect(notJson.statusCode).toBe(400);
    expect(notJson.body).toEqual({ message: { sql: ['Not a valid JSON value'] } });
    expect(errorOf(() => bodyFields({ a: ['1', '2'] }, true)).body).toEqual({
      message: { a: ['Given more than once'] },
    });
    expect(errorOf(() => bodyFields([1], false)).statusCode).toBe(400);
  });

  it('names the fields that fail validation, under a prefix', () => {
    const e = errorOf(() => validate(queryEditorSchema, { dbId: 'x', autorun: 1 }, 'queryEditor'));
    expect(e.statusCode).toBe(400);
    expect(Object.keys((e.body as { message: object }).message).sort()).toEqual([
      'queryEditor.autorun',
      'queryEditor.dbId',
    ]);
    const whole = errorOf(() => validate(queryEditorSchema, 'text', 'queryEditor'));
    expect(Object.keys((whole.body as { message: object }).message)).toEqual(['queryEditor']);
  });

  it("reads the client's query editor into a new, active tab", () => {
    const editor = validate(queryEditorSchema, {
      id: 'abc',
      name: '',
      title: 'Old title',
      dbId: 2,
      templateParams: { a: 1 },
      remoteId: 7,
      selectedText: 'ignored',
    });
    expect(newTabRow(editor, 5, 'now')).toEqual({
      user_id: 5,
      label: 'Old title',
      active: true,
      database_id: 2,
      schema: null,
      catalog: null,
      sql: 'SELECT ...',
      query_limit: null,
      latest_query_id: null,
      autorun: false,
      template_params: '{"a":1}',
      hide_left_bar: false,
      saved_query_id: 7,
      extra_json: null,
      created_on: 'now',
      changed_on: 'now',
    });
    expect(newTabRow(validate(queryEditorSchema, {}), 1, 'now').label).toBe('Untitled Query');
  });

  it('takes only the known fields of a change, with their types', () => {
    const update = validate(tabStateUpdateSchema, {
      sql: 'SELECT 2',
      schema: null,
      extra_json: '{"updatedAt": 1}',
    });
    expect(tabUpdateRow(update, 'later')).toEqual({
      sql: 'SELECT 2',
      schema: null,
      extra_json: '{"updatedAt": 1}',
      changed_on: 'later',
    });
    expect(validate(tabStateUpdateSchema, { extra_json: { a: 1 } }).extra_json).toBe('{"a":1}');
    expect(validate(tabStateUpdateSchema, { extra_json: '' }).extra_json).toBeNull();
    for (const bad of [
      { extra_json: '[1]' },
      { extra_json: '{oops' },
      { user_id: 3 },
      { latest_query_id: 'x'.repeat(12) },
      { query_limit: -1 },
      { hide_left_bar: 'true' },
    ]) {
      expect(() => validate(tabStateUpdateSchema, bad), JSON.stringify(bad)).toThrow(ApiError);
    }
  });

  it('keeps the description of a table panel, or the whole table', () => {
    const raw = { dbId: 1, queryEditorId: '4', name: 't', columns: [{ name: 'a' }] };
    const table = validate(tableInputSchema, raw);
    expect(table.queryEditorId).toBe(4);
    expect(JSON.parse(tableDescription(table, raw))).toEqual(raw);
    const described = validate(tableInputSchema, { ...raw, description: { columns: [] } });
    expect(JSON.parse(tableDescription(described, raw))).toEqual({ columns: [] });
    expect(() => validate(tableInputSchema, { ...raw, queryEditorId: 'x1' })).toThrow(ApiError);
  });
});

describe('tab state answers', () => {
  const tab: TabStateRow = {
    id: 3,
    user_id: 9,
    label: 'Tab',
    active: 1,
    database_id: 2,
    schema: 'main',
    catalog: null,
    sql: 'SELECT 1',
    query_limit: 100,
    latest_query_id: null,
    autorun: 0,
    template_params: null,
    hide_left_bar: 1,
    saved_query_id: 4,
    extra_json: '{"updatedAt": 2}',
    created_on: '2026-01-01T00:00:00.000Z',
    changed_on: '2026-01-01T00:00:00.000Z',
  };
  const panel: TableSchemaRow = {
    id: 1,
    tab_state_id: 3,
    database_id: 2,
    schema: 'main',
    catalog: null,
    table: 'orders',
    description: '{"columns": []}',
    expanded: 0,
    created_on: null,
    changed_on: null,
  };

  it('reads SQLite booleans and JSON texts back into the shapes the client uses', () => {
    const dto = toTabStateDto(tab, [panel, { ...panel, id: 2, description: 'not json' }], null);
    expect(dto).toMatchObject({
      active: true,
      autorun: false,
      hide_left_bar: true,
      saved_query: { id: 4 },
      extra_json: { updatedAt: 2 },
      latest_query: null,
    });
    expect(dto.table_schemas[0]).toEqual({
      id: 1,
      tab_state_id: 3,
      database_id: 2,
      schema: 'main',
      catalog: null,
      table: 'orders',
      description: { columns: [] },
      expanded: false,
    });
    expect(dto.table_schemas[1]!.description).toBeNull();
    expect(
      toTabStateDto({ ...tab, saved_query_id: null, extra_json: null }, [], null),
    ).toMatchObject({ saved_query: null, extra_json: {} });
  });
});
