/**
 * The helpers templates can call: Handlebars' built-ins (each, if, unless, with, lookup, log),
 * Superset's (dateFormat, stringify, formatNumber, parseJson) and the part of
 * just-handlebars-helpers Superset registers that needs no extra library.
 */
import { getNumberFormatter } from '../../format/number-format.js';
import { formatDate } from './date-format.js';
import {
  getOwn,
  isEmpty,
  isPlainObject,
  type DataFrame,
  type Helper,
  type HelperOptions,
} from './values.js';

const frame = (parent: DataFrame, vars: Record<string, unknown>): DataFrame => ({
  vars: new Map(Object.entries(vars)),
  parent,
});

export const each: Helper = ([context], o) => {
  let out = '';
  const items: Array<[string | number, unknown]> = Array.isArray(context)
    ? context.map((v, i) => [i, v])
    : context !== null && typeof context === 'object'
      ? Object.keys(context).map((k) => [k, getOwn(context, k)])
      : [];
  items.forEach(([key, value], index) => {
    const data = frame(o.data, {
      key,
      index,
      first: index === 0,
      last: index === items.length - 1,
    });
    out += o.fn(value, { data, blockParams: [value, key] });
  });
  return items.length ? out : o.inverse(o.context);
};

const ifHelper: Helper = (params, o) => {
  if (params.length !== 1) return '';
  const [cond] = params;
  const falsy = (!o.hash.includeZero && !cond) || isEmpty(cond);
  return falsy ? o.inverse(o.context) : o.fn(o.context);
};

const unless: Helper = (params, o) => ifHelper(params, { ...o, fn: o.inverse, inverse: o.fn });

const withHelper: Helper = ([context], o) =>
  isEmpty(context) ? o.inverse(o.context) : o.fn(context, { blockParams: [context] });

const num = (v: unknown) => Number(v);

/** `{{stringify obj}}`: objects and arrays as indented JSON, anything else as text. */
const stringify: Helper = (params) => {
  if (params.length === 0) return '';
  const [value] = params;
  if (isPlainObject(value) || Array.isArray(value)) return JSON.stringify(value, null, 2);
  return String(value);
};

/** `{{formatNumber n}}`, `{{formatNumber n "de-DE"}}`, `locale="…"` or a d3 `format="…"`. */
const formatNumber: Helper = ([value, localeArg], o) => {
  if (value === null || value === undefined || value === '') return '';
  const n = typeof value === 'number' ? value : Number(value);
  if (Number.isNaN(n)) return String(value);
  const format = o.hash.format;
  if (typeof format === 'string' && format) return getNumberFormatter(format)(n);
  const locale = typeof o.hash.locale === 'string' ? o.hash.locale : localeArg;
  try {
    return n.toLocaleString(typeof locale === 'string' && locale ? locale : 'en-US');
  } catch {
    return n.toLocaleString('en-US');
  }
};

const parseJson: Helper = ([text]) => {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
};

const dateFormat: Helper = ([value, positional], o: HelperOptions) => {
  if (value === null || value === undefined) return '';
  const format = o.hash.format ?? positional;
  return formatDate(value, typeof format === 'string' && format ? format : 'YYYY-MM-DD');
};

const excerpt: Helper = ([text, length]) => {
  const n = parseInt(String(length), 10) || 50;
  if (typeof text !== 'string' || text.length < n) return text;
  return `${text.slice(0, n)}...`;
};

const capitalizeEach: Helper = ([text]) =>
  typeof text === 'string'
    ? text.toLowerCase().replace(/\w\S*/g, (w) => w.charAt(0).toUpperCase() + w.slice(1))
    : text;

// eqw, neqw and non-strict includes are the loose (==) comparisons by definition.
const includes: Helper = ([list, value, strict = true]) =>
  Array.isArray(list) && list.some((item) => (strict ? item === value : item == value));

const JUST_HELPERS: Record<string, Helper> = {
  eq: ([a, b]) => a === b,
  eqw: ([a, b]) => a == b,
  neq: ([a, b]) => a !== b,
  neqw: ([a, b]) => a != b,
  lt: ([a, b]) => (a as number) < (b as number),
  lte: ([a, b]) => (a as number) <= (b as number),
  gt: ([a, b]) => (a as number) > (b as number),
  gte: ([a, b]) => (a as number) >= (b as number),
  not: ([a]) => !a,
  ifx: ([cond, a, b]) => (cond ? a : (b ?? '')),
  empty: ([list]) => !Array.isArray(list) || list.length === 0,
  count: ([list]) => (Array.isArray(list) ? list.length : false),
  and: (params) => params.every(Boolean),
  or: (params) => params.some(Boolean),
  coalesce: (params) => params.find(Boolean) ?? params[params.length - 1],
  includes,
  sum: ([a, b]) => num(a) + num(b),
  difference: ([a, b]) => num(a) - num(b),
  multiplication: ([a, b]) => num(a) * num(b),
  division: ([a, b]) => num(a) / num(b),
  remainder: ([a, b]) => num(a) % num(b),
  ceil: ([a]) => Math.ceil(num(a)),
  floor: ([a]) => Math.floor(num(a)),
  abs: ([a]) => Math.abs(num(a)),
  excerpt,
  capitalizeEach,
  capitalizeFirst: ([t]) => (typeof t === 'string' ? t.charAt(0).toUpperCase() + t.slice(1) : t),
  lowercase: ([t]) => (typeof t === 'string' ? t.toLowerCase() : t),
  uppercase: ([t]) => (typeof t === 'string' ? t.toUpperCase() : t),
  join: ([list, sep]) =>
    Array.isArray(list) ? list.join(typeof sep === 'string' ? sep : '') : false,
};

/** Every helper by name. */
export const HELPERS: ReadonlyMap<string, Helper> = new Map<string, Helper>([
  ['each', each],
  ['if', ifHelper],
  ['unless', unless],
  ['with', withHelper],
  ['lookup', ([obj, field]) => (obj ? getOwn(obj, field) : obj)],
  ['log', () => ''],
  ['dateFormat', dateFormat],
  ['stringify', stringify],
  ['formatNumber', formatNumber],
  ['parseJson', parseJson],
  ...Object.entries(JUST_HELPERS),
]);
