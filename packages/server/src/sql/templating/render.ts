/**
 * Rendering of user-written SQL templates with @huggingface/jinja, sandboxed and bounded.
 *
 * Why it is a sandbox: the interpreter resolves names, attributes and items only through Maps
 * of its own runtime values (never a JS property lookup, so no `constructor`, `__proto__` or
 * prototype chain), calls only its own function values, and has no statement that reaches
 * outside (no include, import, extends). We put into the environment only plain data (see
 * `plainData`) and our own functions, never a JS object with methods.
 *
 * What we add around the interpreter, through two hooks on its instance (`evaluate`, called for
 * every node, and `evaluateBlock`, which joins the output of statements):
 * - limits (TemplateLimits): a deadline checked at every step, a cap on the output, on any
 *   string an expression computes, on any list or dict, on nesting, and a bounded `range()`;
 * - the line being rendered, from marker calls put before each tag (scan.ts), for errors;
 * - output as Jinja in Superset prints it (`None`, `True`, `['a', 'b']`), an error instead of
 *   printing a function, and `<function>` instead of a function's JS source anywhere else;
 * - clear errors for unknown functions and non-callables, `"sep".join(list)` (Python's
 *   str.join, common in Superset templates) and the `where_in` filter.
 *
 * What the limits do not cover: parsing (linear, about 0.1 s per MB of template: cap the size
 * of the SQL upstream); one built-in operation runs to its end before the deadline is checked
 * (with the caps, the worst found is about 0.3 s and 40 MB, e.g. `split` of a 1 MiB string;
 * `{% filter title %}` over a block of up to 10 MiB of output can take about 1 s); the caps
 * count characters and items, not bytes.
 */
import {
  Environment,
  Interpreter,
  parse,
  tokenize,
  type Node,
  type RuntimeValue,
  type Token,
} from './jinja.js';
import { readableLibraryMessage, RenderProblem, TemplateError } from './errors.js';
import {
  supersetMacros,
  whereIn,
  type CallArguments,
  type MacroRecord,
  type TemplateContext,
} from './macros.js';
import { checkBlocks, LINE_MARKER, scanTags, withLineMarkers, type Tag } from './scan.js';
import { nativeFunction, plainData, pythonStr, toRuntime } from './values.js';

export interface TemplateLimits {
  /** Rendering time, in milliseconds (checked between evaluation steps). Default 1000. */
  timeoutMs: number;
  /** Characters of output. Default 10 MiB. */
  maxOutputLength: number;
  /**
   * Characters of any one string computed by an expression. Default 1 MiB. Text of the
   * template and what a tag prints directly are bounded by maxOutputLength instead; this
   * smaller cap bounds what one built-in (split, replace, title, a join…) can be asked to do.
   */
  maxStringLength: number;
  /** Items `range()` may produce. Default 100,000 (as Superset's sandbox). */
  maxRangeItems: number;
  /** Items of any one list or dict value. Default 100,000. */
  maxCollectionItems: number;
  /** Nested evaluations (deep expressions, macro recursion). Default 400. */
  maxDepth: number;
}

export const DEFAULT_LIMITS: TemplateLimits = {
  timeoutMs: 1000,
  maxOutputLength: 10 * 1024 * 1024,
  maxStringLength: 1024 * 1024,
  maxRangeItems: 100_000,
  maxCollectionItems: 100_000,
  maxDepth: 400,
};

type Program = Node;
type Evaluate = (statement: Node | undefined, environment: Environment) => RuntimeValue;
type EvaluateBlock = (statements: Node[], environment: Environment) => RuntimeValue;
interface Hooked {
  evaluate: Evaluate;
  evaluateBlock: EvaluateBlock;
}

const baseEvaluate = (Interpreter.prototype as unknown as Hooked).evaluate;
if (
  typeof baseEvaluate !== 'function' ||
  typeof (Interpreter.prototype as unknown as Hooked).evaluateBlock !== 'function'
) {
  throw new Error('Unsupported @huggingface/jinja version (Interpreter hooks changed)');
}

