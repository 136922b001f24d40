/**
 * Checks of free SQL fragments (adhoc SQL metrics, columns and filters, extras.where/having,
 * dataset expressions): each must be one expression, so that embedded in parentheses it cannot
 * end the statement, open another, or read other tables (issue 16 point 1).
 *
 * The structural check, for every fragment: no statement separators, comments (they can hide
 * the rest of the statement), unbalanced parentheses, text the lexer could read differently
 * from the database, sub-queries, set operations or statement keywords; no character outside
 * ASCII outside quoted strings and names (DuckDB reads U+200B, U+2060, U+FEFF, NBSP and other
 * Unicode spaces as whitespace, PostgreSQL, SQLite and MariaDB read them as letters of a name:
 * refusing them leaves one reading); no Unicode-escaped names (`U&"…"`); no number glued to a
 * name (`1.read_csv(…)`); and no call of a forbidden function (files, network, sleep, settings,
 * SQL given as text), whether its name is plain, quoted (`"pg_read_file"`, `` `load_file` ``,
 * `[x]`) or qualified (`pg_catalog.pg_read_file`).
 *
 * The allow list, for what a non-admin sends (`FragmentPolicy.allowedFunctions`): every call —
 * any name, quoted or not, followed by `(` — must name a function of the engine's allow list,
 * unqualified; SQL keywords that take parentheses (`IN (`, `CAST(`, `OVER (`, type modifiers
 * such as `DECIMAL(10, 2)`) are not calls. Engines with session variables in expressions
 * (MySQL's `@x`, `@@datadir`) refuse them too.
 */
import {
  lexicalProblem,
  lexSpans,
  tokenize,
  type Engine,
  type Span,
  type Token,
} from '../../sql/guard-lex.js';
import { QueryValidationError } from './types.js';

export const MAX_FRAGMENT_LENGTH = 20_000;

/** What a fragment may do beyond the structural check. */
export interface FragmentPolicy {
  /**
   * Upper-case names of the functions a call may use, unqualified (the engine's allow list);
   * null: any function but the forbidden ones, qualified or not (an admin's fragment, or a
   * dataset expression saved by its owners).
   */
  allowedFunctions: ReadonlySet<string> | null;
  /** A character that reads session or server variables in an expression (MySQL's `@`). */
  variablePrefix?: string | null;
}

/** The structural check only (admins, stored dataset expressions). */
export const STRUCTURAL_ONLY: FragmentPolicy = { allowedFunctions: null };

/** Words that only appear in statements or subqueries, never inside a scalar expression. */
// prettier-ignore
const STATEMENT_WORDS = new Set([
  'SELECT', 'WITH', 'UNION', 'INTERSECT', 'EXCEPT', 'VALUES', 'TABLE', 'LATERAL', 'INSERT',
  'UPDATE', 'DELETE', 'MERGE', 'RETURNING', 'INTO', 'DROP', 'CREATE', 'ALTER', 'TRUNCATE',
  'GRANT', 'REVOKE', 'ATTACH', 'DETACH', 'COPY', 'PRAGMA', 'VACUUM', 'CALL', 'EXEC', 'EXECUTE',
  'PREPARE', 'DEALLOCATE', 'DECLARE', 'LOAD', 'INSTALL', 'SUMMARIZE', 'PIVOT', 'UNPIVOT',
  'DESCRIBE', 'EXPLAIN', 'SHOW', 'BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'SET',
]);

/**
 * Functions never callable from a fragment, by anyone: they read files, call out, sleep, change
 * settings or sequences, or run SQL given as text. (Non-admins are held to the allow list.)
 */
