/**
 * The subset of the Handlebars AST (as `@handlebars/parser` produces it) that the interpreter
 * reads. Fields the interpreter does not need (`loc`, strip flags) are optional so that the
 * parser package's nodes fit these types structurally.
 */

export interface Program {
  type: 'Program';
  body: Statement[];
  blockParams?: string[];
  /** Set on the inverse program of an `{{else if …}}` chain. */
  chained?: boolean;
}

export interface StripFlags {
  open?: boolean;
  close?: boolean;
}

export interface MustacheStatement {
  type: 'MustacheStatement';
  path: Expression;
  params: Expression[];
  hash?: Hash;
  /** `{{x}}` is escaped, `{{{x}}}` and `{{&x}}` are not. */
  escaped: boolean;
  strip?: StripFlags;
}

export interface BlockStatement {
  type: 'BlockStatement';
  path: Expression;
  params: Expression[];
  hash?: Hash;
  /** Missing for an inverted block without `{{else}}` (`{{^x}}…{{/x}}`). */
  program?: Program;
  inverse?: Program;
  openStrip?: StripFlags;
  inverseStrip?: StripFlags;
  closeStrip?: StripFlags;
}

export interface ContentStatement {
  type: 'ContentStatement';
  value: string;
  original: string;
}

export interface CommentStatement {
  type: 'CommentStatement';
  value: string;
  strip?: StripFlags;
}

/** Partials, partial blocks and decorators: parsed, rendered as nothing. */
export interface UnsupportedStatement {
  type: 'PartialStatement' | 'PartialBlockStatement' | 'Decorator' | 'DecoratorBlock';
}

export type Statement =
  MustacheStatement | BlockStatement | ContentStatement | CommentStatement | UnsupportedStatement;

export interface PathExpression {
  type: 'PathExpression';
  /** `@index`, `@root.x`. */
  data: boolean;
  /** How many `../` lead the path. */
  depth: number;
  /** The segments after `this`/`..`; newer parsers may put a SubExpression first. */
  parts: Array<string | SubExpression>;
  original: string;
  /** Newer parsers flag `this.x` here; older ones only in `original`. */
  this?: boolean;
}

export interface SubExpression {
  type: 'SubExpression';
  path: Expression;
  params: Expression[];
  hash?: Hash;
}

export interface StringLiteral {
  type: 'StringLiteral';
  value: string;
  original: string;
}
export interface NumberLiteral {
  type: 'NumberLiteral';
  value: number;
  original: number;
}
export interface BooleanLiteral {
  type: 'BooleanLiteral';
  value: boolean;
  original: boolean;
}
export interface UndefinedLiteral {
  type: 'UndefinedLiteral';
  value?: undefined;
  original?: undefined;
}
export interface NullLiteral {
  type: 'NullLiteral';
  value?: null;
  original?: null;
}

export type Literal =
  StringLiteral | NumberLiteral | BooleanLiteral | UndefinedLiteral | NullLiteral;

export type Expression = PathExpression | SubExpression | Literal;

export interface Hash {
  type: 'Hash';
  pairs: HashPair[];
}

export interface HashPair {
  type: 'HashPair';
  key: string;
  value: Expression;
}
