/**
 * Just enough PostgreSQL lexing to split a text into statements and find the keyword each one
 * starts with: strings ('…', E'…' with backslash escapes), quoted names ("…"), dollar quotes
 * ($tag$…$tag$), line comments and nested block comments are skipped over.
 */

export interface Statement {
  /** The statement as written, without its terminating semicolon. */
  text: string;
  /** Where `text` starts in the whole SQL (0-based, UTF-16 units). */
  offset: number;
}

const IDENT_CHAR = /[A-Za-z0-9_$\u0080-\uffff]/;
const DOLLAR_TAG = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/;

/** The index just after the token that starts at `i`, or `i + 1` for an ordinary character. */
function skipToken(sql: string, i: number): number {
  const ch = sql[i]!;
  const next = sql[i + 1];
  if (ch === '-' && next === '-') {
    const end = sql.indexOf('\n', i + 2);
    return end === -1 ? sql.length : end + 1;
  }
  if (ch === '/' && next === '*') {
    let depth = 1;
    let j = i + 2;
    while (j < sql.length && depth > 0) {
      if (sql[j] === '/' && sql[j + 1] === '*') {
        depth++;
        j += 2;
      } else if (sql[j] === '*' && sql[j + 1] === '/') {
        depth--;
        j += 2;
      } else j++;
    }
    return j;
  }
  if (ch === "'") {
    const prev = sql[i - 1];
    const escapes =
      (prev === 'e' || prev === 'E') && (i < 2 || !IDENT_CHAR.test(sql[i - 2] ?? ' '));
    let j = i + 1;
    while (j < sql.length) {
      if (escapes && sql[j] === '\\') j += 2;
      else if (sql[j] === "'") {
        if (sql[j + 1] === "'") j += 2;
        else return j + 1;
      } else j++;
    }
    return sql.length;
  }
  if (ch === '"') {
    let j = i + 1;
    while (j < sql.length) {
      if (sql[j] === '"') {
        if (sql[j + 1] === '"') j += 2;
        else return j + 1;
      } else j++;
    }
    return sql.length;
  }
  if (ch === '$' && (i === 0 || !IDENT_CHAR.test(sql[i - 1]!))) {
    const m = DOLLAR_TAG.exec(sql.slice(i, i + 64));
    if (m) {
      const end = sql.indexOf(m[0], i + m[0].length);
      return end === -1 ? sql.length : end + m[0].length;
    }
  }
  return i + 1;
}

/** True when the text holds nothing but blanks and comments. */
export function isBlank(sql: string): boolean {
  return firstWordIndex(sql) === -1;
}

/** Index of the first character that is not a blank, a comment or an opening parenthesis. */
function firstWordIndex(sql: string): number {
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i]!;
    if (/\s/.test(ch) || ch === '(') i++;
    else if ((ch === '-' && sql[i + 1] === '-') || (ch === '/' && sql[i + 1] === '*'))
      i = skipToken(sql, i);
    else return i;
  }
  return -1;
}

/** The statements of a text, in order; empty ones (only blanks and comments) are left out. */
export function splitStatements(sql: string): Statement[] {
  const out: Statement[] = [];
  let start = 0;
  let i = 0;
  while (i < sql.length) {
    if (sql[i] === ';') {
      out.push({ text: sql.slice(start, i), offset: start });
      start = i + 1;
      i++;
    } else i = skipToken(sql, i);
  }
  out.push({ text: sql.slice(start), offset: start });
  return out.filter((s) => !isBlank(s.text));
}

/** The first keyword of a statement, lower case (`select`, `with`, `insert`…), or ''. */
export function firstKeyword(sql: string): string {
  const i = firstWordIndex(sql);
  if (i === -1) return '';
  return /^[A-Za-z_]+/.exec(sql.slice(i))?.[0]?.toLowerCase() ?? '';
}
