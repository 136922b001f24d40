/** A double-quoted SQL identifier. */
export function ident(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** A single-quoted SQL string literal. */
export function literal(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A DuckDB list literal of strings: `['a', 'b']`. */
export function stringList(values: readonly string[]): string {
  return `[${values.map(literal).join(', ')}]`;
}
