import { randomBytes } from 'node:crypto';
import {
  EngineError,
  type DatabaseClient,
  type EngineSpec,
  type TableMetadata,
} from '../engines/types.js';
import {
  UploadError,
  type ColumnPlan,
  type ColumnType,
  type IfExists,
  type SqlValue,
} from './types.js';

/**
 * Writes uploaded rows into a table, engine-neutrally and never half-way: the rows go into a
 * staging table with a unique name first, which then becomes the table (fail / replace) or is
 * copied into it (append); on any failure the staging table is dropped and the table is left
 * as it was. Every name is quoted by the engine and every value is a literal of the engine.
 */

/** The SQL type of each column type, per engine. */
const SQL_TYPES: Record<string, Record<ColumnType, string>> = {
  duckdb: {
    string: 'VARCHAR',
    integer: 'BIGINT',
    float: 'DOUBLE',
    boolean: 'BOOLEAN',
    date: 'DATE',
    datetime: 'TIMESTAMP',
  },
  postgresql: {
    string: 'TEXT',
    integer: 'BIGINT',
    float: 'DOUBLE PRECISION',
    boolean: 'BOOLEAN',
    date: 'DATE',
    datetime: 'TIMESTAMP',
  },
  mysql: {
    string: 'TEXT',
    integer: 'BIGINT',
    float: 'DOUBLE',
    boolean: 'BOOLEAN',
    date: 'DATE',
    datetime: 'DATETIME',
  },
  sqlite: {
    string: 'TEXT',
    integer: 'INTEGER',
    float: 'REAL',
    boolean: 'INTEGER',
    date: 'DATE',
    datetime: 'DATETIME',
  },
};

/** Longest identifier each engine keeps whole (PostgreSQL counts bytes and cuts silently). */
const MAX_IDENTIFIER: Record<string, { length: number; bytes: boolean }> = {
  postgresql: { length: 63, bytes: true },
  mysql: { length: 64, bytes: false },
};

/** Rows per INSERT statement, and the statement text size it is flushed at. */
export const ROWS_PER_INSERT = 1000;
export const MAX_INSERT_BYTES = 1024 * 1024;

export const STAGING_PREFIX = '_strata_upload_';

export function sqlType(engine: string, type: ColumnType): string {
  return (SQL_TYPES[engine] ?? SQL_TYPES.postgresql!)[type];
}

/** A new staging table name: `_strata_upload_<16 hex>`. */
export function stagingName(): string {
  return `${STAGING_PREFIX}${randomBytes(8).toString('hex')}`;
}

/**
 * Refuses names no engine should be handed: empty, longer than 255 characters (250 for tables,
 * as datasets keep them), holding NUL, or longer than the engine keeps.
 */
export function checkIdentifier(
  kind: 'table' | 'schema' | 'column',
  name: string,
  engine: string,
): void {
  const label = kind === 'table' ? 'Table name' : kind === 'schema' ? 'Schema name' : 'Column name';
  const shown =
    kind === 'column' ? ` "${name.length > 40 ? `${name.slice(0, 37)}...` : name}"` : '';
  if (name.length === 0) throw new UploadError(`${label} cannot be empty`);
  if (name.includes('\0')) throw new UploadError(`${label}${shown} cannot contain NUL characters`);
  const max = kind === 'table' ? 250 : 255;
  if (name.length > max) throw new UploadError(`${label}${shown} is longer than ${max} characters`);
  const limit = MAX_IDENTIFIER[engine];
  if (limit) {
    const size = limit.bytes ? Buffer.byteLength(name, 'utf8') : [...name].length;
    if (size > limit.length) {
      throw new UploadError(
        `${label}${shown} is longer than ${engine === 'postgresql' ? 'PostgreSQL' : 'MySQL'} allows (${limit.length} ${limit.bytes ? 'bytes' : 'characters'})`,
      );
    }
  }
}

/** `"schema"."name"`, or `"name"` without a schema. */
export function qualifiedName(
  spec: Pick<EngineSpec, 'quoteIdentifier'>,
  schema: string | null,
  name: string,
): string {
  const table = spec.quoteIdentifier(name);
  return schema ? `${spec.quoteIdentifier(schema)}.${table}` : table;
}

