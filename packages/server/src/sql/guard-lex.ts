/**
 * Engine-aware use of the lexer of statements.ts, shared by the DML guard (guard.ts) and the row
 * limit (limit.ts): spans with their offsets, statements split per engine, tokens with their
 * parenthesis depth, and a check for texts the lexer could read differently from the database.
 *
 * statements.ts lexes one superset of dialects. Three of its rules are wrong for some engines, and
 * a wrong rule can hide a semicolon (two statements read as one) or a keyword:
 * - `[…]` is a quoted name only in SQLite; elsewhere it is an array subscript or a list literal
 *   (`SELECT ['a', 'b']` in DuckDB), so `[']'` would desynchronise the lexer;
 * - `$tag$…$tag$` quoting exists in PostgreSQL and DuckDB only (`$a$` is a name in MySQL);
 * - backticks quote names in MySQL and SQLite only (an operator character in PostgreSQL/DuckDB).
 * Those characters are swapped for private-use characters (same length, so offsets hold) before
 * lexing on the engines where they are ordinary. The remaining differences cannot be fixed by a
 * swap and are detected instead (`lexicalProblem`): the caller refuses such text.
 */
import { lex, splitStatements, type LexOptions } from './statements.js';

export type Engine = 'duckdb' | 'sqlite' | 'postgresql' | 'mysql';

export const ENGINES: readonly Engine[] = ['duckdb', 'sqlite', 'postgresql', 'mysql'];

/** The lexer options of an engine (# comments and backslash escapes in MySQL). */
export function lexOptions(engine: Engine): LexOptions {
  return engine === 'mysql' ? { hashComments: true, backslashEscapes: true } : {};
}

const SWAP: Record<string, string> = { '[': '\uE000', $: '\uE001', '`': '\uE002' };
const UNSWAP: Record<string, string> = { '\uE000': '[', '\uE001': '$', '\uE002': '`' };
const PRIVATE_CHARS = /[\uE000-\uE002]/;

