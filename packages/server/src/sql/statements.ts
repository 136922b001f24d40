/**
 * Lexical helpers over SQL text that know quotes and comments: splitting statements and
 * stripping comments without touching string literals or quoted identifiers. Dialect
 * differences handled: '' and \' in strings (MySQL), "…", `…` and […] identifiers, -- and #
 * line comments (# only when `hashComments`), nested /* *\/ block comments (PostgreSQL, DuckDB),
 * and $tag$…$tag$ dollar quoting (PostgreSQL).
 */
export interface LexOptions {
  hashComments?: boolean;
  backslashEscapes?: boolean;
}

type Piece = { kind: 'code' | 'string' | 'identifier' | 'comment'; text: string };

function lex(sql: string, opts: LexOptions = {}): Piece[] {
  const pieces: Piece[] = [];
  // Code runs are contiguous in the text: kept as a start offset and sliced once (adding one
  // character at a time made 1 MB scripts take most of a second).
  let codeStart = -1;
  let i = 0;
  const flush = () => {
    if (codeStart >= 0 && codeStart < i)
      pieces.push({ kind: 'code', text: sql.slice(codeStart, i) });
    codeStart = -1;
  };
  const n = sql.length;
  while (i < n) {
    const c = sql[i]!;
    const next = sql[i + 1];
    if ((c === '-' && next === '-') || (opts.hashComments && c === '#')) {
      flush();
      let j = sql.indexOf('\n', i);
      if (j < 0) j = n;
      pieces.push({ kind: 'comment', text: sql.slice(i, j) });
      i = j;
      continue;
    }
    if (c === '/' && next === '*') {
      flush();
      let depth = 1;
      let j = i + 2;
      while (j < n && depth > 0) {
        if (sql[j] === '/' && sql[j + 1] === '*') {
          depth += 1;
          j += 2;
        } else if (sql[j] === '*' && sql[j + 1] === '/') {
          depth -= 1;
          j += 2;
        } else j += 1;
      }
      pieces.push({ kind: 'comment', text: sql.slice(i, j) });
      i = j;
      continue;
    }
    if (c === "'" || c === '"' || c === '`' || c === '[') {
      const close = c === '[' ? ']' : c;
      let j = i + 1;
      while (j < n) {
        if (opts.backslashEscapes && c === "'" && sql[j] === '\\') {
          j += 2;
          continue;
        }
        if (sql[j] === close) {
          if (sql[j + 1] === close && c !== '[') {
            j += 2;
            continue;
          }
          break;
        }
        j += 1;
      }
      const end = Math.min(j + 1, n);
      flush();
      pieces.push({ kind: c === "'" ? 'string' : 'identifier', text: sql.slice(i, end) });
      i = end;
      continue;
    }
    if (c === '$') {
      const m = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(sql.slice(i));
      if (m && !/[A-Za-z0-9_]/.test(sql[i - 1] ?? '')) {
        const tag = m[0];
        const endAt = sql.indexOf(tag, i + tag.length);
        const end = endAt < 0 ? n : endAt + tag.length;
        flush();
        pieces.push({ kind: 'string', text: sql.slice(i, end) });
        i = end;
        continue;
      }
    }
    if (codeStart < 0) codeStart = i;
    i += 1;
  }
  flush();
  return pieces;
}

/** The SQL without its comments (a comment between tokens becomes a space). */
export function stripComments(sql: string, opts?: LexOptions): string {
  return lex(sql, opts)
    .map((p) => (p.kind === 'comment' ? (p.text.startsWith('/*') ? ' ' : '') : p.text))
    .join('')
    .trim();
}

/** The statements of a script, trimmed, without empty ones; semicolons in strings stay. */
export function splitStatements(sql: string, opts?: LexOptions): string[] {
  const statements: string[] = [];
  let current = '';
  for (const piece of lex(sql, opts)) {
    if (piece.kind !== 'code') {
      current += piece.text;
      continue;
    }
    const parts = piece.text.split(';');
    for (let k = 0; k < parts.length; k += 1) {
      current += parts[k];
      if (k < parts.length - 1) {
        statements.push(current);
        current = '';
      }
    }
  }
  statements.push(current);
  return statements.map((s) => s.trim()).filter((s) => stripComments(s, opts) !== '');
}

/** One statement without a trailing semicolon, or null when the text holds several or none. */
export function singleStatement(sql: string, opts?: LexOptions): string | null {
  const all = splitStatements(sql, opts);
  return all.length === 1 ? all[0]! : null;
}

export { lex, type Piece };
