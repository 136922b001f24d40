import { TIME_GRAINS } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { mysqlEpochToDttm, mysqlTimeGrain } from './grains.js';

describe('mysqlTimeGrain', () => {
  it('has an expression for every grain, on the given column', () => {
    for (const grain of TIME_GRAINS) {
      expect(mysqlTimeGrain(grain, '`my col`'), grain).toContain('`my col`');
    }
    expect(mysqlTimeGrain('P1D', '`ts`')).toBe('DATE(`ts`)');
  });
});

describe('mysqlEpochToDttm', () => {
  it('counts from a DATETIME literal (no session time zone, no NULL before 1970)', () => {
    expect(mysqlEpochToDttm('`s`', 's')).toBe(
      "(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (`s`) SECOND)",
    );
    expect(mysqlEpochToDttm('`ms`', 'ms')).toBe(
      "(TIMESTAMP '1970-01-01 00:00:00' + INTERVAL (`ms` * 1000) MICROSECOND)",
    );
  });
});
