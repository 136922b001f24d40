import { describe, expect, it } from 'vitest';
import {
  comparatorForOperator,
  hasComparator,
  operatorForSubject,
  operatorsFor,
} from './filterRules';

const text = { column_name: 'name', type_generic: 1 };
const num = { column_name: 'num', type_generic: 0 };
const bool = { column_name: 'flag', type_generic: 3 };
const time = { column_name: 'ds', type_generic: 2, is_dttm: true };

describe('simple filter rules', () => {
  it('offers operators by column type and clause', () => {
    expect(operatorsFor(bool, 'WHERE')).toEqual(['IS TRUE', 'IS FALSE', 'IS NULL', 'IS NOT NULL']);
    expect(operatorsFor(num, 'WHERE')).toContain('IS TRUE');
    expect(operatorsFor(text, 'WHERE')).not.toContain('IS TRUE');
    expect(operatorsFor(text, 'WHERE')).not.toContain('TEMPORAL_RANGE');
    expect(operatorsFor(text, 'HAVING')).toEqual(['==', '!=', '>', '<', '>=', '<=']);
  });

  it('picks the operator for a new subject', () => {
    expect(operatorForSubject(time, '==')).toBe('TEMPORAL_RANGE');
    expect(operatorForSubject(text, 'LIKE')).toBe('LIKE');
    expect(operatorForSubject(bool, 'LIKE')).toBe('IS TRUE');
    expect(operatorForSubject(text, null)).toBe('IN');
  });

  it('converts the comparator when the operator changes', () => {
    expect(comparatorForOperator('IN', 'CA')).toEqual(['CA']);
    expect(comparatorForOperator('IN', '')).toEqual([]);
    expect(comparatorForOperator('==', ['CA', 'NY'])).toBe('CA');
    expect(comparatorForOperator('IS TRUE', 'x')).toBe(true);
    expect(comparatorForOperator('IS FALSE', 'x')).toBe(false);
    expect(comparatorForOperator('IS NULL', 'x')).toBeNull();
    expect(hasComparator('IS NULL')).toBe(false);
    expect(hasComparator('IS TRUE')).toBe(false);
    expect(hasComparator('LIKE')).toBe(true);
  });
});