// Structural views of the AST nodes we look into.
interface IdentifierNode {
  type: 'Identifier';
  value: string;
}
interface CallNode {
  type: 'CallExpression';
  callee: Node;
  args: Node[];
}
interface MemberNode {
  type: 'MemberExpression';
  object: Node;
  property: Node;
  computed: boolean;
}
interface FilterNode {
  type: 'FilterExpression';
  operand: Node;
  filter: Node;
}
interface KeywordNode {
  type: 'KeywordArgumentExpression';
  key: IdentifierNode;
  value: Node;
}

/** Statements whose value is not output (they return their rendered text, or nothing). */
const SILENT_STATEMENTS = new Set(['If', 'For', 'Set', 'Macro', 'Comment', 'Break', 'Continue']);

const asIdentifier = (node: Node): string | null =>
  node.type === 'Identifier' ? (node as unknown as IdentifierNode).value : null;

interface RenderState {
  line: number | null;
  depth: number;
  output: number;
  deadline: number;
  /** The statement evaluateBlock is about to evaluate (its value is output, not a value). */
  blockChild: Node | null;
}

/** The rendered SQL and what the template used (see MacroRecord). */
export interface RenderInfo extends MacroRecord {
  sql: string;
}

/** Parses a template, with line markers when they can be placed; syntax errors located. */
function parseTemplate(sql: string): Program {
  const scan = scanTags(sql);
  const marked = scan.problem ? null : markedTokens(sql, scan.tags);
  if (marked) {
    try {
      return parse(marked);
    } catch {
      // located below, on the template as written
    }
  }
  try {
    return parse(tokenize(sql));
  } catch (err) {
    throw locateSyntaxError(sql, err);
  }
}

/**
 * The tokens of the template with line markers, if they are exactly the template's own tokens
 * once the markers are taken out (so the scanner read the tags as the lexer does); else null.
 */
function markedTokens(sql: string, tags: Tag[]): Token[] | null {
  try {
    const marked = tokenize(withLineMarkers(sql, tags));
    return sameTokens(withoutMarkers(marked), tokenize(sql)) ? marked : null;
  } catch {
    return null;
  }
}

function withoutMarkers(tokens: Token[]): Token[] {
  const out: Token[] = [];
  for (let i = 0; i < tokens.length; i += 1) {
    if (
      tokens[i]!.type === 'OpenExpression' &&
      tokens[i + 1]?.type === 'Identifier' &&
      tokens[i + 1]!.value === LINE_MARKER &&
      tokens[i + 2]?.type === 'OpenParen' &&
      tokens[i + 3]?.type === 'NumericLiteral' &&
      tokens[i + 4]?.type === 'CloseParen' &&
      tokens[i + 5]?.type === 'CloseExpression'
    ) {
      i += 5;
      continue;
    }
    out.push(tokens[i]!);
  }
  return out;
}

function sameTokens(a: Token[], b: Token[]): boolean {
  return (
    a.length === b.length && a.every((t, i) => t.type === b[i]!.type && t.value === b[i]!.value)
  );
}

const syntaxError = (message: string, line: number | null) =>
  new TemplateError(
    line === null
      ? `Template syntax error: ${message}`
      : `Template syntax error on line ${line}: ${message}`,
    line,
  );

function parseMessage(err: unknown): string {
  // The parser reads past the last token on an unfinished template (a TypeError).
  if (err instanceof TypeError) return 'Unexpected end of template';
  if (err instanceof RangeError) return 'The template is nested too deeply';
  return readableLibraryMessage(err instanceof Error ? err.message : String(err));
}

/**
 * The line of a syntax error: a lexical or block-structure problem from the scanner, or else the
 * first tag whose prefix of the template (with the blocks still open closed) does not parse.
 * Prefixes are parsed as a skeleton (tags only), so this stays fast on large templates.
 */