// prettier-ignore
const FORBIDDEN_FUNCTIONS = new Set([
  'PG_READ_FILE', 'PG_READ_BINARY_FILE', 'PG_LS_DIR', 'PG_STAT_FILE', 'LO_IMPORT', 'LO_EXPORT',
  'LO_GET', 'LO_PUT', 'LO_FROM_BYTEA', 'LO_CREATE', 'LO_UNLINK', 'DBLINK', 'DBLINK_EXEC',
  'DBLINK_CONNECT', 'SET_CONFIG', 'PG_SLEEP', 'PG_SLEEP_FOR', 'PG_SLEEP_UNTIL',
  'PG_TERMINATE_BACKEND', 'PG_CANCEL_BACKEND', 'QUERY_TO_XML', 'QUERY_TO_XML_AND_XMLSCHEMA',
  'QUERY_TO_XMLSCHEMA', 'TABLE_TO_XML', 'CURSOR_TO_XML', 'SCHEMA_TO_XML', 'DATABASE_TO_XML',
  'TS_STAT', 'CURRENT_SETTING', 'SETVAL', 'NEXTVAL', 'LOAD_EXTENSION', 'LOAD_FILE', 'SLEEP',
  'SLEEP_MS', 'BENCHMARK', 'GET_LOCK', 'READ_CSV', 'READ_CSV_AUTO', 'READ_PARQUET', 'READ_JSON',
  'READ_JSON_AUTO', 'READ_TEXT', 'READ_BLOB', 'GLOB', 'QUERY', 'QUERY_TABLE', 'SQLITE_SCAN',
  'POSTGRES_SCAN', 'MYSQL_SCAN', 'GETENV', 'GETVARIABLE', 'SYS_EXEC', 'SYS_EVAL',
]);

/** `FROM` is part of these functions' syntax (EXTRACT(YEAR FROM ts), TRIM(x FROM s)…). */
const FROM_FUNCTIONS = new Set(['EXTRACT', 'SUBSTRING', 'TRIM', 'OVERLAY', 'POSITION']);

/**
 * Reserved words that may stand before `(` without being a call (`x IN (…)`, `CASE (x)`,
 * `ARRAY(…)`, `ROW(…)`, `INTERVAL (n) DAY`). Written unquoted, every engine reads them as the
 * keyword, never as a function name.
 */
// prettier-ignore
const PAREN_KEYWORDS = new Set([
  'AND', 'OR', 'NOT', 'IN', 'IS', 'BETWEEN', 'LIKE', 'CASE', 'WHEN', 'THEN', 'ELSE', 'DISTINCT',
  'ALL', 'ANY', 'SOME', 'ARRAY', 'ROW', 'INTERVAL', 'BY',
]);

/**
 * Keywords that take `(` only after an operand (`x ILIKE (…)`, `x GLOB (…)`, `… OVER (…)`,
 * `… FILTER (WHERE …)`, `AT TIME ZONE (…)`). Some of them are also functions on some engine
 * (DuckDB's `glob` is a table function): at the start of an expression they count as calls.
 */
// prettier-ignore
const INFIX_KEYWORDS = new Set([
  'ILIKE', 'GLOB', 'REGEXP', 'RLIKE', 'SIMILAR', 'TO', 'ESCAPE', 'OVER', 'FILTER', 'GROUP',
  'ZONE', 'DIV', 'MOD', 'XOR', 'COLLATE',
]);

/** Type names whose `(` holds only a length or precision (`VARCHAR(20)`, `DECIMAL(10, 2)`). */
// prettier-ignore
const TYPE_NAMES = new Set([
  'VARCHAR', 'CHAR', 'CHARACTER', 'VARYING', 'NCHAR', 'NVARCHAR', 'DECIMAL', 'DEC', 'NUMERIC',
  'FIXED', 'FLOAT', 'DOUBLE', 'REAL', 'TIMESTAMP', 'TIMESTAMPTZ', 'TIME', 'TIMETZ', 'DATETIME',
  'BIT', 'VARBIT', 'BINARY', 'VARBINARY', 'INTERVAL', 'INT', 'INTEGER', 'BIGINT', 'SMALLINT',
  'TINYINT', 'MEDIUMINT', 'UNSIGNED', 'SIGNED',
]);

/** A number as the engines write one: digits, a decimal point, an exponent, hex or binary. */
const NUMBER = /^(?:[0-9][0-9_]*\.?[0-9_]*(?:[eE][0-9]*)?|0[xX][0-9a-fA-F_]+|0[bB][01_]+)$/;

export function lexEngine(engine: string): Engine {
  return engine === 'duckdb' || engine === 'sqlite' || engine === 'mysql' ? engine : 'postgresql';
}

