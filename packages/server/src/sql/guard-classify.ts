/**
 * What kind of statement a SQL text is: a keyword classifier over the tokens (comments and
 * strings out of the way, parentheses counted), confirmed for PostgreSQL, MySQL and SQLite by
 * node-sql-parser's tree. The keyword classifier is the one that is always there: DuckDB has no
 * parser dialect, and the parser fails on much valid SQL (VALUES, TABLE, EXPLAIN, data-modifying
 * CTEs, PRAGMA…). When the two disagree the stricter answer wins (anything but 'select').
 */
import mysqlParser from 'node-sql-parser/build/mysql.js';
import postgresqlParser from 'node-sql-parser/build/postgresql.js';
import sqliteParser from 'node-sql-parser/build/sqlite.js';
import { hasReservedChars, matchingParen, splitFor, tokenize } from './guard-lex.js';
import type { Engine, Token } from './guard-lex.js';

export type StatementKind = 'select' | 'dml' | 'ddl' | 'session' | 'unknown';

/** Statements that only read: the first keyword decides. */
export const SELECT_WORDS = new Set([
  'SELECT',
  'VALUES',
  'TABLE',
  'FROM', // DuckDB FROM-first: FROM t SELECT …
  'PIVOT',
  'UNPIVOT',
  'PIVOT_WIDER',
  'PIVOT_LONGER',
  'SHOW',
  'SUMMARIZE',
]);

const DML_WORDS = new Set([
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'UPSERT',
  'REPLACE',
  'COPY',
  'CALL',
  'EXEC',
  'EXECUTE',
  'DO',
  'REFRESH',
  'VACUUM',
  'ANALYZE',
  'ANALYSE',
  'REINDEX',
  'CLUSTER',
  'CHECKPOINT',
  'OPTIMIZE',
  'EXPORT',
  'NOTIFY',
]);

const DDL_WORDS = new Set([
  'CREATE',
  'ALTER',
  'DROP',
  'TRUNCATE',
  'RENAME',
  'COMMENT',
  'GRANT',
  'REVOKE',
  'SECURITY',
  'REASSIGN',
]);

const SESSION_WORDS = new Set([
  'SET',
  'RESET',
  'USE',
  'BEGIN',
  'START',
  'COMMIT',
  'END',
  'ROLLBACK',
  'ABORT',
  'SAVEPOINT',
  'RELEASE',
  'DISCARD',
  'LOCK',
  'UNLOCK',
  'LISTEN',
  'UNLISTEN',
  'ATTACH',
  'DETACH',
  'LOAD',
  'INSTALL',
  'UNINSTALL',
  'PREPARE',
  'DEALLOCATE',
  'DECLARE',
  'FETCH',
  'MOVE',
  'CLOSE',
]);

/** Words that start a statement an EXPLAIN/DESCRIBE may wrap (ANALYZE is an EXPLAIN option). */
const INNER_VERBS = new Set(
  [...SELECT_WORDS, ...DML_WORDS, ...DDL_WORDS, ...SESSION_WORDS, 'WITH', 'IMPORT', 'FORCE'].filter(
    (w) => w !== 'ANALYZE' && w !== 'ANALYSE',
  ),
);

/** Words a data-modifying statement nested in parentheses starts with. */
const NESTED_DML = new Set(['INSERT', 'UPDATE', 'DELETE', 'MERGE']);

/** Where the main statement of a WITH may start, after its CTEs. */
const MAIN_AFTER_WITH = new Set([
  'SELECT',
  'VALUES',
  'TABLE',
  'FROM',
  'PIVOT',
  'UNPIVOT',
  'INSERT',
  'UPDATE',
  'DELETE',
  'MERGE',
  'REPLACE',
  'UPSERT',
]);

