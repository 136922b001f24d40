import rison from 'rison';
import { describe, expect, it } from 'vitest';
import {
  MAX_RISON_DEPTH,
  MAX_RISON_LENGTH,
  RisonError,
  decodeRison,
  type RisonValue,
} from './rison-decode.js';

/** A small deterministic generator (tests must be repeatable). */
function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomValue(rand: () => number, depth: number): RisonValue {
  const r = rand();
  if (depth > 3 || r < 0.35) {
    const pick = Math.floor(rand() * 7);
    if (pick === 0) return Math.floor(rand() * 1000) - 500;
    if (pick === 1) return Number((rand() * 100).toFixed(3));
    if (pick === 2) return rand() < 0.5;
    if (pick === 3) return null;
    if (pick === 4) return '';
    if (pick === 5) return "it's a !bang (x:1), é";
    return `name_${Math.floor(rand() * 100)}`;
  }
  const n = Math.floor(rand() * 4);
  if (r < 0.65) return Array.from({ length: n }, () => randomValue(rand, depth + 1));
  const out: Record<string, RisonValue> = {};
  for (let i = 0; i < n; i++)
    out[`k${i}${rand() < 0.3 ? ' spaced' : ''}`] = randomValue(rand, depth + 1);
  return out;
}

describe('decodeRison', () => {
  it('reads what rison.js writes, the same way rison.js reads it', () => {
    const rand = prng(16);
    for (let n = 0; n < 300; n++) {
      const value = randomValue(rand, 0);
      const text = rison.encode(value);
      expect(decodeRison(text)).toEqual(value);
      expect(decodeRison(text)).toEqual(rison.decode(text));
    }
  });

  it('reads the usual list call', () => {
    expect(
      decodeRison(
        "(filters:!((col:dashboard_title,opr:ct,value:'a b')),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)",
      ),
    ).toEqual({
      filters: [{ col: 'dashboard_title', opr: 'ct', value: 'a b' }],
      order_column: 'changed_on_delta_humanized',
      order_direction: 'desc',
      page: 0,
      page_size: 25,
    });
    expect(decodeRison('!(1,-2.5,3e2,!t,!f,!n)')).toEqual([1, -2.5, 300, true, false, null]);
    expect(decodeRison("'!!!''")).toBe("!'");
  });

  it('keeps "__proto__" as an own key, never as the prototype', () => {
    const v = decodeRison('(__proto__:(polluted:!t))') as Record<string, unknown>;
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    expect(Object.keys(v)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['', /ends where a value was expected/],
    ['(a:', /ends where a value was expected/],
    ['(a', /expected ':'/],
    ['(a:1', /unclosed '\('/],
    ['!(1', /unclosed '!\('/],
    ['!(1,', /ends where a value/],
    ['!(,1)', /unexpected ','/],
    ['(a:1,)', /unexpected '\)'/],
    ['(a:1 b:2)', /expected ',' or '\)'/],
    ['!x', /unknown literal '!x'/],
    ['!', /'!' at the end/],
    ["'abc", /unclosed string/],
    ["'a!b'", /invalid string escape '!b'/],
    ['-', /invalid number/],
    ['1e999', /out of range/],
    ['1)', /unexpected '\)' after the value/],
    ['(!(1):2)', /object key must be/],
    ['*', /unexpected '\*'/],
  ])('refuses %j with a message of its own', (text, message) => {
    let error: unknown;
    try {
      decodeRison(text);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(RisonError);
    expect((error as Error).message).toMatch(/^Not a valid rison value: /);
    expect((error as Error).message).toMatch(message);
  });

  it('refuses deep nesting before parsing, arrays and objects alike', () => {
    const deepArrays = '!('.repeat(MAX_RISON_DEPTH + 1) + ')'.repeat(MAX_RISON_DEPTH + 1);
    expect(() => decodeRison(deepArrays)).toThrow(/nesting is deeper than 32 levels/);
    const deepObjects = '(a:'.repeat(MAX_RISON_DEPTH + 1) + '1' + ')'.repeat(MAX_RISON_DEPTH + 1);
    expect(() => decodeRison(deepObjects)).toThrow(RisonError);
    // What made rison.js overflow the stack: 100,000 unclosed levels.
    expect(() => decodeRison('!('.repeat(50_000))).toThrow(RisonError);
    // Parentheses inside strings are text, not nesting.
    expect(decodeRison(`'${'('.repeat(100)}'`)).toBe('('.repeat(100));
    const ok = '!('.repeat(MAX_RISON_DEPTH) + ')'.repeat(MAX_RISON_DEPTH);
    expect(() => decodeRison(ok)).not.toThrow();
  });

  it('refuses text longer than the limit', () => {
    expect(() => decodeRison(`'${'a'.repeat(MAX_RISON_LENGTH)}'`)).toThrow(/longer than/);
  });

  it('answers every malformed text with a RisonError, never another error', () => {
    const rand = prng(4242);
    const alphabet = "()!',:tfn-0123456789.eE abc_*@$'é\u200b";
    const seeds = [
      "(filters:!((col:a,opr:eq,value:'x')),page:0)",
      '!(1,2,(a:!t))',
      "(a:'b!!c',d:!n,e:-1.5e3)",
    ];
    let refused = 0;
    for (let n = 0; n < 600; n++) {
      let text: string;
      if (n % 2 === 0) {
        const len = Math.floor(rand() * 24);
        text = Array.from(
          { length: len },
          () => alphabet[Math.floor(rand() * alphabet.length)],
        ).join('');
      } else {
        // A valid text with one character changed, inserted or removed.
        const base = seeds[n % seeds.length];
        const at = Math.floor(rand() * base.length);
        const c = alphabet[Math.floor(rand() * alphabet.length)];
        const op = Math.floor(rand() * 3);
        text =
          op === 0
            ? base.slice(0, at) + c + base.slice(at + 1)
            : op === 1
              ? base.slice(0, at) + c + base.slice(at)
              : base.slice(0, at) + base.slice(at + 1);
      }
      try {
        decodeRison(text);
      } catch (e) {
        expect(e, JSON.stringify(text)).toBeInstanceOf(RisonError);
        expect((e as Error).message).not.toMatch(/Cannot read|undefined|null \(|stack/);
        refused++;
      }
    }
    expect(refused).toBeGreaterThan(300);
  });
});
