/**
 * The one error of SQL templating: a syntax error, a failing macro or filter, an exceeded limit,
 * or bad template parameters. The message is meant for the user who wrote the template (it
 * names the line when it is known) and never holds a stack or the engine's internals.
 */
export class TemplateError extends Error {
  override readonly name = 'TemplateError';

  constructor(
    message: string,
    /** The 1-based line of the template the error is about, when known. */
    readonly line: number | null = null,
  ) {
    super(message);
  }
}

/** A problem found while rendering, before its line is known (the renderer adds it). */
export class RenderProblem extends Error {
  constructor(readonly reason: string) {
    super(reason);
  }
}

const TOKEN_NAMES: Record<string, string> = {
  OpenExpression: "'{{'",
  CloseExpression: "'}}'",
  OpenStatement: "'{%'",
  CloseStatement: "'%}'",
  OpenParen: "'('",
  CloseParen: "')'",
  OpenSquareBracket: "'['",
  CloseSquareBracket: "']'",
  OpenCurlyBracket: "'{'",
  CloseCurlyBracket: "'}'",
  Comma: "','",
  Dot: "'.'",
  Colon: "':'",
  Pipe: "'|'",
  Equals: "'='",
  CallOperator: "'()'",
  AdditiveBinaryOperator: 'an operator',
  MultiplicativeBinaryOperator: 'an operator',
  ExponentiationBinaryOperator: "'**'",
  ComparisonBinaryOperator: 'a comparison',
  UnaryOperator: 'an operator',
  NumericLiteral: 'a number',
  StringLiteral: 'a string',
  Identifier: 'a name',
  Text: 'text',
};

const VALUE_NAMES: Record<string, string> = {
  StringValue: 'string',
  IntegerValue: 'integer',
  FloatValue: 'float',
  BooleanValue: 'boolean',
  ArrayValue: 'list',
  TupleValue: 'tuple',
  ObjectValue: 'dict',
  KeywordArgumentsValue: 'keyword arguments',
  NamespaceValue: 'namespace',
  FunctionValue: 'function',
  NullValue: 'None',
  UndefinedValue: 'undefined',
};

const NAME_PATTERN = new RegExp(
  `\\b(${[...Object.keys(TOKEN_NAMES), ...Object.keys(VALUE_NAMES)].join('|')})\\b`,
  'g',
);

/**
 * A message of @huggingface/jinja in the template writer's terms: token and value class names
 * become symbols and Python type names, and the parser's `A !== B` suffix goes.
 */
export function readableLibraryMessage(message: string): string {
  const text = message
    .replace(/^Parser Error: /, '')
    .replace(/\.\s*\w+ !== \w+\.$/, '')
    .replace(NAME_PATTERN, (name) => TOKEN_NAMES[name] ?? VALUE_NAMES[name] ?? name)
    .trim();
  return text === '' ? 'invalid template' : text;
}
