import { describe, expect, it, vi } from 'vitest';
import type { FeatureCollection } from 'geojson';
import { CLEARED_CROSS_FILTER, UNSELECTED_OPACITY } from '../../cross-filter-selection.js';
import type { ChartProps } from '../../plugin.js';
import { findCountry } from './countries.js';
import {
  countryCenters,
  paintWorld,
  placeBubbles,
  prepareWorld,
  splitPolygon,
  WORLD_PAINT,
} from './geo.js';
import { worldMapPlugin } from './index.js';
import { bubbleRadii, selectedCountries, worldMapCrossFilter } from './transformProps.js';

const fd = {
  datasource: '1__table',
  viz_type: 'world_map',
  entity: 'country',
  country_fieldtype: 'cca2',
  metric: 'sum__pop',
  adhoc_filters: [],
  row_limit: 10000,
};
const rows = [
  { country: 'FR', sum__pop: 60, sum__gdp: 4 },
  { country: 'DE', sum__pop: 80, sum__gdp: 16 },
  { country: 'Atlantis', sum__pop: 1, sum__gdp: 1 },
];
const props = (extra: Record<string, unknown> = {}, data = rows): ChartProps => ({
  width: 600,
  height: 400,
  formData: { ...fd, ...extra },
  queriesData: [
    { data, colnames: ['country', 'sum__pop', 'sum__gdp'], coltypes: [1, 0, 0], rowcount: 3 },
  ],
  datasource: { id: 1, type: 'table', columns: [], metrics: [] },
});
type Option = {
  geo: {
    map: string;
    nameProperty: string;
    regions: Array<{ name: string; itemStyle: { areaColor?: string; opacity?: number } }>;
  };
  visualMap?: { min: number; max: number; seriesIndex: number; inRange: { color: string[] } };
  series: Array<{
    type: string;
    data: Array<{
      name: string;
      value: unknown;
      symbolSize?: number;
      country?: string;
      itemStyle?: { opacity?: number };
    }>;
  }>;
  tooltip: { formatter: (p: unknown) => string };
};
const optionOf = (p: ChartProps) => worldMapPlugin.transformProps(p).echartOptions as Option;

describe('world_map buildQuery', () => {
  it('groups by the country column with the metric and the bubble metric', () => {
    const q = worldMapPlugin.buildQuery({
      ...fd,
      secondary_metric: 'sum__gdp',
      sort_by_metric: true,
    }).queries[0]!;
    expect(q).toMatchObject({
      columns: ['country'],
      metrics: ['sum__pop', 'sum__gdp'],
      orderby: [['sum__pop', false]],
      row_limit: 10000,
    });
  });

  it('drops a bubble metric equal to the metric, and orders only on request', () => {
    const q = worldMapPlugin.buildQuery({ ...fd, secondary_metric: 'sum__pop' }).queries[0]!;
    expect(q.metrics).toEqual(['sum__pop']);
    expect(q.orderby).toEqual([]);
  });
});

describe('world_map countries', () => {
  it('maps each field type to the ISO numeric id', () => {
    expect(findCountry('fr', 'cca2')?.id).toBe('250');
    expect(findCountry('DEU', 'cca3')?.id).toBe('276');
    expect(findCountry('GER', 'cioc')?.id).toBe('276');
    expect(findCountry('SUI', 'cioc')?.id).toBe('756');
    expect(findCountry('USA', 'cioc')?.id).toBe('840');
    expect(findCountry('Germany', 'name')).toEqual({ id: '276', alpha3: 'DEU', name: 'Germany' });
    expect(findCountry('Atlantis', 'name')).toBeNull();
    expect(findCountry('DE', 'cca3')).toBeNull();
    expect(findCountry(null, 'cca2')).toBeNull();
  });
});

