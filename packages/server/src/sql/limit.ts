/**
 * The row limit of SQL Lab applied to one SELECT as text (never by re-serialising a parse tree,
 * which re-quotes names): the statement's own top-level LIMIT or FETCH FIRST is lowered when the
 * requested limit is smaller, otherwise `LIMIT n` is appended, or the statement is wrapped.
 *
 * Choice: append rather than wrap. `<statement>\nLIMIT n` keeps an ORDER BY's guarantee (a
 * wrapping subquery formally loses it), keeps column names as they are (MySQL refuses duplicate
 * names in a derived table) and works after UNION, WINDOW, QUALIFY, OFFSET, PIVOT on every engine.
 * The newline keeps a trailing `-- comment` from swallowing it. Exceptions:
 * - a locking clause (FOR UPDATE/SHARE, LOCK IN SHARE MODE) must follow LIMIT in MySQL: `LIMIT n`
 *   goes before it;
 * - a statement that is one parenthesised query (DuckDB refuses `(SELECT …) LIMIT n`): the limit
 *   is applied inside the parentheses;
 * - wrapped as `SELECT * FROM (\n<statement>\n) AS strata_limited LIMIT n` when the statement's
 *   own limit is not a plain number (an expression, a parameter, `10%`, `LIMIT -1`, WITH TIES)
 *   and for a SQLite statement starting with VALUES (SQLite takes no LIMIT after bare VALUES).
 * SHOW, DESCRIBE, EXPLAIN, PRAGMA and SUMMARIZE cannot be subqueries: they are left alone.
 *
 * The limiting factor follows Superset's `_set_query_limit`: QUERY when the statement's own limit
 * is smaller, QUERY_AND_DROPDOWN when equal, DROPDOWN when the requested limit applies (also when
 * the statement had none). Superset turns it into NOT_LIMITED after running when fewer rows than
 * the limit came back: that is the caller's, as is asking for limit + 1 rows to see if there are
 * more.
 */
import { firstKeywordIndex, keywordKind } from './guard-classify.js';
import {
  hasReservedChars,
  lexicalProblem,
  matchingParen,
  splitFor,
  tokenize,
  type Engine,
  type Token,
} from './guard-lex.js';

export type LimitingFactor = 'QUERY' | 'DROPDOWN' | 'NOT_LIMITED' | 'QUERY_AND_DROPDOWN';

export interface LimitResult {
  /** The statement to run: without its trailing semicolon, limited when it could be. */
  sql: string;
  limitingFactor: LimitingFactor;
  /** The number of rows the SQL returns at most, or null when it is not limited. */
  effectiveLimit: number | null;
}

/** The alias of the subquery when a statement is wrapped. */
export const LIMIT_ALIAS = 'strata_limited';

/** First keywords of statements that take a LIMIT (after leading parentheses). */
const LIMITABLE = new Set([
  'SELECT',
  'WITH',
  'VALUES',
  'TABLE',
  'FROM',
  'PIVOT',
  'UNPIVOT',
  'PIVOT_WIDER',
  'PIVOT_LONGER',
]);

const isPunct = (t: Token | undefined, c: string): boolean =>
  t !== undefined && t.kind === 'punct' && t.text === c;
const isWord = (t: Token | undefined, ...words: string[]): boolean =>
  t !== undefined && t.kind === 'word' && words.includes(t.upper);
const isInteger = (t: Token | undefined): t is Token =>
  t !== undefined && t.kind === 'number' && /^\d+$/.test(t.text);

function balanced(tokens: Token[]): boolean {
  let depth = 0;
  for (const t of tokens) {
    if (isPunct(t, '(')) depth += 1;
    else if (isPunct(t, ')')) depth -= 1;
    if (depth < 0) return false;
  }
  return depth === 0;
}

function notLimited(sql: string): LimitResult {
  return { sql, limitingFactor: 'NOT_LIMITED', effectiveLimit: null };
}

function wrap(statement: string, limit: number): LimitResult {
  return {
    sql: `SELECT * FROM (\n${statement}\n) AS ${LIMIT_ALIAS} LIMIT ${limit}`,
    limitingFactor: 'DROPDOWN',
    effectiveLimit: limit,
  };
}

function replace(text: string, at: Token, by: string): string {
  return text.slice(0, at.start) + by + text.slice(at.end);
}

/** Keep the smaller of the statement's own count (`count` token, or `implicit`) and `limit`. */
function keepSmaller(
  statement: string,
  limit: number,
  count: Token | null,
  implicit: number | null,
  insertAfter?: Token,
): LimitResult {
  const own = count ? BigInt(count.text) : implicit === null ? null : BigInt(implicit);
  const wanted = BigInt(limit);
  if (own !== null && own < wanted) {
    return { sql: statement, limitingFactor: 'QUERY', effectiveLimit: Number(own) };
  }
  if (own !== null && own === wanted) {
    return { sql: statement, limitingFactor: 'QUERY_AND_DROPDOWN', effectiveLimit: limit };
  }
  let sql: string;
  if (count) sql = replace(statement, count, String(limit));
  else if (insertAfter)
    sql = statement.slice(0, insertAfter.end) + ` ${limit}` + statement.slice(insertAfter.end);
  else return wrap(statement, limit);
  return { sql, limitingFactor: 'DROPDOWN', effectiveLimit: limit };
}

