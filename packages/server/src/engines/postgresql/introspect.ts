import { GenericDataType } from '@strata/core';
import type pg from 'pg';
import { genericTypeOf } from '../shared/generic-type.js';
import {
  EngineError,
  type ColumnInfo,
  type ForeignKeyInfo,
  type IndexInfo,
  type PartitionInfo,
  type TableMetadata,
  type TablesPage,
} from '../types.js';

/** Catalog queries (pg_catalog only, so they see what the connected role can see). */

type Queryable = Pick<pg.Pool, 'query'>;

/** Generic type of a PostgreSQL type name; arrays are strings whatever their element. */
export function pgGenericType(typeName: string): GenericDataType {
  return /\[\]$/.test(typeName.trim()) ? GenericDataType.STRING : genericTypeOf(typeName);
}

export async function listSchemas(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT nspname AS name FROM pg_catalog.pg_namespace
      WHERE nspname NOT IN ('pg_catalog', 'information_schema') AND nspname !~ '^pg_(toast|temp)'
      ORDER BY nspname`,
  );
  return rows.map((r) => r.name);
}

async function schemaExists(db: Queryable, schema: string | null): Promise<boolean> {
  const { rows } = await db.query(
    'SELECT 1 FROM pg_catalog.pg_namespace WHERE nspname = COALESCE($1, current_schema())',
    [schema],
  );
  return rows.length > 0;
}

export async function listTables(
  db: Queryable,
  schema: string | null,
  options: { search?: string; page?: number; pageSize?: number },
): Promise<TablesPage> {
  const search = options.search?.trim() ? options.search.trim() : null;
  const { rows } = await db.query<{ schema: string; name: string; kind: string }>(
    `SELECT n.nspname AS schema, c.relname AS name, c.relkind AS kind
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = COALESCE($1, current_schema())
        AND c.relkind IN ('r', 'p', 'f', 'v', 'm')
        AND ($2::text IS NULL OR strpos(lower(c.relname), lower($2::text)) > 0)
      ORDER BY c.relname`,
    [schema, search],
  );
  if (rows.length === 0 && !(await schemaExists(db, schema))) {
    throw new EngineError('schema_not_found', `schema "${schema ?? ''}" does not exist`);
  }
  const all = rows.map((r) => ({
    schema: r.schema,
    name: r.name,
    type: r.kind === 'v' || r.kind === 'm' ? ('view' as const) : ('table' as const),
  }));
  const pageSize = options.pageSize && options.pageSize > 0 ? options.pageSize : all.length;
  const start = Math.max(0, options.page ?? 0) * pageSize;
  return { tables: all.slice(start, start + pageSize), count: all.length };
}

interface Relation {
  oid: string;
  schema: string;
  kind: string;
  comment: string | null;
}

async function findRelation(
  db: Queryable,
  schema: string | null,
  table: string,
): Promise<Relation> {
  const { rows } = await db.query<Relation>(
    `SELECT c.oid::text AS oid, n.nspname AS schema, c.relkind AS kind,
            obj_description(c.oid, 'pg_class') AS comment
       FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = COALESCE($1, current_schema()) AND c.relname = $2
        AND c.relkind IN ('r', 'p', 'f', 'v', 'm')`,
    [schema, table],
  );
  const rel = rows[0];
  if (!rel) {
    const name = schema ? `${schema}.${table}` : table;
    throw new EngineError('table_not_found', `relation "${name}" does not exist`);
  }
  return rel;
}

async function columns(db: Queryable, oid: string): Promise<ColumnInfo[]> {
  const { rows } = await db.query<{
    name: string;
    type: string;
    nullable: boolean;
    default: string | null;
    comment: string | null;
  }>(
    `SELECT a.attname AS name, format_type(a.atttypid, a.atttypmod) AS type,
            NOT a.attnotnull AS nullable, pg_get_expr(d.adbin, d.adrelid) AS default,
            col_description(a.attrelid, a.attnum) AS comment
       FROM pg_catalog.pg_attribute a
       LEFT JOIN pg_catalog.pg_attrdef d ON d.adrelid = a.attrelid AND d.adnum = a.attnum
      WHERE a.attrelid = $1::oid AND a.attnum > 0 AND NOT a.attisdropped
      ORDER BY a.attnum`,
    [oid],
  );
  return rows.map((r) => ({ ...r, generic: pgGenericType(r.type) }));
}

/** Column names of a constraint's key, in key order (`keyColumn` of pg_constraint). */
const KEY_NAMES = (keyColumn: string, relColumn: string): string =>
  `(SELECT json_agg(a.attname ORDER BY k.ord)
      FROM unnest(con.${keyColumn}) WITH ORDINALITY AS k(attnum, ord)
      JOIN pg_catalog.pg_attribute a ON a.attrelid = con.${relColumn} AND a.attnum = k.attnum)`;

async function primaryKey(db: Queryable, oid: string): Promise<TableMetadata['primaryKey']> {
  const { rows } = await db.query<{ name: string; cols: string[] | null }>(
    `SELECT con.conname AS name, ${KEY_NAMES('conkey', 'conrelid')} AS cols
       FROM pg_catalog.pg_constraint con WHERE con.conrelid = $1::oid AND con.contype = 'p'`,
    [oid],
  );
  const pk = rows[0];
  return { name: pk?.name ?? null, constrained_columns: pk?.cols ?? [] };
}

async function foreignKeys(db: Queryable, oid: string): Promise<ForeignKeyInfo[]> {
  const { rows } = await db.query<{
    name: string;
    referred_schema: string;
    referred_table: string;
    constrained_columns: string[] | null;
    referred_columns: string[] | null;
  }>(
    `SELECT con.conname AS name, rn.nspname AS referred_schema, rc.relname AS referred_table,
            ${KEY_NAMES('conkey', 'conrelid')} AS constrained_columns,
            ${KEY_NAMES('confkey', 'confrelid')} AS referred_columns
       FROM pg_catalog.pg_constraint con
       JOIN pg_catalog.pg_class rc ON rc.oid = con.confrelid
       JOIN pg_catalog.pg_namespace rn ON rn.oid = rc.relnamespace
      WHERE con.conrelid = $1::oid AND con.contype = 'f'
      ORDER BY con.conname`,
    [oid],
  );
  return rows.map((r) => ({
    name: r.name,
    constrained_columns: r.constrained_columns ?? [],
    referred_schema: r.referred_schema,
    referred_table: r.referred_table,
    referred_columns: r.referred_columns ?? [],
  }));
}

async function indexes(db: Queryable, oid: string): Promise<IndexInfo[]> {
  const { rows } = await db.query<{ name: string; unique: boolean; cols: string[] | null }>(
    `SELECT ic.relname AS name, i.indisunique AS unique,
            (SELECT json_agg(CASE WHEN i.indkey[k - 1] <> 0 THEN a.attname
                                  ELSE pg_get_indexdef(i.indexrelid, k, true) END ORDER BY k)
               FROM generate_series(1, i.indnkeyatts) AS k
               LEFT JOIN pg_catalog.pg_attribute a
                 ON a.attrelid = i.indrelid AND a.attnum = i.indkey[k - 1]) AS cols
       FROM pg_catalog.pg_index i JOIN pg_catalog.pg_class ic ON ic.oid = i.indexrelid
      WHERE i.indrelid = $1::oid AND NOT i.indisprimary
      ORDER BY ic.relname`,
    [oid],
  );
  return rows.map((r) => ({ name: r.name, column_names: r.cols ?? [], unique: r.unique }));
}

export async function tableMetadata(
  db: Queryable,
  schema: string | null,
  table: string,
): Promise<TableMetadata> {
  const rel = await findRelation(db, schema, table);
  const [cols, pk, fks, idx] = await Promise.all([
    columns(db, rel.oid),
    primaryKey(db, rel.oid),
    foreignKeys(db, rel.oid),
    indexes(db, rel.oid),
  ]);
  return {
    name: table,
    schema: rel.schema,
    type: rel.kind === 'v' || rel.kind === 'm' ? 'view' : 'table',
    columns: cols,
    primaryKey: pk,
    foreignKeys: fks,
    indexes: idx,
    comment: rel.comment,
  };
}

/** The partition key columns of a partitioned table (expression keys left out). */
export async function partitions(
  db: Queryable,
  schema: string | null,
  table: string,
): Promise<PartitionInfo> {
  const rel = await findRelation(db, schema, table);
  if (rel.kind !== 'p') return { cols: [], latest: null, partitionQuery: null };
  const { rows } = await db.query<{ cols: string[] | null }>(
    `SELECT (SELECT json_agg(a.attname ORDER BY k)
               FROM generate_series(1, pt.partnatts) AS k
               JOIN pg_catalog.pg_attribute a
                 ON a.attrelid = pt.partrelid AND a.attnum = pt.partattrs[k - 1]) AS cols
       FROM pg_catalog.pg_partitioned_table pt WHERE pt.partrelid = $1::oid`,
    [rel.oid],
  );
  return { cols: rows[0]?.cols ?? [], latest: null, partitionQuery: null };
}

export async function listFunctionNames(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    'SELECT DISTINCT proname AS name FROM pg_catalog.pg_proc',
  );
  return rows.map((r) => r.name).sort();
}
