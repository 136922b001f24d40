/**
 * Superset's Jinja macros for SQL Lab and virtual datasets (superset/jinja_context.py), over
 * plain context data: `url_param`, `current_username`, `current_user_id`, `current_user_email`,
 * `filter_values`, `get_filters`, and the `where_in` filter. Each function binds its arguments
 * the Python way (positional or keyword, defaults, clear errors) and records what the query
 * depends on (URL parameters, the user) and which filters it applied or removed.
 */
import { RenderProblem } from './errors.js';
import {
  fromRuntime,
  nativeFunction,
  plainData,
  pythonTruthy,
  toRuntime,
  type RuntimeValue,
} from './values.js';

/** The logged-in user, as Superset's `g.user`. */
export interface TemplateUser {
  id: number | string;
  username: string;
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/** A filter of the dashboard or explore (a SIMPLE WHERE adhoc filter in Superset). */
export interface TemplateFilter {
  col: string;
  op: string;
  val: unknown;
}

/** An SQL literal of the engine (EngineSpec.literal). */
export type QuoteLiteral = (value: string | number | boolean | null | Date) => string;

export interface TemplateContext {
  /** The JSON template parameters of the SQL Lab tab or dataset, as top-level variables. */
  templateParams?: Record<string, unknown>;
  /** The page's query string, for `url_param`. */
  urlParams?: Record<string, string>;
  /** The current user, or null (anonymous, or a background job). */
  user?: TemplateUser | null;
  /** Filters of the dashboard or explore, for `filter_values` and `get_filters`. */
  filters?: TemplateFilter[];
  /** Start of the time range, exposed as `from_dttm` when given. */
  fromDttm?: string | null;
  /** End of the time range, exposed as `to_dttm` when given. */
  toDttm?: string | null;
  /** The engine's SQL literal (EngineSpec.literal). */
  quote: QuoteLiteral;
  /** The engine's identifier quoting (EngineSpec.quoteIdentifier). */
  quoteIdentifier: (name: string) => string;
}

/** What a render found out besides the SQL. */
export interface MacroRecord {
  /** Columns whose filters a `filter_values`/`get_filters(…, remove_filter=True)` applied. */
  removedFilters: string[];
  /** Columns whose filters the template read (Superset's applied_filters). */
  appliedFilters: string[];
  /** Names of URL parameters read by `url_param` with add_to_cache_keys (the default). */
  appliedUrlParams: string[];
  /** Whether a current_user_* macro was called with add_to_cache_keys (the default). */
  usesCurrentUser: boolean;
}

interface Param {
  name: string;
  /** Absent: the argument is required. */
  default?: unknown;
}

const pushOnce = (list: string[], item: string) => {
  if (!list.includes(item)) list.push(item);
};

/** Positional arguments and keyword arguments of a call (the library passes them last). */
export interface CallArguments {
  positional: RuntimeValue[];
  keywords: Map<string, RuntimeValue>;
}

export function splitArguments(args: RuntimeValue[]): CallArguments {
  const positional = args.slice();
  const last = positional.at(-1);
  if (last?.type === 'KeywordArgumentsValue') {
    positional.pop();
    return { positional, keywords: new Map(last.value as Map<string, RuntimeValue>) };
  }
  return { positional, keywords: new Map() };
}

/** Python's argument binding: positional then keyword, defaults, errors worded as Python's. */
export function bindArguments(fn: string, params: Param[], call: CallArguments): unknown[] {
  const positional = call.positional;
  const keywords = new Map(call.keywords);
  if (positional.length > params.length) {
    const required = params.filter((p) => !('default' in p)).length;
    const range =
      required === params.length ? `${params.length}` : `from ${required} to ${params.length}`;
    throw new RenderProblem(
      `${fn}() takes ${range} argument${range === '1' ? '' : 's'} (${positional.length} given)`,
    );
  }
  const values = params.map((param, i) => {
    const given = positional[i];
    const keyword = keywords.get(param.name);
    keywords.delete(param.name);
    if (given !== undefined && keyword !== undefined) {
      throw new RenderProblem(`${fn}() got multiple values for argument '${param.name}'`);
    }
    const value = given ?? keyword;
    if (value !== undefined) return fromRuntime(value);
    if (!('default' in param)) {
      throw new RenderProblem(`${fn}() missing required argument '${param.name}'`);
    }
    return param.default;
  });
  const unexpected = keywords.keys().next();
  if (!unexpected.done) {
    throw new RenderProblem(`${fn}() got an unexpected keyword argument '${unexpected.value}'`);
  }
  return values;
}

function requireString(fn: string, name: string, value: unknown): string {
  if (typeof value !== 'string') {
    throw new RenderProblem(`${fn}() argument '${name}' must be a string`);
  }
  return value;
}

/**
 * The text of a value to put between single quotes: the engine's literal without its outer
 * quotes, as Superset's url_param does with the dialect's string literal processor (quotes
 * doubled, and backslashes too on MySQL). A literal of another shape (PostgreSQL's E'…' for a
 * string holding a backslash) falls back to doubling the single quotes.
 */
export function escapeForQuotes(value: string, quote: QuoteLiteral): string {
  const literal = quote(value);
  if (literal.length >= 2 && literal.startsWith("'") && literal.endsWith("'")) {
    return literal.slice(1, -1);
  }
  return value.replace(/'/g, "''");
}

const UNSUPPORTED = [
  'dataset',
  'metric',
  'get_time_filter',
  'current_user_roles',
  'current_user_rls_rules',
  'cache_key_wrapper',
];

/** The macros as runtime functions, writing what they use into `record`. */
export function supersetMacros(
  context: TemplateContext,
  record: MacroRecord,
): Map<string, RuntimeValue> {
  const urlParams = context.urlParams ?? {};
  const user = context.user ?? null;
  const filters = (context.filters ?? []).map((f) => ({
    col: String(f.col),
    op: typeof f.op === 'string' ? f.op.toUpperCase() : null,
    val: plainData(f.val),
  }));
  const macros = new Map<string, RuntimeValue>();
  const define = (name: string, fn: (args: RuntimeValue[]) => unknown) =>
    macros.set(
      name,
      nativeFunction((args) => toRuntime(plainData(fn(args)))),
    );

  define('url_param', (args) => {
    const [param, fallback, addToCacheKeys, escapeResult] = bindArguments(
      'url_param',
      [
        { name: 'param' },
        { name: 'default', default: null },
        { name: 'add_to_cache_keys', default: true },
        { name: 'escape_result', default: true },
      ],
      splitArguments(args),
    );
    const name = requireString('url_param', 'param', param);
    const result = Object.hasOwn(urlParams, name) ? urlParams[name] : fallback;
    if (pythonTruthy(addToCacheKeys)) pushOnce(record.appliedUrlParams, name);
    if (typeof result === 'string' && result !== '' && pythonTruthy(escapeResult)) {
      return escapeForQuotes(result, context.quote);
    }
    return result;
  });

  const userMacro = (name: string, field: (u: TemplateUser) => unknown) =>
    define(name, (args) => {
      const [addToCacheKeys] = bindArguments(
        name,
        [{ name: 'add_to_cache_keys', default: true }],
        splitArguments(args),
      );
      if (pythonTruthy(addToCacheKeys)) record.usesCurrentUser = true;
      return user ? (field(user) ?? null) : null;
    });
  userMacro('current_username', (u) => u.username);
  userMacro('current_user_id', (u) => u.id);
  userMacro('current_user_email', (u) => u.email);

  const getFilters = (column: string, removeFilter: boolean) => {
    const found: { op: string | null; col: string; val: unknown }[] = [];
    for (const flt of filters) {
      if (flt.col !== column || !pythonTruthy(flt.val)) continue;
      if (removeFilter) pushOnce(record.removedFilters, column);
      pushOnce(record.appliedFilters, column);
      const val =
        (flt.op === 'IN' || flt.op === 'NOT IN') && !Array.isArray(flt.val) ? [flt.val] : flt.val;
      found.push({ op: flt.op, col: column, val });
    }
    return found;
  };

  define('get_filters', (args) => {
    const [column, removeFilter] = bindArguments(
      'get_filters',
      [{ name: 'column' }, { name: 'remove_filter', default: false }],
      splitArguments(args),
    );
    return getFilters(requireString('get_filters', 'column', column), pythonTruthy(removeFilter));
  });

  define('filter_values', (args) => {
    const [column, fallback, removeFilter] = bindArguments(
      'filter_values',
      [
        { name: 'column' },
        { name: 'default', default: null },
        { name: 'remove_filter', default: false },
      ],
      splitArguments(args),
    );
    const values: unknown[] = [];
    for (const flt of getFilters(
      requireString('filter_values', 'column', column),
      pythonTruthy(removeFilter),
    )) {
      if (Array.isArray(flt.val)) values.push(...(flt.val as unknown[]));
      else if (pythonTruthy(flt.val)) values.push(flt.val);
    }
    return values.length === 0 && pythonTruthy(fallback) ? [fallback] : values;
  });

  for (const name of UNSUPPORTED) {
    macros.set(
      name,
      nativeFunction(() => {
        throw new RenderProblem(`${name}() is not supported in SQL templates here`);
      }),
    );
  }
  return macros;
}

/**
 * Superset's `where_in` filter: `('a', 'b', 3)` from a list, each value an engine literal.
 * `default_to_none=True` gives None for an empty list (which otherwise gives `()`).
 */
export function whereIn(operand: RuntimeValue, call: CallArguments, quote: QuoteLiteral): unknown {
  const [, , defaultToNone] = bindArguments(
    'where_in',
    [
      { name: 'values' },
      { name: 'mark', default: null },
      { name: 'default_to_none', default: false },
    ],
    { positional: [operand, ...call.positional], keywords: call.keywords },
  );
  const values = fromRuntime(operand);
  if (!Array.isArray(values)) throw new RenderProblem('where_in needs a list of values');
  if (values.length === 0 && pythonTruthy(defaultToNone)) return null;
  const literals = values.map((v) => {
    if (v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      return quote(v);
    }
    return quote(JSON.stringify(v));
  });
  return `(${literals.join(', ')})`;
}