/** The `(` enclosing token `index`, or -1 at the top level. */
function enclosingOpen(tokens: Token[], index: number): number {
  for (let i = index - 1; i >= 0; i -= 1) {
    const t = tokens[i]!;
    if (t.text === '(' && t.kind === 'punct' && t.pair > index) return i;
  }
  return -1;
}

/** The name a quoted name token stands for: quotes removed, doubled quotes made single. */
export function unquoteName(text: string): string {
  const open = text[0];
  if (open === '[') return text.slice(1, -1);
  if (open === '"' || open === '`')
    return text
      .slice(1, -1)
      .split(open + open)
      .join(open);
  return text;
}

function isPunct(t: Token | undefined, text: string): boolean {
  return t !== undefined && t.kind === 'punct' && t.text === text;
}

function isName(t: Token | undefined): boolean {
  return t !== undefined && (t.kind === 'word' || t.kind === 'identifier');
}

function nameOf(t: Token): string {
  return t.kind === 'identifier' ? unquoteName(t.text) : t.text;
}

/** True when token `t` ends an operand (a name, a literal, a closing bracket). */
function endsOperand(t: Token | undefined): boolean {
  if (!t) return false;
  if (t.kind === 'punct') return t.text === ')' || t.text === ']';
  return true;
}

/** True when the parentheses opened at `open` hold only numbers and commas. */
function onlyNumbers(tokens: Token[], open: number): boolean {
  const close = tokens[open]!.pair;
  if (close < 0) return false;
  for (let i = open + 1; i < close; i += 1) {
    const t = tokens[i]!;
    if (t.kind !== 'number' && !isPunct(t, ',')) return false;
  }
  return true;
}

export interface FunctionCall {
  /** The function's name as the engine reads it (quotes removed), upper case. */
  name: string;
  /** The qualified name as written (`pg_catalog.pg_read_file`), without quotes. */
  written: string;
  qualified: boolean;
}

/**
 * The function call opened by the `(` at `open`, or null when that parenthesis is not a call
 * (grouping, a keyword's parentheses, a type's length).
 */
export function callAt(tokens: Token[], open: number): FunctionCall | null {
  const prev = tokens[open - 1];
  if (!isName(prev)) return null;
  const before = tokens[open - 2];
  const qualified = isPunct(before, '.');
  if (prev!.kind === 'word' && !qualified) {
    const word = prev!.upper;
    if (PAREN_KEYWORDS.has(word)) return null;
    if (INFIX_KEYWORDS.has(word) && (endsOperand(before) || before?.upper === 'NOT')) return null;
    if (TYPE_NAMES.has(word) && onlyNumbers(tokens, open)) return null;
  }
  const parts = [nameOf(prev!)];
  let at = open - 2;
  while (isPunct(tokens[at], '.') && isName(tokens[at - 1])) {
    parts.unshift(nameOf(tokens[at - 1]!));
    at -= 2;
  }
  // A method call on an expression (DuckDB's `'x'.upper()`): its qualifier as written.
  if (isPunct(tokens[at], '.')) parts.unshift(tokens[at - 1]?.text ?? '');
  return { name: nameOf(prev!).toUpperCase(), written: parts.join('.'), qualified };
}

/** The first character outside ASCII in code (outside strings and quoted names), or null. */
function nonAsciiInCode(spans: Span[]): string | null {
  for (const span of spans) {
    if (span.kind !== 'code') continue;
    // eslint-disable-next-line no-control-regex
    const m = /[^\u0000-\u007f]/.exec(span.text);
    if (m) return m[0];
  }
  return null;
}

function codePoint(ch: string): string {
  return `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`;
}

/** A quoted string or name written with Unicode escapes (PostgreSQL's `U&"…"`, `U&'…'`). */
function hasUnicodeEscape(sql: string, spans: Span[]): boolean {
  return spans.some(
    (s) =>
      (s.kind === 'identifier' || s.kind === 'string') &&
      s.start >= 2 &&
      sql[s.start - 1] === '&' &&
      (sql[s.start - 2] === 'U' || sql[s.start - 2] === 'u') &&
      !/[A-Za-z0-9_$]/.test(sql[s.start - 3] ?? ' '),
  );
}

