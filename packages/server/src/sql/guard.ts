/**
 * The DML guard of SQL Lab and of SQL datasets: which statements of a script may run on a
 * database. On a database without "allow DML" only reads pass (Superset's rule and message); on
 * every database, statements that reach files, extensions or another identity never pass.
 *
 * What classification cannot catch: a function call inside a SELECT (pg_read_file, lo_export,
 * set_config('role', …), dblink, DuckDB read_csv('/etc/passwd'), SQLite load_extension, a
 * PostgreSQL function that writes). Those are the database's business: connect with a role that
 * has only the rights SQL Lab users should have, keep DuckDB's enable_external_access off and
 * SQLite's extension loading disabled. Executors must also run each returned statement on its
 * own through an API that refuses several statements in one text (DuckDB extractStatements
 * count, better-sqlite3 prepare, pg extended protocol, mysql2 without multipleStatements), so a
 * text the lexer misread can never carry a second statement past the guard.
 */
import {
  classifySingle,
  explainTarget,
  firstKeywordIndex,
  pragmaName,
  READ_ONLY_PRAGMAS,
} from './guard-classify.js';
import type { StatementKind } from './guard-classify.js';
import { hasReservedChars, lexicalProblem, splitFor, tokenize } from './guard-lex.js';
import type { Engine, Token } from './guard-lex.js';

export { classifyStatement } from './guard-classify.js';
export type { StatementKind } from './guard-classify.js';
export type { Engine } from './guard-lex.js';

/** Superset's message for a non-SELECT statement on a database without DML. */
export const DML_NOT_ALLOWED_MESSAGE = 'Only SELECT statements are allowed against this database.';

export type GuardResult =
  { ok: true; statements: string[] } | { ok: false; message: string; statementIndex: number };

export interface GuardOptions {
  allowDml: boolean;
}

/**
 * DuckDB settings that reach files or extensions or lift those limits. The engine also starts
 * DuckDB with lock_configuration, which refuses every SET; this list is the guard's own line.
 */
const DUCKDB_GUARDED_SETTINGS = new Set([
  'enable_external_access',
  'allowed_directories',
  'allowed_paths',
  'lock_configuration',
  'autoinstall_known_extensions',
  'autoload_known_extensions',
  'allow_unsigned_extensions',
  'allow_community_extensions',
  'allow_extensions_metadata_mismatch',
  'custom_extension_repository',
  'autoinstall_extension_repository',
  'extension_directory',
  'temp_directory',
  'secret_directory',
  'home_directory',
  'profile_output',
  'profiling_output',
  'log_query_path',
  'http_logging_output',
]);

const word = (t: Token | undefined): string =>
  t !== undefined && (t.kind === 'word' || t.kind === 'identifier') ? t.upper : '';

/** COPY reaching a file or a program (COPY … TO/FROM STDOUT/STDIN and DuckDB COPY FROM DATABASE are not). */
function copyTouchesFiles(tokens: Token[], i: number): boolean {
  if (word(tokens[i + 1]) === 'FROM' && word(tokens[i + 2]) === 'DATABASE') return false;
  const base = tokens[i]!.depth;
  let sawDirection = false;
  for (let k = i + 1; k < tokens.length; k += 1) {
    const t = tokens[k]!;
    if (t.depth !== base || t.kind !== 'word' || (t.upper !== 'TO' && t.upper !== 'FROM')) continue;
    sawDirection = true;
    const target = word(tokens[k + 1]);
    if (target !== 'STDIN' && target !== 'STDOUT') return true;
  }
  return !sawDirection;
}

/** The setting a SET/RESET statement starting at `i` names, skipping SESSION/LOCAL/GLOBAL. */
function settingWords(tokens: Token[], i: number): [string, string] {
  let j = i + 1;
  const first = word(tokens[j]);
  if (first === 'SESSION' && word(tokens[j + 1]) === 'AUTHORIZATION') {
    return ['SESSION', 'AUTHORIZATION'];
  }
  if (first === 'SESSION' || first === 'LOCAL' || first === 'GLOBAL') j += 1;
  return [word(tokens[j]), word(tokens[j + 1])];
}

/**
 * Why a statement may never run, whatever the database allows, or null: ATTACH, DETACH, LOAD,
 * INSTALL (files and extensions), COPY with a file or program, SET ROLE and SET SESSION
 * AUTHORIZATION (another identity), SQLite PRAGMAs other than read-only introspection, SQLite
 * VACUUM INTO, MySQL SELECT … INTO OUTFILE/DUMPFILE, DuckDB EXPORT/IMPORT DATABASE, UPDATE
 * EXTENSIONS and the settings of DUCKDB_GUARDED_SETTINGS.
 */
