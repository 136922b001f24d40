import type { EngineSpec } from '../engines/types.js';

/** The limit of the SELECT * text offered for a table. */
export const SELECT_STAR_LIMIT = 100;

/** `SELECT col, … FROM schema.table LIMIT 100`, every name quoted by the engine. */
export function buildSelectStar(
  spec: Pick<EngineSpec, 'quoteIdentifier'>,
  schema: string | null,
  table: string,
  columns: string[],
  limit = SELECT_STAR_LIMIT,
): string {
  const q = (n: string) => spec.quoteIdentifier(n);
  const from = schema ? `${q(schema)}.${q(table)}` : q(table);
  const cols = columns.length ? columns.map((c) => `  ${q(c)}`).join(',\n') : '  *';
  return `SELECT\n${cols}\nFROM ${from}\nLIMIT ${limit}`;
}
