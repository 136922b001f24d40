/**
 * The table post-processing works on: column-oriented, like a pandas DataFrame.
 *
 * - `columns` are the column names in order and `data[i]` holds the values of `columns[i]`; every
 *   array has the same length (the row count).
 * - Values are numbers, strings, booleans, null, or a list of numbers (only boxplot's
 *   `__outliers` makes one; engine values that are lists arrive as JSON text).
 *   Null is "missing" (pandas' NaN/None); a
 *   computation that yields NaN or an infinity stores null, as Superset's JSON does.
 * - Temporal values are ISO-8601 strings, as the engines return them (`Date#toISOString()`,
 *   UTC). A string without a zone is read as UTC. Operations that make new timestamps
 *   (resample) write `toISOString()` text.
 * - `indexCount` leading columns form the row index (pandas' index): pivot and resample make one,
 *   flatten turns it back into plain columns. Column references in options never match index
 *   columns, as in Superset where the index is not a column. Absent means no index.
 * - `header` is a multi-level column header (pivot's `(metric, group value, …)`), one list of
 *   labels per column (index columns have just their name). A null label is an empty level. The
 *   name of such a column is its labels joined as `flatten` joins them, so every column always
 *   has a usable name; options match multi-level columns by their first level, as Superset does.
 */
export type Cell = number | string | boolean | null | readonly number[];

export type Column = readonly Cell[];

export type HeaderLabels = readonly (string | null)[];

export interface Table {
  readonly columns: readonly string[];
  readonly data: readonly Column[];
  readonly indexCount?: number;
  readonly header?: readonly HeaderLabels[];
}

/** Superset's separator of flattened multi-level column names. */
export const FLAT_COLUMN_SEPARATOR = ', ';

/** A comma inside a label is escaped as Superset does, so the joined name can be split again. */
export function escapeSeparator(label: string): string {
  return label.replaceAll(',', '\\,');
}

/** The flat name of a multi-level column: its non-null labels, escaped, joined with ", ". */
export function flatName(labels: HeaderLabels): string {
  return labels
    .filter((l): l is string => l !== null)
    .map(escapeSeparator)
    .join(FLAT_COLUMN_SEPARATOR);
}

export function rowCount(table: Table): number {
  return table.data[0]?.length ?? 0;
}

export function indexCountOf(table: Table): number {
  return table.indexCount ?? 0;
}

/** The first-level label of column `i` (its name when the header is flat). */
export function levelZero(table: Table, i: number): string | null {
  return table.header ? (table.header[i]?.[0] ?? null) : (table.columns[i] ?? null);
}

/** Positions of the non-index columns whose name (first level when multi-level) is `name`. */
export function positionsOf(table: Table, name: string): number[] {
  const found: number[] = [];
  for (let i = indexCountOf(table); i < table.columns.length; i += 1) {
    if (levelZero(table, i) === name) found.push(i);
  }
  return found;
}

/** Whether every name is a (non-index) column; Superset's `validate_column_args`. */
export function hasColumns(table: Table, names: Iterable<string>): boolean {
  for (const name of names) if (positionsOf(table, name).length === 0) return false;
  return true;
}

/** The values of the one column called `name`, or undefined. */
export function columnValues(table: Table, name: string): Column | undefined {
  const i = table.columns.indexOf(name);
  return i < 0 ? undefined : table.data[i];
}

/** A table from its parts, with the header dropped when it carries nothing. */
export function makeTable(
  columns: readonly string[],
  data: readonly Column[],
  indexCount = 0,
  header?: readonly HeaderLabels[],
): Table {
  const table: {
    columns: readonly string[];
    data: readonly Column[];
    indexCount?: number;
    header?: readonly HeaderLabels[];
  } = { columns, data };
  if (indexCount > 0) table.indexCount = indexCount;
  if (header && header.some((labels) => labels.length > 1)) table.header = header;
  return table;
}

/** A table from named columns, in order. */
export function tableOf(columns: Record<string, Column>, indexCount = 0): Table {
  return makeTable(Object.keys(columns), Object.values(columns), indexCount);
}

/** The rows of a table as objects (for tests and for the API's `data`). */
export function toRecords(table: Table): Record<string, Cell>[] {
  const rows: Record<string, Cell>[] = [];
  for (let r = 0; r < rowCount(table); r += 1) {
    const row: Record<string, Cell> = {};
    table.columns.forEach((name, i) => {
      row[name] = table.data[i]?.[r] ?? null;
    });
    rows.push(row);
  }
  return rows;
}

/** The same table with only the rows at `positions`, in that order. */
export function takeRows(table: Table, positions: readonly number[]): Table {
  return {
    ...table,
    data: table.data.map((column) => positions.map((r) => column[r] ?? null)),
  };
}

/** The header labels of column `i`: the multi-level labels, else its name alone. */
export function labelsOf(table: Table, i: number): HeaderLabels {
  return table.header?.[i] ?? [table.columns[i] ?? null];
}

/** A cell from a JSON-safe engine value: anything else (objects, bigints) becomes text. */
export function cellFrom(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  if (value instanceof Date) return Number.isNaN(value.getTime()) ? null : value.toISOString();
  return JSON.stringify(value) ?? null;
}

/** A table from row-major engine results (`columns` names, `rows` of values). */
export function tableFromRows(
  columns: readonly string[],
  rows: readonly (readonly unknown[])[],
): Table {
  return makeTable(
    columns,
    columns.map((_, i) => rows.map((row) => cellFrom(row[i]))),
  );
}

/** The rows of a table as arrays, in column order. */
export function toRows(table: Table): Cell[][] {
  return Array.from({ length: rowCount(table) }, (_, r) =>
    table.data.map((column) => column[r] ?? null),
  );
}