/** Characters that are ordinary (not quotes) on an engine but quote-like to the lexer. */
const ORDINARY: Record<Engine, RegExp | null> = {
  sqlite: /\$/g,
  mysql: /[[$]/g,
  postgresql: /[[`]/g,
  duckdb: /[[`]/g,
};

function neutral(sql: string, engine: Engine): string {
  const re = ORDINARY[engine];
  return re ? sql.replace(re, (c) => SWAP[c]!) : sql;
}

/** True when the text holds the private-use characters used for the swap (then it is refused). */
export function hasReservedChars(sql: string): boolean {
  return PRIVATE_CHARS.test(sql);
}

export interface Span {
  kind: 'code' | 'string' | 'identifier' | 'comment';
  /** The original text of the span. */
  text: string;
  start: number;
  end: number;
}

/** The text cut into code, strings, quoted names and comments, with offsets into `sql`. */
export function lexSpans(sql: string, engine: Engine): Span[] {
  const spans: Span[] = [];
  let at = 0;
  for (const piece of lex(neutral(sql, engine), lexOptions(engine))) {
    const end = at + piece.text.length;
    spans.push({ kind: piece.kind, text: sql.slice(at, end), start: at, end });
    at = end;
  }
  return spans;
}

/**
 * The statements of a script (splitStatements with the engine's lexing), trimmed, without
 * trailing semicolons and without empty or comment-only ones. Text holding the private-use
 * characters U+E000–U+E002 must be refused before (see `hasReservedChars`).
 */
export function splitFor(sql: string, engine: Engine): string[] {
  return splitStatements(neutral(sql, engine), lexOptions(engine)).map((s) =>
    s.replace(/[\uE000-\uE002]/g, (c) => UNSWAP[c]!),
  );
}

/** Whether a quoted span holds `quote` escaped by a backslash (pairs of backslashes skipped). */
function hasBackslashQuote(text: string, quote: string): boolean {
  for (let i = 1; i < text.length; i += 1) {
    if (text[i] === '\\') {
      if (text[i + 1] === quote) return true;
      i += 1;
    }
  }
  return false;
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;

/**
 * Why the text cannot be lexed reliably for the engine, or null. Up to the first place where
 * the lexer and the database could disagree both read the same, so these checks find that first
 * place exactly:
 * - an unterminated string, quoted name or block comment (it would swallow the rest);
 * - PostgreSQL/DuckDB E'…' strings holding \' (the lexer has no E-string rule);
 * - MySQL "…" strings holding \" (the lexer applies backslash escapes to '…' only);
 * - MySQL `--` not followed by a blank (not a comment in MySQL: `1 --1` is `1 - -1`);
 * - MySQL executable comments (`/*! … *\/`, run by the server) and, in MySQL and SQLite, a `/*`
 *   inside a block comment (they do not nest there; the lexer nests them).
 */
export function lexicalProblem(sql: string, engine: Engine): string | null {
  if (hasReservedChars(sql)) {
    return 'The SQL contains unsupported characters (U+E000 to U+E002).';
  }
  const spans = lexSpans(sql, engine);
  for (const span of spans) {
    if (span.kind === 'string' && span.text.startsWith("'")) {
      if (engine === 'postgresql' || engine === 'duckdb') {
        const prefix = sql[span.start - 1];
        const isEscapeString =
          (prefix === 'E' || prefix === 'e') && !IDENT_CHAR.test(sql[span.start - 2] ?? ' ');
        if (isEscapeString && hasBackslashQuote(span.text, "'")) {
          return "Escape strings (E'…') with a backslash before a quote are not supported: write the quote twice ('') instead.";
        }
      }
    } else if (span.kind === 'identifier' && span.text.startsWith('"') && engine === 'mysql') {
      if (hasBackslashQuote(span.text, '"')) {
        return 'Double-quoted strings with a backslash before a quote are not supported: write the quote twice ("") instead.';
      }
    } else if (span.kind === 'comment') {
      if (engine === 'mysql' && span.text.startsWith('--') && span.text.length > 2) {
        const after = span.text.charCodeAt(2);
        if (after > 32) {
          return 'On MySQL, -- starts a comment only when followed by a space: write "-- " or use an operator with spaces.';
        }
      }
      if (span.text.startsWith('/*')) {
        if (engine === 'mysql' && /^\/\*(!|M!)/.test(span.text)) {
          return 'MySQL executable comments (/*! … */) are not allowed.';
        }
        if ((engine === 'mysql' || engine === 'sqlite') && span.text.indexOf('/*', 2) >= 0) {
          return 'Nested comments (/* inside /* … */) are not supported on this database.';
        }
      }
    }
  }
  // Only the last span can be unterminated: lexed again with a newline after it, a terminated
  // one ends before the newline; an unterminated one swallows it.
  const last = spans[spans.length - 1];
  const probe = last ? lex(neutral(last.text, engine) + '\n', lexOptions(engine)) : [];
  if (probe.length > 0 && probe[probe.length - 1]!.kind !== 'code') {
    return 'The SQL contains an unterminated string, quoted name or comment.';
  }
  return null;
}

export interface Token {
  kind: 'word' | 'number' | 'punct' | 'string' | 'identifier';
  /** The token as written (quoted names and strings with their quotes). */
  text: string;
  /** Words: upper case; quoted names: the name without quotes, upper case; others: text. */
  upper: string;
  start: number;
  end: number;
  /** Parenthesis depth: a `(` and its `)` have the depth of what surrounds them. */
  depth: number;
  /** For `(` and `)`: the index of the matching one, -1 when unbalanced. */
  pair: number;
}

/**
 * Whitespace for the lexer: every code unit some engine reads as a separator between tokens,
 * so a keyword after one of them is seen as the keyword (issue 16 point 1). Measured by running
 * `SELECT<c>1` for every BMP character on each engine: PostgreSQL and SQLite separate on ASCII
 * tab, LF, FF, CR and space only, MariaDB also on VT; DuckDB also on U+00A0, U+2000–U+200B,
 * U+202F, U+205F, U+2060, U+3000 and U+FEFF. JavaScript's `\s` (U+000B, U+1680, U+2028, U+2029…) is kept too: reading
 * a letter of a name as a separator only splits the name, which makes the checks stricter.
 */
function isSpace(c: number): boolean {
  return (
    c === 32 ||
    (c >= 9 && c <= 13) ||
    c === 0xa0 ||
    c === 0x1680 ||
    (c >= 0x2000 && c <= 0x200b) ||
    c === 0x2028 ||
    c === 0x2029 ||
    c === 0x202f ||
    c === 0x205f ||
    c === 0x2060 ||
    c === 0x3000 ||
    c === 0xfeff
  );
}

const isLetter = (c: number) => (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95;
const isDigit = (c: number) => c >= 48 && c <= 57;
/** Start of a word: a letter, `_`, or any code unit from U+0080 that is not whitespace. */
const isWordStart = (c: number) => isLetter(c) || (c >= 0x80 && !isSpace(c));
/** Rest of a word: also digits and `$`. */
const isWordPart = (c: number) => isWordStart(c) || isDigit(c) || c === 36;
/** Rest of a number: digits, letters, `_` and `.` (1e5, 0x1F, 1.5). */
const isNumberPart = (c: number) => isLetter(c) || isDigit(c) || c === 46;

/** Tokens of one statement, comments left out; strings and quoted names are one token each. */
export function tokenize(sql: string, engine: Engine): Token[] {
  const tokens: Token[] = [];
  const opens: number[] = [];
  let depth = 0;
  for (const span of lexSpans(sql, engine)) {
    if (span.kind === 'comment') continue;
    if (span.kind !== 'code') {
      const inner = span.kind === 'identifier' ? span.text.slice(1, -1) : span.text;
      tokens.push({
        kind: span.kind,
        text: span.text,
        upper: inner.toUpperCase(),
        start: span.start,
        end: span.end,
        depth,
        pair: -1,
      });
      continue;
    }
    // A hand-written scanner: a regular expression here made a 1 MB script take half a second.
    const text = span.text;
    const n = text.length;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      const from = i;
      if (isSpace(c)) {
        i += 1;
        while (i < n && isSpace(text.charCodeAt(i))) i += 1;
        continue;
      }
      const start = span.start + from;
      if (isWordStart(c)) {
        i += 1;
        while (i < n && isWordPart(text.charCodeAt(i))) i += 1;
        const word = text.slice(from, i);
        tokens.push({
          kind: 'word',
          text: word,
          upper: word.toUpperCase(),
          start,
          end: span.start + i,
          depth,
          pair: -1,
        });
      } else if (isDigit(c)) {
        i += 1;
        while (i < n && isNumberPart(text.charCodeAt(i))) i += 1;
        const num = text.slice(from, i);
        tokens.push({
          kind: 'number',
          text: num,
          upper: num,
          start,
          end: span.start + i,
          depth,
          pair: -1,
        });
      } else {
        i += 1;
        const ch = text[from]!;
        const end = start + 1;
        if (ch === ')') {
          depth -= 1;
          const open = opens.pop();
          tokens.push({ kind: 'punct', text: ch, upper: ch, start, end, depth, pair: open ?? -1 });
          if (open !== undefined) tokens[open]!.pair = tokens.length - 1;
        } else {
          if (ch === '(') opens.push(tokens.length);
          tokens.push({ kind: 'punct', text: ch, upper: ch, start, end, depth, pair: -1 });
          if (ch === '(') depth += 1;
        }
      }
    }
  }
  return tokens;
}

/** Index of the `)` matching the `(` at `open`, or -1. */
export function matchingParen(tokens: Token[], open: number): number {
  const t = tokens[open];
  return t !== undefined && t.kind === 'punct' && t.text === '(' ? t.pair : -1;
}
