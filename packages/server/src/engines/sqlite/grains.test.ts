import { TIME_GRAINS } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { epochToDttm, timeGrainExpression } from './grains.js';

describe('SQLite time grains', () => {
  it('has an expression for every grain, over the given column', () => {
    for (const grain of TIME_GRAINS) {
      const expr = timeGrainExpression(grain, '"my col"');
      expect(expr, grain).toContain('"my col"');
    }
    expect(timeGrainExpression('P1D', 'c')).toBe("datetime(c, 'start of day')");
    // Floor buckets: SQLite's % keeps the sign, so pre-1970 instants need the (x % n + n) % n form.
    expect(timeGrainExpression('PT5S', 'c')).toBe(
      "datetime(CAST(strftime('%s', c) AS INTEGER) - ((CAST(strftime('%s', c) AS INTEGER) % 5) + 5) % 5, 'unixepoch')",
    );
  });
});

describe('SQLite epochToDttm', () => {
  it('makes the text the grains read from seconds or milliseconds', () => {
    expect(epochToDttm('"s"', 's')).toBe(`datetime("s", 'unixepoch')`);
    expect(epochToDttm('"ms"', 'ms')).toBe(`datetime("ms" / 1000.0, 'unixepoch')`);
  });
});
