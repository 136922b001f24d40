import { LAST_DAY_UNITS, TIME_UNITS, type LastDayUnit, type TimeUnit } from './calendar.js';
import { syntaxError } from './errors.js';
import type { DateExpression, IntegerExpression } from './expression-ast.js';
import { describePosition, tokenize, type Token } from './expression-lexer.js';

const DATE_FUNCTIONS = ['DATETIME', 'DATEADD', 'DATETRUNC', 'LASTDAY', 'HOLIDAY'] as const;
const MAX_NESTING = 64;
const MAX_AMOUNT = 1_000_000_000;

/**
 * Parses an advanced time expression, Superset's datetime_eval grammar:
 * `DATETIME("text")`, `DATEADD(expr, n, unit)`, `DATETRUNC(expr, unit)`,
 * `LASTDAY(expr, unit)`, `HOLIDAY("name"[, expr[, "country"]])`, with DATEDIFF as an amount.
 * Names and units ignore case; a trailing comma inside the parentheses is allowed.
 * Anything after the expression is an error (so are unbalanced parentheses).
 */
export function parseDateExpression(source: string): DateExpression {
  const parser = new ExpressionParser(tokenize(source));
  const expression = parser.dateExpression(0);
  parser.expectEnd();
  return expression;
}

class ExpressionParser {
  private index = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  private peek(): Token {
    return this.tokens[this.index] ?? this.tokens[this.tokens.length - 1]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.type !== 'end') this.index += 1;
    return token;
  }

  private accept(type: '(' | ')' | ','): boolean {
    if (this.peek().type !== type) return false;
    this.index += 1;
    return true;
  }

  private expect(type: '(' | ')' | ',', context: string): void {
    const token = this.peek();
    if (token.type !== type) {
      throw syntaxError(
        `expected '${type}' ${context} ${describePosition(token.at)}, found ${describe(token)}`,
      );
    }
    this.index += 1;
  }

  expectEnd(): void {
    const token = this.peek();
    if (token.type === ')') {
      throw syntaxError(`unbalanced parentheses: unexpected ')' ${describePosition(token.at)}`);
    }
    if (token.type !== 'end') {
      throw syntaxError(
        `unexpected ${describe(token)} ${describePosition(token.at)} after the expression`,
      );
    }
  }

  dateExpression(depth: number): DateExpression {
    if (depth > MAX_NESTING) throw syntaxError(`expressions nest more than ${MAX_NESTING} deep`);
    const token = this.next();
    const name = token.type === 'word' ? token.text.toUpperCase() : '';
    if (!(DATE_FUNCTIONS as readonly string[]).includes(name)) {
      throw syntaxError(
        `expected ${DATE_FUNCTIONS.join(', ')} ${describePosition(token.at)}, found ${describe(token)}`,
      );
    }
    this.expect('(', `after ${name}`);
    let expression: DateExpression;
    switch (name) {
      case 'DATETIME':
        expression = { kind: 'datetime', text: this.text('DATETIME') };
        break;
      case 'DATEADD': {
        const base = this.dateExpression(depth + 1);
        this.expect(',', 'after the date of DATEADD');
        const amount = this.integerExpression(depth + 1);
        this.expect(',', 'after the amount of DATEADD');
        const unit = this.unit(TIME_UNITS);
        this.accept(',');
        expression = { kind: 'dateadd', base, amount, unit };
        break;
      }
      case 'DATETRUNC': {
        const base = this.dateExpression(depth + 1);
        this.expect(',', 'after the date of DATETRUNC');
        const unit = this.unit(TIME_UNITS);
        this.accept(',');
        expression = { kind: 'datetrunc', base, unit };
        break;
      }
      case 'LASTDAY': {
        const base = this.dateExpression(depth + 1);
        this.expect(',', 'after the date of LASTDAY');
        const unit: LastDayUnit = this.unit(LAST_DAY_UNITS);
        this.accept(',');
        expression = { kind: 'lastday', base, unit };
        break;
      }
      default:
        expression = this.holiday(depth);
    }
    this.expect(')', `to close ${name}`);
    return expression;
  }

  /** HOLIDAY("name"[, date][, "country"]), commas optional as in Superset's grammar. */
  private holiday(depth: number): DateExpression {
    const name = this.text('HOLIDAY');
    this.accept(',');
    const base = this.peek().type === 'word' ? this.dateExpression(depth + 1) : null;
    this.accept(',');
    const country = this.peek().type === 'string' ? this.text('HOLIDAY') : null;
    this.accept(',');
    return { kind: 'holiday', name, base, country };
  }

  private integerExpression(depth: number): IntegerExpression {
    const token = this.peek();
    if (token.type === 'integer') {
      this.index += 1;
      const value = Number(token.text);
      if (!Number.isSafeInteger(value) || Math.abs(value) > MAX_AMOUNT) {
        throw syntaxError(`the amount ${token.text} ${describePosition(token.at)} is too large`);
      }
      return { kind: 'integer', value };
    }
    if (token.type === 'word' && token.text.toUpperCase() === 'DATEDIFF') {
      this.index += 1;
      this.expect('(', 'after DATEDIFF');
      const from = this.dateExpression(depth + 1);
      this.expect(',', 'after the first date of DATEDIFF');
      const to = this.dateExpression(depth + 1);
      let unit: 'day' | 'year' = 'day';
      if (this.accept(',') && this.peek().type === 'word') {
        unit = this.unit(['day', 'year'] as const);
        this.accept(',');
      }
      this.expect(')', 'to close DATEDIFF');
      return { kind: 'datediff', from, to, unit };
    }
    throw syntaxError(
      `expected an integer amount ${describePosition(token.at)}, found ${describe(token)}`,
    );
  }

  private unit<U extends TimeUnit>(allowed: readonly U[]): U {
    const token = this.next();
    const text = token.type === 'word' ? token.text.toLowerCase() : '';
    const unit = allowed.find((u) => u === text);
    if (unit === undefined) {
      throw syntaxError(
        `expected a unit (${allowed.join(', ')}) ${describePosition(token.at)}, found ${describe(token)}`,
      );
    }
    return unit;
  }

  private text(functionName: string): string {
    const token = this.next();
    if (token.type !== 'string') {
      throw syntaxError(
        `expected a quoted text in ${functionName} ${describePosition(token.at)}, found ${describe(token)}`,
      );
    }
    return token.value;
  }
}

function describe(token: Token): string {
  switch (token.type) {
    case 'end':
      return 'the end of the expression';
    case 'word':
    case 'integer':
      return `'${token.text}'`;
    case 'string':
      return `"${token.value}"`;
    default:
      return `'${token.type}'`;
  }
}

/** The quoted text for DATETIME("…") built by the range rules (quotes chosen to fit). */
export function quoteText(text: string): string {
  return text.includes('"') ? `'${text}'` : `"${text}"`;
}
