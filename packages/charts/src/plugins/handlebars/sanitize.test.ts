import { describe, expect, it } from 'vitest';
import { prefixSelectors, scopeCss } from './css.js';
import {
  isAllowedAttribute,
  isAllowedTag,
  isSafeHref,
  isSafeImageSrc,
  isSafeStyle,
  sanitizeHtml,
} from './sanitize.js';

describe('handlebars sanitiser decisions', () => {
  it('allows the listed tags only', () => {
    expect(['div', 'TABLE', 'td', 'h6', 'a', 'img', 'sup'].every(isAllowedTag)).toBe(true);
    expect(
      ['script', 'style', 'iframe', 'svg', 'form', 'input', 'object', 'link'].some(isAllowedTag),
    ).toBe(false);
  });

  it('allows http(s) and mailto links only', () => {
    expect(isSafeHref('https://superset.apache.org')).toBe(true);
    expect(isSafeHref('HTTP://x.org/a')).toBe(true);
    expect(isSafeHref('mailto:a@b.org')).toBe(true);
    expect(isSafeHref('javascript:alert(1)')).toBe(false);
    expect(isSafeHref(' java\tscript:alert(1)')).toBe(false);
    expect(isSafeHref('JaVaScRiPt:alert(1)')).toBe(false);
    expect(isSafeHref('data:text/html,<script>1</script>')).toBe(false);
    expect(isSafeHref('/relative/path')).toBe(false);
  });

  it('allows http(s) and inline images only', () => {
    expect(isSafeImageSrc('https://x.org/a.png')).toBe(true);
    expect(isSafeImageSrc('data:image/png;base64,iVBORw0KGgo=')).toBe(true);
    expect(isSafeImageSrc('data:text/html;base64,PHNjcmlwdD4=')).toBe(false);
    expect(isSafeImageSrc('javascript:alert(1)')).toBe(false);
  });

  it('rejects scripting in inline styles', () => {
    expect(isSafeStyle('color: red; width: 10px')).toBe(true);
    expect(isSafeStyle('background: url("https://x.org/bg.png")')).toBe(true);
    expect(isSafeStyle('background: url(javascript:alert(1))')).toBe(false);
    expect(isSafeStyle("background-image: url('data:text/html,x')")).toBe(false);
    expect(isSafeStyle('width: expression(alert(1))')).toBe(false);
    expect(isSafeStyle('-moz-binding: url(x.xml#xss)')).toBe(false);
  });

  it('decides attributes per element', () => {
    expect(isAllowedAttribute('A', 'href', 'https://x.org')).toBe(true);
    expect(isAllowedAttribute('a', 'href', 'javascript:alert(1)')).toBe(false);
    expect(isAllowedAttribute('div', 'href', 'https://x.org')).toBe(false);
    expect(isAllowedAttribute('img', 'src', 'data:image/gif;base64,R0lGOD')).toBe(true);
    expect(isAllowedAttribute('a', 'src', 'https://x.org/a.png')).toBe(false);
    expect(isAllowedAttribute('div', 'onclick', 'alert(1)')).toBe(false);
    expect(isAllowedAttribute('img', 'ONERROR', 'alert(1)')).toBe(false);
    expect(isAllowedAttribute('td', 'colspan', '2')).toBe(true);
    expect(isAllowedAttribute('div', 'class', 'data-list')).toBe(true);
    expect(isAllowedAttribute('div', 'style', 'color: red')).toBe(true);
    expect(isAllowedAttribute('div', 'style', 'width: expression(1)')).toBe(false);
    expect(isAllowedAttribute('div', 'id', 'x')).toBe(false);
    expect(isAllowedAttribute('a', 'target', '_blank')).toBe(false);
  });

  it('escapes instead of passing HTML through when there is no DOM', () => {
    expect(sanitizeHtml('<img src=x onerror="alert(1)">')).toBe(
      '&#60;img src=x onerror=&#34;alert(1)&#34;&#62;',
    );
  });
});

describe('handlebars CSS scoping', () => {
  it('prefixes every selector with the chart class', () => {
    expect(scopeCss('.a, .b > p { color: red }\nli:hover{color:blue}', 'c1')).toBe(
      '.c1 .a, .c1 .b > p { color: red }\n.c1 li:hover {color:blue}',
    );
    expect(prefixSelectors('a[title="x,y"], :is(b, i)', '.s')).toBe(
      '.s a[title="x,y"], .s :is(b, i)',
    );
  });

  it('makes :root, html and body the chart container', () => {
    expect(scopeCss('body { margin: 0 } :root .x { a: b } html>p{}', 'c1')).toBe(
      '.c1 { margin: 0 }\n.c1 .x { a: b }\n.c1>p {}',
    );
  });

  it('scopes rules inside @media and keeps @keyframes as they are', () => {
    expect(scopeCss('@media (max-width: 600px) { .a { color: red } }', 'c1')).toBe(
      '@media (max-width: 600px) {.c1 .a { color: red }\n}',
    );
    expect(scopeCss('@keyframes spin { from { top: 0 } to { top: 1px } }', 'c1')).toBe(
      '@keyframes spin { from { top: 0 } to { top: 1px } }',
    );
  });

  it('drops @import, comments and the default (commented out) template', () => {
    expect(scopeCss('@import url("https://evil.example/x.css");\n.a { color: red }', 'c1')).toBe(
      '.c1 .a { color: red }',
    );
    expect(scopeCss('@import "x.css"', 'c1')).toBe('');
    expect(scopeCss('/*\n.data-list {\n  background-color: yellow;\n}\n*/', 'c1')).toBe('');
    expect(scopeCss('', 'c1')).toBe('');
  });

  it('neutralises script-like CSS and closing style tags', () => {
    const css = scopeCss(
      '.a { width: expression(alert(1)); background: url(javascript:x) } </style><script>',
      'c1',
    );
    expect(css).not.toMatch(/expression\(|javascript:|<\/style|<script/i);
    expect(css).toContain('.c1 .a {');
  });
});
