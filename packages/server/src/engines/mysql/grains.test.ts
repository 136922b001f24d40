import { TIME_GRAINS } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { mysqlTimeGrain } from './grains.js';

describe('mysqlTimeGrain', () => {
  it('has an expression for every grain, on the given column', () => {
    for (const grain of TIME_GRAINS) {
      expect(mysqlTimeGrain(grain, '`my col`'), grain).toContain('`my col`');
    }
    expect(mysqlTimeGrain('P1D', '`ts`')).toBe('DATE(`ts`)');
  });
});
