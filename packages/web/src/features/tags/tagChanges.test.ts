import { describe, expect, it } from 'vitest';
import { tagChanges, tagIdOfSearch, tagPagePath } from './tagChanges';

describe('tag changes', () => {
  it('adds the new names and takes off the dropped ones', () => {
    expect(tagChanges(['a', 'b'], ['b', 'c'])).toEqual({ add: ['c'], remove: ['a'] });
    expect(tagChanges([], [' x ', 'x', ''])).toEqual({ add: ['x'], remove: [] });
    expect(tagChanges(['a'], ['a'])).toEqual({ add: [], remove: [] });
  });

  it("reads and writes the tag page's address", () => {
    expect(tagPagePath(4)).toBe('/superset/all_entities/?id=4');
    expect(tagIdOfSearch('?id=4')).toBe(4);
    expect(tagIdOfSearch('?id=x')).toBeNull();
    expect(tagIdOfSearch('')).toBeNull();
  });
});
