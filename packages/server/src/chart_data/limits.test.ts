import { describe, expect, it } from 'vitest';
import {
  applyMaxRowLimit,
  ByteBudget,
  BytePool,
  clampQueryLimits,
  DEFAULT_ROW_LIMIT,
  ResultTooLargeError,
  ServerBusyError,
  valueBytes,
} from './limits.js';

describe('applyMaxRowLimit (Superset apply_max_row_limit)', () => {
  it('clamps, keeps smaller limits, and reads 0 or none as the maximum', () => {
    expect(applyMaxRowLimit(100_000, 10)).toBe(10);
    expect(applyMaxRowLimit(10, 100_000)).toBe(10);
    expect(applyMaxRowLimit(0, 10_000)).toBe(10_000);
    expect(applyMaxRowLimit(null, 10_000)).toBe(10_000);
    expect(applyMaxRowLimit(2 ** 53 - 1, 1_000_000)).toBe(1_000_000);
  });
});

describe('clampQueryLimits', () => {
  it('defaults the row limit to ROW_LIMIT, then clamps it and the series limits', () => {
    expect(clampQueryLimits({}, 1_000_000).row_limit).toBe(DEFAULT_ROW_LIMIT);
    expect(clampQueryLimits({ row_limit: 0 }, 10).row_limit).toBe(10);
    const q = clampQueryLimits(
      { row_limit: 2 ** 53 - 1, series_limit: 2 ** 40, timeseries_limit: 2 ** 31 },
      5000,
    );
    expect(q).toMatchObject({ row_limit: 5000, series_limit: 5000, timeseries_limit: 5000 });
    expect(clampQueryLimits({ series_limit: 0 }, 5000).series_limit).toBe(0);
    expect(clampQueryLimits({ series_limit: 7 }, 5000).series_limit).toBe(7);
  });
});

describe('valueBytes', () => {
  it('counts strings by length, scalars as 8, nested values by their parts', () => {
    expect(valueBytes('abc')).toBe(5);
    expect(valueBytes(1.5)).toBe(8);
    expect(valueBytes(null)).toBe(8);
    expect(valueBytes(true)).toBe(8);
    expect(valueBytes(['ab', 'cd'])).toBe(2 + 5 + 5);
    expect(valueBytes({ k: 'x'.repeat(100) })).toBeGreaterThan(100);
    // Text and nested values: never less than their JSON text.
    for (const v of ['é', 'x'.repeat(50), [1, [2, 3]], { a: { b: 'c' } }, [[['deep']]]])
      expect(valueBytes(v)).toBeGreaterThanOrEqual(JSON.stringify(v).length);
  });
});

describe('ByteBudget', () => {
  it('counts values and labels per cell and refuses past the budget', () => {
    const b = new ByteBudget(1000, ['name', 'n']);
    b.add([['abc', 1]]);
    // 2 per row + ('abc' 5 + "name" 8) + (8 + "n" 5)
    expect(b.bytes).toBe(2 + 13 + 13);
    expect(() => b.add([['x'.repeat(2000), 1]])).toThrow(ResultTooLargeError);
  });

  it('refuses one huge value on its own', () => {
    const b = new ByteBudget(256 * 1024 * 1024);
    expect(() => b.add([['x'.repeat(300 * 1024 * 1024)]])).toThrow(/larger than the 256 MB/);
  });

  it('takes its bytes from the pool, gives them back once, and says busy when it is full', () => {
    const pool = new BytePool(100);
    const a = new ByteBudget(1000, [], pool);
    a.add([['x'.repeat(40)]]);
    expect(pool.bytes).toBe(a.bytes);
    const b = new ByteBudget(1000, [], pool);
    expect(() => b.add([['x'.repeat(80)]])).toThrow(ServerBusyError);
    a.release();
    a.release();
    expect(pool.bytes).toBe(0);
    b.add([['x'.repeat(80)]]);
    expect(pool.bytes).toBe(b.bytes);
  });

  it('counts what the request already used against the same budget', () => {
    const pool = new BytePool(10_000);
    const b = new ByteBudget(100, [], pool, 90);
    expect(() => b.add([['x'.repeat(20)]])).toThrow(ResultTooLargeError);
    const c = new ByteBudget(100, [], pool, 50);
    c.add([['x'.repeat(20)]]);
    expect(c.bytes).toBe(2 + 22 + 8);
    expect(pool.bytes).toBe(c.bytes);
  });
});
