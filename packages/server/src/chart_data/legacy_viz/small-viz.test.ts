import { describe, expect, it } from 'vitest';
import { chordData, chordQueryObject } from './chord.js';
import { countryMapData, countryMapQueryObject } from './country-map.js';
import { legacyViz } from './index.js';

describe('country_map (CountryMapViz)', () => {
  const fd = { select_country: 'france', entity: 'dept', metric: 'count' };
  it('asks one metric grouped by the ISO codes, with Superset messages when a part is missing', () => {
    expect(countryMapQueryObject({ columns: ['x'], metrics: ['y'] }, fd)).toMatchObject({
      columns: ['dept'],
      metrics: ['count'],
      is_timeseries: false,
    });
    expect(() => countryMapQueryObject({}, { ...fd, select_country: '' })).toThrow(
      'Must specify a country',
    );
    expect(() => countryMapQueryObject({}, { ...fd, metric: null })).toThrow(
      'Must specify a metric',
    );
    expect(() => countryMapQueryObject({}, { ...fd, entity: undefined })).toThrow(
      'Must provide ISO codes',
    );
  });
  it('answers {country_id, metric} rows; null without rows', () => {
    expect(
      countryMapData(
        [
          { dept: 'FR-75', count: '12' },
          { dept: 'FR-13', count: 3 },
        ],
        fd,
      ),
    ).toEqual([
      { country_id: 'FR-75', metric: 12 },
      { country_id: 'FR-13', metric: 3 },
    ]);
    expect(countryMapData([], fd)).toBeNull();
  });
});

describe('chord (ChordViz)', () => {
  const fd = { groupby: ['from'], columns: 'to', metric: 'n', sort_by_metric: true };
  it('asks the metric grouped by source and target', () => {
    expect(chordQueryObject({}, fd)).toMatchObject({
      columns: ['from', 'to'],
      metrics: ['n'],
      orderby: [['n', false]],
    });
    expect(() => chordQueryObject({}, { ...fd, columns: [] })).toThrow(/target/);
  });
  it('answers the nodes and the square matrix, row = target, column = source', () => {
    const data = chordData(
      [
        { from: 'a', to: 'b', n: 5 },
        { from: 'b', to: 'c', n: '2' },
        { from: 'c', to: 'a', n: 1 },
      ],
      fd,
    );
    expect(data).toEqual({
      nodes: ['a', 'b', 'c'],
      matrix: [
        [0, 0, 1],
        [5, 0, 0],
        [0, 2, 0],
      ],
    });
    expect(chordData([], fd)).toBeNull();
  });
});

describe('the legacy viz registry', () => {
  it('knows the viz types with a shape and nothing else', () => {
    expect(legacyViz('world_map')?.className).toBe('WorldMapViz');
    expect(legacyViz('horizon')?.className).toBe('HorizonViz');
    expect(legacyViz('compare')?.className).toBe('NVD3CompareTimeSeriesViz');
    expect(legacyViz('country_map')?.className).toBe('CountryMapViz');
    expect(legacyViz('chord')?.className).toBe('ChordViz');
    expect(legacyViz('rose')?.className).toBe('RoseViz');
    expect(legacyViz('paired_ttest')?.className).toBe('PairedTTestViz');
    expect(legacyViz('bubble')?.className).toBe('BubbleViz');
    expect(legacyViz('bullet')?.className).toBe('BulletViz');
    expect(legacyViz('cal_heatmap')?.className).toBe('CalHeatmapViz');
    expect(legacyViz('table')).toBeUndefined();
    expect(legacyViz('__proto__')).toBeUndefined();
    expect(legacyViz(7)).toBeUndefined();
  });
});