function locateSyntaxError(sql: string, err: unknown): TemplateError {
  const scan = scanTags(sql);
  if (scan.problem) return syntaxError(scan.problem.message, scan.problem.line);
  const blocks = checkBlocks(scan.tags);
  if (blocks.problem) return syntaxError(blocks.problem.message, blocks.problem.line);

  const pieces = scan.tags.map((tag: Tag, k: number) => {
    const previousEnd = k === 0 ? 0 : scan.tags[k - 1]!.end;
    return (tag.start > previousEnd ? ' ' : '') + sql.slice(tag.start, tag.end);
  });
  const prefixes: string[] = [];
  let acc = '';
  for (const piece of pieces) {
    acc += piece;
    prefixes.push(acc);
  }
  const failure = (k: number): unknown => {
    try {
      parse(tokenize(prefixes[k]! + blocks.closersAfter[k]!));
      return null;
    } catch (e) {
      return e;
    }
  };
  let lo = 0;
  let hi = scan.tags.length - 1;
  let found: { line: number; error: unknown } | null = null;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const e = failure(mid);
    if (e === null) lo = mid + 1;
    else {
      found = { line: scan.tags[mid]!.line, error: e };
      hi = mid - 1;
    }
  }
  return found
    ? syntaxError(parseMessage(found.error), found.line)
    : syntaxError(parseMessage(err), null);
}

/**
 * Renders a template; every failure is a TemplateError. `deadline` (a `performance.now()` time)
 * ends rendering earlier than `limits.timeoutMs` from now, when several templates share one
 * budget; the error still names `limits.timeoutMs`.
 */
export function renderTemplate(
  sql: string,
  context: TemplateContext,
  limits: TemplateLimits,
  deadline?: number,
): RenderInfo {
  const record: MacroRecord = {
    removedFilters: [],
    appliedFilters: [],
    appliedUrlParams: [],
    usesCurrentUser: false,
  };
  const program = parseTemplate(sql);
  const state: RenderState = {
    line: null,
    depth: 0,
    output: 0,
    // Counted from the end of parsing unless a shared deadline is given.
    deadline: deadline ?? performance.now() + limits.timeoutMs,
    blockChild: null,
  };
  try {
    const env = buildEnvironment(context, record, limits);
    const interpreter = new Interpreter(env);
    installHooks(interpreter, state, limits, context);
    const result = interpreter.run(program);
    return { sql: result.value as string, ...record };
  } catch (err) {
    throw renderError(err, state.line);
  }
}

function buildEnvironment(
  context: TemplateContext,
  record: MacroRecord,
  limits: TemplateLimits,
): Environment {
  const env = new Environment();
  const namespace = env.lookupVariable('namespace');
  const params = plainData(context.templateParams ?? {});
  if (params !== null && typeof params === 'object' && !Array.isArray(params)) {
    for (const [name, value] of Object.entries(params)) env.setVariable(name, toRuntime(value));
  }
  const constants: [string, unknown][] = [
    ['true', true],
    ['false', false],
    ['none', null],
    ['True', true],
    ['False', false],
    ['None', null],
  ];
  for (const [name, value] of constants) env.setVariable(name, toRuntime(value));
  env.setVariable('namespace', namespace);
  env.setVariable('range', boundedRange(limits.maxRangeItems));
  if (typeof context.fromDttm === 'string')
    env.setVariable('from_dttm', toRuntime(context.fromDttm));
  if (typeof context.toDttm === 'string') env.setVariable('to_dttm', toRuntime(context.toDttm));
  for (const [name, value] of supersetMacros(context, record)) env.setVariable(name, value);
  return env;
}

/** Python's range() over integers, refusing more than `max` items. */
function boundedRange(max: number): RuntimeValue {
  return nativeFunction((args) => {
    if (args.at(-1)?.type === 'KeywordArgumentsValue') {
      throw new RenderProblem('range() takes no keyword arguments');
    }
    if (args.length < 1 || args.length > 3) {
      throw new RenderProblem(`range() takes 1 to 3 arguments (${args.length} given)`);
    }
    const ints = args.map((a) => {
      if (a.type !== 'IntegerValue' && a.type !== 'BooleanValue') {
        throw new RenderProblem('range() arguments must be integers');
      }
      return Number(a.value);
    });
    const [start, stop, step] =
      ints.length === 1 ? [0, ints[0]!, 1] : [ints[0]!, ints[1]!, ints[2] ?? 1];
    if (step === 0) throw new RenderProblem('range() step must not be zero');
    const count = Math.max(0, Math.ceil((stop - start) / step));
    if (count > max) {
      throw new RenderProblem(`range() is limited to ${max} items (asked for ${count})`);
    }
    return toRuntime(Array.from({ length: count }, (_, i) => start + i * step));
  });
}

