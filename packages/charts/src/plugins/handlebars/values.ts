/**
 * What the interpreter and the helpers share: safe property lookup (own properties only),
 * Handlebars' emptiness and escaping rules, data frames (`@index`, `@root`, …) and the helper
 * signature.
 */

/** A data frame: `@` variables of one block level; lookups fall back to the parent frames. */
export interface DataFrame {
  vars: ReadonlyMap<string, unknown>;
  parent?: DataFrame;
}

export interface RunOptions {
  data?: DataFrame;
  blockParams?: unknown[];
}

export interface HelperOptions {
  name: string;
  /** `key=value` arguments (a null-prototype object). */
  hash: Record<string, unknown>;
  data: DataFrame;
  /** `this` where the helper is called. */
  context: unknown;
  isBlock: boolean;
  /** Renders the block's body (empty for non-block calls). */
  fn: (context: unknown, options?: RunOptions) => string;
  /** Renders the block's `{{else}}` part (empty for non-block calls). */
  inverse: (context: unknown, options?: RunOptions) => string;
}

/** A helper gets its positional arguments and the options; what it returns is rendered. */
export type Helper = (params: unknown[], options: HelperOptions) => unknown;

const FORBIDDEN_KEYS = new Set([
  '__proto__',
  'constructor',
  'prototype',
  '__defineGetter__',
  '__defineSetter__',
  '__lookupGetter__',
  '__lookupSetter__',
]);

/**
 * `obj[key]` when it is the object's own property (never the prototype chain, never
 * `__proto__`/`constructor`/`prototype`, never a function); otherwise undefined.
 */
export function getOwn(obj: unknown, key: unknown): unknown {
  if (obj === null || obj === undefined) return undefined;
  if (typeof obj !== 'object' && typeof obj !== 'string') return undefined;
  const k = typeof key === 'number' ? String(key) : key;
  if (typeof k !== 'string' || FORBIDDEN_KEYS.has(k)) return undefined;
  if (!Object.prototype.hasOwnProperty.call(obj, k)) return undefined;
  const value = (obj as Record<string, unknown>)[k];
  return typeof value === 'function' ? undefined : value;
}

/** The value of an `@` variable, looked up in the frame and then its parents. */
export function dataValue(frame: DataFrame | undefined, name: string): unknown {
  for (let f = frame; f; f = f.parent) if (f.vars.has(name)) return f.vars.get(name);
  return undefined;
}

/** Handlebars' emptiness: falsy except 0, or an empty array. */
export function isEmpty(value: unknown): boolean {
  return (!value && value !== 0) || (Array.isArray(value) && value.length === 0);
}

/** A value as text: nothing for null/undefined, else its string form. */
export function toText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  try {
    return String(value);
  } catch {
    // e.g. an object without a prototype
    return '[object Object]';
  }
}

const ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#x27;',
  '`': '&#x60;',
  '=': '&#x3D;',
};

/** Handlebars' `{{ }}` escaping. */
export function escapeExpression(value: unknown): string {
  return toText(value).replace(/[&<>"'`=]/g, (c) => ESCAPES[c]!);
}

/** A plain object or array (what JSON can hold), as opposed to Dates, primitives, … */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto: unknown = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
