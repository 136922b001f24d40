/**
 * The chart's CSS template, scoped to the chart: every selector gets the chart container's
 * class in front (`:root`, `html` and `body` become the container), rules inside @media,
 * @supports, @container and @layer too; @import, @charset and @namespace are dropped, and
 * script-like constructs (expression(), javascript: URLs, bindings) are neutralised.
 */

const DROPPED_AT_RULES = new Set(['import', 'charset', 'namespace']);
const NESTING_AT_RULES = new Set(['media', 'supports', 'container', 'layer', 'document']);

const atRuleName = (head: string) =>
  (/^@(-[a-z]+-)?([a-z-]+)/i.exec(head)?.[2] ?? '').toLowerCase();

function skipString(css: string, start: number): number {
  const quote = css[start];
  for (let j = start + 1; j < css.length; j++) {
    if (css[j] === '\\') j++;
    else if (css[j] === quote) return j;
  }
  return css.length;
}

/** The next index of one of `chars` outside strings, parentheses and brackets; -1 if none. */
function findTopLevel(css: string, from: number, chars: string): number {
  let depth = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i]!;
    if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === '(' || c === '[') depth++;
    else if ((c === ')' || c === ']') && depth > 0) depth--;
    else if (depth === 0 && chars.includes(c)) return i;
  }
  return -1;
}

/** The index of the `}` closing the block opened at `open`, or the end of the text. */
function closingBrace(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return i;
  }
  return css.length;
}

/** Splits a selector list on its top-level commas. */
function splitSelectors(list: string): string[] {
  const out: string[] = [];
  let from = 0;
  for (let i = findTopLevel(list, 0, ','); i >= 0; i = findTopLevel(list, from, ',')) {
    out.push(list.slice(from, i));
    from = i + 1;
  }
  out.push(list.slice(from));
  return out.map((s) => s.trim()).filter(Boolean);
}

export function prefixSelectors(list: string, prefix: string): string {
  return splitSelectors(list)
    .map((selector) => {
      const root = /^(:root|html|body)(?![\w-])/i.exec(selector);
      return root ? `${prefix}${selector.slice(root[0].length)}` : `${prefix} ${selector}`;
    })
    .join(', ');
}

function scopeRules(css: string, prefix: string): string {
  let out = '';
  let i = 0;
  while (i < css.length) {
    const end = findTopLevel(css, i, '{;}');
    if (end < 0) break; // trailing text that is no rule
    const head = css.slice(i, end).trim();
    const c = css[end];
    i = end + 1;
    if (c === '}') continue;
    if (c === ';') {
      if (head.startsWith('@') && !DROPPED_AT_RULES.has(atRuleName(head))) out += `${head};`;
      continue;
    }
    const close = closingBrace(css, end);
    const body = css.slice(end + 1, close);
    i = close + 1;
    if (head.startsWith('@')) {
      const name = atRuleName(head);
      if (DROPPED_AT_RULES.has(name)) continue;
      // @keyframes, @font-face, @page… have no selectors to scope.
      out += NESTING_AT_RULES.has(name)
        ? `${head} {${scopeRules(body, prefix)}}\n`
        : `${head} {${body}}\n`;
    } else if (head) {
      out += `${prefixSelectors(head, prefix)} {${body}}\n`;
    }
  }
  return out;
}

/** The CSS with every rule scoped under `.scopeClass`; empty when nothing is left. */
export function scopeCss(css: string | null | undefined, scopeClass: string): string {
  if (!css) return '';
  const cleaned = css
    .replace(/\/\*[\s\S]*?(\*\/|$)/g, '')
    .replace(/</g, '\\3c ')
    .replace(/expression\s*\(/gi, 'invalid(')
    .replace(/(java|vb)script\s*:/gi, 'invalid:')
    .replace(/-moz-binding|behavior(?=\s*:)/gi, 'invalid');
  return scopeRules(cleaned, `.${scopeClass}`).trim();
}
