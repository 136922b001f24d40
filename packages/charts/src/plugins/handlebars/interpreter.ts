/**
 * A Handlebars interpreter: walks the parsed template instead of compiling it to a function
 * (Handlebars.compile needs `new Function`, which the app's Content-Security-Policy forbids).
 * It follows Handlebars' runtime: `{{x}}` escaped, `{{{x}}}` raw, helpers before context
 * properties for simple names, `../` through the context stack, `@index`/`@key`/`@first`/
 * `@last`/`@root`, block params, and `{{#x}}` on a plain value (section semantics).
 * Unknown helpers and paths render nothing; lookups read own properties only.
 */
import type {
  BlockStatement,
  Expression,
  MustacheStatement,
  PathExpression,
  Program,
  Statement,
  SubExpression,
} from './ast.js';
import { each, HELPERS } from './helpers.js';
import { parse as parseHandlebars } from '@handlebars/parser';
import {
  dataValue,
  escapeExpression,
  getOwn,
  toText,
  type DataFrame,
  type Helper,
  type HelperOptions,
  type RunOptions,
} from './values.js';

export interface RenderResult {
  html: string;
  /** The parse error (or render limit) message; html is empty then. */
  error: string | null;
}

export interface RenderLimits {
  /** Characters of output. */
  maxOutput: number;
  /** Statements evaluated (guards nested loops over large data). */
  maxSteps: number;
}

const DEFAULT_LIMITS: RenderLimits = { maxOutput: 5_000_000, maxSteps: 2_000_000 };

class RenderLimitError extends Error {}

interface Scope {
  /** `this` first, then the enclosing contexts (`../`); pushed only when the context changes. */
  contexts: unknown[];
  data: DataFrame;
  /** Block params in scope, innermost first. */
  blockParams: Array<{ names: string[]; values: unknown[] }>;
}

type Call = MustacheStatement | SubExpression | BlockStatement;

const noop = () => '';

const isScoped = (p: PathExpression) => p.this === true || /^\.|this\b/.test(p.original);

/** The helper-or-property name of a call's path, when it is a simple identifier. */
function simpleName(path: Expression): string | undefined {
  switch (path.type) {
    case 'PathExpression': {
      const [head] = path.parts;
      const simple = path.parts.length === 1 && path.depth === 0 && !path.data && !isScoped(path);
      return simple && typeof head === 'string' ? head : undefined;
    }
    case 'SubExpression':
      return undefined;
    default:
      // A literal in the path position names a helper or property ({{"my key"}}).
      return String(path.original);
  }
}

const hasArgs = (node: Call) => node.params.length > 0 || (node.hash?.pairs.length ?? 0) > 0;

class Renderer {
  private output = 0;
  private steps = 0;

  constructor(
    private readonly helpers: ReadonlyMap<string, Helper>,
    private readonly limits: RenderLimits,
  ) {}

  program(program: Program | undefined, scope: Scope): string {
    this.step();
    let out = '';
    for (const statement of program?.body ?? []) out += this.statement(statement, scope);
    return out;
  }

  private emit(text: string): string {
    this.output += text.length;
    if (this.output > this.limits.maxOutput)
      throw new RenderLimitError('The template produces too much output');
    return text;
  }

  private step(): void {
    if (++this.steps > this.limits.maxSteps)
      throw new RenderLimitError('The template takes too many steps to render');
  }

  private statement(st: Statement, scope: Scope): string {
    this.step();
    switch (st.type) {
      case 'ContentStatement':
        return this.emit(st.value);
      case 'MustacheStatement': {
        const value = this.call(st, scope);
        return this.emit(st.escaped ? escapeExpression(value) : toText(value));
      }
      case 'BlockStatement':
        return this.block(st, scope);
      default:
        // Comments; partials and decorators are not supported.
        return '';
    }
  }

  private helperFor(node: Call, scope: Scope): [string, Helper] | undefined {
    const name = simpleName(node.path);
    if (name === undefined || this.blockParam(scope, name).found) return undefined;
    const helper = this.helpers.get(name);
    return helper ? [name, helper] : undefined;
  }

  /** A mustache or sub-expression: a helper call, else the value of its path. */
  private call(node: MustacheStatement | SubExpression, scope: Scope): unknown {
    const helper = this.helperFor(node, scope);
    if (helper) return this.invoke(helper, node, scope, undefined);
    if (hasArgs(node)) return undefined; // a missing helper renders nothing
    return this.pathValue(node.path, scope);
  }

  private block(node: BlockStatement, scope: Scope): string {
    const helper = this.helperFor(node, scope);
    if (helper) return toText(this.invoke(helper, node, scope, node));
    if (hasArgs(node)) return '';
    // A plain value as a section: true/false/empty, a list to iterate, or a new context.
    const value = this.pathValue(node.path, scope);
    const options = this.options('', node, scope, node);
    if (value === true) return options.fn(options.context);
    if (value === false || value === null || value === undefined)
      return options.inverse(options.context);
    if (Array.isArray(value))
      return value.length ? toText(each([value], options)) : options.inverse(options.context);
    return options.fn(value);
  }

