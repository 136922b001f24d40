import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/errors.js';
import { headerNames, nameList, selectColumns } from './columns.js';
import { columnTypeOf, parseUploadForm } from './form.js';
import { UploadError, type TabularSource } from './types.js';

function formError(fields: Record<string, string>, requireTable = true): ApiError {
  try {
    parseUploadForm(fields, { requireTable });
  } catch (e) {
    expect(e).toBeInstanceOf(ApiError);
    return e as ApiError;
  }
  throw new Error('expected a form error');
}

describe('the upload form', () => {
  it('reads the defaults', () => {
    const form = parseUploadForm({ type: 'csv', table_name: ' t ' }, { requireTable: true });
    expect(form).toMatchObject({
      type: 'csv',
      tableName: 't',
      schema: null,
      ifExists: 'fail',
      delimiter: ',',
      headerRow: 0,
      skipRows: 0,
      rowsToRead: null,
      sheetName: null,
      columnsRead: [],
    });
    expect(form.nullValues.has('NULL')).toBe(true);
    expect(form.nullValues.has('')).toBe(true);
  });

  it('reads the options of each format', () => {
    const form = parseUploadForm(
      {
        type: 'excel',
        table_name: 't',
        schema: 'public',
        already_exists: 'append',
        delimiter: '\t',
        header_row: '2',
        skip_rows: '1',
        rows_to_read: '10',
        null_values: 'x,-',
        column_data_types: '{"a":"int64","b":"datetime","c":"bool"}',
        column_dates: 'd,b',
        columns_read: 'a, b,,c',
        sheet_name: 'Sheet 2',
        skip_initial_space: 'true',
      },
      { requireTable: true },
    );
    expect(form).toMatchObject({
      schema: 'public',
      ifExists: 'append',
      delimiter: '\t',
      headerRow: 2,
      skipRows: 1,
      rowsToRead: 10,
      sheetName: 'Sheet 2',
      skipInitialSpace: true,
      columnsRead: ['a', 'b', 'c'],
    });
    expect([...form.nullValues].sort()).toEqual(['', '-', 'x']);
    expect(Object.fromEntries(form.columnTypes)).toEqual({
      a: 'integer',
      b: 'datetime',
      c: 'boolean',
      d: 'datetime',
    });
  });

  it('names the field that is wrong', () => {
    expect(formError({ table_name: 't' }).body).toEqual({
      message: { type: ['Missing data for required field.'] },
    });
    expect(formError({ type: 'csv' }).body).toEqual({
      message: { table_name: ['Missing data for required field.'] },
    });
    expect(() => parseUploadForm({ type: 'csv' }, { requireTable: false })).not.toThrow();
    expect(formError({ type: 'csv', table_name: 't', already_exists: 'merge' }).statusCode).toBe(
      400,
    );
    expect(formError({ type: 'csv', table_name: 't', header_row: '-1' }).body).toEqual({
      message: { header_row: ['Must be an integer greater than or equal to 0.'] },
    });
    expect(formError({ type: 'csv', table_name: 't', delimiter: '"' }).statusCode).toBe(400);
    expect(
      formError({ type: 'csv', table_name: 't', column_data_types: '[1]' }).body,
    ).toMatchObject({ message: { column_data_types: [expect.stringMatching(/JSON object/)] } });
    expect(
      formError({ type: 'csv', table_name: 't', column_data_types: '{"a":"money"}' }).body,
    ).toMatchObject({ message: { column_data_types: [expect.stringMatching(/column "a"/)] } });
  });

  it('knows pandas type names', () => {
    expect(columnTypeOf('float64')).toBe('float');
    expect(columnTypeOf('object')).toBe('string');
    expect(columnTypeOf('datetime64[ns]')).toBe('datetime');
    expect(columnTypeOf('complex')).toBeNull();
  });
});

describe('columns', () => {
  it('names header cells as pandas does', () => {
    expect(headerNames(['a', '', 'a', null, 'a', 3])).toEqual([
      'a',
      'Unnamed: 1',
      'a.1',
      'Unnamed: 3',
      'a.2',
      '3',
    ]);
    expect(headerNames(['a'], 3)).toEqual(['a', 'Unnamed: 1', 'Unnamed: 2']);
    expect(nameList(' a, ,b ')).toEqual(['a', 'b']);
  });

  it('keeps the columns to read, refusing unknown ones', async () => {
    const src: TabularSource = {
      columns: ['a', 'b', 'c'],
      declared: [null, 'float', null],
      async *rows() {
        yield { cells: ['1', '2', '3'], where: 'row 1' };
      },
    };
    const kept = selectColumns(src, ['c', 'b']);
    expect(kept.columns).toEqual(['b', 'c']);
    expect(kept.declared).toEqual(['float', null]);
    const rows = [];
    for await (const r of kept.rows()) rows.push(r.cells);
    expect(rows).toEqual([['2', '3']]);
    expect(() => selectColumns(src, ['a', 'z'])).toThrow(UploadError);
    expect(() => selectColumns(src, ['a', 'z'])).toThrow('The file has no column "z"');
  });
});
