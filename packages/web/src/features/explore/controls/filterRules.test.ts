import { describe, expect, it } from 'vitest';
import {
  advancedValues,
  comparatorForOperator,
  engineRulesOf,
  hasComparator,
  operatorForSubject,
  operatorsFor,
  operatorsForAdvancedType,
  suggestionOptions,
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

  it('offers no TEMPORAL_RANGE without generic chart axes: a time column gets comparisons', () => {
    const engine = engineRulesOf(null);
    expect(operatorsFor(time, 'WHERE', engine, false)).not.toContain('TEMPORAL_RANGE');
    expect(operatorsFor(time, 'WHERE', engine, false)[0]).toBe('==');
    expect(operatorForSubject(time, null, engine, false)).toBe('IN');
    expect(operatorForSubject(time, '>=', engine, false)).toBe('>=');
    expect(operatorForSubject(time, null, engine, true)).toBe('TEMPORAL_RANGE');
  });

  it('follows the column type: TEMPORAL_RANGE only on temporal columns, LIKE only on text', () => {
    expect(operatorsFor(time, 'WHERE')[0]).toBe('TEMPORAL_RANGE');
    expect(operatorsFor(time, 'WHERE')).not.toContain('LIKE');
    expect(operatorsFor(num, 'WHERE')).not.toContain('TEMPORAL_RANGE');
    expect(operatorsFor(num, 'WHERE')).not.toContain('LIKE');
    expect(operatorsFor(text, 'WHERE')).toEqual([
      '==',
      '!=',
      '>',
      '<',
      '>=',
      '<=',
      'IN',
      'NOT IN',
      'LIKE',
      'NOT LIKE',
      'ILIKE',
      'IS NULL',
      'IS NOT NULL',
    ]);
    expect(operatorsFor(bool, 'WHERE')).not.toContain('TEMPORAL_RANGE');
  });

  it('offers REGEX and LATEST PARTITION only where the engine has them', () => {
    const duckdb = engineRulesOf({ supports_regex: true, supports_latest_partition: false }, 'ds');
    const sqlite = engineRulesOf({ supports_regex: false, supports_latest_partition: false });
    const hive = engineRulesOf({ supports_regex: true, supports_latest_partition: true }, 'ds');
    expect(operatorsFor(text, 'WHERE', duckdb)).toContain('REGEX');
    expect(operatorsFor(num, 'WHERE', duckdb)).not.toContain('REGEX');
    expect(operatorsFor(text, 'WHERE', sqlite)).not.toContain('REGEX');
    expect(operatorsFor(text, 'WHERE')).not.toContain('REGEX');
    expect(duckdb.partitionColumn).toBeNull();
    expect(operatorsFor(time, 'WHERE', duckdb)).not.toContain('LATEST PARTITION');
    expect(operatorsFor(time, 'WHERE', hive)).toContain('LATEST PARTITION');
    expect(operatorsFor(text, 'WHERE', hive)).not.toContain('LATEST PARTITION');
    expect(operatorsFor(text, 'HAVING', hive)).toEqual(['==', '!=', '>', '<', '>=', '<=']);
    expect(engineRulesOf(undefined)).toEqual({ supportsRegex: false, partitionColumn: null });
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

describe('advanced data types in the Simple tab', () => {
  it('sends the comparator as a list of texts, [""] when empty', () => {
    expect(advancedValues('10.0.0.0/8')).toEqual(['10.0.0.0/8']);
    expect(advancedValues(['https', 'ftp'])).toEqual(['https', 'ftp']);
    expect(advancedValues(null)).toEqual(['']);
    expect(advancedValues([])).toEqual(['']);
    expect(advancedValues(443)).toEqual(['443']);
  });

  it("keeps only the operators the type's valid_filter_operators allow", () => {
    const offered = operatorsFor({ column_name: 'ip', type_generic: 0 }, 'WHERE');
    expect(
      operatorsForAdvancedType(offered, [
        'EQUALS',
        'GREATER_THAN_OR_EQUAL',
        'GREATER_THAN',
        'IN',
        'LESS_THAN',
        'LESS_THAN_OR_EQUAL',
      ]),
    ).toEqual(['==', '>', '<', '>=', '<=', 'IN']);
    expect(operatorsForAdvancedType(offered, [])).toEqual([]);
    expect(operatorsForAdvancedType(offered, ['NOT_IN', 'BOGUS'])).toEqual(['NOT IN']);
  });
});

describe('value suggestions', () => {
  it('puts what is typed first, then the values, without nulls or repeats', () => {
    expect(suggestionOptions(['Aaron', null, 3, true], 'Aa')).toEqual([
      { value: 'Aa', label: 'Aa' },
      { value: 'Aaron', label: 'Aaron' },
      { value: 3, label: '3' },
      { value: 'true', label: 'TRUE' },
    ]);
    expect(suggestionOptions(['Aaron'], ' Aaron ')).toEqual([{ value: 'Aaron', label: 'Aaron' }]);
    expect(suggestionOptions([], '')).toEqual([]);
  });
});
