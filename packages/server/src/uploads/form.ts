import { ApiError } from '../api/errors.js';
import { nameList } from './columns.js';
import { DEFAULT_NULL_VALUES } from './parse-csv.js';
import {
  COLUMN_TYPES,
  UPLOAD_TYPES,
  type ColumnType,
  type IfExists,
  type UploadType,
} from './types.js';

/**
 * The upload form (Superset 4.1's `UploadPostSchema` fields, sent as multipart text fields):
 * checked and turned into typed options. Mistakes answer 400 `{message: {field: [text]}}`.
 */
export interface UploadForm {
  type: UploadType;
  tableName: string;
  schema: string | null;
  ifExists: IfExists;
  delimiter: string;
  headerRow: number;
  skipRows: number;
  rowsToRead: number | null;
  nullValues: Set<string>;
  skipInitialSpace: boolean;
  sheetName: string | null;
  /** Column -> type the user declared (column_data_types, column_dates). */
  columnTypes: Map<string, ColumnType>;
  columnsRead: string[];
}

function fieldError(field: string, message: string): ApiError {
  return new ApiError(400, `${field}: ${message}`, { message: { [field]: [message] } });
}

/** pandas dtype names Superset's form sends, and the plain names. */
const TYPE_ALIASES: Record<string, ColumnType> = {
  string: 'string',
  str: 'string',
  object: 'string',
  text: 'string',
  integer: 'integer',
  int: 'integer',
  int8: 'integer',
  int16: 'integer',
  int32: 'integer',
  int64: 'integer',
  bigint: 'integer',
  float: 'float',
  float32: 'float',
  float64: 'float',
  double: 'float',
  number: 'float',
  boolean: 'boolean',
  bool: 'boolean',
  date: 'date',
  datetime: 'datetime',
  timestamp: 'datetime',
  'datetime64[ns]': 'datetime',
};

export function columnTypeOf(name: string): ColumnType | null {
  return TYPE_ALIASES[name.trim().toLowerCase()] ?? null;
}

function integerField(
  fields: Record<string, string>,
  name: string,
  fallback: number | null,
  min: number,
): number | null {
  const raw = fields[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < min)
    throw fieldError(name, `Must be an integer greater than or equal to ${min}.`);
  return Number(raw);
}

function booleanField(fields: Record<string, string>, name: string, fallback: boolean): boolean {
  const raw = fields[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return fallback;
  if (raw === 'true' || raw === '1') return true;
  if (raw === 'false' || raw === '0') return false;
  throw fieldError(name, 'Not a valid boolean.');
}

function columnTypesField(fields: Record<string, string>): Map<string, ColumnType> {
  const types = new Map<string, ColumnType>();
  const raw = fields.column_data_types?.trim();
  if (raw) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch {
      throw fieldError('column_data_types', 'Must be a JSON object of column name to type.');
    }
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
      throw fieldError('column_data_types', 'Must be a JSON object of column name to type.');
    for (const [column, value] of Object.entries(parsed)) {
      const type = typeof value === 'string' ? columnTypeOf(value) : null;
      if (!type) {
        throw fieldError(
          'column_data_types',
          `The type of column "${column}" must be one of ${COLUMN_TYPES.join(', ')}; got ${JSON.stringify(value)}.`,
        );
      }
      types.set(column, type);
    }
  }
  for (const column of nameList(fields.column_dates)) {
    if (!types.has(column)) types.set(column, 'datetime');
  }
  return types;
}

/**
 * Reads the form. `requireTable`: the upload itself needs `table_name`; the metadata preview
 * does not.
 */
export function parseUploadForm(
  fields: Record<string, string>,
  options: { requireTable: boolean },
): UploadForm {
  const type = fields.type?.trim() ?? '';
  if (!type) throw fieldError('type', 'Missing data for required field.');
  if (!(UPLOAD_TYPES as readonly string[]).includes(type))
    throw fieldError('type', `Must be one of: ${UPLOAD_TYPES.join(', ')}.`);
  const tableName = fields.table_name?.trim() ?? '';
  if (options.requireTable && !tableName)
    throw fieldError('table_name', 'Missing data for required field.');
  const schemaText = fields.schema?.trim() ?? '';
  const ifExists = (fields.already_exists?.trim() || 'fail') as IfExists;
  if (!['fail', 'replace', 'append'].includes(ifExists))
    throw fieldError('already_exists', 'Must be one of: fail, replace, append.');
  const delimiter =
    fields.delimiter === undefined || fields.delimiter === '' ? ',' : fields.delimiter;
  if (delimiter.length > 10 || /["\r\n]/.test(delimiter))
    throw fieldError('delimiter', 'Must be at most 10 characters, without quotes or line breaks.');
  const nullList = fields.null_values === undefined ? [] : fields.null_values.split(',');
  const nullValues = new Set(
    nullList.length && fields.null_values !== '' ? nullList : DEFAULT_NULL_VALUES,
  );
  // An empty field is always NULL: pandas reads it as NaN whatever the list.
  nullValues.add('');
  return {
    type: type as UploadType,
    tableName,
    schema: schemaText === '' || schemaText === 'null' ? null : schemaText,
    ifExists,
    delimiter,
    headerRow: integerField(fields, 'header_row', 0, 0)!,
    skipRows: integerField(fields, 'skip_rows', 0, 0)!,
    rowsToRead: integerField(fields, 'rows_to_read', null, 1),
    nullValues,
    skipInitialSpace: booleanField(fields, 'skip_initial_space', false),
    sheetName: fields.sheet_name?.trim() ? fields.sheet_name : null,
    columnTypes: columnTypesField(fields),
    columnsRead: nameList(fields.columns_read),
  };
}