export function createTableSql(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'engine'>,
  schema: string | null,
  name: string,
  columns: ColumnPlan[],
): string {
  const defs = columns.map(
    (c) => `${spec.quoteIdentifier(c.name)} ${sqlType(spec.engine, c.type)}`,
  );
  return `CREATE TABLE ${qualifiedName(spec, schema, name)} (${defs.join(', ')})`;
}

/**
 * A value as SQL: `spec.literal` for everything, except integers beyond 2^53 (kept as their
 * exact digits, checked to be nothing but digits) so that no engine reads them as text.
 */
export function sqlValue(
  spec: Pick<EngineSpec, 'literal'>,
  value: SqlValue,
  type: ColumnType,
): string {
  if (type === 'integer' && typeof value === 'string') {
    if (!/^-?\d{1,19}$/.test(value)) throw new UploadError(`"${value}" is not an integer`);
    return value;
  }
  return spec.literal(value);
}

/** One multi-row INSERT of `rows` (already converted to the column types). */
export function insertSql(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'literal'>,
  schema: string | null,
  name: string,
  columns: ColumnPlan[],
  tuples: string[],
): string {
  const cols = columns.map((c) => spec.quoteIdentifier(c.name)).join(', ');
  return `INSERT INTO ${qualifiedName(spec, schema, name)} (${cols}) VALUES\n${tuples.join(',\n')}`;
}

export function tupleSql(
  spec: Pick<EngineSpec, 'literal'>,
  columns: ColumnPlan[],
  row: SqlValue[],
): string {
  return `(${columns.map((c, i) => sqlValue(spec, row[i] ?? null, c.type)).join(', ')})`;
}

export function dropTableSql(
  spec: Pick<EngineSpec, 'quoteIdentifier'>,
  schema: string | null,
  name: string,
): string {
  return `DROP TABLE IF EXISTS ${qualifiedName(spec, schema, name)}`;
}

/** Renames a table within its schema (MySQL: `RENAME TABLE`, others: `ALTER TABLE … RENAME TO`). */
export function renameTableSql(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'engine'>,
  schema: string | null,
  from: string,
  to: string,
): string {
  if (spec.engine === 'mysql') {
    return `RENAME TABLE ${qualifiedName(spec, schema, from)} TO ${qualifiedName(spec, schema, to)}`;
  }
  return `ALTER TABLE ${qualifiedName(spec, schema, from)} RENAME TO ${spec.quoteIdentifier(to)}`;
}

/**
 * The statements that put the staging table in the place of an existing table, each run as one
 * statement, and the index of the one after which the staging table is gone. MySQL swaps both
 * names in one atomic RENAME; PostgreSQL runs the drop and the rename as one multi-statement
 * query (one implicit transaction); DuckDB and SQLite take one statement at a time, so the drop
 * comes first and the rename right after.
 */
export function replaceTableSql(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'engine'>,
  schema: string | null,
  staging: string,
  target: string,
  old: string,
): { steps: string[]; stagingGoneAfter: number } {
  const q = (n: string) => qualifiedName(spec, schema, n);
  if (spec.engine === 'mysql') {
    return {
      steps: [
        `RENAME TABLE ${q(target)} TO ${q(old)}, ${q(staging)} TO ${q(target)}`,
        `DROP TABLE ${q(old)}`,
      ],
      stagingGoneAfter: 0,
    };
  }
  const drop = `DROP TABLE ${q(target)}`;
  const rename = renameTableSql(spec, schema, staging, target);
  if (spec.engine === 'postgresql') return { steps: [`${drop};\n${rename}`], stagingGoneAfter: 0 };
  return { steps: [drop, rename], stagingGoneAfter: 1 };
}

/**
 * Matches the uploaded columns to an existing table's (exactly, else case-insensitively when
 * that is unambiguous); 422 naming the columns the table does not have.
 */
export function appendColumnMapping(uploaded: string[], existing: string[]): string[] {
  const exact = new Set(existing);
  const lower = new Map<string, string[]>();
  for (const name of existing) {
    const key = name.toLowerCase();
    lower.set(key, [...(lower.get(key) ?? []), name]);
  }
  const missing: string[] = [];
  const mapped = uploaded.map((name) => {
    if (exact.has(name)) return name;
    const candidates = lower.get(name.toLowerCase()) ?? [];
    if (candidates.length === 1) return candidates[0]!;
    missing.push(name);
    return name;
  });
  if (missing.length) {
    throw new UploadError(
      `Cannot append to the table: it has no column${missing.length > 1 ? 's' : ''} ${missing.map((m) => `"${m}"`).join(', ')}. Its columns are ${existing.map((m) => `"${m}"`).join(', ')}`,
    );
  }
  return mapped;
}

