import { describe, expect, it } from 'vitest';
import { bubbleData, bubbleQueryObject, bulletData, bulletQueryObject } from './nvd3-simple.js';

describe('bubble (BubbleViz)', () => {
  const fd = { entity: 'country', series: 'region', x: 'gdp', y: 'life', size: 'pop', limit: 10 };
  it('groups by entity and series, asks size, x, y, limited by `limit`', () => {
    expect(bubbleQueryObject({ row_limit: 5 }, fd)).toMatchObject({
      columns: ['country', 'region'],
      metrics: ['pop', 'gdp', 'life'],
      row_limit: 10,
    });
    expect(bubbleQueryObject({}, { ...fd, series: 'country' }).columns).toEqual(['country']);
    expect(() => bubbleQueryObject({}, { ...fd, y: 'gdp' })).toThrow(
      'Please use 3 different metric labels',
    );
    expect(() => bubbleQueryObject({}, { ...fd, entity: null })).toThrow(
      'Pick a metric for x, y and size',
    );
  });
  it('answers series by group, each row with x, y, size, shape and group', () => {
    const rows = [
      { country: 'A', region: 'r1', pop: '10', gdp: 1, life: 70 },
      { country: 'B', region: 'r2', pop: 20, gdp: 2, life: 71 },
      { country: 'C', region: 'r1', pop: 30, gdp: 3, life: null },
    ];
    expect(bubbleData(rows, fd)).toEqual([
      {
        key: 'r1',
        values: [
          {
            country: 'A',
            region: 'r1',
            pop: 10,
            gdp: 1,
            life: 70,
            x: 1,
            y: 70,
            size: 10,
            shape: 'circle',
            group: 'r1',
          },
          {
            country: 'C',
            region: 'r1',
            pop: 30,
            gdp: 3,
            life: null,
            x: 3,
            y: null,
            size: 30,
            shape: 'circle',
            group: 'r1',
          },
        ],
      },
      {
        key: 'r2',
        values: [
          {
            country: 'B',
            region: 'r2',
            pop: 20,
            gdp: 2,
            life: 71,
            x: 2,
            y: 71,
            size: 20,
            shape: 'circle',
            group: 'r2',
          },
        ],
      },
    ]);
    // Without a series the entity is the group.
    expect(bubbleData(rows.slice(0, 1), { ...fd, series: null })?.[0]?.key).toBe('A');
    expect(bubbleData([], fd)).toBeNull();
  });
});

describe('bullet (BulletViz)', () => {
  it('asks the metric and answers its values as measures', () => {
    expect(bulletQueryObject({ metrics: ['x'] }, { metric: 'n' }).metrics).toEqual(['n']);
    expect(() => bulletQueryObject({}, {})).toThrow('Pick a metric to display');
    expect(bulletData([{ n: '42' }], { metric: 'n' })).toEqual({ measures: [42] });
    expect(bulletData([], { metric: 'n' })).toBeNull();
  });
});
