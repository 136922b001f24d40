import { describe, expect, it } from 'vitest';
import { findCountry } from './countries.js';
import { worldMapData, worldMapQueryObject } from './world-map.js';

const secondary = {
  expressionType: 'SIMPLE',
  aggregate: 'COUNT',
  column: { column_name: 'country_name' },
  label: 'COUNT(Country_Name)',
};

describe('world_map (WorldMapViz)', () => {
  it('groups by the entity and asks metric and secondary_metric', () => {
    const q = worldMapQueryObject(
      { metrics: null, columns: ['other'], is_timeseries: true, orderby: [['count', true]] },
      { entity: 'country_name', metric: 'count', secondary_metric: secondary },
    );
    expect(q).toMatchObject({
      columns: ['country_name'],
      metrics: ['count', secondary],
      is_timeseries: false,
    });
    expect(q.orderby).toBeUndefined();
    const sorted = worldMapQueryObject(
      { metrics: null, columns: [] },
      { entity: 'c', metric: 'count', secondary_metric: 'count', sort_by_metric: true },
    );
    // One metric when both name the same one; sorted by it descending.
    expect(sorted.metrics).toEqual(['count']);
    expect(sorted.orderby).toEqual([['count', false]]);
    expect(() => worldMapQueryObject({}, { metric: 'count' })).toThrow(/entity/);
  });

  it('answers country (alpha-3), m1, m2, name, latitude, longitude; XXX when unknown', () => {
    const rows = [
      { country_name: 'France', count: 3, 'COUNT(Country_Name)': '7' },
      { country_name: 'united states', count: 2, 'COUNT(Country_Name)': 2 },
      { country_name: 'Atlantis', count: 1, 'COUNT(Country_Name)': 1 },
      { country_name: null, count: 4, 'COUNT(Country_Name)': 0 },
    ];
    const data = worldMapData(rows, {
      entity: 'country_name',
      metric: 'count',
      secondary_metric: secondary,
      country_fieldtype: 'name',
    });
    expect(data).toEqual([
      { country: 'FRA', m1: 3, m2: 7, latitude: 46, longitude: 2, name: 'France' },
      {
        country: 'USA',
        m1: 2,
        m2: 2,
        latitude: 38,
        longitude: -97,
        name: 'United States',
      },
      { country: 'XXX', m1: 1, m2: 1 },
      { country: 'XXX', m1: 4, m2: 0 },
    ]);
  });

  it('reads codes of the chosen standard; m2 is m1 for the same metric; no m2 without one', () => {
    const fd = { entity: 'code', metric: 'm', country_fieldtype: 'cca2' };
    expect(worldMapData([{ code: 'de', m: 'x' }], fd)).toEqual([
      expect.objectContaining({ country: 'DEU', m1: null, name: 'Germany' }),
    ]);
    expect(worldMapData([{ code: 'DEU', m: 5 }], { ...fd, country_fieldtype: 'cca3' })).toEqual([
      expect.objectContaining({ country: 'DEU', m1: 5 }),
    ]);
    expect(
      worldMapData([{ code: 'GER', m: 5 }], {
        ...fd,
        country_fieldtype: 'cioc',
        secondary_metric: 'm',
      }),
    ).toEqual([expect.objectContaining({ country: 'DEU', m1: 5, m2: 5 })]);
    // Without country_fieldtype nothing is looked up, as in Superset.
    expect(worldMapData([{ code: 'DE', m: 1 }], { entity: 'code', metric: 'm' })).toEqual([
      { country: 'XXX', m1: 1 },
    ]);
    expect(worldMapData([], fd)).toBeNull();
  });

  it('finds countries case-insensitively and not by an empty code', () => {
    expect(findCountry('name', 'JAPAN')?.cca3).toBe('JPN');
    expect(findCountry('cioc', '')).toBeNull();
    expect(findCountry('iso', 'JP')).toBeNull();
  });
});