describe('world_map transformProps', () => {
  it('is empty without rows', () => {
    expect(worldMapPlugin.transformProps(props({}, [])).empty).toBe(true);
  });

  it('shades matched countries along the linear scheme and lists unmatched rows', () => {
    const out = worldMapPlugin.transformProps(props());
    expect(out.unmatched).toEqual(['Atlantis']);
    const o = out.echartOptions as Option;
    expect(o.geo).toMatchObject({ map: 'world', nameProperty: 'iso_n3', regions: [] });
    expect(o.series).toHaveLength(1);
    expect(o.series[0]!.type).toBe('map');
    expect(o.series[0]!.data.map((d) => [d.name, d.value, d.country])).toEqual([
      ['250', 60, 'France'],
      ['276', 80, 'Germany'],
    ]);
    expect(o.visualMap).toMatchObject({ min: 60, max: 80, seriesIndex: 0 });
    expect(o.visualMap!.inRange.color.length).toBeGreaterThan(1);
  });

  it('colours each country from the categorical scheme when colouring by country', () => {
    const o = optionOf(props({ color_by: 'country', color_scheme: 'd3Category10' }));
    expect(o.visualMap).toBeUndefined();
    expect(o.geo.regions).toEqual([
      { name: '250', itemStyle: { areaColor: '#1f77b4' } },
      { name: '276', itemStyle: { areaColor: '#ff7f0e' } },
    ]);
  });

  it('sizes bubbles by the bubble metric up to the max size', () => {
    const o = optionOf(
      props({ show_bubbles: true, secondary_metric: 'sum__gdp', max_bubble_size: '10' }),
    );
    const bubbles = o.series[1]!;
    expect(bubbles.type).toBe('scatter');
    expect(bubbles.data.map((d) => [d.name, d.symbolSize])).toEqual([
      ['250', 2],
      ['276', 20],
    ]);
    expect(bubbleRadii([4, 16, 9, null], 25)).toEqual([1, 25, 13, null]);
  });

  it('escapes the country in the tooltip and formats the metric', () => {
    const o = optionOf(props({ y_axis_format: ',d' }));
    expect(o.tooltip.formatter({ data: { country: 'A<b>', value: 1234 } })).toBe(
      '<strong>A&#60;b&#62;</strong><br/>1,234',
    );
    expect(o.tooltip.formatter({ data: undefined })).toBe('');
  });

  it('cross filters on the clicked country with its own value', () => {
    const setDataMask = vi.fn();
    const out = worldMapPlugin.transformProps({
      ...props(),
      emitCrossFilters: true,
      hooks: { setDataMask },
    });
    out.onCountryClick!('276');
    expect(setDataMask).toHaveBeenCalledWith({
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['DE'] }] },
      filterState: { value: ['DE'], selectedValues: ['276'] },
    });
  });

  it('dims the countries its own cross filter does not select; a click on it clears it', () => {
    const setDataMask = vi.fn();
    const filterState = worldMapCrossFilter('country', 'DE', '276').filterState!;
    const picked = (extra: Record<string, unknown> = {}) =>
      worldMapPlugin.transformProps({
        ...props(extra),
        emitCrossFilters: true,
        hooks: { setDataMask },
        filterState,
      });
    const out = picked({ show_bubbles: true, secondary_metric: 'sum__gdp' });
    const o = out.echartOptions as Option;
    // The geo draws the map series: France dimmed, Germany (the selection) as it was.
    expect(o.geo.regions).toEqual([{ name: '250', itemStyle: { opacity: UNSELECTED_OPACITY } }]);
    expect(o.series[1]!.data.map((d) => [d.name, d.itemStyle?.opacity])).toEqual([
      ['250', UNSELECTED_OPACITY],
      ['276', undefined],
    ]);
    expect(o.visualMap).toMatchObject({ min: 60, max: 80 });
    // Coloured by country: the selection keeps its colour, the others dimmed.
    expect(optionOf({ ...props({ color_by: 'country' }), filterState }).geo.regions).toEqual([
      { name: '250', itemStyle: { areaColor: expect.any(String), opacity: UNSELECTED_OPACITY } },
      { name: '276', itemStyle: { areaColor: expect.any(String) } },
    ]);
    out.onCountryClick!('276');
    expect(setDataMask).toHaveBeenLastCalledWith(CLEARED_CROSS_FILTER);
    out.onCountryClick!('250');
    expect(setDataMask).toHaveBeenLastCalledWith({
      extraFormData: { filters: [{ col: 'country', op: 'IN', val: ['FR'] }] },
      filterState: { value: ['FR'], selectedValues: ['250'] },
    });
    // Nothing selected: nothing dimmed.
    expect(
      optionOf({ ...props(), filterState: CLEARED_CROSS_FILTER.filterState! }).geo.regions,
    ).toEqual([]);
    expect(selectedCountries(undefined)).toBeNull();
    expect(selectedCountries({ value: null, selectedValues: null })).toBeNull();
    expect(selectedCountries({ value: ['DE'], selectedValues: ['276'] })).toEqual(['276']);
    expect(selectedCountries({ value: ['DE'], selectedValues: ['DEU'] })).toEqual(['276']);
  });
});

