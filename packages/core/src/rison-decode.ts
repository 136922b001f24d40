/**
 * A strict rison decoder with messages of our own.
 *
 * The `rison` package's parser keeps going after a syntax error (reading past it into
 * `Cannot read properties of null`), recurses once per nesting level (a deep `!(!(!(…` ends in
 * `Maximum call stack size exceeded`) and logs to the console. This one stops at the first
 * problem with a `RisonError` naming it and its position, refuses text longer than
 * `MAX_RISON_LENGTH` and nesting deeper than `MAX_RISON_DEPTH` before building anything, and
 * accepts the same language as rison.js's `decode` (no whitespace; ids, numbers, `'…'` strings
 * with `!!` and `!'` escapes, `!t` `!f` `!n`, `!(…)` arrays and `(…)` objects).
 */

/** A value that rison can carry. */
export type RisonValue =
  string | number | boolean | null | RisonValue[] | { [key: string]: RisonValue };

/** Longest rison text decoded (characters); list calls' `q` values are far shorter. */
export const MAX_RISON_LENGTH = 100_000;
/** Deepest nesting of arrays and objects decoded; real `q` values nest 3 or 4 levels. */
export const MAX_RISON_DEPTH = 32;

/** A text that is not rison: the message is ours and safe to show. */
export class RisonError extends Error {
  constructor(
    readonly reason: string,
    readonly position: number | null,
  ) {
    super(
      `Not a valid rison value: ${reason}${position === null ? '' : ` at position ${position}`}`,
    );
    this.name = 'RisonError';
  }
}

/** Characters that end an id (rison's `not_idchar`); ids may not start with `-` or a digit. */
const NOT_ID_CHAR = " '!:(),*@$";
const NUMBER = /-?\d+(?:\.\d+)?(?:[eE]-?\d+)?/y;

function isIdStart(c: string): boolean {
  return !NOT_ID_CHAR.includes(c) && c !== '-' && !(c >= '0' && c <= '9');
}

/** Refuses text too long or nested too deep, before any value is built. */
function checkShape(text: string): void {
  if (text.length > MAX_RISON_LENGTH) {
    throw new RisonError(`the text is longer than ${MAX_RISON_LENGTH} characters`, null);
  }
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '!') i++;
      else if (c === "'") inString = false;
    } else if (c === "'") {
      inString = true;
    } else if (c === '(') {
      if (++depth > MAX_RISON_DEPTH) {
        throw new RisonError(`nesting is deeper than ${MAX_RISON_DEPTH} levels`, i);
      }
    } else if (c === ')') {
      depth--;
    }
  }
}

class Parser {
  private i = 0;
  constructor(private readonly s: string) {}

  parse(): RisonValue {
    const value = this.value();
    if (this.i < this.s.length) this.fail(`unexpected '${this.s[this.i]}' after the value`);
    return value;
  }

  private fail(reason: string, at: number = this.i): never {
    throw new RisonError(reason, at);
  }

  private value(): RisonValue {
    const c = this.s[this.i];
    if (c === undefined) this.fail('the text ends where a value was expected');
    if (c === '!') return this.bang();
    if (c === '(') return this.object();
    if (c === "'") return this.string();
    if (c === '-' || (c >= '0' && c <= '9')) return this.number();
    if (isIdStart(c)) return this.id();
    return this.fail(`unexpected '${c}'`);
  }

  private bang(): RisonValue {
    const c = this.s[this.i + 1];
    this.i += 2;
    if (c === 't') return true;
    if (c === 'f') return false;
    if (c === 'n') return null;
    if (c === '(') return this.array();
    if (c === undefined) return this.fail("'!' at the end of the text", this.i - 2);
    return this.fail(`unknown literal '!${c}'`, this.i - 2);
  }

  private array(): RisonValue[] {
    const out: RisonValue[] = [];
    if (this.s[this.i] === ')') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value());
      const c = this.s[this.i];
      this.i++;
      if (c === ')') return out;
      if (c !== ',')
        this.fail(c === undefined ? "unclosed '!('" : "expected ',' or ')'", this.i - 1);
    }
  }

  private object(): { [key: string]: RisonValue } {
    this.i++;
    const out: { [key: string]: RisonValue } = {};
    if (this.s[this.i] === ')') {
      this.i++;
      return out;
    }
    for (;;) {
      const keyAt = this.i;
      const key = this.value();
      if (typeof key !== 'string' && typeof key !== 'number') {
        this.fail('an object key must be a name, a string or a number', keyAt);
      }
      if (this.s[this.i] !== ':') this.fail("expected ':' after an object key");
      this.i++;
      const value = this.value();
      // An own property even for "__proto__" (never the object's prototype).
      Object.defineProperty(out, String(key), {
        value,
        enumerable: true,
        writable: true,
        configurable: true,
      });
      const c = this.s[this.i];
      this.i++;
      if (c === ')') return out;
      if (c !== ',')
        this.fail(c === undefined ? "unclosed '('" : "expected ',' or ')'", this.i - 1);
    }
  }

  private string(): string {
    const start = this.i;
    let out = '';
    let from = ++this.i;
    for (;;) {
      const c = this.s[this.i];
      if (c === undefined) this.fail('unclosed string', start);
      if (c === "'") {
        out += this.s.slice(from, this.i);
        this.i++;
        return out;
      }
      if (c === '!') {
        const e = this.s[this.i + 1];
        if (e !== '!' && e !== "'") this.fail(`invalid string escape '!${e ?? ''}'`);
        out += this.s.slice(from, this.i) + e;
        this.i += 2;
        from = this.i;
      } else {
        this.i++;
      }
    }
  }

  private number(): number {
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.s);
    if (!m) return this.fail('invalid number');
    this.i += m[0].length;
    const n = Number(m[0]);
    if (!Number.isFinite(n)) this.fail('number out of range', this.i - m[0].length);
    return n;
  }

  private id(): string {
    const start = this.i;
    while (this.i < this.s.length && !NOT_ID_CHAR.includes(this.s[this.i] as string)) this.i++;
    return this.s.slice(start, this.i);
  }
}

/** Decodes rison text; throws a `RisonError` (our own message) when it is not rison. */
export function decodeRison(text: string): RisonValue {
  if (typeof text !== 'string') throw new RisonError('not a text', null);
  checkShape(text);
  return new Parser(text).parse();
}
