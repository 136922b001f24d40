/**
 * A scanner of the tags of a Jinja template (`{{ … }}`, `{% … %}`, `{# … #}`) with their lines,
 * following the rules of @huggingface/jinja's lexer (strings with backslash escapes, `}}` inside a
 * dict literal, `-` whitespace control). The library keeps no positions, so this is what gives
 * errors a line: syntax errors are located by parsing prefixes of the tags, and runtime errors by
 * markers put before each tag (`withLineMarkers`).
 */

export interface Tag {
  kind: 'expression' | 'statement' | 'comment';
  /** Index of the opening `{`. */
  start: number;
  /** Index just after the closing delimiter. */
  end: number;
  /** 1-based line of the opening delimiter. */
  line: number;
  /** The first word of a statement (`for`, `endif`, …); '' for expressions and comments. */
  keyword: string;
  /** The text between the delimiters, without whitespace-control dashes. */
  body: string;
  /** `{{-` / `{%-` / `{#-`. */
  stripBefore: boolean;
}

export interface ScanProblem {
  line: number;
  message: string;
}

export interface ScanResult {
  tags: Tag[];
  problem: ScanProblem | null;
}

/** Whether the text holds anything Jinja would read as a tag. */
export function hasTemplateTags(text: string): boolean {
  return text.includes('{{') || text.includes('{%') || text.includes('{#');
}

/** The tags of a template in order, or the first lexical problem (unclosed tag or string). */
export function scanTags(src: string): ScanResult {
  const tags: Tag[] = [];
  const n = src.length;
  let lineCursor = 0;
  let line = 1;
  const lineAt = (pos: number): number => {
    for (; lineCursor < pos; lineCursor += 1) if (src.charCodeAt(lineCursor) === 10) line += 1;
    return line;
  };

  let i = 0;
  while (i < n) {
    const open = nextOpening(src, i);
    if (open < 0) break;
    const tagLine = lineAt(open);
    const second = src[open + 1];

    if (second === '#') {
      const close = src.indexOf('#}', open + 2);
      if (close < 0) return { tags, problem: { line: tagLine, message: "Unclosed comment '{#'" } };
      const stripBefore = src[open + 2] === '-';
      let body = src.slice(open + (stripBefore ? 3 : 2), close);
      if (body.endsWith('-')) body = body.slice(0, -1);
      tags.push({
        kind: 'comment',
        start: open,
        end: close + 2,
        line: tagLine,
        keyword: '',
        body,
        stripBefore,
      });
      i = close + 2;
      continue;
    }

    const kind = second === '%' ? 'statement' : 'expression';
    const opener = second === '%' ? '{%' : '{{';
    let j = open + 2;
    const stripBefore = src[j] === '-';
    if (stripBefore) j += 1;
    const bodyStart = j;
    let depth = 0;
    let bodyEnd = -1;
    let end = -1;
    let closer = '';
    while (j < n) {
      const c = src[j]!;
      if (c === "'" || c === '"') {
        let k = j + 1;
        while (k < n && src[k] !== c) k += src[k] === '\\' ? 2 : 1;
        if (k >= n) {
          return {
            tags,
            problem: { line: lineAt(j), message: 'Unterminated string in the tag' },
          };
        }
        j = k + 1;
        continue;
      }
      if (c === '-' && src[j + 1] === '%' && src[j + 2] === '}') {
        [bodyEnd, end, closer] = [j, j + 3, '%}'];
        break;
      }
      if (c === '%' && src[j + 1] === '}') {
        [bodyEnd, end, closer] = [j, j + 2, '%}'];
        break;
      }
      if (c === '-' && src[j + 1] === '}' && src[j + 2] === '}') {
        [bodyEnd, end, closer] = [j, j + 3, '}}'];
        break;
      }
      if (c === '}' && src[j + 1] === '}' && depth <= 0) {
        [bodyEnd, end, closer] = [j, j + 2, '}}'];
        break;
      }
      if (c === '{') depth += 1;
      else if (c === '}') depth -= 1;
      j += 1;
    }
    if (end < 0) {
      return { tags, problem: { line: tagLine, message: `Unclosed tag '${opener}'` } };
    }
    const expectedCloser = kind === 'statement' ? '%}' : '}}';
    if (closer !== expectedCloser) {
      return {
        tags,
        problem: {
          line: tagLine,
          message: `The tag '${opener}' is closed by '${closer}' (expected '${expectedCloser}')`,
        },
      };
    }
    const body = src.slice(bodyStart, bodyEnd);
    tags.push({
      kind,
      start: open,
      end,
      line: tagLine,
      keyword: kind === 'statement' ? (/^\s*(\w*)/.exec(body)?.[1] ?? '') : '',
      body,
      stripBefore,
    });
    i = end;
  }
  return { tags, problem: null };
}