/** PRAGMAs that only read (introspection), per engine; any other PRAGMA counts as 'session'. */
export const READ_ONLY_PRAGMAS: Record<'sqlite' | 'duckdb', ReadonlySet<string>> = {
  sqlite: new Set([
    'table_info',
    'table_xinfo',
    'table_list',
    'index_list',
    'index_info',
    'index_xinfo',
    'foreign_key_list',
    'foreign_key_check',
    'database_list',
    'collation_list',
    'function_list',
    'module_list',
    'pragma_list',
    'compile_options',
  ]),
  duckdb: new Set([
    'table_info',
    'storage_info',
    'show',
    'show_tables',
    'show_tables_expanded',
    'show_databases',
    'database_list',
    'database_size',
    'functions',
    'collations',
    'version',
    'platform',
    'metadata_info',
  ]),
};

const isPunct = (t: Token | undefined, c: string): boolean =>
  t !== undefined && t.kind === 'punct' && t.text === c;
const isWord = (t: Token | undefined, w?: string): boolean =>
  t !== undefined && t.kind === 'word' && (w === undefined || t.upper === w);
const isName = (t: Token | undefined): boolean =>
  t !== undefined && (t.kind === 'word' || t.kind === 'identifier');

/** Index of the first token after the leading opening parentheses of [from, to). */
export function firstKeywordIndex(tokens: Token[], from = 0, to = tokens.length): number {
  let i = from;
  while (i < to && isPunct(tokens[i], '(')) i += 1;
  return i;
}

/** The strictest of several kinds: 'select' only if all are, 'dml' if any is. */
function combine(kinds: StatementKind[]): StatementKind {
  if (kinds.every((k) => k === 'select')) return 'select';
  if (kinds.includes('dml')) return 'dml';
  return kinds.find((k) => k !== 'select') ?? 'unknown';
}

/** A SELECT-like statement: dml when it writes INTO something or nests a data-modifying one. */
function selectLike(tokens: Token[], from: number, to: number): StatementKind {
  for (let k = from; k < to; k += 1) {
    const t = tokens[k]!;
    if (t.kind !== 'word') continue;
    // SELECT … INTO table/@var/OUTFILE; DuckDB's UNPIVOT … INTO NAME n VALUE v only names columns.
    if (t.upper === 'INTO' && !isWord(tokens[k + 1], 'NAME')) return 'dml';
    if (
      NESTED_DML.has(t.upper) &&
      (isPunct(tokens[k - 1], '(') || isPunct(tokens[k - 1], ')')) &&
      isName(tokens[k + 1])
    ) {
      return 'dml';
    }
  }
  return 'select';
}

/** WITH [RECURSIVE] name [(cols)] AS [NOT] [MATERIALIZED] (body) [, …] main. */
function withKind(
  tokens: Token[],
  from: number,
  to: number,
  engine: Engine,
  level: number,
): StatementKind {
  let j = from + 1;
  if (isWord(tokens[j], 'RECURSIVE')) j += 1;
  const kinds: StatementKind[] = [];
  for (;;) {
    if (!isName(tokens[j])) return 'unknown';
    j += 1;
    if (isPunct(tokens[j], '(')) {
      const close = matchingParen(tokens, j);
      if (close < 0) return 'unknown';
      j = close + 1;
    }
    if (!isWord(tokens[j], 'AS')) return 'unknown';
    j += 1;
    if (isWord(tokens[j], 'NOT')) j += 1;
    if (isWord(tokens[j], 'MATERIALIZED')) j += 1;
    if (!isPunct(tokens[j], '(')) return 'unknown';
    const close = matchingParen(tokens, j);
    if (close < 0 || close >= to) return 'unknown';
    kinds.push(keywordKindRange(tokens, j + 1, close, engine, level + 1));
    j = close + 1;
    // PostgreSQL SEARCH … SET … / CYCLE … SET … USING … clauses: skip to the next CTE or main.
    while (
      j < to &&
      !isPunct(tokens[j], ',') &&
      !isPunct(tokens[j], '(') &&
      !(tokens[j]!.kind === 'word' && MAIN_AFTER_WITH.has(tokens[j]!.upper))
    ) {
      j += 1;
    }
    if (isPunct(tokens[j], ',')) {
      j += 1;
      continue;
    }
    break;
  }
  if (j >= to) return 'unknown';
  kinds.push(keywordKindRange(tokens, j, to, engine, level + 1));
  return combine(kinds);
}