/** What may follow a plain `LIMIT n` at the end of a query. */
function endsLimit(tokens: Token[], at: number, to: number): boolean {
  return at >= to || isWord(tokens[at], 'OFFSET', 'FOR', 'LOCK', 'INTO');
}

/**
 * The statement's tokens [from, to) are one query at one depth; `end` is where its text ends
 * (the statement's end, or the `)` of the parentheses around it).
 */
function limitQuery(
  statement: string,
  tokens: Token[],
  from: number,
  to: number,
  end: number,
  limit: number,
  engine: Engine,
): LimitResult {
  while (to - from >= 2 && isPunct(tokens[from], '(') && matchingParen(tokens, from) === to - 1) {
    end = tokens[to - 1]!.start;
    from += 1;
    to -= 1;
  }
  const depth = tokens[from]!.depth;
  const top = (k: number): boolean => tokens[k]!.depth === depth;

  let limitAt = -1;
  let fetchAt = -1;
  let lockAt = -1;
  for (let k = from; k < to; k += 1) {
    if (!top(k)) continue;
    const t = tokens[k]!;
    if (isWord(t, 'LIMIT')) limitAt = k;
    else if (isWord(t, 'FETCH') && isWord(tokens[k + 1], 'FIRST', 'NEXT')) fetchAt = k;
    else if (
      lockAt < 0 &&
      ((isWord(t, 'FOR') && isWord(tokens[k + 1], 'UPDATE', 'SHARE', 'NO', 'KEY')) ||
        (isWord(t, 'LOCK') && isWord(tokens[k + 1], 'IN')))
    ) {
      lockAt = k;
    }
  }

  if (limitAt >= 0) {
    const value = tokens[limitAt + 1];
    if (isWord(value, 'ALL') && endsLimit(tokens, limitAt + 2, to)) {
      // PostgreSQL/DuckDB LIMIT ALL: no limit of its own.
      const sql = replace(statement, value!, String(limit));
      return { sql, limitingFactor: 'DROPDOWN', effectiveLimit: limit };
    }
    if (isInteger(value)) {
      if (isPunct(tokens[limitAt + 2], ',')) {
        // MySQL and SQLite: LIMIT offset, count.
        const count = tokens[limitAt + 3];
        if (
          (engine === 'mysql' || engine === 'sqlite') &&
          isInteger(count) &&
          endsLimit(tokens, limitAt + 4, to)
        ) {
          return keepSmaller(statement, limit, count, null);
        }
      } else if (endsLimit(tokens, limitAt + 2, to)) {
        return keepSmaller(statement, limit, value, null);
      }
    }
    return wrap(statement, limit);
  }

  if (fetchAt >= 0) {
    // FETCH {FIRST|NEXT} [n] {ROW|ROWS} ONLY; WITH TIES may return more than n rows.
    const firstWord = tokens[fetchAt + 1]!;
    let j = fetchAt + 2;
    const count = isInteger(tokens[j]) ? tokens[j]! : null;
    if (count) j += 1;
    if (isWord(tokens[j], 'ROW', 'ROWS') && isWord(tokens[j + 1], 'ONLY')) {
      return keepSmaller(statement, limit, count, count ? null : 1, firstWord);
    }
    return wrap(statement, limit);
  }

  const first = tokens[firstKeywordIndex(tokens, from, to)];
  if (engine === 'sqlite' && isWord(first, 'VALUES')) return wrap(statement, limit);

  if (lockAt >= 0) {
    const at = tokens[lockAt]!.start;
    const space = /\s/.test(statement[at - 1] ?? ' ') ? '' : ' ';
    return {
      sql: `${statement.slice(0, at)}${space}LIMIT ${limit}\n${statement.slice(at)}`,
      limitingFactor: 'DROPDOWN',
      effectiveLimit: limit,
    };
  }
  return {
    sql: `${statement.slice(0, end)}\nLIMIT ${limit}${statement.slice(end)}`,
    limitingFactor: 'DROPDOWN',
    effectiveLimit: limit,
  };
}

/**
 * `sql` limited to `limit` rows when it is one statement that can be limited (a SELECT, WITH,
 * VALUES, TABLE, DuckDB FROM-first or PIVOT query); anything else comes back NOT_LIMITED, as
 * written (several statements, none, SHOW, EXPLAIN, DML, text the lexer cannot read reliably).
 */
export function applyLimit(sql: string, limit: number, engine: Engine): LimitResult {
  if (!Number.isSafeInteger(limit) || limit < 0) {
    throw new RangeError(`The row limit must be a non-negative integer, got ${limit}`);
  }
  if (hasReservedChars(sql)) return notLimited(sql);
  const statements = splitFor(sql, engine);
  if (statements.length !== 1) return notLimited(sql);
  const statement = statements[0]!;
  if (lexicalProblem(statement, engine) !== null) return notLimited(sql);
  const tokens = tokenize(statement, engine);
  if (!balanced(tokens)) return notLimited(statement);
  const first = tokens[firstKeywordIndex(tokens)];
  if (!first || first.kind !== 'word' || !LIMITABLE.has(first.upper)) return notLimited(statement);
  if (keywordKind(tokens, engine) !== 'select') return notLimited(statement);
  return limitQuery(statement, tokens, 0, tokens.length, statement.length, limit, engine);
}
