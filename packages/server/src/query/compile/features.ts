/**
 * What differs between engines beyond quoting, literals and grains, so that one query object
 * means the same on each: case-sensitive LIKE, case-insensitive ILIKE, regular expressions,
 * NULL ordering, timestamp literals and the longest name an alias may have.
 */
import type { CompileDialect } from './types.js';

export interface EngineFeatures {
  /** Case-sensitive LIKE (SQLite and MySQL compare case-insensitively by default). */
  like(column: string, pattern: string): string;
  /** Case-insensitive LIKE. */
  ilike(column: string, pattern: string): string;
  /** A regular-expression match, or null when the engine has none. */
  regex(column: string, pattern: string): string | null;
  /** An ORDER BY item putting NULLs last in both directions. */
  orderItem(ref: string, expression: string, ascending: boolean): string;
  /** Longest alias in bytes, when the engine limits it. */
  maxAliasBytes: number | null;
  /** An expression as text (LIKE on a non-string column). */
  castText(expression: string): string;
  /**
   * Whether the text `column` contains `needle`, ignoring case: the needle is matched literally
   * (its `%`, `_` and `!` escaped, `ESCAPE '!'` on every engine). Column values' search.
   */
  containsText(column: string, needle: string): string;
}

/** A LIKE pattern matching `needle` anywhere, literally, with `!` as the escape character. */
export function containsPattern(needle: string): string {
  return `%${needle.replace(/[!%_]/g, (c) => `!${c}`)}%`;
}

/** A LIKE pattern as a SQLite GLOB pattern (`%` -> `*`, `_` -> `?`, `*?[` matched literally). */
export function likeToGlob(pattern: string): string {
  let out = '';
  for (const c of pattern) {
    if (c === '%') out += '*';
    else if (c === '_') out += '?';
    else if (c === '*' || c === '?' || c === '[') out += `[${c}]`;
    else out += c;
  }
  return out;
}

export function engineFeatures(dialect: CompileDialect): EngineFeatures {
  const lit = (s: string) => dialect.literal(s);
  const lowerContains = (c: string, n: string) =>
    `LOWER(${c}) LIKE LOWER(${lit(containsPattern(n))}) ESCAPE '!'`;
  const ilikeContains = (c: string, n: string) =>
    `${c} ILIKE ${lit(containsPattern(n))} ESCAPE '!'`;
  const ansiOrder = (ref: string, _e: string, asc: boolean) =>
    `${ref} ${asc ? 'ASC' : 'DESC'} NULLS LAST`;
  switch (dialect.engine) {
    case 'sqlite':
      return {
        like: (c, p) => `${c} GLOB ${lit(likeToGlob(p))}`,
        ilike: (c, p) => `LOWER(${c}) LIKE LOWER(${lit(p)})`,
        regex: () => null,
        orderItem: ansiOrder,
        maxAliasBytes: null,
        castText: (e) => `CAST(${e} AS TEXT)`,
        containsText: lowerContains,
      };
    case 'mysql':
      return {
        like: (c, p) => `CAST(${c} AS BINARY) LIKE CAST(${lit(p)} AS BINARY)`,
        ilike: (c, p) => `LOWER(${c}) LIKE LOWER(${lit(p)})`,
        regex: (c, p) => `CAST(${c} AS BINARY) REGEXP CAST(${lit(p)} AS BINARY)`,
        orderItem: (ref, e, asc) => (asc ? `${e} IS NULL, ${ref} ASC` : `${ref} DESC`),
        maxAliasBytes: 64,
        castText: (e) => `CAST(${e} AS CHAR)`,
        containsText: lowerContains,
      };
    case 'postgresql':
      return {
        like: (c, p) => `${c} LIKE ${lit(p)}`,
        ilike: (c, p) => `${c} ILIKE ${lit(p)}`,
        regex: (c, p) => `${c} ~ ${lit(p)}`,
        orderItem: ansiOrder,
        maxAliasBytes: 63,
        castText: (e) => `CAST(${e} AS VARCHAR)`,
        containsText: ilikeContains,
      };
    case 'duckdb':
      return {
        like: (c, p) => `${c} LIKE ${lit(p)}`,
        ilike: (c, p) => `${c} ILIKE ${lit(p)}`,
        regex: (c, p) => `regexp_matches(${c}, ${lit(p)})`,
        orderItem: ansiOrder,
        maxAliasBytes: null,
        castText: (e) => `CAST(${e} AS VARCHAR)`,
        containsText: ilikeContains,
      };
    default:
      return {
        like: (c, p) => `${c} LIKE ${lit(p)}`,
        ilike: (c, p) => `LOWER(${c}) LIKE LOWER(${lit(p)})`,
        regex: () => null,
        orderItem: ansiOrder,
        maxAliasBytes: null,
        castText: (e) => `CAST(${e} AS VARCHAR(65535))`,
        containsText: lowerContains,
      };
  }
}
