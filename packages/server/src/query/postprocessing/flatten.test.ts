import { describe, expect, it } from 'vitest';
import { flatten } from './flatten.js';
import { makeTable, toRecords } from './table.js';

const multi = makeTable(['__timestamp', 'sum, UK', 'sum, a\\,b'], [['2021-01-01'], [1], [2]], 1, [
  ['__timestamp', null],
  ['sum', 'UK'],
  ['sum', 'a,b'],
]);

describe('flatten', () => {
  it('joins levels with ", " (commas escaped) and turns the index into a column', () => {
    const out = flatten(multi);
    expect(out.indexCount).toBeUndefined();
    expect(out.header).toBeUndefined();
    expect(toRecords(out)).toEqual([{ __timestamp: '2021-01-01', 'sum, UK': 1, 'sum, a\\,b': 2 }]);
  });

  it('drops levels and keeps the index when asked', () => {
    const out = flatten(multi, { drop_levels: [0], reset_index: false });
    expect(out.columns).toEqual(['__timestamp', 'UK', 'a\\,b']);
    expect(out.indexCount).toBe(1);
    expect(() => flatten(multi, { drop_levels: [0, 1] })).toThrow('Cannot drop every level');
  });

  it('leaves a flat table without index as it is', () => {
    const flat = makeTable(['a'], [[1]]);
    expect(flatten(flat)).toEqual(flat);
  });
});
