import { describe, expect, it } from 'vitest';

describe('async select options', () => {
  it('merges the first page, the search results and the looked-up values, each value once', async () => {
    const { mergeOptions } = await import('./SelectAsyncControl');
    expect(
      mergeOptions(
        [
          { value: 1, label: 'Arcs' },
          { value: 2, label: 'Points' },
        ],
        [
          { value: 2, label: 'Points (again)' },
          { value: 7, label: 'Hexagons' },
        ],
        [],
      ),
    ).toEqual([
      { value: 1, label: 'Arcs' },
      { value: 2, label: 'Points' },
      { value: 7, label: 'Hexagons' },
    ]);
    expect(mergeOptions()).toEqual([]);
  });
});
