import type { DuckDBConnection, DuckDBValue, Json } from '@duckdb/node-api';
import {
  EngineError,
  type ForeignKeyInfo,
  type IndexInfo,
  type TableMetadata,
  type TablesPage,
  type TableRef,
} from '../types.js';
import { duckdbGenericType } from './types.js';
import { pageOf } from '../shared/paging.js';

type Row = Record<string, Json>;

/** Rows of a catalog query as objects (BIGINTs as text). */
export async function rowsOf(
  connection: DuckDBConnection,
  sql: string,
  params: DuckDBValue[] = [],
): Promise<Row[]> {
  const reader = await connection.runAndReadAll(sql, params);
  return reader.getRowObjectsJson();
}

const text = (v: Json | undefined): string => (v === null || v === undefined ? '' : String(v));
const textOrNull = (v: Json | undefined): string | null =>
  v === null || v === undefined ? null : String(v);
const textList = (v: Json | undefined): string[] =>
  Array.isArray(v) ? v.map((x) => String(x)) : [];

const HIDDEN_SCHEMAS = ['information_schema', 'pg_catalog'];

export async function listSchemas(connection: DuckDBConnection): Promise<string[]> {
  const rows = await rowsOf(
    connection,
    `SELECT DISTINCT schema_name FROM duckdb_schemas()
     WHERE database_name = current_database() AND schema_name NOT IN (${HIDDEN_SCHEMAS.map((_, i) => `$${i + 1}`).join(', ')})
     ORDER BY schema_name`,
    HIDDEN_SCHEMAS,
  );
  return rows.map((r) => text(r.schema_name));
}

/** The schema to look in: the given one (which must exist) or the connection's current one. */
export async function resolveSchema(
  connection: DuckDBConnection,
  schema: string | null,
): Promise<string> {
  if (schema === null || schema === '') {
    const rows = await rowsOf(connection, 'SELECT current_schema() AS s');
    return text(rows[0]?.s) || 'main';
  }
  const rows = await rowsOf(
    connection,
    'SELECT 1 AS found FROM duckdb_schemas() WHERE database_name = current_database() AND schema_name = $1',
    [schema],
  );
  if (rows.length === 0)
    throw new EngineError('schema_not_found', `Schema "${schema}" does not exist`);
  return schema;
}

const RELATIONS = `
  SELECT table_name AS name, 'table' AS type, comment FROM duckdb_tables()
    WHERE database_name = current_database() AND schema_name = $1
  UNION ALL
  SELECT view_name AS name, 'view' AS type, comment FROM duckdb_views()
    WHERE NOT internal AND database_name = current_database() AND schema_name = $1`;

export async function listTables(
  connection: DuckDBConnection,
  schema: string,
  options: { search?: string; page?: number; pageSize?: number },
): Promise<TablesPage> {
  const rows = await rowsOf(
    connection,
    `SELECT name, type FROM (${RELATIONS}) WHERE $2 = '' OR contains(lower(name), lower($2)) ORDER BY name`,
    [schema, options.search ?? ''],
  );
  const all: TableRef[] = rows.map((r) => ({
    schema,
    name: text(r.name),
    type: r.type === 'view' ? 'view' : 'table',
  }));
  return { tables: pageOf(all, options.page, options.pageSize), count: all.length };
}

