/**
 * The SQL editor's CodeMirror configuration that does not need React: dialects, completion
 * sources from the database's schemas, tables, columns and functions, lint markers as
 * diagnostics, and the keyboard shortcuts.
 */
import { insertCompletionText, pickedCompletion } from '@codemirror/autocomplete';
import type { Completion, CompletionContext, CompletionResult } from '@codemirror/autocomplete';
import {
  MySQL,
  PostgreSQL,
  SQLDialect,
  SQLite,
  StandardSQL,
  keywordCompletionSource,
  schemaCompletionSource,
} from '@codemirror/lang-sql';
import type { SQLNamespace } from '@codemirror/lang-sql';
import { LanguageSupport, syntaxTree } from '@codemirror/language';
import type { Diagnostic } from '@codemirror/lint';
import type { Extension, Text } from '@codemirror/state';
import type { EditorView } from '@codemirror/view';

// ---------------------------------------------------------------------------------------------
// Dialects

export type DialectKey = 'duckdb' | 'postgresql' | 'mysql' | 'sqlite' | 'standard';

/** The editor dialect for a database backend name (engine or SQLAlchemy backend). */
export function dialectKey(dialect: string | null | undefined): DialectKey {
  const d = (dialect ?? '').toLowerCase();
  if (d.startsWith('duckdb') || d === 'motherduck') return 'duckdb';
  if (d.startsWith('postgres') || d === 'redshift' || d === 'cockroachdb' || d === 'psql') {
    return 'postgresql';
  }
  if (d.startsWith('mysql') || d.startsWith('mariadb') || d === 'singlestore') return 'mysql';
  if (d.startsWith('sqlite')) return 'sqlite';
  return 'standard';
}

/** DuckDB words PostgreSQL's list lacks (statements, clauses and types). */
export const DUCKDB_KEYWORDS =
  'anti asof attach columns describe detach exclude export glob ilike import install lambda ' +
  'load macro pivot pivot_longer pivot_wider positional pragma qualify replace sample semi ' +
  'summarize union_by_name unpivot use';
export const DUCKDB_TYPES =
  'blob hugeint uhugeint ubigint uinteger usmallint utinyint tinyint list struct map union ' +
  'uuid json varint timestamptz timestamp_s timestamp_ms timestamp_ns bitstring';

let duckdb: SQLDialect | null = null;

/** DuckDB: PostgreSQL's syntax and words, plus DuckDB's own. */
export function duckdbDialect(): SQLDialect {
  if (!duckdb) {
    const spec = PostgreSQL.spec;
    duckdb = SQLDialect.define({
      ...spec,
      keywords: `${spec.keywords ?? ''} ${DUCKDB_KEYWORDS}`,
      types: `${spec.types ?? ''} ${DUCKDB_TYPES}`,
    });
  }
  return duckdb;
}

/** The lang-sql dialect for a backend name. */
export function sqlDialect(dialect: string | null | undefined): SQLDialect {
  switch (dialectKey(dialect)) {
    case 'duckdb':
      return duckdbDialect();
    case 'postgresql':
      return PostgreSQL;
    case 'mysql':
      return MySQL;
    case 'sqlite':
      return SQLite;
    default:
      return StandardSQL;
  }
}

/**
 * The dialect's language with upper-case keyword completion, except right after a dot (after
 * `schema.` or `table.` only names belong; lang-sql's own keyword source offers keywords there).
 */
export function sqlLanguage(dialect: SQLDialect): LanguageSupport {
  const keywords = keywordCompletionSource(dialect, true);
  return new LanguageSupport(
    dialect.language,
    dialect.language.data.of({
      autocomplete: (context: CompletionContext) => {
        const word = context.matchBefore(/[\p{L}\p{N}_$]*$/u);
        const from = word ? word.from : context.pos;
        if (context.state.sliceDoc(Math.max(0, from - 1), from) === '.') return null;
        return keywords(context);
      },
    }),
  );
}

// ---------------------------------------------------------------------------------------------
// Completions

/** What the editor can complete, from the database the tab uses. */
export interface SqlCompletions {
  schemas: string[];
  tables: Array<{ schema: string | null; name: string }>;
  /** Columns by table name. */
  columns: Record<string, Array<{ name: string; type?: string }>>;
  functions: string[];
  keywords?: string[];
}

