import { describe, expect, it } from 'vitest';
import { histogram, pythonFloatText } from './histogram.js';
import { tableOf, toRecords } from './table.js';

const t = tableOf({ g: ['a', 'a', 'b', 'b', 'b', 'b'], v: [1, 2, 2, 3, 5, null] });

describe('histogram', () => {
  it('counts values in equal bins, the last bin closed', () => {
    // edges 1, 3, 5: [1, 3) holds 1, 2, 2; [3, 5] holds 3, 5
    expect(toRecords(histogram(t, { column: 'v', bins: 2 }))).toEqual([
      { '1.0 - 3.0': 3, '3.0 - 5.0': 2 },
    ]);
  });

  it('counts per group, cumulative and normalised', () => {
    expect(toRecords(histogram(t, { column: 'v', groupby: ['g'], bins: 2 }))).toEqual([
      { g: 'a', '1.0 - 3.0': 2, '3.0 - 5.0': 0 },
      { g: 'b', '1.0 - 3.0': 1, '3.0 - 5.0': 2 },
    ]);
    expect(histogram(t, { column: 'v', bins: 2, cumulative: true }).data[1]).toEqual([5]);
    expect(toRecords(histogram(t, { column: 'v', bins: 2, normalize: true }))).toEqual([
      { '1.0 - 3.0': 0.6, '3.0 - 5.0': 0.4 },
    ]);
  });

  it('defaults to 5 bins and widens a single value', () => {
    expect(histogram(tableOf({ v: [0, 1] }), { column: 'v' }).columns).toEqual([
      '0.0 - 0.2',
      '0.2 - 0.4',
      '0.4 - 0.6000000000000001',
      '0.6000000000000001 - 0.8',
      '0.8 - 1.0',
    ]);
    expect(histogram(tableOf({ v: [2] }), { column: 'v', bins: 1 }).columns).toEqual(['1.5 - 2.5']);
  });

  it('prints floats as Python does', () => {
    expect(pythonFloatText(1)).toBe('1.0');
    expect(pythonFloatText(0.00001)).toBe('1e-05');
    expect(pythonFloatText(2.5)).toBe('2.5');
  });

  it('names the problem', () => {
    expect(() => histogram(t, { column: 'g' })).toThrow("Column 'g' contains non-numeric values");
    expect(() => histogram(t, { column: 'zz' })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});

// Issue 16 point 2: bins are made per group; a huge count is refused, as Superset refuses it.
describe('histogram bins bound', () => {
  it("refuses bins outside 1..1000 with Superset's text", () => {
    const table = tableOf({ x: [1, 2, 3] });
    const message = '`bins` must be an integer between 1 and 1000';
    expect(() => histogram(table, { column: 'x', bins: 100_000_000 })).toThrow(message);
    expect(() => histogram(table, { column: 'x', bins: 1001 })).toThrow(message);
    expect(() => histogram(table, { column: 'x', bins: 0 })).toThrow(message);
    expect(() => histogram(table, { column: 'x', bins: 2.5 })).toThrow(message);
    expect(histogram(table, { column: 'x', bins: 1000 }).columns).toHaveLength(1000);
  });
});
