import { describe, expect, it } from 'vitest';
import { risonDecode } from '@strata/core';
import type { PermissionPair } from '@strata/core';
import {
  acceptFor,
  allowedUploadTypes,
  commaList,
  currentItem,
  defaultTableName,
  delimiterOf,
  fileTypeProblem,
  metadataEntries,
  metadataItems,
  schemasAllowedForUpload,
  toFormData,
  uploadDatabasesUrl,
  uploadEntries,
  uploadErrors,
  uploadSchemaOptions,
} from './uploadForm';

const user = (...pairs: PermissionPair[]) => ({ roles: { R: pairs } });
const CSV: PermissionPair = ['can_this_form_post', 'CsvToDatabaseView'];
const EXCEL: PermissionPair = ['can_this_form_post', 'ExcelToDatabaseView'];
const COLUMNAR: PermissionPair = ['can_this_form_post', 'ColumnarToDatabaseView'];

describe('defaultTableName', () => {
  it('drops the extension and lower-cases', () => {
    expect(defaultTableName('Sales.CSV')).toBe('sales');
    expect(defaultTableName('birth_names.parquet')).toBe('birth_names');
    expect(defaultTableName('archive.tar.csv')).toBe('archive_tar');
  });

  it('turns other characters into single underscores, none at the ends', () => {
    expect(defaultTableName('My Sales (2024) - Q1.xlsx')).toBe('my_sales_2024_q1');
    expect(defaultTableName('  données été.csv')).toBe('donnees_ete');
    expect(defaultTableName('C:\\Users\\me\\a-b.csv')).toBe('a_b');
  });

  it('keeps names without an extension, and gives nothing for nothing usable', () => {
    expect(defaultTableName('README')).toBe('readme');
    expect(defaultTableName('.hidden')).toBe('hidden');
    expect(defaultTableName('###.csv')).toBe('');
  });
});

describe('accept strings and file names', () => {
  it('offers the extensions of each type', () => {
    expect(acceptFor('csv')).toBe('.csv,.tsv,.txt');
    expect(acceptFor('excel')).toBe('.xlsx');
    expect(acceptFor('columnar')).toBe('.parquet');
  });

  it('checks the file name against the type, any case', () => {
    expect(fileTypeProblem('a.TSV', 'csv')).toBeNull();
    expect(fileTypeProblem('a.parquet', 'columnar')).toBeNull();
    expect(fileTypeProblem('a.xls', 'excel')).toBe('The file must end with .xlsx');
    expect(fileTypeProblem('a.csv', 'columnar')).toBe('The file must end with .parquet');
  });
});

describe('permissions', () => {
  it('gives each upload for its own permission', () => {
    expect(allowedUploadTypes(user(CSV, EXCEL, COLUMNAR))).toEqual(['csv', 'excel', 'columnar']);
    expect(allowedUploadTypes(user(EXCEL))).toEqual(['excel']);
    expect(allowedUploadTypes(user(['can_this_form_get', 'CsvToDatabaseView']))).toEqual([]);
    expect(allowedUploadTypes(null)).toEqual([]);
  });
});

describe('databases and schemas', () => {
  it('asks for the databases allowing uploads, with their extra', () => {
    const url = uploadDatabasesUrl();
    expect(url.startsWith('/api/v1/database/?q=')).toBe(true);
    const q = risonDecode(decodeURIComponent(url.slice(url.indexOf('q=') + 2)));
    expect(q).toMatchObject({
      filters: [{ col: 'allow_file_upload', opr: 'eq', value: true }],
      page_size: 100,
    });
    expect((q as { columns: string[] }).columns).toContain('extra');
  });

  it('reads the schemas allowed for uploads from extra', () => {
    expect(schemasAllowedForUpload('{"schemas_allowed_for_file_upload": ["a", "b", 3]}')).toEqual([
      'a',
      'b',
    ]);
    expect(schemasAllowedForUpload('{}')).toEqual([]);
    expect(schemasAllowedForUpload('not json')).toEqual([]);
    expect(schemasAllowedForUpload('[1]')).toEqual([]);
    expect(schemasAllowedForUpload(null)).toEqual([]);
  });

  it('offers only the allowed schemas when there are some', () => {
    expect(uploadSchemaOptions(['main', 'other'], ['main'])).toEqual(['main']);
    expect(uploadSchemaOptions(['main', 'other'], [])).toEqual(['main', 'other']);
  });
});