/** The identifier as it must be typed: plain when it can be, else quoted. */
export function quoteIdentifier(name: string, dialect: SQLDialect): string {
  const caseInsensitive = !!dialect.spec.caseInsensitiveIdentifiers;
  const plain = caseInsensitive ? /^[a-z_][a-z_\d$]*$/i : /^[a-z_][a-z_\d$]*$/;
  if (plain.test(name)) return name;
  const open = dialect.spec.identifierQuotes?.[0] ?? '"';
  const close = open === '[' ? ']' : open;
  return `${open}${name.split(close).join(close + close)}${close}`;
}

/** A namespace key: lang-sql splits keys on dots unless they are escaped. */
function nsKey(name: string): string {
  return name.replace(/\./g, '\\.');
}

function columnCompletion(
  column: { name: string; type?: string },
  dialect: SQLDialect,
  table?: string,
): Completion {
  const apply = quoteIdentifier(column.name, dialect);
  return {
    label: column.name,
    type: 'property',
    detail: column.type ?? undefined,
    ...(table ? { info: `Column of ${table}` } : {}),
    ...(apply !== column.name ? { apply } : {}),
    boost: 1,
  };
}

function tableCompletion(
  name: string,
  schema: string | null,
  dialect: SQLDialect,
  qualify: boolean,
): Completion {
  const quoted = quoteIdentifier(name, dialect);
  const apply = qualify && schema ? `${quoteIdentifier(schema, dialect)}.${quoted}` : quoted;
  return {
    label: name,
    type: 'type',
    detail: schema ? `table · ${schema}` : 'table',
    ...(apply !== name ? { apply } : {}),
  };
}

/**
 * The lang-sql schema namespace: every schema with its tables and their columns (for
 * `schema.table` and `table.column`), and every table at the top level too. Tables of
 * `defaultSchema` (or of no schema) complete as their bare name, others schema-qualified.
 */
export function buildNamespace(
  completions: SqlCompletions,
  dialect: SQLDialect,
  defaultSchema?: string | null,
): SQLNamespace {
  const columnsOf = (table: string): Completion[] =>
    (completions.columns[table] ?? []).map((c) => columnCompletion(c, dialect));
  const top: Record<string, SQLNamespace> = {};
  const schemas = new Map<string, Record<string, SQLNamespace>>();
  for (const schema of completions.schemas) schemas.set(schema, {});
  for (const t of completions.tables) {
    if (t.schema !== null) {
      let tables = schemas.get(t.schema);
      if (!tables) schemas.set(t.schema, (tables = {}));
      tables[nsKey(t.name)] = {
        self: tableCompletion(t.name, t.schema, dialect, false),
        children: columnsOf(t.name),
      };
    }
  }
  for (const [schema, tables] of schemas) {
    top[nsKey(schema)] = {
      self: {
        label: schema,
        type: 'namespace',
        detail: 'schema',
        ...(quoteIdentifier(schema, dialect) !== schema
          ? { apply: quoteIdentifier(schema, dialect) }
          : {}),
      },
      children: tables,
    };
  }
  for (const t of completions.tables) {
    const key = nsKey(t.name);
    if (key in top) continue; // a schema of the same name wins at the top level
    const qualify = t.schema !== null && defaultSchema != null && t.schema !== defaultSchema;
    top[key] = {
      self: tableCompletion(t.name, t.schema, dialect, qualify),
      children: columnsOf(t.name),
    };
  }
  return top;
}

/** Columns of every known table, one option per name (its type, and where it is found). */
export function columnOptions(completions: SqlCompletions, dialect: SQLDialect): Completion[] {
  const byName = new Map<string, { type?: string; tables: string[] }>();
  for (const [table, columns] of Object.entries(completions.columns)) {
    for (const c of columns) {
      const found = byName.get(c.name);
      if (found) {
        if (!found.tables.includes(table)) found.tables.push(table);
        if (!found.type && c.type) found.type = c.type;
      } else {
        byName.set(c.name, { type: c.type, tables: [table] });
      }
    }
  }
  return [...byName].map(([name, v]) =>
    columnCompletion({ name, type: v.type }, dialect, v.tables.join(', ')),
  );
}

/** A function name: inserted with its parentheses, the cursor between them. */
export function functionOption(name: string): Completion {
  return {
    label: name,
    type: 'function',
    detail: 'function',
    apply: (view: EditorView, completion: Completion, from: number, to: number) => {
      const hasParen = view.state.sliceDoc(to, to + 1) === '(';
      const text = hasParen ? name : `${name}()`;
      const spec = insertCompletionText(view.state, text, from, to);
      view.dispatch({
        ...spec,
        selection: { anchor: from + name.length + (hasParen ? 0 : 1) },
        annotations: pickedCompletion.of(completion),
      });
    },
  };
}