function installHooks(
  interpreter: Interpreter,
  state: RenderState,
  limits: TemplateLimits,
  context: TemplateContext,
): void {
  const hooked = interpreter as unknown as Hooked;
  const undefinedValue = toRuntime(undefined);

  const evaluateArgs = (nodes: Node[], env: Environment): CallArguments => {
    const call: CallArguments = { positional: [], keywords: new Map() };
    for (const node of nodes) {
      if (node.type === 'KeywordArgumentExpression') {
        const kw = node as unknown as KeywordNode;
        if (call.keywords.has(kw.key.value)) {
          throw new RenderProblem(`Keyword argument '${kw.key.value}' given twice`);
        }
        call.keywords.set(kw.key.value, hooked.evaluate(kw.value, env));
      } else if (node.type === 'SpreadExpression' || node.type === 'KeywordSpreadExpression') {
        throw new RenderProblem('Argument unpacking is not supported here');
      } else {
        call.positional.push(hooked.evaluate(node, env));
      }
    }
    return call;
  };

  const check = (value: RuntimeValue, printed: boolean): RuntimeValue => {
    switch (value.type) {
      case 'StringValue':
        if (!printed && (value.value as string).length > limits.maxStringLength) {
          throw new RenderProblem(
            `A string of the template is longer than the limit of ${limits.maxStringLength} characters`,
          );
        }
        break;
      case 'ArrayValue':
      case 'TupleValue':
        if ((value.value as unknown[]).length > limits.maxCollectionItems) {
          throw new RenderProblem(
            `A list of the template has more than ${limits.maxCollectionItems} items`,
          );
        }
        break;
      case 'ObjectValue':
      case 'NamespaceValue':
        if ((value.value as Map<string, unknown>).size > limits.maxCollectionItems) {
          throw new RenderProblem(
            `A dict of the template has more than ${limits.maxCollectionItems} items`,
          );
        }
        break;
      case 'FunctionValue': {
        // Printed or concatenated, a function would show its JS source: show a placeholder.
        const fn = value.value as { toString(): string };
        if (!Object.hasOwn(fn, 'toString')) {
          Object.defineProperty(fn, 'toString', { value: () => '<function>' });
        }
        break;
      }
    }
    return value;
  };

  const evaluateCall = (self: Interpreter, node: CallNode, env: Environment): RuntimeValue => {
    const name = asIdentifier(node.callee);
    if (name === LINE_MARKER) {
      const arg = node.args[0] as unknown as { type: string; value: unknown } | undefined;
      if (arg?.type === 'IntegerLiteral') state.line = Number(arg.value);
      return undefinedValue;
    }
    if (name !== null && env.lookupVariable(name).type === 'UndefinedValue') {
      throw new RenderProblem(`Unknown function '${name}'`);
    }
    if (node.callee.type === 'MemberExpression') {
      const member = node.callee as unknown as MemberNode;
      if (
        !member.computed &&
        member.object.type === 'StringLiteral' &&
        asIdentifier(member.property) === 'join'
      ) {
        return pythonJoin(
          (member.object as unknown as { value: string }).value,
          evaluateArgs(node.args, env),
        );
      }
    }
    const line = state.line;
    let result: RuntimeValue;
    try {
      result = baseEvaluate.call(self, node as unknown as Node, env);
    } catch (err) {
      // Calls inside the arguments are checked by their own hook, so this is about the callee.
      const got = /^Cannot call something that is not a function: got (\w+)$/.exec(
        err instanceof Error ? err.message : '',
      );
      if (got) {
        throw new RenderProblem(
          `'${describeCallee(node.callee)}' is not a function (it is ${readableLibraryMessage(got[1]!)})`,
        );
      }
      throw err;
    }
    state.line = line;
    return result;
  };

  const evaluateFilter = (
    self: Interpreter,
    node: FilterNode,
    env: Environment,
  ): RuntimeValue | null => {
    const filter = node.filter;
    const isWhereIn =
      asIdentifier(filter) === 'where_in' ||
      (filter.type === 'CallExpression' &&
        asIdentifier((filter as unknown as CallNode).callee) === 'where_in');
    if (!isWhereIn) return null;
    const operand = hooked.evaluate(node.operand, env);
    const call: CallArguments =
      filter.type === 'CallExpression'
        ? evaluateArgs((filter as unknown as CallNode).args, env)
        : { positional: [], keywords: new Map() };
    return toRuntime(whereIn(operand, call, context.quote));
  };

  hooked.evaluate = function (this: Interpreter, statement, env) {
    if (!statement) return undefinedValue;
    // The whole template and the statements of a block give output, not values.
    const printed = statement === state.blockChild || statement.type === 'Program';
    state.blockChild = null;
    if (performance.now() > state.deadline) {
      throw new RenderProblem(`Rendering the template took longer than ${limits.timeoutMs} ms`);
    }
    state.depth += 1;
    try {
      if (state.depth > limits.maxDepth) {
        throw new RenderProblem(
          'The template is nested too deeply (or a macro calls itself without end)',
        );
      }
      let result: RuntimeValue | null = null;
      if (statement.type === 'CallExpression') {
        result = evaluateCall(this, statement as unknown as CallNode, env);
      } else if (statement.type === 'FilterExpression') {
        result = evaluateFilter(this, statement as unknown as FilterNode, env);
      }
      return check(result ?? baseEvaluate.call(this, statement, env), printed);
    } finally {
      state.depth -= 1;
    }
  };

  hooked.evaluateBlock = function (this: Interpreter, statements, env) {
    let out = '';
    for (const statement of statements) {
      state.blockChild = statement;
      const value = hooked.evaluate.call(this, statement, env);
      let piece: string;
      if (SILENT_STATEMENTS.has(statement.type)) {
        piece = value.type === 'StringValue' ? (value.value as string) : '';
      } else {
        if (value.type === 'FunctionValue') {
          throw new RenderProblem('A function cannot be printed (call it with parentheses)');
        }
        piece = pythonStr(value);
        state.output += piece.length;
        if (state.output > limits.maxOutputLength) {
          throw new RenderProblem(
            `The output is longer than the limit of ${limits.maxOutputLength} characters`,
          );
        }
      }
      out += piece;
      if (out.length > limits.maxOutputLength) {
        throw new RenderProblem(
          `The output is longer than the limit of ${limits.maxOutputLength} characters`,
        );
      }
    }
    return toRuntime(out);
  };
}