async function existingTable(
  client: DatabaseClient,
  schema: string | null,
  table: string,
): Promise<TableMetadata | null> {
  try {
    return await client.getTableMetadata(schema, table);
  } catch (e) {
    if (e instanceof EngineError && e.kind === 'table_not_found') return null;
    throw e;
  }
}

export const TABLE_EXISTS_MESSAGE =
  "Table already exists. You can change your 'if table already exists' strategy to append or replace or provide a different Table Name to use.";

export interface WriteRequest {
  schema: string | null;
  table: string;
  columns: ColumnPlan[];
  rows: AsyncIterable<SqlValue[]>;
  ifExists: IfExists;
}

/** Checks the names and that the table may be written, before the rows are read. */
export async function checkTarget(
  client: DatabaseClient,
  spec: EngineSpec,
  request: Pick<WriteRequest, 'schema' | 'table' | 'columns' | 'ifExists'>,
): Promise<TableMetadata | null> {
  checkIdentifier('table', request.table, spec.engine);
  if (request.schema !== null) checkIdentifier('schema', request.schema, spec.engine);
  if (request.columns.length === 0) throw new UploadError('The file has no columns');
  for (const c of request.columns) checkIdentifier('column', c.name, spec.engine);
  const existing = await existingTable(client, request.schema, request.table);
  if (existing) {
    if (request.ifExists === 'fail') throw new UploadError(TABLE_EXISTS_MESSAGE);
    if (existing.type === 'view') {
      throw new UploadError(
        `"${request.table}" is a view: it cannot be replaced or appended to; choose another table name`,
      );
    }
    if (request.ifExists === 'append') {
      appendColumnMapping(
        request.columns.map((c) => c.name),
        existing.columns.map((c) => c.name),
      );
    }
  }
  return existing;
}

/**
 * Writes the rows (see the module comment). Returns the number of rows written. Failures are
 * UploadErrors (the request's fault) or EngineErrors (the database refused).
 */
export async function writeTable(
  client: DatabaseClient,
  spec: EngineSpec,
  request: WriteRequest,
): Promise<number> {
  const { schema, table, columns } = request;
  const existing = await checkTarget(client, spec, request);
  const run = (sql: string) => client.execute(sql, { schema });
  const staging = stagingName();
  let stagingExists = false;
  let count = 0;
  try {
    await run(createTableSql(spec, schema, staging, columns));
    stagingExists = true;
    let tuples: string[] = [];
    let bytes = 0;
    const flush = async () => {
      if (!tuples.length) return;
      const sql = insertSql(spec, schema, staging, columns, tuples);
      tuples = [];
      bytes = 0;
      await run(sql);
    };
    for await (const row of request.rows) {
      const tuple = tupleSql(spec, columns, row);
      tuples.push(tuple);
      bytes += tuple.length + 2;
      count += 1;
      if (tuples.length >= ROWS_PER_INSERT || bytes >= MAX_INSERT_BYTES) await flush();
    }
    await flush();

    if (!existing) {
      await run(renameTableSql(spec, schema, staging, table));
      stagingExists = false;
    } else if (request.ifExists === 'replace') {
      const plan = replaceTableSql(spec, schema, staging, table, stagingName());
      for (const [i, sql] of plan.steps.entries()) {
        await run(sql);
        if (i === plan.stagingGoneAfter) stagingExists = false;
      }
    } else {
      const targetColumns = appendColumnMapping(
        columns.map((c) => c.name),
        existing.columns.map((c) => c.name),
      );
      const into = targetColumns.map((c) => spec.quoteIdentifier(c)).join(', ');
      const from = columns.map((c) => spec.quoteIdentifier(c.name)).join(', ');
      await run(
        `INSERT INTO ${qualifiedName(spec, schema, table)} (${into}) SELECT ${from} FROM ${qualifiedName(spec, schema, staging)}`,
      );
      await run(dropTableSql(spec, schema, staging));
      stagingExists = false;
    }
    return count;
  } catch (e) {
    if (stagingExists) await run(dropTableSql(spec, schema, staging)).catch(() => undefined);
    throw e;
  }
}
