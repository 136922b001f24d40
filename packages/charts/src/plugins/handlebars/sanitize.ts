/**
 * The rendered template's HTML goes through DOMPurify with an allow-list: the tags and
 * attributes below, links to http(s)/mailto only, images from http(s) or `data:image/` only,
 * inline styles without script-like constructs. The decisions are pure functions (tested in
 * node); DOMPurify applies them in the browser.
 */
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

export const ALLOWED_TAGS: readonly string[] = [
  'div',
  'span',
  'p',
  'ul',
  'ol',
  'li',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'b',
  'i',
  'em',
  'strong',
  'br',
  'hr',
  'a',
  'img',
  'code',
  'pre',
  'small',
  'sup',
  'sub',
];

export const ALLOWED_ATTRIBUTES: readonly string[] = [
  'class',
  'style',
  'href',
  'src',
  'alt',
  'title',
  'colspan',
  'rowspan',
  'width',
  'height',
];

const TAGS = new Set(ALLOWED_TAGS);
const ATTRIBUTES = new Set(ALLOWED_ATTRIBUTES);

export const isAllowedTag = (tag: string): boolean => TAGS.has(tag.toLowerCase());

/** Browsers ignore control characters and whitespace inside a URL's scheme ("java\tscript:"). */
const normalizeUrl = (value: string) =>
  Array.from(value)
    .filter((c) => {
      const code = c.charCodeAt(0);
      return code > 0x20 && (code < 0x7f || code > 0x9f);
    })
    .join('')
    .toLowerCase();

/** A link target: http, https or mailto. */
export const isSafeHref = (value: string): boolean =>
  /^(https?:\/\/|mailto:)/.test(normalizeUrl(value));

/** An image source: http, https or an inline image. */
export const isSafeImageSrc = (value: string): boolean =>
  /^(https?:\/\/|data:image\/)/.test(normalizeUrl(value));

/** An inline style without scripting (expression(), javascript:, bindings) or odd url()s. */
export function isSafeStyle(value: string): boolean {
  const css = value.replace(/\\/g, '').toLowerCase();
  if (/expression\s*\(|javascript:|vbscript:|-moz-binding|behavior\s*:|@import/.test(css))
    return false;
  const urls = css.matchAll(/url\s*\(\s*(['"]?)(.*?)\1\s*\)/g);
  for (const [, , url] of urls) if (!isSafeImageSrc(url ?? '')) return false;
  return true;
}

/** Whether an attribute may stay on an (allowed) element. */
export function isAllowedAttribute(tag: string, name: string, value: string): boolean {
  const attr = name.toLowerCase();
  const element = tag.toLowerCase();
  if (attr.startsWith('on') || !ATTRIBUTES.has(attr)) return false;
  if (attr === 'href') return element === 'a' && isSafeHref(value);
  if (attr === 'src') return element === 'img' && isSafeImageSrc(value);
  if (attr === 'style') return isSafeStyle(value);
  return true;
}

let purifier: Purifier | null = null;

function getPurifier(): Purifier | null {
  if (purifier) return purifier;
  if (typeof window === 'undefined') return null;
  const instance = DOMPurify(window);
  if (!instance.isSupported) return null;
  instance.addHook('uponSanitizeAttribute', (node, event) => {
    if (!isAllowedAttribute(node.nodeName, event.attrName, event.attrValue)) event.keepAttr = false;
  });
  purifier = instance;
  return purifier;
}

const escapeAll = (html: string) => html.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The HTML with everything outside the allow-list removed. Without a DOM (server side) the
 * HTML is escaped as text instead: it is never passed through unsanitised.
 */
export function sanitizeHtml(html: string): string {
  const purify = getPurifier();
  if (!purify) return escapeAll(html);
  return purify.sanitize(html, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTRIBUTES],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    RETURN_TRUSTED_TYPE: false,
  });
}
