import { describe, expect, it } from 'vitest';
import { AlertResultError, judgeAlert } from './alert.js';

describe('judgeAlert (Superset rules)', () => {
  it('not null fires on a value other than null and 0, text included', () => {
    expect(judgeAlert(['v'], [[5]], 'not null', null)).toEqual({
      fires: true,
      value: 5,
      rowJson: '{"v":5}',
    });
    expect(judgeAlert(['v'], [[0]], 'not null', null).fires).toBe(false);
    expect(judgeAlert(['v'], [[null]], 'not null', null).fires).toBe(false);
    expect(judgeAlert(['v'], [], 'not null', null)).toEqual({
      fires: false,
      value: null,
      rowJson: null,
    });
    expect(judgeAlert(['v'], [['late']], 'not null', null)).toMatchObject({
      fires: true,
      value: null,
    });
    expect(judgeAlert(['v'], [['0']], 'not null', null).fires).toBe(false);
  });
  it('operator compares with the threshold; decimal strings are numbers', () => {
    const gt = { op: '>' as const, threshold: 10 };
    expect(judgeAlert(['n'], [[11]], 'operator', gt).fires).toBe(true);
    expect(judgeAlert(['n'], [[10]], 'operator', gt).fires).toBe(false);
    expect(judgeAlert(['n'], [['10.5']], 'operator', gt)).toMatchObject({
      fires: true,
      value: 10.5,
    });
    expect(judgeAlert(['n'], [[3]], 'operator', { op: '==', threshold: 3 }).fires).toBe(true);
    expect(judgeAlert(['n'], [[3]], 'operator', { op: '!=', threshold: 3 }).fires).toBe(false);
    expect(judgeAlert(['n'], [[2]], 'operator', { op: '<=', threshold: 2 }).fires).toBe(true);
    expect(judgeAlert(['n'], [], 'operator', gt).fires).toBe(false);
  });
  it('refuses two rows, two columns, or text for an operator, with Superset texts', () => {
    expect(() => judgeAlert(['v'], [[1], [2]], 'not null', null)).toThrow(
      'Alert query returned more than one row. 2 rows returned',
    );
    expect(() => judgeAlert(['a', 'b'], [[1, 2]], 'not null', null)).toThrow(
      'Alert query returned more than one column. 2 columns returned',
    );
    expect(() => judgeAlert(['v'], [['abc']], 'operator', { op: '>', threshold: 1 })).toThrow(
      AlertResultError,
    );
    expect(() => judgeAlert(['v'], [['abc']], 'operator', { op: '>', threshold: 1 })).toThrow(
      'Alert query returned a non-number value.',
    );
  });
});