describe('form entries', () => {
  const file = { name: 'f.csv' };

  it('sends the required fields and leaves empty settings out', () => {
    expect(
      uploadEntries(
        'csv',
        file,
        { database: 1, table_name: ' sales ', already_exists: 'fail', delimiter: ',' },
        ['a'],
      ),
    ).toEqual([
      ['type', 'csv'],
      ['file', file],
      ['table_name', 'sales'],
      ['already_exists', 'fail'],
      ['delimiter', ','],
    ]);
  });

  it('sends every CSV setting', () => {
    const entries = uploadEntries(
      'csv',
      file,
      {
        database: 1,
        schema: 'main',
        table_name: 't',
        already_exists: 'replace',
        delimiter: '\t',
        header_row: 2,
        skip_rows: 1,
        null_values: ' NA, null ,,',
        columns_read: ['b', 'a', 'gone'],
        column_data_types: { a: 'integer', b: null, c: 'date', gone: 'float' },
      },
      ['a', 'b', 'c'],
    );
    expect(entries).toEqual([
      ['type', 'csv'],
      ['file', file],
      ['table_name', 't'],
      ['schema', 'main'],
      ['already_exists', 'replace'],
      ['delimiter', '\t'],
      ['header_row', '2'],
      ['skip_rows', '1'],
      ['null_values', 'NA,null'],
      ['columns_read', 'b,a'],
      // c is not read; b is inferred; gone is not in the file.
      ['column_data_types', '{"a":"integer"}'],
    ]);
  });

  it('takes an Other delimiter as typed, and leaves it out when empty', () => {
    expect(delimiterOf({ delimiter: 'other', delimiter_other: ' ' })).toBe(' ');
    expect(delimiterOf({ delimiter: 'other', delimiter_other: '' })).toBeNull();
    expect(delimiterOf({})).toBe(',');
    const entries = uploadEntries(
      'csv',
      file,
      { table_name: 't', delimiter: 'other', delimiter_other: '' },
      [],
    );
    expect(entries.map(([k]) => k)).not.toContain('delimiter');
  });

  it('sends the sheet and header row for Excel, no delimiter', () => {
    expect(
      uploadEntries(
        'excel',
        file,
        { table_name: 't', sheet_name: 'Data', delimiter: ';', header_row: 0 },
        [],
      ),
    ).toEqual([
      ['type', 'excel'],
      ['file', file],
      ['table_name', 't'],
      ['already_exists', 'fail'],
      ['sheet_name', 'Data'],
      ['header_row', '0'],
    ]);
  });

  it('sends only the columns to read for columnar files', () => {
    expect(
      uploadEntries(
        'columnar',
        file,
        {
          table_name: 't',
          header_row: 3,
          null_values: 'x',
          columns_read: ['a'],
          column_data_types: { a: 'string' },
        },
        ['a', 'b'],
      ),
    ).toEqual([
      ['type', 'columnar'],
      ['file', file],
      ['table_name', 't'],
      ['already_exists', 'fail'],
      ['columns_read', 'a'],
    ]);
  });

  it('asks the preview with what decides the columns', () => {
    expect(
      metadataEntries('csv', file, {
        delimiter: ';',
        header_row: 1,
        skip_rows: 0,
        table_name: 'x',
      }),
    ).toEqual([
      ['type', 'csv'],
      ['file', file],
      ['delimiter', ';'],
      ['header_row', '1'],
    ]);
    expect(metadataEntries('columnar', file, { delimiter: ';' })).toEqual([
      ['type', 'columnar'],
      ['file', file],
    ]);
  });

  it('turns entries into FormData with the file name', async () => {
    const blob = new File(['a,b\n'], 'data.csv', { type: 'text/csv' });
    const form = toFormData([
      ['type', 'csv'],
      ['file', blob],
    ]);
    expect(form.get('type')).toBe('csv');
    const sent = form.get('file');
    expect(sent).toBeInstanceOf(File);
    expect((sent as File).name).toBe('data.csv');
    expect(await (sent as File).text()).toBe('a,b\n');
  });

  it('cleans comma lists', () => {
    expect(commaList(' a ,, b,')).toBe('a,b');
    expect(commaList(undefined)).toBe('');
  });
});

describe('metadata answers', () => {
  it('reads the items, leaving malformed parts out', () => {
    expect(
      metadataItems({
        result: {
          items: [
            { sheet_name: 'S1', column_names: ['a', 2, 'b'], column_types: ['integer', null] },
            null,
            { column_names: 'x' },
          ],
        },
      }),
    ).toEqual([
      { sheet_name: 'S1', column_names: ['a', 'b'], column_types: ['integer', ''] },
      { column_names: [] },
    ]);
    expect(metadataItems({ result: {} })).toEqual([]);
    expect(metadataItems('nope')).toEqual([]);
  });

  it('picks the chosen sheet, or the first', () => {
    const items = [
      { sheet_name: 'A', column_names: ['x'] },
      { sheet_name: 'B', column_names: ['y'] },
    ];
    expect(currentItem(items, 'B')?.column_names).toEqual(['y']);
    expect(currentItem(items, 'C')?.sheet_name).toBe('A');
    expect(currentItem(items, null)?.sheet_name).toBe('A');
    expect(currentItem([], 'A')).toBeNull();
  });
});

describe('uploadErrors', () => {
  it('puts field messages on the fields and the rest in the alert', () => {
    expect(
      uploadErrors(
        {
          message: {
            table_name: ['Missing data for required field.'],
            file: ['Missing data for required field.'],
            delimiter: 'Too long.',
          },
        },
        'fallback',
        { delimiter: 'other' },
      ),
    ).toEqual({
      fields: [
        { name: 'table_name', errors: ['Missing data for required field.'] },
        { name: 'delimiter_other', errors: ['Too long.'] },
      ],
      other: ['file: Missing data for required field.'],
    });
  });

  it('gives a text message as it is', () => {
    expect(
      uploadErrors({ message: 'Table "t" already exists' }, 'Table "t" already exists', {}),
    ).toEqual({ fields: [], other: ['Table "t" already exists'] });
    expect(uploadErrors({ message: {} }, 'fallback', {})).toEqual({
      fields: [],
      other: ['fallback'],
    });
  });
});