  private options(
    name: string,
    node: Call,
    scope: Scope,
    block: BlockStatement | undefined,
  ): HelperOptions {
    const hash: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const pair of node.hash?.pairs ?? []) hash[pair.key] = this.param(pair.value, scope);
    return {
      name,
      hash,
      data: scope.data,
      context: scope.contexts[0],
      isBlock: block !== undefined,
      fn: block ? this.runner(block.program, scope) : noop,
      inverse: block ? this.runner(block.inverse, scope) : noop,
    };
  }

  private invoke(
    [name, helper]: [string, Helper],
    node: Call,
    scope: Scope,
    block?: BlockStatement,
  ): unknown {
    const params = node.params.map((p) => this.param(p, scope));
    const options = this.options(name, node, scope, block);
    try {
      return helper(params, options);
    } catch (e) {
      if (e instanceof RenderLimitError) throw e;
      return undefined; // a failing helper renders nothing
    }
  }

  /** Renders a block's program in the context the helper gives. */
  private runner(program: Program | undefined, scope: Scope) {
    return (context: unknown, run: RunOptions = {}): string => {
      const contexts =
        context === scope.contexts[0] ? scope.contexts : [context, ...scope.contexts];
      const names = program?.blockParams;
      const blockParams =
        names && run.blockParams
          ? [{ names, values: run.blockParams }, ...scope.blockParams]
          : scope.blockParams;
      return this.program(program, { contexts, data: run.data ?? scope.data, blockParams });
    };
  }

  /** An argument: literals are values, paths are looked up, sub-expressions are called. */
  private param(expr: Expression, scope: Scope): unknown {
    switch (expr.type) {
      case 'PathExpression':
        return this.lookup(expr, scope);
      case 'SubExpression':
        return this.call(expr, scope);
      default:
        return expr.value;
    }
  }

  /** The value named by a call's path (a literal there names a property). */
  private pathValue(path: Expression, scope: Scope): unknown {
    if (path.type === 'PathExpression') return this.lookup(path, scope);
    if (path.type === 'SubExpression') return this.call(path, scope);
    const name = String(path.original);
    return this.lookup(
      { type: 'PathExpression', data: false, depth: 0, parts: [name], original: name },
      scope,
    );
  }

  private blockParam(scope: Scope, name: string): { found: boolean; value?: unknown } {
    for (const { names, values } of scope.blockParams) {
      const i = names.indexOf(name);
      if (i >= 0) return { found: true, value: values[i] };
    }
    return { found: false };
  }

  private lookup(path: PathExpression, scope: Scope): unknown {
    const [head, ...rest] = path.parts;
    if (path.data) {
      let frame: DataFrame | undefined = scope.data;
      for (let d = 0; d < path.depth && frame; d++) frame = frame.parent;
      return typeof head === 'string' ? walk(dataValue(frame, head), rest) : undefined;
    }
    if (head !== undefined && typeof head !== 'string') return walk(this.call(head, scope), rest);
    if (head !== undefined && path.depth === 0 && !isScoped(path)) {
      const param = this.blockParam(scope, head);
      if (param.found) return walk(param.value, rest);
    }
    return walk(scope.contexts[path.depth], path.parts);
  }
}

function walk(base: unknown, parts: ReadonlyArray<string | SubExpression>): unknown {
  let value = base;
  for (const part of parts) {
    if (typeof part !== 'string') return undefined;
    value = getOwn(value, part);
    if (value === undefined) return undefined;
  }
  return value;
}

/** Renders a parsed template against a context (`this` at the top, and `@root`). */
export function renderProgram(
  program: Program,
  context: unknown,
  helpers: ReadonlyMap<string, Helper> = HELPERS,
  limits: RenderLimits = DEFAULT_LIMITS,
): RenderResult {
  const scope: Scope = {
    contexts: [context],
    data: { vars: new Map([['root', context]]) },
    blockParams: [],
  };
  try {
    return { html: new Renderer(helpers, limits).program(program, scope), error: null };
  } catch (e) {
    // The limits, or anything unforeseen (e.g. a stack overflow): shown, never thrown.
    return { html: '', error: e instanceof Error ? e.message : String(e) };
  }
}

/** Parses and renders a template; a syntax error comes back as `error`, never thrown. */
export function renderTemplate(
  source: string,
  context: unknown,
  helpers: ReadonlyMap<string, Helper> = HELPERS,
  limits: RenderLimits = DEFAULT_LIMITS,
): RenderResult {
  let program: Program;
  try {
    // The real Handlebars parser (no code generation: safe under a CSP without eval).
    program = parseHandlebars(source) as unknown as Program;
  } catch (e) {
    return { html: '', error: e instanceof Error ? e.message : String(e) };
  }
  return renderProgram(program, context, helpers, limits);
}