/** `a.b.c` for a callee made of names and attributes, else `the called value`. */
function describeCallee(node: Node): string {
  const name = asIdentifier(node);
  if (name !== null) return name;
  if (node.type === 'MemberExpression') {
    const member = node as unknown as MemberNode;
    const property = asIdentifier(member.property);
    const object = describeCallee(member.object);
    if (!member.computed && property !== null && object !== 'the called value') {
      return `${object}.${property}`;
    }
  }
  return 'the called value';
}

/** Python's `"sep".join(items)`, lenient about non-string items (printed as `{{ }}` would). */
function pythonJoin(separator: string, call: CallArguments): RuntimeValue {
  const iterable = call.positional[0];
  if (call.positional.length !== 1 || call.keywords.size > 0 || !iterable) {
    throw new RenderProblem('str.join() takes exactly one argument');
  }
  let items: RuntimeValue[];
  if (iterable.type === 'ArrayValue' || iterable.type === 'TupleValue') {
    items = iterable.value as RuntimeValue[];
  } else if (iterable.type === 'StringValue') {
    items = Array.from(iterable.value as string, (ch) => toRuntime(ch));
  } else if (iterable.type === 'ObjectValue') {
    items = [...(iterable.value as Map<string, RuntimeValue>).keys()].map((k) => toRuntime(k));
  } else {
    throw new RenderProblem('str.join() needs a list');
  }
  return toRuntime(items.map(pythonStr).join(separator));
}

function renderError(err: unknown, line: number | null): TemplateError {
  if (err instanceof TemplateError) return err;
  let message: string;
  if (err instanceof RenderProblem) message = err.reason;
  else if (err instanceof RangeError) {
    message = /call stack/i.test(err.message)
      ? 'The template is nested too deeply (or a macro calls itself without end)'
      : 'The output of the template is too large';
  } else if (err instanceof Error) {
    const kind = err.constructor.name;
    if (kind === 'BreakControl' || kind === 'ContinueControl') {
      message = "'break' or 'continue' outside a loop";
    } else message = readableLibraryMessage(err.message);
  } else message = 'Rendering failed';
  return new TemplateError(
    line === null ? `Template error: ${message}` : `Template error on line ${line}: ${message}`,
    line,
  );
}