/**
 * Where the statement wrapped by the EXPLAIN/DESCRIBE/DESC at `from` starts (after options such
 * as ANALYZE, FORMAT=JSON, QUERY PLAN or a parenthesised option list), or -1 when it wraps none
 * (MySQL EXPLAIN table [column], EXPLAIN FOR CONNECTION n; DuckDB DESCRIBE table).
 */
export function explainTarget(tokens: Token[], from: number, to = tokens.length): number {
  for (let j = from + 1; j < to; j += 1) {
    const t = tokens[j]!;
    if (t.kind === 'word' && INNER_VERBS.has(t.upper)) return j;
    if (isPunct(t, '(')) {
      const next = tokens[j + 1];
      if (next?.kind === 'word' && INNER_VERBS.has(next.upper)) return j;
      const close = matchingParen(tokens, j); // EXPLAIN (ANALYZE, FORMAT JSON) …
      if (close < 0) return -1;
      j = close;
    }
  }
  return -1;
}

/** EXPLAIN/DESCRIBE/DESC: the kind of what they wrap (EXPLAIN ANALYZE runs it), else 'select'. */
function explainKind(
  tokens: Token[],
  from: number,
  to: number,
  engine: Engine,
  level: number,
): StatementKind {
  const target = explainTarget(tokens, from, to);
  return target < 0 ? 'select' : keywordKindRange(tokens, target, to, engine, level + 1);
}

/** PRAGMA [schema.]name [= value | (argument)] on SQLite and DuckDB. */
function pragmaKind(tokens: Token[], from: number, to: number, engine: Engine): StatementKind {
  if (engine !== 'sqlite' && engine !== 'duckdb') return 'unknown';
  const name = pragmaName(tokens, from);
  if (name === null) return 'unknown';
  for (let k = from; k < to; k += 1) if (isPunct(tokens[k], '=')) return 'session';
  return READ_ONLY_PRAGMAS[engine].has(name.toLowerCase()) ? 'select' : 'session';
}

/** The name of the PRAGMA starting at `from`, without its schema, or null. */
export function pragmaName(tokens: Token[], from: number): string | null {
  let j = from + 1;
  if (isPunct(tokens[j + 1], '.')) j += 2;
  const t = tokens[j];
  return isName(t) ? t!.upper : null;
}

/** How deep WITH bodies and EXPLAIN targets are followed; deeper ones are 'unknown'. */
const MAX_LEVEL = 32;

/** The kind of the statement made of tokens [from, to), by its keywords alone. */
export function keywordKindRange(
  tokens: Token[],
  from: number,
  to: number,
  engine: Engine,
  level = 0,
): StatementKind {
  if (level > MAX_LEVEL) return 'unknown';
  const i = firstKeywordIndex(tokens, from, to);
  const t = tokens[i];
  if (i >= to || t === undefined || t.kind !== 'word') return 'unknown';
  const w = t.upper;
  const next = tokens[i + 1];
  if (w === 'WITH') return withKind(tokens, i, to, engine, level);
  if (w === 'EXPLAIN' || w === 'DESCRIBE' || w === 'DESC') {
    return explainKind(tokens, i, to, engine, level);
  }
  if (w === 'PRAGMA') return pragmaKind(tokens, i, to, engine);
  if (SELECT_WORDS.has(w)) return selectLike(tokens, i, to);
  if (w === 'UPDATE' && isWord(next, 'EXTENSIONS')) return 'session'; // DuckDB: downloads
  if (w === 'IMPORT') return isWord(next, 'FOREIGN') ? 'ddl' : 'dml'; // DuckDB IMPORT DATABASE
  if (w === 'FORCE') return isWord(next, 'INSTALL') ? 'session' : 'dml'; // DuckDB FORCE CHECKPOINT
  if (w === 'SET' && (isWord(next, 'PASSWORD') || isWord(next, 'DEFAULT'))) return 'ddl'; // MySQL
  if (DML_WORDS.has(w)) return 'dml';
  if (DDL_WORDS.has(w)) return 'ddl';
  if (SESSION_WORDS.has(w)) return 'session';
  return 'unknown';
}

