import { TIME_GRAINS } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { postgresEpochToDttm, postgresTimeGrain } from './grains.js';

describe('postgresTimeGrain', () => {
  it('has an expression for every grain, on the given column only', () => {
    for (const grain of TIME_GRAINS) {
      const expr = postgresTimeGrain(grain, '"my col"');
      expect(expr, grain).toContain('"my col"');
      expect(expr, grain).not.toContain('{col}');
    }
    expect(postgresTimeGrain('P1D', 'ts')).toBe("DATE_TRUNC('day', ts)");
  });
});

describe('postgresEpochToDttm', () => {
  it('makes a timestamp (without time zone) from seconds or milliseconds', () => {
    expect(postgresEpochToDttm('"s"', 's')).toBe(`(timestamp 'epoch' + "s" * interval '1 second')`);
    expect(postgresEpochToDttm('"ms"', 'ms')).toBe(
      `(timestamp 'epoch' + "ms" * interval '1 millisecond')`,
    );
  });
});
