import { userHasPermission } from '@strata/core';
import type { BootstrapUser } from '@strata/core';
import { listUrl, resourceBase } from '../../app/api';

/** What kind of file an upload reads (the form's `type`). */
export type UploadType = 'csv' | 'excel' | 'columnar';

export const UPLOAD_TYPES: readonly UploadType[] = ['csv', 'excel', 'columnar'];

/** The permission view of each upload type; uploading needs `can_this_form_post` on it. */
export const UPLOAD_VIEW: Record<UploadType, string> = {
  csv: 'CsvToDatabaseView',
  excel: 'ExcelToDatabaseView',
  columnar: 'ColumnarToDatabaseView',
};

export const UPLOAD_PERMISSION = 'can_this_form_post';

/** The menu entry opening each upload. */
export const UPLOAD_MENU_LABEL: Record<UploadType, string> = {
  csv: 'Upload CSV to database',
  excel: 'Upload Excel to database',
  columnar: 'Upload Columnar file to database',
};

/** The title of each upload's dialog. */
export const UPLOAD_TITLE: Record<UploadType, string> = {
  csv: 'CSV upload',
  excel: 'Excel upload',
  columnar: 'Columnar upload',
};

/** The file names each upload's picker offers (the `accept` attribute). */
export const UPLOAD_EXTENSIONS: Record<UploadType, readonly string[]> = {
  csv: ['.csv', '.tsv', '.txt'],
  excel: ['.xlsx'],
  columnar: ['.parquet'],
};

/** The `accept` attribute of the file picker of an upload type. */
export function acceptFor(type: UploadType): string {
  return UPLOAD_EXTENSIONS[type].join(',');
}

/** Null when the file name fits the upload type, else why it does not. */
export function fileTypeProblem(fileName: string, type: UploadType): string | null {
  const lower = fileName.toLowerCase();
  const extensions = UPLOAD_EXTENSIONS[type];
  if (extensions.some((ext) => lower.endsWith(ext))) return null;
  return `The file must end with ${extensions.join(', ')}`;
}

/** The uploads the user may make, in menu order. */
export function allowedUploadTypes(user: Pick<BootstrapUser, 'roles'> | null): UploadType[] {
  return UPLOAD_TYPES.filter((t) => userHasPermission(user, UPLOAD_PERMISSION, UPLOAD_VIEW[t]));
}

/** Whether databases taking uploads are known: still unknown, none, some. */
export type UploadDatabasesState = 'unknown' | 'loading' | 'none' | 'some' | 'error';

// ---- server calls

/** A database that takes uploads, as the list call gives it. */
export interface UploadDatabase {
  id: number;
  database_name: string;
  backend?: string | null;
  /** JSON text; may hold `schemas_allowed_for_file_upload`. */
  extra?: string | null;
}

const databaseBase = resourceBase('database');

