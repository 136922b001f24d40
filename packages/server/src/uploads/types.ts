/**
 * The shapes shared by the upload parsers, the type inference and the table writer. A parsed
 * file is a `TabularSource`: column names plus rows that can be read more than once (one pass
 * infers and checks the types, the next writes), so a large file is never held in memory whole.
 */

/** The upload form's `type`: which parser reads the file. */
export type UploadType = 'csv' | 'excel' | 'columnar';

export const UPLOAD_TYPES: readonly UploadType[] = ['csv', 'excel', 'columnar'];

/** The permission view of each upload type (Superset's names). */
export const UPLOAD_VIEW: Record<UploadType, string> = {
  csv: 'CsvToDatabaseView',
  excel: 'ExcelToDatabaseView',
  columnar: 'ColumnarToDatabaseView',
};

/** Column types a table is created with (mapped to each engine's SQL types by the writer). */
export type ColumnType = 'string' | 'integer' | 'float' | 'boolean' | 'date' | 'datetime';

export const COLUMN_TYPES: readonly ColumnType[] = [
  'string',
  'integer',
  'float',
  'boolean',
  'date',
  'datetime',
];

/** What `already_exists` asks for when the table is there. */
export type IfExists = 'fail' | 'replace' | 'append';

/** A cell as a file gives it: text from CSV; typed values from Excel and Parquet. */
export type RawCell = string | number | boolean | Date | null;

/**
 * A value ready for `spec.literal`: numbers, booleans, text, null. Dates are `YYYY-MM-DD` text,
 * timestamps `YYYY-MM-DD HH:MM:SS[.ffffff]` text (UTC when the file gave an offset), integers
 * beyond 2^53 their exact digits as text.
 */
export type SqlValue = string | number | boolean | null;

export interface SourceRow {
  cells: RawCell[];
  /** Where the row is in the file, for messages: `line 4`, `row 7`. */
  where: string;
}

export interface TabularSource {
  columns: string[];
  /** Types the file itself declares (Parquet's schema); null where it declares none. */
  declared: Array<ColumnType | null>;
  /** The data rows; each call reads them again from the start. */
  rows(): AsyncIterable<SourceRow>;
  /** Frees what the source holds (a DuckDB instance for Parquet). */
  close?(): Promise<void>;
}

/** A column of the table to write. */
export interface ColumnPlan {
  name: string;
  type: ColumnType;
}

/** A bad upload: the message says what is wrong, the status is a 4xx. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 403 | 404 | 413 | 422 = 422,
  ) {
    super(message);
  }
}