const NOT_HERE = new Set(['String', 'LineComment', 'BlockComment', 'QuotedIdentifier']);
/** Text before the word that means a table name comes next. */
const TABLE_CONTEXT =
  /\b(from|join|into|update|table|describe|summarize)\s+(?:[\w$."`]+\s*,\s*)*$/i;
const WORD = /[\p{L}\p{N}_$]*$/u;

/**
 * Completes columns, function names and extra keywords where a bare word is typed (not after a
 * dot, not in strings or comments; not right after FROM or JOIN, where tables belong).
 */
export function generalCompletionSource(completions: SqlCompletions, dialect: SQLDialect) {
  const columns = columnOptions(completions, dialect);
  const functions = [...new Set(completions.functions)].map(functionOption);
  const keywords = (completions.keywords ?? []).map((k): Completion => ({
    label: k,
    type: 'keyword',
    boost: -1,
  }));
  const all = [...columns, ...functions, ...keywords];
  return (context: CompletionContext): CompletionResult | null => {
    const word = context.matchBefore(WORD);
    if (!word || (word.from === word.to && !context.explicit)) return null;
    const before = context.state.sliceDoc(Math.max(0, word.from - 1), word.from);
    if (before === '.' || before === '"' || before === '`' || before === "'") return null;
    const node = syntaxTree(context.state).resolveInner(context.pos, -1);
    if (NOT_HERE.has(node.name)) return null;
    const head = context.state.sliceDoc(Math.max(0, word.from - 300), word.from);
    const options = TABLE_CONTEXT.test(head) ? keywords : all;
    if (options.length === 0) return null;
    return { from: word.from, options, validFor: /^[\p{L}\p{N}_$]*$/u };
  };
}

/**
 * The completion part of the editor, for a compartment: schema-aware completion (schemas,
 * `schema.table`, `table.column`, aliases) and the general source, both tied to the dialect's
 * language. Keyword completion comes with the language itself.
 */
export function completionExtension(
  dialect: SQLDialect,
  completions: SqlCompletions,
  defaultSchema?: string | null,
): Extension {
  return [
    dialect.language.data.of({
      autocomplete: schemaCompletionSource({
        dialect,
        schema: buildNamespace(completions, dialect, defaultSchema),
      }),
    }),
    dialect.language.data.of({ autocomplete: generalCompletionSource(completions, dialect) }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Lint markers

/** A problem to mark: 1-based line; 1-based column and end column (exclusive) when known. */
export interface EditorMarker {
  line: number;
  column?: number | null;
  endColumn?: number | null;
  message: string;
  severity?: 'error' | 'warning';
}

const WORD_CHAR = /[\p{L}\p{N}_$]/u;

/**
 * Where a marker goes in the document: the whole line without a column; from the column to
 * the end column, else to the end of the word there (at least one character). Lines past the
 * end of the document mark the last line; a non-positive line marks nothing.
 */
export function markerRange(doc: Text, marker: EditorMarker): { from: number; to: number } | null {
  if (!Number.isFinite(marker.line) || marker.line < 1) return null;
  const line = doc.line(Math.min(Math.floor(marker.line), doc.lines));
  const column = marker.column ?? null;
  if (column === null || !Number.isFinite(column) || column < 1) {
    return { from: line.from, to: line.to };
  }
  const from = line.from + Math.min(Math.floor(column) - 1, line.length);
  let to: number;
  const end = marker.endColumn ?? null;
  if (end !== null && Number.isFinite(end) && end > column) {
    to = line.from + Math.min(Math.floor(end) - 1, line.length);
  } else {
    to = from;
    while (to < line.to && WORD_CHAR.test(doc.sliceString(to, to + 1))) to += 1;
    if (to === from) to = Math.min(line.to, from + 1);
  }
  return { from, to: Math.max(from, to) };
}

/** Markers as CodeMirror diagnostics. */
export function markersToDiagnostics(doc: Text, markers: readonly EditorMarker[]): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const m of markers) {
    const range = markerRange(doc, m);
    if (!range) continue;
    out.push({ ...range, severity: m.severity ?? 'error', message: m.message });
  }
  return out.sort((a, b) => a.from - b.from);
}