/** Column names of a `duckdb_indexes().expressions` text such as `[a, '(lower(b))']`. */
export function indexExpressions(expressions: string): string[] {
  const inner = expressions.trim().replace(/^\[/, '').replace(/\]$/, '');
  const parts: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let current = '';
  for (const ch of inner) {
    if (quote) {
      if (ch === quote) quote = null;
      current += ch;
    } else if (ch === "'" || ch === '"') {
      quote = ch;
      current += ch;
    } else if (ch === '(') {
      depth += 1;
      current += ch;
    } else if (ch === ')') {
      depth -= 1;
      current += ch;
    } else if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (current.trim()) parts.push(current);
  return parts
    .map((p) => p.trim())
    .map((p) => (/^'.*'$/s.test(p) ? p.slice(1, -1).replace(/''/g, "'") : p))
    .map((p) => (/^".*"$/s.test(p) ? p.slice(1, -1).replace(/""/g, '"') : p));
}

export async function tableMetadata(
  connection: DuckDBConnection,
  schema: string,
  table: string,
): Promise<TableMetadata> {
  // Exact name first, else a case-insensitive match (DuckDB identifiers are case-insensitive).
  const found = await rowsOf(
    connection,
    `SELECT name, type, comment FROM (${RELATIONS}) WHERE lower(name) = lower($2) ORDER BY name = $2 DESC LIMIT 1`,
    [schema, table],
  );
  const relation = found[0];
  if (!relation)
    throw new EngineError('table_not_found', `Table "${schema}"."${table}" does not exist`);
  const name = text(relation.name);
  const params = [schema, name];
  // One connection runs one statement at a time: these run in turn.
  const columns = await rowsOf(
    connection,
    `SELECT column_name, data_type, is_nullable, column_default, comment FROM duckdb_columns()
       WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2 ORDER BY column_index`,
    params,
  );
  const constraints = await rowsOf(
    connection,
    `SELECT constraint_type, constraint_name, constraint_column_names, referenced_table, referenced_column_names
       FROM duckdb_constraints()
       WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2
         AND constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') ORDER BY constraint_index`,
    params,
  );
  const indexes = await rowsOf(
    connection,
    `SELECT index_name, is_unique, expressions FROM duckdb_indexes()
       WHERE database_name = current_database() AND schema_name = $1 AND table_name = $2 ORDER BY index_name`,
    params,
  );
  const pk = constraints.find((c) => c.constraint_type === 'PRIMARY KEY');
  const foreignKeys: ForeignKeyInfo[] = constraints
    .filter((c) => c.constraint_type === 'FOREIGN KEY')
    .map((c) => ({
      name: textOrNull(c.constraint_name),
      constrained_columns: textList(c.constraint_column_names),
      referred_schema: schema,
      referred_table: text(c.referenced_table),
      referred_columns: textList(c.referenced_column_names),
    }));
  const indexList: IndexInfo[] = indexes.map((i) => ({
    name: text(i.index_name),
    column_names: indexExpressions(text(i.expressions)),
    unique: i.is_unique === true,
  }));
  return {
    name,
    schema,
    type: relation.type === 'view' ? 'view' : 'table',
    columns: columns.map((c) => ({
      name: text(c.column_name),
      type: text(c.data_type),
      generic: duckdbGenericType(text(c.data_type)),
      nullable: c.is_nullable !== false,
      default: textOrNull(c.column_default),
      comment: textOrNull(c.comment),
    })),
    primaryKey: {
      name: pk ? textOrNull(pk.constraint_name) : null,
      constrained_columns: pk ? textList(pk.constraint_column_names) : [],
    },
    foreignKeys,
    indexes: indexList,
    comment: textOrNull(relation.comment),
  };
}

export async function functionNames(connection: DuckDBConnection): Promise<string[]> {
  const rows = await rowsOf(
    connection,
    `SELECT DISTINCT function_name FROM duckdb_functions()
     WHERE regexp_matches(function_name, '^[A-Za-z_][A-Za-z0-9_]*$') AND NOT starts_with(function_name, '__')
     ORDER BY function_name`,
  );
  return rows.map((r) => text(r.function_name));
}

interface PlanNode {
  name?: unknown;
  children?: unknown;
  extra_info?: unknown;
}

function detailText(value: unknown): string {
  if (Array.isArray(value)) return value.map(detailText).join(', ');
  if (value && typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/**
 * Rows of a DuckDB JSON plan (`EXPLAIN (FORMAT json)`), one per operator, depth first:
 * `Operator` (indented by depth), `Estimated rows` and the operator's other details.
 */
export function planRows(planJson: string): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const walk = (node: PlanNode, depth: number): void => {
    const extra =
      node.extra_info && typeof node.extra_info === 'object'
        ? (node.extra_info as Record<string, unknown>)
        : {};
    const { ['Estimated Cardinality']: estimate, ...details } = extra;
    out.push({
      Operator: `${'  '.repeat(depth)}${String(node.name ?? '?')}`,
      'Estimated rows': estimate === undefined ? null : Number(estimate),
      Details: Object.entries(details)
        .map(([k, v]) => `${k}: ${detailText(v)}`)
        .join('; '),
    });
    if (Array.isArray(node.children))
      for (const child of node.children as PlanNode[]) walk(child, depth + 1);
  };
  const parsed: unknown = JSON.parse(planJson);
  for (const node of Array.isArray(parsed) ? (parsed as PlanNode[]) : [parsed as PlanNode])
    walk(node, 0);
  return out;
}
