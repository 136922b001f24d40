import { pageOf } from '../shared/paging.js';
import {
  EngineError,
  type ForeignKeyInfo,
  type IndexInfo,
  type TableMetadata,
  type TablesPage,
} from '../types.js';
import { quoteIdentifier } from './dialect.js';
import { sqliteGenericType } from './types.js';

type Row = Record<string, unknown>;
/** Runs a catalog query and returns its rows as objects. */
export type Query = (sql: string, params?: unknown[]) => Promise<Row[]>;

const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
const strOrNull = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/** `main` and the attached databases (`temp` is left out). */
export async function listSchemas(query: Query): Promise<string[]> {
  const rows = await query(
    "SELECT name FROM pragma_database_list WHERE name <> 'temp' ORDER BY seq",
  );
  return rows.map((r) => str(r.name));
}

/** The schema to look in: the given one, which must be attached, or `main`. */
export async function resolveSchema(query: Query, schema: string | null): Promise<string> {
  if (schema === null || schema === '') return 'main';
  const schemas = await listSchemas(query);
  const found =
    schemas.find((s) => s === schema) ??
    schemas.find((s) => s.toLowerCase() === schema.toLowerCase());
  if (!found) throw new EngineError('schema_not_found', `Schema "${schema}" does not exist`);
  return found;
}

const relations = (schema: string): string =>
  `SELECT name, type FROM ${quoteIdentifier(schema)}.sqlite_master
   WHERE type IN ('table', 'view') AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'`;

export async function listTables(
  query: Query,
  schema: string,
  options: { search?: string; page?: number; pageSize?: number },
): Promise<TablesPage> {
  const rows = await query(
    `SELECT name, type FROM (${relations(schema)}) WHERE ? = '' OR instr(lower(name), lower(?)) > 0 ORDER BY name`,
    [options.search ?? '', options.search ?? ''],
  );
  const all = rows.map((r) => ({
    schema,
    name: str(r.name),
    type: r.type === 'view' ? ('view' as const) : ('table' as const),
  }));
  return { tables: pageOf(all, options.page, options.pageSize), count: all.length };
}

export async function tableMetadata(
  query: Query,
  schema: string,
  table: string,
): Promise<TableMetadata> {
  // Table names are case-insensitive in SQLite: an exact match first, else any case.
  const found = await query(
    `SELECT name, type FROM (${relations(schema)}) WHERE name = ? COLLATE NOCASE ORDER BY name = ? DESC LIMIT 1`,
    [table, table],
  );
  const relation = found[0];
  if (!relation)
    throw new EngineError('table_not_found', `Table "${schema}"."${table}" does not exist`);
  const name = str(relation.name);
  const columns = await query(
    'SELECT * FROM pragma_table_xinfo(?, ?) WHERE hidden <> 1 ORDER BY cid',
    [name, schema],
  );
  const pkColumns = columns
    .filter((c) => Number(c.pk) > 0)
    .sort((a, b) => Number(a.pk) - Number(b.pk))
    .map((c) => str(c.name));
  // An INTEGER PRIMARY KEY is the rowid: it can never be NULL, whatever `notnull` says.
  const rowidAlias = pkColumns.length === 1 ? pkColumns[0] : null;
  const isRowid = (c: Row): boolean =>
    str(c.name) === rowidAlias && str(c.type).toUpperCase() === 'INTEGER';

  const fkRows = await query('SELECT * FROM pragma_foreign_key_list(?, ?) ORDER BY id, seq', [
    name,
    schema,
  ]);
  const foreignKeys: ForeignKeyInfo[] = [];
  for (const r of fkRows) {
    let fk = foreignKeys[Number(r.id)];
    if (!fk) {
      fk = {
        name: null,
        constrained_columns: [],
        referred_schema: schema,
        referred_table: str(r.table),
        referred_columns: [],
      };
      foreignKeys[Number(r.id)] = fk;
    }
    fk.constrained_columns.push(str(r.from));
    if (r.to !== null && r.to !== undefined) fk.referred_columns.push(str(r.to));
  }
  for (const fk of foreignKeys) {
    // `REFERENCES parent` without columns means the parent's primary key.
    if (fk && fk.referred_columns.length === 0) {
      const parent = await query(
        'SELECT name, pk FROM pragma_table_info(?, ?) WHERE pk > 0 ORDER BY pk',
        [fk.referred_table, schema],
      );
      fk.referred_columns = parent.map((p) => str(p.name));
    }
  }

  const indexRows = await query(
    'SELECT name, "unique" AS is_unique FROM pragma_index_list(?, ?) ORDER BY name',
    [name, schema],
  );
  const indexes: IndexInfo[] = [];
  for (const ix of indexRows) {
    const ixName = str(ix.name);
    // Indexes SQLite makes for UNIQUE and PRIMARY KEY constraints are not listed (as SQLAlchemy).
    if (ixName.startsWith('sqlite_autoindex_')) continue;
    const cols = await query('SELECT name FROM pragma_index_info(?, ?) ORDER BY seqno', [
      ixName,
      schema,
    ]);
    indexes.push({
      name: ixName,
      column_names: cols.map((c) => (c.name === null ? '<expression>' : str(c.name))),
      unique: Number(ix.is_unique) === 1,
    });
  }

  return {
    name,
    schema,
    type: relation.type === 'view' ? 'view' : 'table',
    columns: columns.map((c) => ({
      name: str(c.name),
      type: str(c.type),
      generic: sqliteGenericType(str(c.type)),
      nullable: Number(c.notnull) === 0 && !isRowid(c),
      default: strOrNull(c.dflt_value),
      comment: null,
    })),
    primaryKey: { name: null, constrained_columns: pkColumns },
    foreignKeys: foreignKeys.filter(Boolean),
    indexes,
    comment: null,
  };
}

/** `EXPLAIN QUERY PLAN` rows as an indented tree of steps. */
export function planRows(rows: Row[]): Array<Record<string, unknown>> {
  const depth = new Map<number, number>();
  return rows.map((r) => {
    const d = (depth.get(Number(r.parent)) ?? -1) + 1;
    depth.set(Number(r.id), d);
    return { 'Query plan': `${'  '.repeat(d)}${str(r.detail)}` };
  });
}