/** The databases that allow file uploads, by name (one page of 100). */
export function uploadDatabasesUrl(): string {
  return listUrl('database', {
    filters: [{ col: 'allow_file_upload', opr: 'eq', value: true }],
    columns: ['id', 'database_name', 'backend', 'extra'],
    order_column: 'database_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  });
}

export function uploadSchemasUrl(databaseId: number): string {
  return `${databaseBase}/${databaseId}/schemas/`;
}

export function uploadUrl(databaseId: number): string {
  return `${databaseBase}/${databaseId}/upload/`;
}

export const UPLOAD_METADATA_URL = `${databaseBase}/upload_metadata/`;

/** The schemas a database takes uploads into (`extra.schemas_allowed_for_file_upload`). */
export function schemasAllowedForUpload(extra: string | null | undefined): string[] {
  if (!extra) return [];
  try {
    const parsed = JSON.parse(extra) as unknown;
    if (typeof parsed !== 'object' || parsed === null) return [];
    const list = (parsed as { schemas_allowed_for_file_upload?: unknown })
      .schemas_allowed_for_file_upload;
    return Array.isArray(list) ? list.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/** The schemas to offer: the allowed ones when the database names any, else all it has. */
export function uploadSchemaOptions(schemas: string[], allowed: string[]): string[] {
  return allowed.length > 0 ? allowed : schemas;
}

/**
 * The table name a file suggests: its name without the extension, lower-cased, accents dropped,
 * each run of characters other than a-z, 0-9 and _ turned into one `_`, no `_` at either end.
 */
export function defaultTableName(fileName: string): string {
  const base = fileName.replace(/^.*[\\/]/, '');
  const dot = base.lastIndexOf('.');
  const stem = dot > 0 ? base.slice(0, dot) : base;
  return stem
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

// ---- the form

export type IfExists = 'fail' | 'replace' | 'append';

export const IF_EXISTS_OPTIONS: Array<{ value: IfExists; label: string }> = [
  { value: 'fail', label: 'Fail' },
  { value: 'replace', label: 'Replace' },
  { value: 'append', label: 'Append' },
];

export type ColumnType = 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'datetime';

export const COLUMN_TYPES: readonly ColumnType[] = [
  'string',
  'integer',
  'float',
  'boolean',
  'date',
  'datetime',
];

/** The delimiter choices; `other` takes the text of `delimiter_other`. */
export type DelimiterChoice = ',' | ';' | '\t' | '|' | 'other';

export const DELIMITER_OPTIONS: Array<{ value: DelimiterChoice; label: string }> = [
  { value: ',', label: 'Comma ( , )' },
  { value: ';', label: 'Semicolon ( ; )' },
  { value: '\t', label: 'Tab' },
  { value: '|', label: 'Pipe ( | )' },
  { value: 'other', label: 'Other' },
];

/** The values of the upload form. */
export interface UploadFormValues {
  database?: number | null;
  schema?: string | null;
  table_name?: string;
  already_exists?: IfExists;
  sheet_name?: string | null;
  delimiter?: DelimiterChoice;
  delimiter_other?: string;
  header_row?: number | null;
  skip_rows?: number | null;
  null_values?: string;
  columns_read?: string[];
  /** Column -> type; empty: inferred. */
  column_data_types?: Record<string, ColumnType | null | undefined>;
}

export const INITIAL_UPLOAD_VALUES: UploadFormValues = {
  already_exists: 'fail',
  delimiter: ',',
  header_row: 0,
  skip_rows: 0,
  null_values: '',
  columns_read: [],
  column_data_types: {},
};

/** The fields the server may name in a validation answer, as the form calls them. */
export const SERVER_FIELDS = [
  'table_name',
  'schema',
  'already_exists',
  'sheet_name',
  'delimiter',
  'header_row',
  'skip_rows',
  'null_values',
  'columns_read',
  'column_data_types',
] as const;

/** The form fields that sit in the collapsible "File settings" section. */
export const FILE_SETTINGS_FIELDS: readonly string[] = [
  'delimiter',
  'delimiter_other',
  'header_row',
  'skip_rows',
  'null_values',
  'columns_read',
  'column_data_types',
];

/** The file settings each upload type has. */
export function fileSettingsOf(type: UploadType): {
  delimiter: boolean;
  headerRow: boolean;
  skipRows: boolean;
  nullValues: boolean;
  columnTypes: boolean;
} {
  return {
    delimiter: type === 'csv',
    headerRow: type !== 'columnar',
    skipRows: type !== 'columnar',
    nullValues: type !== 'columnar',
    columnTypes: type !== 'columnar',
  };
}

/** The delimiter the form stands for; null when "Other" is chosen and left empty. */
export function delimiterOf(values: Pick<UploadFormValues, 'delimiter' | 'delimiter_other'>) {
  const choice = values.delimiter ?? ',';
  if (choice !== 'other') return choice;
  const other = values.delimiter_other ?? '';
  return other === '' ? null : other;
}

/** `NA, null ,` -> `NA,null`: the names trimmed, empty ones dropped. */
export function commaList(text: string | null | undefined): string {
  return (text ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')
    .join(',');
}

function integerText(value: number | null | undefined): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 ? String(value) : null;
}

/** A multipart body as entries, so it can be checked without a browser. */
export type FormEntries<F> = Array<[string, string | F]>;

/** The entries of the file-reading settings shared by the upload and the preview. */
function readingEntries(type: UploadType, values: UploadFormValues): Array<[string, string]> {
  const out: Array<[string, string]> = [];
  const settings = fileSettingsOf(type);
  if (settings.delimiter) {
    const delimiter = delimiterOf(values);
    if (delimiter !== null) out.push(['delimiter', delimiter]);
  }
  if (settings.headerRow) {
    const header = integerText(values.header_row);
    if (header !== null) out.push(['header_row', header]);
  }
  if (settings.skipRows) {
    const skip = integerText(values.skip_rows);
    if (skip !== null && skip !== '0') out.push(['skip_rows', skip]);
  }
  return out;
}

/**
 * The body of `POST /api/v1/database/upload_metadata/`: the file and what decides its columns
 * (delimiter, header row, rows to skip).
 */
export function metadataEntries<F>(
  type: UploadType,
  file: F,
  values: UploadFormValues,
): FormEntries<F> {
  return [['type', type], ['file', file], ...readingEntries(type, values)];
}

/**
 * The body of `POST /api/v1/database/{id}/upload/`. Empty settings are left out (the server's
 * defaults apply); column types only for columns of the file (`columns`) that are read.
 */
export function uploadEntries<F>(
  type: UploadType,
  file: F,
  values: UploadFormValues,
  columns: readonly string[],
): FormEntries<F> {
  const out: FormEntries<F> = [
    ['type', type],
    ['file', file],
    ['table_name', (values.table_name ?? '').trim()],
  ];
  const schema = values.schema?.trim();
  if (schema) out.push(['schema', schema]);
  out.push(['already_exists', values.already_exists ?? 'fail']);
  if (type === 'excel' && values.sheet_name) out.push(['sheet_name', values.sheet_name]);
  out.push(...readingEntries(type, values));
  const settings = fileSettingsOf(type);
  if (settings.nullValues) {
    const nulls = commaList(values.null_values);
    if (nulls !== '') out.push(['null_values', nulls]);
  }
  const known = new Set(columns);
  const read = (values.columns_read ?? []).filter((c) => known.has(c));
  if (read.length > 0) out.push(['columns_read', read.join(',')]);
  if (settings.columnTypes) {
    const keep = new Set(read.length > 0 ? read : columns);
    const types = Object.entries(values.column_data_types ?? {}).filter(
      (entry): entry is [string, ColumnType] =>
        keep.has(entry[0]) &&
        typeof entry[1] === 'string' &&
        (COLUMN_TYPES as readonly string[]).includes(entry[1]),
    );
    if (types.length > 0) {
      out.push(['column_data_types', JSON.stringify(Object.fromEntries(types))]);
    }
  }
  return out;
}

/** Entries as a FormData (the file entry as a Blob, with its name). */
export function toFormData(entries: FormEntries<Blob>): FormData {
  const form = new FormData();
  for (const [key, value] of entries) {
    if (typeof value === 'string') form.append(key, value);
    else form.append(key, value, value instanceof File ? value.name : 'upload');
  }
  return form;
}

/** What the server read of a file: per sheet for Excel, one item otherwise. */
export interface FileMetadataItem {
  sheet_name?: string;
  column_names: string[];
  column_types?: string[];
}

/** The items of an upload_metadata answer; anything malformed is left out. */
export function metadataItems(answer: unknown): FileMetadataItem[] {
  if (typeof answer !== 'object' || answer === null) return [];
  const result = (answer as { result?: unknown }).result;
  if (typeof result !== 'object' || result === null) return [];
  const items = (result as { items?: unknown }).items;
  if (!Array.isArray(items)) return [];
  return items.flatMap((raw): FileMetadataItem[] => {
    if (typeof raw !== 'object' || raw === null) return [];
    const item = raw as Record<string, unknown>;
    const names = Array.isArray(item.column_names)
      ? item.column_names.filter((n): n is string => typeof n === 'string')
      : [];
    const types = Array.isArray(item.column_types)
      ? item.column_types.map((t) => (typeof t === 'string' ? t : ''))
      : undefined;
    return [
      {
        ...(typeof item.sheet_name === 'string' ? { sheet_name: item.sheet_name } : {}),
        column_names: names,
        ...(types ? { column_types: types } : {}),
      },
    ];
  });
}

/** The item of the chosen sheet (Excel), or the first one. */
export function currentItem(
  items: FileMetadataItem[],
  sheet: string | null | undefined,
): FileMetadataItem | null {
  if (sheet) {
    const found = items.find((i) => i.sheet_name === sheet);
    if (found) return found;
  }
  return items[0] ?? null;
}

/** The success answer of an upload. */
export interface UploadAnswer {
  message?: string;
  dataset_id?: number;
  table_name?: string;
}

export function uploadSuccessText(tableName: string): string {
  return `Data imported into table "${tableName}"`;
}

/** A failed upload's answer split into errors for the form's fields and the rest, as text. */
export function uploadErrors(
  body: unknown,
  fallback: string,
  values: Pick<UploadFormValues, 'delimiter'>,
): { fields: Array<{ name: string; errors: string[] }>; other: string[] } {
  const message =
    typeof body === 'object' && body !== null ? (body as { message?: unknown }).message : undefined;
  if (typeof message !== 'object' || message === null || Array.isArray(message)) {
    return { fields: [], other: [fallback] };
  }
  const known: readonly string[] = SERVER_FIELDS;
  const fields: Array<{ name: string; errors: string[] }> = [];
  const other: string[] = [];
  for (const [key, value] of Object.entries(message)) {
    const texts = (Array.isArray(value) ? value : [value]).filter(
      (v): v is string => typeof v === 'string' && v !== '',
    );
    if (texts.length === 0) continue;
    if (known.includes(key)) {
      const name = key === 'delimiter' && values.delimiter === 'other' ? 'delimiter_other' : key;
      fields.push({ name, errors: texts });
    } else {
      other.push(...texts.map((t) => `${key}: ${t}`));
    }
  }
  if (fields.length === 0 && other.length === 0) other.push(fallback);
  return { fields, other };
}
