/**
 * The shape of the example-data catalogue: which tables the examples database holds, where
 * their rows come from, their exact DuckDB column types, and the dataset metadata (temporal
 * columns, computed columns, saved metrics) that goes with each of them.
 *
 * Dataset-facing fields use Superset's own names (`column_name`, `is_dttm`, `main_dttm_col`,
 * `metric_name`, `d3format`…) so they map one to one onto dataset records.
 */

/** The DuckDB types the example tables use. */
export type ExampleColumnType = 'BIGINT' | 'INTEGER' | 'DOUBLE' | 'VARCHAR' | 'DATE' | 'TIMESTAMP';

/** A CSV file (plain or `.gz`) in examples-data. */
export interface CsvFile {
  readonly format: 'csv';
  /** File name inside examples-data. */
  readonly file: string;
  /**
   * The header, in file order. Every field is read as text (nothing is type-sniffed) and
   * converted by the columns' `select`; the load fails when the file's header differs.
   * Fields equal to one of pandas' default NA strings (`''`, `NA`, `N/A`, `NULL`, `nan`…) are
   * NULL, as they were for Superset's loaders, which read these files with `pandas.read_csv`.
   */
  readonly header: readonly string[];
}

/** A JSON file (plain or `.gz`) in examples-data holding one array of records. */
export interface JsonFile {
  readonly format: 'json';
  readonly file: string;
  /** Each record field with the DuckDB type it is read as (nothing is guessed). */
  readonly fields: Readonly<Record<string, string>>;
}

export type ExampleFile = CsvFile | JsonFile;

/**
 * Rows built by SQL at load time from `range(rows)`: each row has `rowid` (0…rows-1) and the
 * `fields`, SQL expressions over `rowid` computed once per row (a field may use the fields
 * before it), which the columns' `select` then read as `s.<field>`.
 */
export interface GeneratedRows {
  readonly format: 'generated';
  readonly rows: number;
  readonly fields: Readonly<Record<string, string>>;
}

/** A second file joined (LEFT JOIN) onto the main source, e.g. airports onto flights. */
export interface ExampleJoin {
  /** SQL alias the columns' `select` expressions use. */
  readonly alias: string;
  readonly file: ExampleFile;
  /** Join condition, over `s` and this alias. */
  readonly on: string;
}

/**
 * Where a table's rows come from. The main source is aliased `s`; `s.rowid` is the 0-based
 * position of the row in its file (or the generated row number), and rows are inserted in
 * that order.
 */
export interface ExampleSource {
  readonly from: ExampleFile | GeneratedRows;
  readonly joins: readonly ExampleJoin[];
}

/** A physical column of an example table. */
export interface ExampleColumn {
  readonly column_name: string;
  /** The exact DuckDB type of the column. */
  readonly type: ExampleColumnType;
  /**
   * SQL giving the value from the source row(s): e.g. `strptime(s.order_date, '%m/%d/%Y')`.
   * `null`: the source field of the same name, cast to `type`.
   */
  readonly select: string | null;
  readonly is_dttm: boolean;
  readonly python_date_format: string | null;
  readonly verbose_name: string | null;
  readonly description: string | null;
}

/** A computed (calculated) column of the dataset on an example table. */
export interface ExampleComputedColumn {
  readonly column_name: string;
  /** SQL expression over the table's columns, exactly as Superset's dataset has it. */
  readonly expression: string;
  /** The type string Superset's dataset stores for it (may be null). */
  readonly type: string | null;
  /** The DuckDB type the expression evaluates to on the loaded table. */
  readonly result_type: ExampleColumnType;
  readonly is_dttm: boolean;
  readonly verbose_name: string | null;
  readonly description: string | null;
}

/** A saved metric of the dataset on an example table. */
export interface ExampleMetric {
  readonly metric_name: string;
  readonly verbose_name: string | null;
  readonly metric_type: string | null;
  readonly expression: string;
  readonly d3format: string | null;
  readonly description: string | null;
}

/** The dataset that sits on an example table. */
export interface ExampleDataset {
  /** Superset's uuid for this dataset, so bundles' `dataset_uuid` references resolve; null when Superset has none. */
  readonly uuid: string | null;
  readonly description: string | null;
  readonly main_dttm_col: string | null;
  readonly computed_columns: readonly ExampleComputedColumn[];
  readonly metrics: readonly ExampleMetric[];
}

/** One table of the examples database (schema `main`). */
export interface ExampleTable {
  readonly table_name: string;
  /** Bump when the rows or columns change: the loader then reloads the table. */
  readonly version: number;
  readonly source: ExampleSource;
  readonly columns: readonly ExampleColumn[];
  /** Rows a load must produce (checked before committing); null when not fixed. */
  readonly rows: number | null;
  readonly dataset: ExampleDataset;
}
