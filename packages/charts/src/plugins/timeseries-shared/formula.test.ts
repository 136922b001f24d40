import { describe, expect, it } from 'vitest';
import { evaluateFormula, FormulaError, parseFormula } from './formula.js';

const f = (text: string, x: number) => evaluateFormula(parseFormula(text), x);

describe('formula annotations', () => {
  it('evaluates arithmetic of x with precedence', () => {
    expect(f('2 * x + 1', 3)).toBe(7);
    expect(f('y = (x - 1) / 2', 5)).toBe(2);
    expect(f('2 ^ 3 ^ 2', 0)).toBe(512);
    expect(f('-x + 10', 4)).toBe(6);
    expect(f('1e3', 0)).toBe(1000);
  });

  it('refuses anything else', () => {
    expect(() => parseFormula('alert(1)')).toThrow(FormulaError);
    expect(() => parseFormula('x +')).toThrow(FormulaError);
    expect(() => parseFormula('(x')).toThrow(FormulaError);
    expect(() => parseFormula('x x')).toThrow(FormulaError);
  });
});