function nextOpening(src: string, from: number): number {
  let k = src.indexOf('{', from);
  while (k >= 0) {
    const c = src[k + 1];
    if (c === '{' || c === '%' || c === '#') return k;
    k = src.indexOf('{', k + 1);
  }
  return -1;
}

const BLOCKS = new Set(['for', 'if', 'macro', 'call', 'filter', 'set']);
const SIMPLE_STATEMENTS = new Set(['break', 'continue', 'generation', 'endgeneration']);

/** `{% set x = … %}` assigns; `{% set x %}…{% endset %}` is a block. */
function isSetBlock(body: string): boolean {
  const withoutStrings = body.replace(/'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*"/g, "''");
  return !/(?<![=!<>])=(?!=)/.test(withoutStrings);
}

export interface BlockCheck {
  problem: ScanProblem | null;
  /** For each tag, the end tags that close the blocks still open after it (innermost first). */
  closersAfter: string[];
}

/** Whether the block tags nest properly, and which blocks are open after each tag. */
export function checkBlocks(tags: Tag[]): BlockCheck {
  const stack: { keyword: string; line: number }[] = [];
  const closersAfter: string[] = [];
  const fail = (line: number, message: string): BlockCheck => ({
    problem: { line, message },
    closersAfter,
  });
  for (const tag of tags) {
    if (tag.kind === 'statement') {
      const kw = tag.keyword;
      const top = stack.at(-1);
      if (kw === '') return fail(tag.line, "A '{%' tag must start with a statement name");
      if (BLOCKS.has(kw)) {
        if (kw !== 'set' || isSetBlock(tag.body)) stack.push({ keyword: kw, line: tag.line });
      } else if (kw.startsWith('end') && BLOCKS.has(kw.slice(3))) {
        const opened = kw.slice(3);
        if (!top) {
          return fail(tag.line, `'{% ${kw} %}' without a matching '{% ${opened} %}'`);
        }
        if (top.keyword !== opened) {
          return fail(
            tag.line,
            `'{% ${kw} %}' found where '{% end${top.keyword} %}' was expected ` +
              `(to close the '${top.keyword}' on line ${top.line})`,
          );
        }
        stack.pop();
      } else if (kw === 'elif') {
        if (top?.keyword !== 'if') return fail(tag.line, "'{% elif %}' outside an 'if' block");
      } else if (kw === 'else') {
        if (top?.keyword !== 'if' && top?.keyword !== 'for') {
          return fail(tag.line, "'{% else %}' outside an 'if' or 'for' block");
        }
      } else if (!SIMPLE_STATEMENTS.has(kw)) {
        return fail(tag.line, `Unknown statement '{% ${kw} %}'`);
      }
    }
    closersAfter.push(
      stack
        .map((b) => `{% end${b.keyword} %}`)
        .reverse()
        .join(''),
    );
  }
  const unclosed = stack.at(-1);
  if (unclosed) {
    return fail(
      unclosed.line,
      `The '{% ${unclosed.keyword} %}' block is never closed (missing '{% end${unclosed.keyword} %}')`,
    );
  }
  return { problem: null, closersAfter };
}

/** The name of the marker call `withLineMarkers` puts before tags. */
export const LINE_MARKER = '__strata_line__';

const MARKED_STATEMENTS = new Set(['if', 'for', 'set', 'call', 'filter', 'break', 'continue']);

/**
 * The template with `{{ __strata_line__(N) }}` before every expression and every statement
 * that evaluates something, so that the renderer knows the line it is at. A `-` after the tag's
 * opening delimiter moves to the marker, so whitespace control strips the same text. The
 * markers render nothing and sit only where a statement may stand (between tags).
 */
export function withLineMarkers(src: string, tags: Tag[]): string {
  let out = '';
  let pos = 0;
  for (const tag of tags) {
    const marked =
      tag.kind === 'expression' || (tag.kind === 'statement' && MARKED_STATEMENTS.has(tag.keyword));
    if (!marked) continue;
    out += src.slice(pos, tag.start);
    out += `{{${tag.stripBefore ? '-' : ''} ${LINE_MARKER}(${tag.line}) }}`;
    out += src.slice(tag.start, tag.start + 2);
    pos = tag.start + (tag.stripBefore ? 3 : 2);
  }
  return out + src.slice(pos);
}
