/**
 * Conversions between JS data and @huggingface/jinja runtime values, and Python-style rendering
 * of values (`None`, `True`, `['a', 1]`) as Jinja in Superset prints them. Only plain data ever
 * crosses into the template: strings, numbers, booleans, null, arrays and plain objects.
 */
import { RenderProblem } from './errors.js';
import { Environment, type RuntimeValue } from './jinja.js';

export type { Node, RuntimeValue } from './jinja.js';
/** A function the template can call: runtime values in (keyword arguments last), one out. */
export type NativeFunction = (args: RuntimeValue[], scope: Environment) => RuntimeValue;

const scratch = new Environment();

/** A runtime value for JS data (which must already be plain: see `plainData`). */
export function toRuntime(value: unknown): RuntimeValue {
  scratch.variables.delete('v');
  const converted = scratch.set('v', value);
  scratch.variables.delete('v');
  return converted;
}

const FunctionValueClass = toRuntime(() => null).constructor as new (
  fn: NativeFunction,
) => RuntimeValue;
if (toRuntime(() => null).type !== 'FunctionValue' || toRuntime('x').type !== 'StringValue') {
  throw new Error('Unsupported @huggingface/jinja version (runtime value classes changed)');
}

/** A callable runtime value around a function of runtime values. */
export function nativeFunction(fn: NativeFunction): RuntimeValue {
  return new FunctionValueClass(fn);
}

export const isType = (value: RuntimeValue, ...types: string[]): boolean =>
  types.includes(value.type);

const isSequence = (value: RuntimeValue): boolean => isType(value, 'ArrayValue', 'TupleValue');
const isMapping = (value: RuntimeValue): boolean =>
  isType(value, 'ObjectValue', 'NamespaceValue', 'KeywordArgumentsValue');

/** JS data of a runtime value passed to a macro; a function is refused. */
export function fromRuntime(value: RuntimeValue): unknown {
  if (isSequence(value)) return (value.value as RuntimeValue[]).map(fromRuntime);
  if (isMapping(value)) {
    const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const [k, v] of value.value as Map<string, RuntimeValue>) out[k] = fromRuntime(v);
    return out;
  }
  if (value.type === 'FunctionValue') throw new RenderProblem('A function cannot be used as data');
  if (value.type === 'NullValue') return null; // its `value` is undefined
  return value.value;
}

const MAX_DATA_DEPTH = 64;

/**
 * A deep copy of context data keeping only plain data: strings, finite or not numbers, booleans,
 * null, arrays and objects whose prototype is Object.prototype or null (copied without a
 * prototype, so a `__proto__` key stays an ordinary key). Dates become ISO strings and bigints
 * strings; anything else (functions, class instances, symbols) becomes null, so nothing
 * callable or with a prototype chain reaches the template.
 */
export function plainData(value: unknown, depth = 0): unknown {
  if (depth > MAX_DATA_DEPTH) throw new RenderProblem('Template data is nested too deeply');
  switch (typeof value) {
    case 'string':
    case 'number':
    case 'boolean':
      return value;
    case 'bigint':
      return value.toString();
    case 'object': {
      if (value === null) return null;
      if (Array.isArray(value)) return value.map((item) => plainData(item, depth + 1));
      if (value instanceof Date) {
        return Number.isNaN(value.getTime()) ? null : value.toISOString();
      }
      const proto = Object.getPrototypeOf(value) as unknown;
      if (proto !== Object.prototype && proto !== null) return null;
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      for (const key of Object.keys(value)) {
        const desc = Object.getOwnPropertyDescriptor(value, key);
        if (desc && 'value' in desc) out[key] = plainData(desc.value, depth + 1);
      }
      return out;
    }
    default:
      return null;
  }
}

/** Python's truthiness of JS data (empty string, list and dict, 0, None and False are false). */
export function pythonTruthy(value: unknown): boolean {
  if (value === null || value === undefined || value === false || value === 0 || value === '') {
    return false;
  }
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

/** Python's `repr` of a string. */
export function pythonStringRepr(text: string): string {
  const quote = text.includes("'") && !text.includes('"') ? '"' : "'";
  let out = quote;
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (ch === quote || ch === '\\') out += `\\${ch}`;
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\x${code.toString(16).padStart(2, '0')}`;
    else out += ch;
  }
  return out + quote;
}

/** What Python's `str()` gives for a value, as `{{ value }}` prints it. */
export function pythonStr(value: RuntimeValue): string {
  switch (value.type) {
    case 'StringValue':
      return value.value as string;
    case 'UndefinedValue':
      return '';
    default:
      return pythonRepr(value);
  }
}

/** What Python's `repr()` gives for a value (inside lists and dicts). */
export function pythonRepr(value: RuntimeValue): string {
  switch (value.type) {
    case 'StringValue':
      return pythonStringRepr(value.value as string);
    case 'NullValue':
    case 'UndefinedValue':
      return 'None';
    case 'BooleanValue':
      return value.value ? 'True' : 'False';
    case 'IntegerValue':
    case 'FloatValue':
      return value.toString();
    case 'ArrayValue':
      return `[${(value.value as RuntimeValue[]).map(pythonRepr).join(', ')}]`;
    case 'TupleValue': {
      const items = (value.value as RuntimeValue[]).map(pythonRepr);
      return items.length === 1 ? `(${items[0]},)` : `(${items.join(', ')})`;
    }
    case 'FunctionValue':
      return '<function>';
    default:
      if (isMapping(value)) {
        const entries = [...(value.value as Map<string, RuntimeValue>)].map(
          ([k, v]) => `${pythonStringRepr(k)}: ${pythonRepr(v)}`,
        );
        return `{${entries.join(', ')}}`;
      }
      return '';
  }
}
