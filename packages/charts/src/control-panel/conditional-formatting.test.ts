import { describe, expect, it } from 'vitest';
import { ruleMatches, validateRule } from './conditional-formatting.js';

describe('conditional formatting rules', () => {
  it('require column, colour, operator and the operator’s values', () => {
    expect(validateRule({})).toEqual({
      column: 'Required',
      colorScheme: 'Required',
      operator: 'Required',
    });
    expect(validateRule({ column: 'a', colorScheme: '#ACE1C4', operator: 'None' })).toEqual({});
    expect(validateRule({ column: 'a', colorScheme: '#ACE1C4', operator: '>' })).toEqual({
      targetValue: 'Required',
    });
    expect(
      validateRule({ column: 'a', colorScheme: '#ACE1C4', operator: '< x <', targetValueLeft: 1 }),
    ).toEqual({
      targetValueRight: 'Required',
    });
  });

  it('want the left value smaller than the right', () => {
    expect(
      validateRule({
        column: 'a',
        colorScheme: '#ACE1C4',
        operator: '≤ x ≤',
        targetValueLeft: 5,
        targetValueRight: 5,
      }),
    ).toEqual({
      targetValueLeft: 'This value should be smaller than the right target value',
      targetValueRight: 'This value should be greater than the left target value',
    });
  });

  it('match values', () => {
    expect(ruleMatches({ operator: '>', targetValue: 3 }, 4)).toBe(true);
    expect(ruleMatches({ operator: '≠', targetValue: 3 }, 3)).toBe(false);
    expect(ruleMatches({ operator: '≤ x <', targetValueLeft: 1, targetValueRight: 3 }, 1)).toBe(
      true,
    );
    expect(ruleMatches({ operator: '≤ x <', targetValueLeft: 1, targetValueRight: 3 }, 3)).toBe(
      false,
    );
    expect(ruleMatches({ operator: 'None' }, 99)).toBe(true);
  });
});
