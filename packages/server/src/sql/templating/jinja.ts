/**
 * A typed view of the parts of @huggingface/jinja used here. Its declaration files import their
 * siblings without extensions, which NodeNext resolution cannot follow, so everything but
 * `Template` arrives untyped; these interfaces state what we rely on (checked at load time in
 * values.ts and render.ts, and by the tests).
 */
import * as jinja from '@huggingface/jinja';

/** A runtime value of the interpreter: `type` is its class name (`StringValue`, …). */
export interface RuntimeValue {
  type: string;
  value: unknown;
  toString(): string;
}

/** An AST node (statement or expression); `type` is its class name (`CallExpression`, …). */
export interface Node {
  type: string;
}

export interface Token {
  type: string;
  value: string;
}

export interface Environment {
  variables: Map<string, RuntimeValue>;
  /** Declares a variable from JS data (functions are wrapped); throws if already declared. */
  set(name: string, value: unknown): RuntimeValue;
  setVariable(name: string, value: RuntimeValue): RuntimeValue;
  lookupVariable(name: string): RuntimeValue;
}

export interface Interpreter {
  run(program: Node): RuntimeValue;
  evaluate(statement: Node | undefined, environment: Environment): RuntimeValue;
}

export const Environment = jinja.Environment as new (parent?: Environment) => Environment;
export const Interpreter = jinja.Interpreter as new (env?: Environment) => Interpreter;
export const tokenize = jinja.tokenize as (
  source: string,
  options?: { trim_blocks?: boolean; lstrip_blocks?: boolean },
) => Token[];
export const parse = jinja.parse as (tokens: Token[]) => Node;
