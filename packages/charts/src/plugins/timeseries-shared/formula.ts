/**
 * FORMULA annotation layers: an expression of `x` (the x value, epoch ms for time axes) evaluated
 * in the browser. A small parser of numbers, `x`, + - * / ^, unary minus and parentheses — no
 * eval, no functions, so a shared chart cannot run code through a formula.
 */
type Node =
  | { kind: 'num'; value: number }
  | { kind: 'x' }
  | { kind: 'neg'; arg: Node }
  | { kind: 'bin'; op: '+' | '-' | '*' | '/' | '^'; left: Node; right: Node };

export class FormulaError extends Error {}

function tokenize(text: string): string[] {
  const tokens =
    text.replace(/^\s*y\s*=/, '').match(/\d+(?:\.\d+)?(?:e[-+]?\d+)?|[x()+\-*/^]|\S/gi) ?? [];
  for (const t of tokens)
    if (!/^(\d|[x()+\-*/^])/i.test(t)) throw new FormulaError(`Unexpected "${t}" in formula`);
  return tokens;
}

export function parseFormula(text: string): Node {
  const tokens = tokenize(text);
  let i = 0;
  const peek = () => tokens[i];
  const next = () => tokens[i++];
  const primary = (): Node => {
    const t = next();
    if (t === undefined) throw new FormulaError('The formula ends too early');
    if (t === '(') {
      const inner = expr();
      if (next() !== ')') throw new FormulaError('Missing )');
      return inner;
    }
    if (t === '-') return { kind: 'neg', arg: power() };
    if (t.toLowerCase() === 'x') return { kind: 'x' };
    const value = Number(t);
    if (!Number.isFinite(value)) throw new FormulaError(`Unexpected "${t}" in formula`);
    return { kind: 'num', value };
  };
  const power = (): Node => {
    const base = primary();
    if (peek() === '^') {
      next();
      return { kind: 'bin', op: '^', left: base, right: power() };
    }
    return base;
  };
  const term = (): Node => {
    let left = power();
    while (peek() === '*' || peek() === '/') {
      const op = next() as '*' | '/';
      left = { kind: 'bin', op, left, right: power() };
    }
    return left;
  };
  const expr = (): Node => {
    let left = term();
    while (peek() === '+' || peek() === '-') {
      const op = next() as '+' | '-';
      left = { kind: 'bin', op, left, right: term() };
    }
    return left;
  };
  const tree = expr();
  if (i !== tokens.length) throw new FormulaError(`Unexpected "${tokens[i]}" in formula`);
  return tree;
}

export function evaluateFormula(node: Node, x: number): number {
  switch (node.kind) {
    case 'num':
      return node.value;
    case 'x':
      return x;
    case 'neg':
      return -evaluateFormula(node.arg, x);
    case 'bin': {
      const a = evaluateFormula(node.left, x);
      const b = evaluateFormula(node.right, x);
      if (node.op === '+') return a + b;
      if (node.op === '-') return a - b;
      if (node.op === '*') return a * b;
      if (node.op === '/') return a / b;
      return a ** b;
    }
  }
}