export function alwaysRefused(tokens: Token[], engine: Engine): string | null {
  let i = firstKeywordIndex(tokens);
  // EXPLAIN ANALYZE runs the statement it wraps: judge that one.
  if (['EXPLAIN', 'DESCRIBE', 'DESC'].includes(word(tokens[i]))) {
    const target = explainTarget(tokens, i);
    if (target >= 0) i = firstKeywordIndex(tokens, target);
  }
  const first = word(tokens[i]);
  const second = word(tokens[i + 1]);
  switch (first) {
    case 'ATTACH':
    case 'DETACH':
    case 'LOAD':
    case 'INSTALL':
    case 'UNINSTALL':
      return `${first} statements are not allowed`;
    case 'FORCE':
      return second === 'INSTALL' ? 'INSTALL statements are not allowed' : null;
    case 'UPDATE':
      return second === 'EXTENSIONS' ? 'UPDATE EXTENSIONS statements are not allowed' : null;
    case 'EXPORT':
    case 'IMPORT':
      return second === 'DATABASE' ? `${first} DATABASE statements are not allowed` : null;
    case 'COPY':
      return copyTouchesFiles(tokens, i)
        ? 'COPY statements that read or write files or run programs are not allowed'
        : null;
    case 'SET':
    case 'RESET': {
      const [a, b] = settingWords(tokens, i);
      if (a === 'ROLE') return `${first} ROLE statements are not allowed`;
      if ((a === 'SESSION' && b === 'AUTHORIZATION') || a === 'SESSION_AUTHORIZATION') {
        return `${first} SESSION AUTHORIZATION statements are not allowed`;
      }
      if (engine === 'duckdb' && DUCKDB_GUARDED_SETTINGS.has(a.toLowerCase())) {
        return `${first} ${a.toLowerCase()} statements are not allowed`;
      }
      return null;
    }
    case 'PRAGMA': {
      const name = (pragmaName(tokens, i) ?? '').toLowerCase();
      if (engine === 'sqlite') {
        const assigns = tokens.some((t) => t.kind === 'punct' && t.text === '=');
        return assigns || !READ_ONLY_PRAGMAS.sqlite.has(name)
          ? 'PRAGMA statements other than read-only introspection are not allowed'
          : null;
      }
      if (engine === 'duckdb' && DUCKDB_GUARDED_SETTINGS.has(name)) {
        return `PRAGMA ${name} statements are not allowed`;
      }
      return null;
    }
    case 'VACUUM':
      return tokens.some((t) => word(t) === 'INTO')
        ? 'VACUUM INTO statements are not allowed'
        : null;
    default:
      break;
  }
  for (let k = i; k < tokens.length; k += 1) {
    if (word(tokens[k]) === 'INTO' && tokens[k]!.kind === 'word') {
      const target = word(tokens[k + 1]);
      if (target === 'OUTFILE' || target === 'DUMPFILE') {
        return `SELECT … INTO ${target} statements are not allowed`;
      }
    }
  }
  return null;
}

/** One statement's verdict: null when it may run. */
function judge(statement: string, engine: Engine, allowDml: boolean): string | null {
  const problem = lexicalProblem(statement, engine);
  if (problem) return problem;
  const tokens = tokenize(statement, engine);
  const kind: StatementKind = classifySingle(statement, engine, tokens);
  if (!allowDml && kind !== 'select') return DML_NOT_ALLOWED_MESSAGE;
  return alwaysRefused(tokens, engine);
}

/**
 * The statements of a script when all of them may run on the database, or the first refusal
 * with the index of the statement refused. Statements come back trimmed, without their
 * semicolons; a script with nothing but comments and blanks gives no statements.
 */
export function guardStatements(sql: string, engine: Engine, options: GuardOptions): GuardResult {
  if (hasReservedChars(sql)) {
    return { ok: false, message: lexicalProblem(sql, engine)!, statementIndex: 0 };
  }
  // Up to the first place the lexer could misread (refused by `judge`), statements split the
  // same in every reading, so the refusal names the right statement.
  const statements = splitFor(sql, engine);
  for (let index = 0; index < statements.length; index += 1) {
    const message = judge(statements[index]!, engine, options.allowDml);
    if (message !== null) return { ok: false, message, statementIndex: index };
  }
  return { ok: true, statements };
}
