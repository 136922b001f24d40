import mysqlParser from 'node-sql-parser/build/mysql.js';
import postgresqlParser from 'node-sql-parser/build/postgresql.js';
import sqliteParser from 'node-sql-parser/build/sqlite.js';

/** A table a query reads or writes, as Superset lists a saved query's `sql_tables`. */
export interface SqlTable {
  table: string;
  schema: string | null;
  catalog: string | null;
}

/** Longer SQL is not parsed (the parser takes about 10 ms per kB; lists show many queries). */
export const SQL_TABLES_MAX_LENGTH = 20_000;
/** Answers kept for texts seen recently, so list pages do not parse the same SQL again. */
const CACHE_SIZE = 500;
const cache = new Map<string, SqlTable[]>();

type Dialect = 'postgresql' | 'mysql' | 'sqlite';
interface TableParser {
  parse(sql: string, opt?: { database?: string }): { tableList: string[]; ast: unknown };
}

const OPTION: Record<Dialect, string> = {
  postgresql: 'PostgresQL',
  mysql: 'MySQL',
  sqlite: 'sqlite',
};
const parsers = new Map<Dialect, TableParser>();

function parserFor(dialect: Dialect): TableParser {
  let parser = parsers.get(dialect);
  if (!parser) {
    const module =
      dialect === 'postgresql'
        ? postgresqlParser
        : dialect === 'mysql'
          ? mysqlParser
          : sqliteParser;
    parser = new module.Parser() as unknown as TableParser;
    parsers.set(dialect, parser);
  }
  return parser;
}

/** The parser dialect for a backend: DuckDB and others read as PostgreSQL, the closest. */
export function dialectOfBackend(backend: string): Dialect {
  if (backend === 'mysql' || backend === 'mariadb') return 'mysql';
  if (backend === 'sqlite') return 'sqlite';
  return 'postgresql';
}

function field(node: unknown, key: string): unknown {
  return node !== null && typeof node === 'object'
    ? (node as Record<string, unknown>)[key]
    : undefined;
}

/** Names of the common table expressions of the statements (they are not tables). */
function cteNames(ast: unknown): Set<string> {
  const names = new Set<string>();
  for (const statement of Array.isArray(ast) ? ast : [ast]) {
    const ctes = field(statement, 'with');
    if (!Array.isArray(ctes)) continue;
    for (const cte of ctes) {
      const name = field(cte, 'name');
      const text = typeof name === 'string' ? name : field(name, 'value');
      if (typeof text === 'string') names.add(text.toLowerCase());
    }
  }
  return names;
}

/**
 * The tables a SQL text refers to, in order of first mention, without duplicates or common table
 * expressions. Empty when the text does not parse in the backend's dialect.
 */
export function sqlTables(sqlText: string, backend: string): SqlTable[] {
  if (!sqlText.trim() || sqlText.length > SQL_TABLES_MAX_LENGTH) return [];
  const dialect = dialectOfBackend(backend);
  const cacheKey = `${dialect}\u0000${sqlText}`;
  const cached = cache.get(cacheKey);
  if (cached) {
    cache.delete(cacheKey);
    cache.set(cacheKey, cached);
    return cached.map((t) => ({ ...t }));
  }
  const tables = parseTables(sqlText, dialect);
  cache.set(cacheKey, tables);
  if (cache.size > CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return tables.map((t) => ({ ...t }));
}

function parseTables(sqlText: string, dialect: Dialect): SqlTable[] {
  let parsed: { tableList: string[]; ast: unknown };
  try {
    parsed = parserFor(dialect).parse(sqlText, { database: OPTION[dialect] });
  } catch {
    return [];
  }
  const ctes = cteNames(parsed.ast);
  const out: SqlTable[] = [];
  const seen = new Set<string>();
  for (const entry of parsed.tableList) {
    // "<statement type>::<schema or null>::<table>"
    const parts = entry.split('::');
    if (parts.length < 3) continue;
    const schemaPart = parts[1]!;
    const table = parts.slice(2).join('::');
    const schema = schemaPart === 'null' ? null : schemaPart;
    if (schema === null && ctes.has(table.toLowerCase())) continue;
    const id = `${schema ?? ''}\u0000${table}`;
    if (seen.has(id)) continue;
    seen.add(id);
    out.push({ table, schema, catalog: null });
  }
  return out;
}