/** Why the fragment is not one safe expression under `policy`, or null. */
export function fragmentProblem(
  sql: string,
  engine: string,
  policy: FragmentPolicy,
): string | null {
  if (sql.trim() === '') return 'is empty';
  if (sql.length > MAX_FRAGMENT_LENGTH) return 'is too long';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(sql))
    return 'cannot contain control characters';
  const lexed = lexEngine(engine);
  const lexical = lexicalProblem(sql, lexed);
  if (lexical) return lexical;
  const spans = lexSpans(sql, lexed);
  if (spans.some((s) => s.kind === 'comment')) return 'cannot contain comments';
  const foreign = nonAsciiInCode(spans);
  if (foreign)
    return `cannot contain the character ${codePoint(foreign)} outside quotes (quote names and text that hold it)`;
  if (hasUnicodeEscape(sql, spans)) return 'cannot contain Unicode escapes (U&…)';
  const prefix = policy.allowedFunctions ? policy.variablePrefix : null;
  if (prefix && spans.some((s) => s.kind === 'code' && s.text.includes(prefix)))
    return `cannot read variables (${prefix})`;
  const tokens = tokenize(sql, lexed);
  for (const [i, t] of tokens.entries()) {
    if (t.kind === 'punct') {
      if (t.text === ';') return 'cannot contain a statement separator (;)';
      if ((t.text === '(' || t.text === ')') && t.pair < 0) return 'has unbalanced parentheses';
      if (t.text === '\\') return 'cannot contain backslash commands';
      if (t.text === '(') {
        const call = callAt(tokens, i);
        if (call) {
          const problem = callProblem(call, policy);
          if (problem) return problem;
        }
      }
      continue;
    }
    if (t.kind === 'number') {
      if (!NUMBER.test(t.text)) return `cannot contain ${t.text}`;
      continue;
    }
    if (t.kind !== 'word') continue;
    // `x.select` or `"t".delete` are names, not keywords.
    if (isPunct(tokens[i - 1], '.')) continue;
    if (STATEMENT_WORDS.has(t.upper)) {
      return t.upper === 'SELECT' ||
        t.upper === 'WITH' ||
        t.upper === 'VALUES' ||
        t.upper === 'TABLE'
        ? 'cannot contain sub-queries'
        : `cannot contain ${t.upper}`;
    }
    if (t.upper === 'FROM' && !isDistinctFrom(tokens, i)) {
      const open = enclosingOpen(tokens, i);
      const fn = open > 0 ? tokens[open - 1] : undefined;
      if (!fn || fn.kind !== 'word' || !FROM_FUNCTIONS.has(fn.upper))
        return 'cannot contain sub-queries';
    }
  }
  return null;
}

/** `a IS [NOT] DISTINCT FROM b`. */
function isDistinctFrom(tokens: Token[], from: number): boolean {
  const distinct = tokens[from - 1];
  const before = tokens[from - 2];
  return (
    distinct?.kind === 'word' &&
    distinct.upper === 'DISTINCT' &&
    before?.kind === 'word' &&
    (before.upper === 'IS' || before.upper === 'NOT')
  );
}

function callProblem(call: FunctionCall, policy: FragmentPolicy): string | null {
  if (FORBIDDEN_FUNCTIONS.has(call.name)) return `cannot call ${call.written}`;
  const allowed = policy.allowedFunctions;
  if (!allowed) return null;
  if (call.qualified)
    return `cannot call ${call.written}: qualified function names are not allowed`;
  if (!allowed.has(call.name))
    return `cannot call ${call.written}: ${call.written} is not an allowed function`;
  return null;
}

/**
 * Throws a QueryValidationError naming `what` when the fragment is not one safe expression
 * under `policy`; returns it trimmed.
 */
export function checkFragment(
  sql: string,
  engine: string,
  what: string,
  policy: FragmentPolicy,
): string {
  const problem = fragmentProblem(sql, engine, policy);
  if (problem) throw new QueryValidationError(`${what} ${problem}: ${truncate(sql)}`);
  return sql.trim();
}

function truncate(text: string): string {
  const flat = text
    // Invisible and space characters shown by their code point, so the message shows them.
    .replace(/[\p{Cc}\p{Cf}\p{Z}]/gu, (c) => (/[ \t\r\n]/.test(c) ? ' ' : `<${codePoint(c)}>`))
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
