import { describe, expect, it } from 'vitest';
import { itemMenu, namedItemContextMenu, rowDrillFilters } from './drill.js';
import type { DrillFilter } from './plugin.js';

describe('row drill filters', () => {
  it("gives each dataset dimension's value, adhoc SQL and null values left out", () => {
    expect(
      rowDrillFilters(
        ['gender', { expressionType: 'SQL', sqlExpression: 'upper(name)', label: 'n' }, 'state'],
        { gender: 'boy', n: 'AL', state: null },
      ),
    ).toEqual([{ col: 'gender', op: '==', val: 'boy', formattedVal: 'boy' }]);
    expect(
      rowDrillFilters(['year'], { year: 2020 }, (label, v) => `${label}=${String(v)}`),
    ).toEqual([{ col: 'year', op: '==', val: 2020, formattedVal: 'year=2020' }]);
  });

  it("looks a named item's filters up, none for an unknown name, nothing without a menu", () => {
    const seen: DrillFilter[][] = [];
    const boy = [{ col: 'gender', op: '==' as const, val: 'boy', formattedVal: 'boy' }];
    const open = namedItemContextMenu((_x, _y, f) => seen.push(f), new Map([['boy', boy]]));
    open!('boy', 1, 2);
    open!('other', 1, 2);
    expect(seen).toEqual([boy, []]);
    expect(namedItemContextMenu(undefined, new Map())).toBeUndefined();
    expect(itemMenu(undefined)).toEqual({});
    expect(Object.keys(itemMenu(open))).toEqual(['onItemContextMenu']);
  });
});