describe('world_map shapes', () => {
  const square = (x0: number, x1: number) => [
    [
      [x0, 0],
      [x1, 0],
      [x1, 10],
      [x0, 10],
      [x0, 0],
    ],
  ];
  it('splits a polygon crossing the antimeridian', () => {
    const ring = [
      [170, 0],
      [-170, 0],
      [-170, 10],
      [170, 10],
      [170, 0],
    ];
    expect(splitPolygon([ring])).toEqual([
      [
        [
          [170, 0],
          [180, 0],
          [180, 10],
          [170, 10],
          [170, 0],
        ],
      ],
      [
        [
          [-180, 0],
          [-170, 0],
          [-170, 10],
          [-180, 10],
          [-180, 0],
        ],
      ],
    ]);
    expect(splitPolygon(square(0, 10))).toEqual([square(0, 10)]);
  });

  it('names features by id and centres bubbles on the largest polygon', () => {
    const fc: FeatureCollection = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          id: '840',
          properties: { name: 'USA' },
          geometry: { type: 'MultiPolygon', coordinates: [square(0, 2), square(10, 30)] },
        },
      ],
    };
    const world = prepareWorld(fc);
    expect(world.features[0]!.properties).toEqual({ name: 'USA', iso_n3: '840' });
    const centers = countryCenters(world);
    expect(centers).toEqual({ '840': [20, 5] });
    const placed = placeBubbles(
      {
        series: [
          { type: 'map', data: [] },
          {
            type: 'scatter',
            data: [
              { name: '840', value: [0, 0, 7] },
              { name: '999', value: [0, 0, 1] },
            ],
          },
        ],
      },
      centers,
    );
    expect((placed.series as Option['series'])[1]!.data).toEqual([
      { name: '840', value: [20, 5, 7] },
    ]);
  });
});

describe('world_map paint', () => {
  const option = () =>
    worldMapPlugin.transformProps(props()).echartOptions as unknown as {
      geo: { itemStyle: Record<string, unknown> };
      series: Array<{ type: string; itemStyle?: Record<string, unknown> }>;
    };

  it('draws light land with white borders in light, as transformProps gives them', () => {
    const o = option();
    expect(paintWorld(o, 'light')).toEqual(o);
    expect(o.geo.itemStyle).toEqual({
      areaColor: '#e0e0e0',
      borderColor: '#ffffff',
      borderWidth: 0.5,
    });
  });

  it("draws dark land with lighter borders in dark (ECharts' dark palette), data untouched", () => {
    const o = option();
    const dark = paintWorld(o, 'dark') as typeof o;
    expect(dark.geo.itemStyle).toEqual({
      areaColor: WORLD_PAINT.dark.land,
      borderColor: WORLD_PAINT.dark.border,
      borderWidth: 0.5,
    });
    expect(dark.series[0]!.itemStyle).toEqual({ color: WORLD_PAINT.dark.land });
    expect({ ...dark, geo: o.geo, series: o.series }).toEqual(o);
    expect((dark as unknown as { visualMap: unknown }).visualMap).toBe(
      (o as unknown as { visualMap: unknown }).visualMap,
    );
  });
});
