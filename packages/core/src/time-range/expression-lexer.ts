import { syntaxError } from './errors.js';

export type Token =
  | { type: 'word'; text: string; at: number }
  | { type: 'integer'; text: string; at: number }
  | { type: 'string'; value: string; at: number }
  | { type: '(' | ')' | ','; at: number }
  | { type: 'end'; at: number };

/** Longest expression text accepted (a guard against pathological input). */
export const MAX_EXPRESSION_LENGTH = 10_000;

const INTEGER = /[+-]?[0-9]+/y;
const WORD = /[A-Za-z_][A-Za-z0-9_]*/y;

/** The text a sticky pattern matches at a position (no copy of the rest of the source). */
function matchAt(pattern: RegExp, source: string, at: number): string | undefined {
  pattern.lastIndex = at;
  return pattern.exec(source)?.[0];
}

/** Where a token starts, for messages: 1-based character. */
export function describePosition(at: number): string {
  return `at character ${at + 1}`;
}

/**
 * Splits an advanced expression into words (function names and units), signed integers,
 * quoted strings ('…' or "…", backslash escapes kept as written), parentheses and commas.
 */
export function tokenize(source: string): Token[] {
  if (source.length > MAX_EXPRESSION_LENGTH) {
    throw syntaxError(`the expression is longer than ${MAX_EXPRESSION_LENGTH} characters`);
  }
  const tokens: Token[] = [];
  let i = 0;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (/\s/.test(ch)) {
      i += 1;
    } else if (ch === '(' || ch === ')' || ch === ',') {
      tokens.push({ type: ch, at: i });
      i += 1;
    } else if (ch === '"' || ch === "'") {
      const end = closingQuote(source, i);
      tokens.push({ type: 'string', value: source.slice(i + 1, end), at: i });
      i = end + 1;
    } else if (/[0-9]/.test(ch) || (/[+-]/.test(ch) && /[0-9]/.test(source.charAt(i + 1)))) {
      const text = matchAt(INTEGER, source, i) ?? ch;
      tokens.push({ type: 'integer', text, at: i });
      i += text.length;
    } else if (/[A-Za-z_]/.test(ch)) {
      const text = matchAt(WORD, source, i) ?? ch;
      tokens.push({ type: 'word', text, at: i });
      i += text.length;
    } else {
      throw syntaxError(`unexpected '${ch}' ${describePosition(i)}`);
    }
  }
  tokens.push({ type: 'end', at: source.length });
  return tokens;
}

function closingQuote(source: string, open: number): number {
  const quote = source.charAt(open);
  let i = open + 1;
  while (i < source.length) {
    const ch = source.charAt(i);
    if (ch === '\\') i += 2;
    else if (ch === quote) return i;
    else if (ch === '\n' || ch === '\r') break;
    else i += 1;
  }
  throw syntaxError(`unterminated string ${describePosition(open)}`);
}
