import type { Pool, RowDataPacket } from 'mysql2/promise';
import { genericTypeOf } from '../shared/generic-type.js';
import {
  EngineError,
  type ColumnInfo,
  type ForeignKeyInfo,
  type IndexInfo,
  type TableMetadata,
  type TablesPage,
} from '../types.js';
import { MYSQL_BUILTIN_FUNCTIONS } from './functions.js';

/** information_schema queries; a null schema is the connection's default database. */

const SYSTEM_SCHEMAS = ['information_schema', 'mysql', 'performance_schema', 'sys'];

async function rows<T>(pool: Pool, sql: string, values: unknown[] = []): Promise<T[]> {
  const [result] = await pool.query<RowDataPacket[]>(sql, values);
  return result as unknown as T[];
}

export async function listSchemas(pool: Pool): Promise<string[]> {
  const result = await rows<{ name: string }>(
    pool,
    `SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA
      WHERE SCHEMA_NAME NOT IN (?) ORDER BY SCHEMA_NAME`,
    [SYSTEM_SCHEMAS],
  );
  return result.map((r) => r.name);
}

async function schemaExists(pool: Pool, schema: string | null): Promise<boolean> {
  const result = await rows(
    pool,
    'SELECT 1 FROM information_schema.SCHEMATA WHERE SCHEMA_NAME = COALESCE(?, DATABASE())',
    [schema],
  );
  return result.length > 0;
}

const viewOrTable = (tableType: string): 'view' | 'table' =>
  /VIEW/i.test(tableType) ? 'view' : 'table';

export async function listTables(
  pool: Pool,
  schema: string | null,
  options: { search?: string; page?: number; pageSize?: number },
): Promise<TablesPage> {
  const search = options.search?.trim() ? options.search.trim() : null;
  const result = await rows<{ schema: string; name: string; type: string }>(
    pool,
    `SELECT TABLE_SCHEMA AS \`schema\`, TABLE_NAME AS name, TABLE_TYPE AS type
       FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = COALESCE(?, DATABASE())
        AND (? IS NULL OR LOCATE(LOWER(?), LOWER(TABLE_NAME)) > 0)
      ORDER BY TABLE_NAME`,
    [schema, search, search],
  );
  if (result.length === 0 && !(await schemaExists(pool, schema))) {
    throw new EngineError(
      'schema_not_found',
      schema === null ? 'No database selected' : `Unknown database '${schema}'`,
    );
  }
  const all = result.map((r) => ({ schema: r.schema, name: r.name, type: viewOrTable(r.type) }));
  const pageSize = options.pageSize && options.pageSize > 0 ? options.pageSize : all.length;
  const start = Math.max(0, options.page ?? 0) * pageSize;
  return { tables: all.slice(start, start + pageSize), count: all.length };
}

/** MariaDB writes a missing default as the text NULL; MySQL as SQL NULL. */
function columnDefault(value: string | null): string | null {
  return value === null || value === 'NULL' ? null : value;
}

export async function tableMetadata(
  pool: Pool,
  schema: string | null,
  table: string,
): Promise<TableMetadata> {
  const [info] = await rows<{ schema: string; type: string; comment: string | null }>(
    pool,
    `SELECT TABLE_SCHEMA AS \`schema\`, TABLE_TYPE AS type, TABLE_COMMENT AS comment
       FROM information_schema.TABLES
      WHERE TABLE_SCHEMA = COALESCE(?, DATABASE()) AND TABLE_NAME = ?`,
    [schema, table],
  );
  if (!info) {
    const name = schema ? `${schema}.${table}` : table;
    throw new EngineError('table_not_found', `Table '${name}' doesn't exist`);
  }
  const where = [info.schema, table];
  const [cols, keys, stats] = await Promise.all([
    rows<{ name: string; type: string; nullable: string; def: string | null; comment: string }>(
      pool,
      `SELECT COLUMN_NAME AS name, COLUMN_TYPE AS type, IS_NULLABLE AS nullable,
              COLUMN_DEFAULT AS def, COLUMN_COMMENT AS comment
         FROM information_schema.COLUMNS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
        ORDER BY ORDINAL_POSITION`,
      where,
    ),
    rows<{
      name: string;
      col: string;
      refSchema: string | null;
      refTable: string | null;
      refCol: string | null;
    }>(
      pool,
      `SELECT CONSTRAINT_NAME AS name, COLUMN_NAME AS col, REFERENCED_TABLE_SCHEMA AS refSchema,
              REFERENCED_TABLE_NAME AS refTable, REFERENCED_COLUMN_NAME AS refCol
         FROM information_schema.KEY_COLUMN_USAGE WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
        ORDER BY CONSTRAINT_NAME, ORDINAL_POSITION`,
      where,
    ),
    rows<{ name: string; col: string | null; nonUnique: number | string }>(
      pool,
      `SELECT INDEX_NAME AS name, COLUMN_NAME AS col, NON_UNIQUE AS nonUnique
         FROM information_schema.STATISTICS WHERE TABLE_SCHEMA = ? AND TABLE_NAME = ?
        ORDER BY INDEX_NAME, SEQ_IN_INDEX`,
      where,
    ),
  ]);
  const columns: ColumnInfo[] = cols.map((c) => ({
    name: c.name,
    type: c.type,
    generic: genericTypeOf(c.type),
    nullable: c.nullable === 'YES',
    default: columnDefault(c.def),
    comment: c.comment || null,
  }));
  const pkColumns = keys.filter((k) => k.name === 'PRIMARY').map((k) => k.col);
  const fks = new Map<string, ForeignKeyInfo>();
  for (const k of keys) {
    if (k.refTable === null || k.name === 'PRIMARY') continue;
    let fk = fks.get(k.name);
    if (!fk) {
      fk = {
        name: k.name,
        constrained_columns: [],
        referred_schema: k.refSchema,
        referred_table: k.refTable,
        referred_columns: [],
      };
      fks.set(k.name, fk);
    }
    fk.constrained_columns.push(k.col);
    if (k.refCol !== null) fk.referred_columns.push(k.refCol);
  }
  const indexes = new Map<string, IndexInfo>();
  for (const s of stats) {
    if (s.name === 'PRIMARY') continue;
    let index = indexes.get(s.name);
    if (!index) {
      index = { name: s.name, column_names: [], unique: Number(s.nonUnique) === 0 };
      indexes.set(s.name, index);
    }
    if (s.col !== null) index.column_names.push(s.col);
  }
  const type = viewOrTable(info.type);
  return {
    name: table,
    schema: info.schema,
    type,
    columns,
    primaryKey: { name: pkColumns.length ? 'PRIMARY' : null, constrained_columns: pkColumns },
    foreignKeys: [...fks.values()],
    indexes: [...indexes.values()],
    comment: type === 'view' || !info.comment ? null : info.comment,
  };
}

/** Built-in functions (a curated list: MariaDB has no catalog of them) and stored functions. */
export async function listFunctionNames(pool: Pool): Promise<string[]> {
  const stored = await rows<{ name: string }>(
    pool,
    "SELECT DISTINCT ROUTINE_NAME AS name FROM information_schema.ROUTINES WHERE ROUTINE_TYPE = 'FUNCTION'",
  );
  return [...new Set([...MYSQL_BUILTIN_FUNCTIONS, ...stored.map((r) => r.name)])].sort();
}