/** The kind of one statement's tokens by keywords alone. */
export function keywordKind(tokens: Token[], engine: Engine): StatementKind {
  return keywordKindRange(tokens, 0, tokens.length, engine);
}

// ---- node-sql-parser -------------------------------------------------------------------------

/** Statements longer than this are classified by keywords only (the parser is ~1 s per 400 kB). */
export const AST_MAX_LENGTH = 100_000;

type AstParser = { astify(sql: string, opt?: { database?: string }): unknown };

const parsers = new Map<Engine, AstParser>();

function parserFor(engine: 'postgresql' | 'mysql' | 'sqlite'): AstParser {
  let parser = parsers.get(engine);
  if (!parser) {
    const module =
      engine === 'postgresql' ? postgresqlParser : engine === 'mysql' ? mysqlParser : sqliteParser;
    parser = new module.Parser();
    parsers.set(engine, parser);
  }
  return parser;
}

const DATABASE_OPTION = { postgresql: 'PostgresQL', mysql: 'MySQL', sqlite: 'sqlite' } as const;

function field(node: unknown, key: string): unknown {
  return node !== null && typeof node === 'object' ? (node as Record<string, unknown>)[key] : null;
}

/** The kind of one node of node-sql-parser's tree. */
function astNodeKind(node: unknown): StatementKind {
  const type = field(node, 'type');
  switch (type) {
    case 'select': {
      if (field(field(node, 'into'), 'expr') != null) return 'dml';
      const ctes = field(node, 'with');
      const kinds: StatementKind[] = ['select'];
      if (Array.isArray(ctes)) {
        for (const cte of ctes) kinds.push(astNodeKind(field(field(cte, 'stmt'), 'ast')));
      }
      return combine(kinds);
    }
    case 'show':
    case 'desc':
      return 'select';
    case 'explain':
      return astNodeKind(field(node, 'expr'));
    case 'insert':
    case 'replace':
    case 'update':
    case 'delete':
    case 'merge':
    case 'call':
      return 'dml';
    case 'create':
    case 'alter':
    case 'drop':
    case 'truncate':
    case 'rename':
    case 'comment':
    case 'grant':
    case 'revoke':
      return 'ddl';
    case 'set':
    case 'use':
    case 'transaction':
    case 'lock':
    case 'unlock':
    case 'attach':
    case 'load_data':
      return 'session';
    default:
      return 'unknown';
  }
}

/** The parser's kind for one statement, or null when it does not parse to exactly one. */
export function astKind(
  sql: string,
  engine: 'postgresql' | 'mysql' | 'sqlite',
): StatementKind | null {
  if (sql.length > AST_MAX_LENGTH) return null;
  let ast: unknown;
  try {
    ast = parserFor(engine).astify(sql, { database: DATABASE_OPTION[engine] });
  } catch {
    return null;
  }
  const nodes = Array.isArray(ast) ? ast : [ast];
  return nodes.length === 1 ? astNodeKind(nodes[0]) : null;
}

/** Both opinions on one statement: 'select' only when neither says otherwise. */
function agree(keyword: StatementKind, tree: StatementKind | null): StatementKind {
  if (tree === null || tree === keyword) return keyword;
  if (keyword === 'select') return tree === 'unknown' ? 'select' : tree;
  if (tree === 'select') return keyword;
  return keyword === 'unknown' ? tree : keyword;
}

/** The kind of one statement (already split, without its semicolon). */
export function classifySingle(
  statement: string,
  engine: Engine,
  tokens: Token[] = tokenize(statement, engine),
): StatementKind {
  const keyword = keywordKind(tokens, engine);
  if (engine === 'duckdb') return keyword;
  return agree(keyword, astKind(statement, engine));
}

/**
 * The kind of a statement. Text holding several statements gets the strictest of their kinds
 * ('select' only when all are); text with none is 'unknown'.
 */
export function classifyStatement(sql: string, engine: Engine): StatementKind {
  if (hasReservedChars(sql)) return 'unknown';
  const statements = splitFor(sql, engine);
  if (statements.length === 0) return 'unknown';
  return combine(statements.map((s) => classifySingle(s, engine)));
}
