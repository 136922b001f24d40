import { describe, expect, it } from 'vitest';
import type { ChartDataResult } from '../../plugin.js';
import { getTimeFormatter } from '../../format/time-format.js';
import { boxDrills, boxesOf } from './transformProps.js';

const result: ChartDataResult = {
  data: [
    { ds: 1577836800000, region: 'EU', n__min: 1, n__max: 2, m__min: 0, m__max: 1 },
    { ds: 1609459200000, region: 'AS', n__min: 1, n__max: 2, m__min: 0, m__max: 1 },
  ],
  colnames: ['ds', 'region', 'n__min', 'n__max', 'm__min', 'm__max'],
  coltypes: [2, 1, 0, 0, 0, 0],
  rowcount: 2,
};
const dateFormat = getTimeFormatter('%Y');

describe('box plot drill', () => {
  it("gives each box (every metric's) its row's dimension values, times as the name shows them", () => {
    const boxes = boxesOf(result, ['ds', 'region'], ['n', 'm'], dateFormat);
    const drills = boxDrills(result, ['ds', 'region'], boxes, 2, dateFormat);
    const asia = [
      { col: 'ds', op: '==', val: 1609459200000, formattedVal: '2021' },
      { col: 'region', op: '==', val: 'AS', formattedVal: 'AS' },
    ];
    expect(drills.get('2021, AS, n')).toEqual(asia);
    expect(drills.get('2021, AS, m')).toEqual(asia);
    expect(drills.get('2020, EU, m')?.[1]?.val).toBe('EU');
  });

  it('gives boxes without dimensions no filters', () => {
    const boxes = boxesOf(result, [], ['n'], dateFormat);
    expect(boxDrills(result, [], boxes, 1, dateFormat).get('n')).toEqual([]);
  });
});
