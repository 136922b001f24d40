import { TIME_GRAINS } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { epochToDttm, timeGrainExpression } from './grains.js';

describe('DuckDB time grains', () => {
  it('has a TIMESTAMP expression for every grain, over the given column', () => {
    for (const grain of TIME_GRAINS) {
      const expr = timeGrainExpression(grain, '"my col"');
      expect(expr, grain).toMatch(/^CAST\(.* AS TIMESTAMP\)$/s);
      expect(expr, grain).toContain('CAST("my col" AS TIMESTAMP)');
    }
    expect(timeGrainExpression('PT5M', 'c')).toBe(
      'CAST(time_bucket(INTERVAL 5 MINUTE, CAST(c AS TIMESTAMP)) AS TIMESTAMP)',
    );
    expect(timeGrainExpression('1969-12-28T00:00:00Z/P1W', 'c')).toBe(
      "CAST(date_trunc('week', CAST(c AS TIMESTAMP) + INTERVAL 1 DAY) - INTERVAL 1 DAY AS TIMESTAMP)",
    );
  });
});

describe('DuckDB epochToDttm', () => {
  it('makes a naive TIMESTAMP from seconds or milliseconds (integer or not)', () => {
    expect(epochToDttm('"s"', 's')).toBe('make_timestamp(CAST("s" * 1000000 AS BIGINT))');
    expect(epochToDttm('"ms"', 'ms')).toBe('make_timestamp(CAST("ms" * 1000 AS BIGINT))');
  });
});
