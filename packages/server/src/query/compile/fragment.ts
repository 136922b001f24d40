/**
 * Checks of free SQL fragments (adhoc SQL metrics, columns and filters, extras.where/having,
 * dataset expressions): each must be one expression, so that embedded in parentheses it cannot
 * end the statement, open another, or read other tables. Refused: statement separators,
 * comments (they can hide the rest of the statement), unbalanced parentheses, text the lexer
 * could read differently from the database, subqueries and set operations, statement keywords
 * (DML, DDL, session), and functions that reach files, the network or the server's time.
 */
import {
  lexicalProblem,
  lexSpans,
  tokenize,
  type Engine,
  type Token,
} from '../../sql/guard-lex.js';
import { QueryValidationError } from './types.js';

export const MAX_FRAGMENT_LENGTH = 20_000;

/** Words that only appear in statements or subqueries, never inside a scalar expression. */
// prettier-ignore
const STATEMENT_WORDS = new Set([
  'SELECT', 'WITH', 'UNION', 'INTERSECT', 'EXCEPT', 'VALUES', 'TABLE', 'LATERAL', 'INSERT',
  'UPDATE', 'DELETE', 'MERGE', 'RETURNING', 'INTO', 'DROP', 'CREATE', 'ALTER', 'TRUNCATE',
  'GRANT', 'REVOKE', 'ATTACH', 'DETACH', 'COPY', 'PRAGMA', 'VACUUM', 'CALL', 'EXEC', 'EXECUTE',
  'PREPARE', 'DEALLOCATE', 'DECLARE', 'LOAD', 'INSTALL', 'SUMMARIZE', 'PIVOT', 'UNPIVOT',
  'DESCRIBE', 'EXPLAIN', 'SHOW', 'BEGIN', 'COMMIT', 'ROLLBACK', 'SAVEPOINT', 'SET',
]);

/** Functions that read files, call out, sleep or change settings. */
// prettier-ignore
const FORBIDDEN_FUNCTIONS = new Set([
  'PG_READ_FILE', 'PG_READ_BINARY_FILE', 'PG_LS_DIR', 'PG_STAT_FILE', 'LO_IMPORT', 'LO_EXPORT',
  'LO_GET', 'LO_PUT', 'DBLINK', 'DBLINK_EXEC', 'DBLINK_CONNECT', 'SET_CONFIG', 'PG_SLEEP',
  'PG_SLEEP_FOR', 'PG_SLEEP_UNTIL', 'PG_TERMINATE_BACKEND', 'PG_CANCEL_BACKEND', 'QUERY_TO_XML',
  'QUERY_TO_XML_AND_XMLSCHEMA', 'CURRENT_SETTING', 'LOAD_EXTENSION', 'LOAD_FILE', 'SLEEP',
  'BENCHMARK', 'GET_LOCK', 'READ_CSV', 'READ_CSV_AUTO', 'READ_PARQUET', 'READ_JSON',
  'READ_JSON_AUTO', 'READ_TEXT', 'READ_BLOB', 'GLOB', 'QUERY', 'QUERY_TABLE', 'SQLITE_SCAN',
  'POSTGRES_SCAN', 'MYSQL_SCAN', 'GETENV', 'SYS_EXEC', 'SYS_EVAL',
]);

/** `FROM` is part of these functions' syntax (EXTRACT(YEAR FROM ts), TRIM(x FROM s)…). */
const FROM_FUNCTIONS = new Set(['EXTRACT', 'SUBSTRING', 'TRIM', 'OVERLAY', 'POSITION']);

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

/** Why the fragment is not one safe expression, or null. */
export function fragmentProblem(sql: string, engine: string): string | null {
  if (sql.trim() === '') return 'is empty';
  if (sql.length > MAX_FRAGMENT_LENGTH) return 'is too long';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(sql))
    return 'cannot contain control characters';
  const lexed = lexEngine(engine);
  const lexical = lexicalProblem(sql, lexed);
  if (lexical) return lexical;
  if (lexSpans(sql, lexed).some((s) => s.kind === 'comment')) return 'cannot contain comments';
  const tokens = tokenize(sql, lexed);
  for (const [i, t] of tokens.entries()) {
    if (t.kind === 'punct') {
      if (t.text === ';') return 'cannot contain a statement separator (;)';
      if ((t.text === '(' || t.text === ')') && t.pair < 0) return 'has unbalanced parentheses';
      if (t.text === '\\') return 'cannot contain backslash commands';
      continue;
    }
    if (t.kind !== 'word') continue;
    const next = tokens[i + 1];
    const prev = tokens[i - 1];
    // `x.select` or `"t".delete` are names, not keywords.
    if (prev?.text === '.') continue;
    if (STATEMENT_WORDS.has(t.upper)) {
      return t.upper === 'SELECT' ||
        t.upper === 'WITH' ||
        t.upper === 'VALUES' ||
        t.upper === 'TABLE'
        ? 'cannot contain sub-queries'
        : `cannot contain ${t.upper}`;
    }
    if (t.upper === 'FROM') {
      const open = enclosingOpen(tokens, i);
      const fn = open > 0 ? tokens[open - 1] : undefined;
      if (!fn || fn.kind !== 'word' || !FROM_FUNCTIONS.has(fn.upper))
        return 'cannot contain sub-queries';
    }
    if (next?.text === '(' && FORBIDDEN_FUNCTIONS.has(t.upper)) return `cannot call ${t.text}`;
  }
  return null;
}

/** Throws a QueryValidationError naming `what` when the fragment is not one safe expression. */
export function checkFragment(sql: string, engine: string, what: string): string {
  const problem = fragmentProblem(sql, engine);
  if (problem) throw new QueryValidationError(`${what} ${problem}: ${truncate(sql)}`);
  return sql.trim();
}

function truncate(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 120 ? `${flat.slice(0, 117)}...` : flat;
}
