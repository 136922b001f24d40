import type { ValidationResult } from './types';

export interface TableRef {
  schema: string | null;
  name: string;
}

/** What SqlEditor offers to complete. */
export interface EditorCompletions {
  schemas: string[];
  tables: TableRef[];
  columns: Record<string, Array<{ name: string; type?: string }>>;
  functions: string[];
}

/** A marker SqlEditor draws under the text. */
export interface EditorMarker {
  line: number;
  column?: number;
  endColumn?: number;
  message: string;
  severity?: 'error' | 'warning';
}

/** The most tables named in the SQL whose columns are read for completion. */
export const MAX_SQL_TABLES = 10;

const IDENT = String.raw`(?:"(?:[^"]|"")+"|\x60[^\x60]+\x60|\[[^\]]+\]|[A-Za-z_][\w$]*)`;
const TABLE_AFTER_KEYWORD = new RegExp(
  String.raw`\b(?:from|join|update|into|table)\s+(${IDENT}(?:\s*\.\s*${IDENT}){0,2})`,
  'gi',
);

function unquote(part: string): string {
  const p = part.trim();
  if (p.startsWith('"') && p.endsWith('"')) return p.slice(1, -1).replace(/""/g, '"');
  if ((p.startsWith('`') && p.endsWith('`')) || (p.startsWith('[') && p.endsWith(']'))) {
    return p.slice(1, -1);
  }
  return p;
}

function splitDotted(text: string): string[] {
  const parts: string[] = [];
  const re = new RegExp(IDENT, 'g');
  let m: RegExpExecArray | null;
  while ((m = re.exec(text)) !== null) parts.push(unquote(m[0]));
  return parts;
}

/** Removes comments and string literals so names inside them are not taken for tables. */
function stripNoise(sql: string): string {
  return sql
    .replace(/--[^\n]*/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/'(?:[^']|'')*'/g, "''");
}

const NOT_TABLES = new Set(['select', 'lateral', 'unnest', 'values', 'only', 'where']);

/** The tables named after FROM / JOIN / UPDATE / INTO in a SQL text (each once, in order). */
export function tablesInSql(sql: string, limit = MAX_SQL_TABLES): TableRef[] {
  const found: TableRef[] = [];
  const seen = new Set<string>();
  const text = stripNoise(sql);
  for (const m of text.matchAll(TABLE_AFTER_KEYWORD)) {
    const parts = splitDotted(m[1] ?? '');
    const name = parts[parts.length - 1];
    if (!name || NOT_TABLES.has(name.toLowerCase())) continue;
    const schema = parts.length >= 2 ? (parts[parts.length - 2] ?? null) : null;
    const key = `${schema ?? ''}.${name}`;
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ schema, name });
    if (found.length >= limit) break;
  }
  return found;
}

/** SqlEditor markers of a validation, only while the text is the one that was validated. */
export function validationMarkers(result: ValidationResult | null, sql: string): EditorMarker[] {
  if (!result || result.sql !== sql) return [];
  return result.errors.map((e) => ({
    line: Math.max(1, e.line_number ?? 1),
    ...(e.start_column !== null ? { column: e.start_column } : {}),
    ...(e.end_column !== null ? { endColumn: e.end_column } : {}),
    message: e.message,
    severity: 'error' as const,
  }));
}

/** Removes duplicates and sorts, keeping the first spelling. */
export function uniqueSorted(values: Iterable<string>): string[] {
  return [...new Set(values)].sort((a, b) => a.localeCompare(b));
}
