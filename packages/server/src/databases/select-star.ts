import type { EngineSpec } from '../engines/types.js';

/** The limit of the SELECT * text offered for a table. */
export const SELECT_STAR_LIMIT = 100;

/** `SELECT col, … FROM schema.table LIMIT 100`, every name quoted by the engine. */
export function buildSelectStar(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'literal'>,
  schema: string | null,
  table: string,
  columns: string[],
  limit = SELECT_STAR_LIMIT,
  latestPartition: Record<string, unknown> | null = null,
): string {
  const q = (n: string) => spec.quoteIdentifier(n);
  const from = schema ? `${q(schema)}.${q(table)}` : q(table);
  const cols = columns.length ? columns.map((c) => `  ${q(c)}`).join(',\n') : '  *';
  const where = latestPartitionWhere(spec, latestPartition);
  return `SELECT\n${cols}\nFROM ${from}${where ? `\nWHERE ${where}` : ''}\nLIMIT ${limit}`;
}

/**
 * The latest partition's filter (Superset's `where_latest_partition`): each partition column
 * equal to its latest value, quoted and written as literals by the engine; null when the engine
 * reports no latest partition (or a value it cannot write as a literal).
 */
export function latestPartitionWhere(
  spec: Pick<EngineSpec, 'quoteIdentifier' | 'literal'>,
  latest: Record<string, unknown> | null,
): string | null {
  if (!latest) return null;
  const parts: string[] = [];
  for (const [col, value] of Object.entries(latest)) {
    if (value === null) parts.push(`${spec.quoteIdentifier(col)} IS NULL`);
    else if (
      typeof value === 'string' ||
      typeof value === 'number' ||
      typeof value === 'boolean' ||
      value instanceof Date
    )
      parts.push(`${spec.quoteIdentifier(col)} = ${spec.literal(value)}`);
    else return null;
  }
  return parts.length ? parts.join(' AND ') : null;
}
