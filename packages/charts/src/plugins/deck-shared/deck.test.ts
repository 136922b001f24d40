import { describe, expect, it } from 'vitest';
import type { QueryFormData } from '@strata/core';
import { decodeGeohash, parseDelimited, spatialColumns, spatialPosition } from './spatial.js';
import { DEFAULT_VIEWPORT, fitViewport, unitToRadius, viewportOf } from './geo.js';
import { arcLayer, gridLayer, scatterLayer } from './layers.js';
import { deckQueryObject } from './query.js';
import { deckTransformProps } from './transformProps.js';
import { isTileTemplate } from './tiles.js';
import { parseColor, rgbaOf } from './colors.js';
import { validateSpatial } from './controls.js';
import { chartRegistry } from '../index.js';

const fd = (extra: Record<string, unknown>): QueryFormData =>
  ({ datasource: '1__table', viz_type: 'deck_scatter', ...extra }) as QueryFormData;

describe('spatial positions', () => {
  it('reads lon/lat columns as [lng, lat]', () => {
    const s = { type: 'latlong' as const, lonCol: 'LON', latCol: 'LAT' };
    expect(spatialColumns(s)).toEqual(['LON', 'LAT']);
    expect(spatialPosition({ LON: -122.4, LAT: '37.7' }, s)).toEqual([-122.4, 37.7]);
    expect(spatialPosition({ LON: null, LAT: 37.7 }, s)).toBeNull();
    expect(spatialPosition({ LON: 'x', LAT: 37.7 }, s)).toBeNull();
  });

  it('reads a delimited column in its order, reversed on request, with its delimiter', () => {
    const s = { type: 'delimited' as const, lonlatCol: 'd', delimiter: ',' };
    expect(spatialColumns(s)).toEqual(['d']);
    expect(spatialPosition({ d: '-122.4, 37.7' }, s)).toEqual([-122.4, 37.7]);
    expect(spatialPosition({ d: '37.7,-122.4' }, { ...s, reverseCheckbox: true })).toEqual([
      -122.4, 37.7,
    ]);
    expect(parseDelimited('1;2', ';')).toEqual([1, 2]);
    expect(parseDelimited('1;2', ',')).toBeNull();
    expect(parseDelimited('a,2')).toBeNull();
  });

  it('decodes a geohash to the centre of its cell as [lng, lat]; reverse swaps', () => {
    // python-geohash: decode('9q8yyk8yuv') ≈ (37.7749, -122.4194).
    const [lat, lon] = decodeGeohash('9q8yyk8yuv')!;
    expect(lat).toBeCloseTo(37.7749, 3);
    expect(lon).toBeCloseTo(-122.4194, 3);
    expect(decodeGeohash('')).toBeNull();
    expect(decodeGeohash('9q8a')).toBeNull();
    const s = { type: 'geohash' as const, geohashCol: 'g' };
    const p = spatialPosition({ g: '9q8yyk8yuv' }, s)!;
    expect(p[0]).toBeCloseTo(-122.4194, 3);
    expect(spatialPosition({ g: '9q8yyk8yuv' }, { ...s, reverseCheckbox: true })![0]).toBeCloseTo(
      37.7749,
      3,
    );
  });

  it('the control is invalid until its way has its columns', () => {
    expect(validateSpatial(null)).toBe('Invalid lat/long configuration');
    expect(validateSpatial({ type: 'latlong', lonCol: 'LON' })).toBe(
      'Invalid lat/long configuration',
    );
    expect(validateSpatial({ type: 'latlong', lonCol: 'LON', latCol: 'LAT' })).toBeNull();
    expect(validateSpatial({ type: 'geohash', geohashCol: 'g' })).toBeNull();
  });
});

describe('geometry', () => {
  it('turns a point size into a radius in metres per unit', () => {
    expect(unitToRadius('radius_m', 50)).toBe(50);
    expect(unitToRadius('radius_km', 2)).toBe(2000);
    expect(unitToRadius('radius_miles', 1)).toBeCloseTo(1609.34);
    expect(unitToRadius('square_m', Math.PI * 100)).toBeCloseTo(10);
    expect(unitToRadius('square_km', Math.PI)).toBeCloseTo(1000);
    expect(unitToRadius('square_miles', Math.PI)).toBeCloseTo(1609.34);
    expect(unitToRadius('parsecs', 1)).toBeNull();
  });

  it('reads the viewport with the defaults (zoom 1, bearing 0, pitch 0)', () => {
    expect(viewportOf(undefined)).toEqual(DEFAULT_VIEWPORT);
    expect(viewportOf({ longitude: '10', latitude: 20, zoom: 'x' })).toEqual({
      ...DEFAULT_VIEWPORT,
      longitude: 10,
      latitude: 20,
    });
  });

  it('fits points into the chart', () => {
    expect(fitViewport([], 400, 300)).toBeNull();
    const one = fitViewport([[-122.4, 37.7]], 400, 300)!;
    expect(one).toMatchObject({ longitude: -122.4, zoom: 12, bearing: 0, pitch: 0 });
    expect(one.latitude).toBeCloseTo(37.7, 6);
    // San Francisco's extent: centred on it, a city zoom.
    const sf = fitViewport(
      [
        [-122.52, 37.7],
        [-122.35, 37.81],
      ],
      800,
      600,
    )!;
    expect(sf.longitude).toBeCloseTo(-122.435, 3);
    expect(sf.latitude).toBeCloseTo(37.755, 2);
    expect(sf.zoom).toBeGreaterThan(11);
    expect(sf.zoom).toBeLessThan(13);
    // The whole world: about zoom 0–1 for a 800 px wide chart.
    const world = fitViewport(
      [
        [-170, -60],
        [170, 70],
      ],
      800,
      600,
    )!;
    expect(world.zoom).toBeGreaterThanOrEqual(0);
    expect(world.zoom).toBeLessThan(1.5);
  });
});

describe('layers', () => {
  const rows = [
    { LON: -122.4, LAT: 37.7, count: 4, kind: 'a' },
    { LON: -122.5, LAT: 37.8, count: 9, kind: 'b' },
    { LON: null, LAT: 37.8, count: 1, kind: 'b' },
  ];
  const spatial = { type: 'latlong', lonCol: 'LON', latCol: 'LAT' };

  it('scatter: a fixed size in the unit, times the multiplier, one colour', () => {
    const layer = scatterLayer(
      rows,
      fd({
        spatial,
        point_radius_fixed: { type: 'fix', value: 2 },
        point_unit: 'radius_km',
        multiplier: 3,
        color_picker: { r: 10, g: 20, b: 30, a: 0.5 },
        min_radius: 2,
        max_radius: '250',
      }),
    );
    expect(layer.kind).toBe('scatter');
    if (layer.kind !== 'scatter') return;
    expect(layer.points).toEqual([
      { position: [-122.4, 37.7], radius: 6000, color: [10, 20, 30, 128] },
      { position: [-122.5, 37.8], radius: 6000, color: [10, 20, 30, 128] },
    ]);
    expect(layer).toMatchObject({ minRadius: 2, maxRadius: 250 });
  });

  it('scatter: the metric as the size, categorical colours by the dimension', () => {
    const layer = scatterLayer(
      rows,
      fd({
        spatial,
        point_radius_fixed: { type: 'metric', value: 'count' },
        point_unit: 'radius_m',
        dimension: 'kind',
      }),
    );
    if (layer.kind !== 'scatter') throw new Error('scatter');
    expect(layer.points.map((p) => [p.radius, p.metric, p.cat_color])).toEqual([
      [4, 4, 'a'],
      [9, 9, 'b'],
    ]);
    expect(layer.points[0]!.color).not.toEqual(layer.points[1]!.color);
  });

  it('arc: both ends, source and target colours', () => {
    const layer = arcLayer(
      [{ a: -100, b: 40, c: -80, d: 35 }],
      fd({
        start_spatial: { type: 'latlong', lonCol: 'a', latCol: 'b' },
        end_spatial: { type: 'latlong', lonCol: 'c', latCol: 'd' },
        color_picker: { r: 1, g: 2, b: 3, a: 1 },
        target_color_picker: { r: 4, g: 5, b: 6, a: 1 },
        stroke_width: '3',
      }),
    );
    expect(layer).toEqual({
      kind: 'arc',
      strokeWidth: 3,
      arcs: [
        {
          sourcePosition: [-100, 40],
          targetPosition: [-80, 35],
          sourceColor: [1, 2, 3, 255],
          targetColor: [4, 5, 6, 255],
        },
      ],
    });
  });

  it('grid layers: weights from the size metric (1 when missing), cell size, extrusion', () => {
    const layer = gridLayer(
      'hex',
      rows,
      fd({ spatial, size: 'count', grid_size: 50, extruded: false }),
    );
    if (layer.kind !== 'hex') throw new Error('hex');
    expect(layer.points.map((p) => p.weight)).toEqual([4, 9]);
    expect(layer).toMatchObject({ cellSize: 50, extruded: false });
    expect(layer.colorRange.length).toBeGreaterThan(1);
    const screen = gridLayer('screengrid', rows, fd({ spatial }));
    if (screen.kind !== 'screengrid') throw new Error('screengrid');
    expect(screen.points.map((p) => p.weight)).toEqual([1, 1]);
    expect(screen).toMatchObject({ cellSize: 20, extruded: false });
  });
});

describe('query and props', () => {
  it('asks the spatial columns and dimension, the metric descending, nulls filtered', () => {
    const q = deckQueryObject(
      { columns: ['x'], metrics: ['y'], filters: [{ col: 'z', op: '==', val: 1 }], row_limit: 10 },
      fd({ spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' }, dimension: 'kind' }),
      ['spatial'],
      'count',
    );
    expect(q).toMatchObject({
      columns: ['LAT', 'LON', 'kind'],
      metrics: ['count'],
      orderby: [['count', false]],
      row_limit: 10,
      filters: [
        { col: 'z', op: '==', val: 1 },
        { col: 'LAT', op: 'IS NOT NULL' },
        { col: 'LON', op: 'IS NOT NULL' },
      ],
    });
    const raw = deckQueryObject(
      {},
      fd({ spatial: { type: 'geohash', geohashCol: 'g' }, filter_nulls: false }),
      ['spatial'],
      null,
    );
    expect(raw).toMatchObject({ columns: ['g'], metrics: [], orderby: [], filters: [] });
  });

  it('the scatter plugin queries by point_radius_fixed and draws the rows', () => {
    const plugin = chartRegistry.get('deck_scatter')!;
    const formData = fd({
      spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' },
      point_radius_fixed: { type: 'metric', value: 'count' },
    });
    expect(plugin.buildQuery(formData).queries[0]).toMatchObject({
      columns: ['LAT', 'LON'],
      metrics: ['count'],
    });
    for (const t of ['deck_arc', 'deck_screengrid', 'deck_grid', 'deck_hex'])
      expect(chartRegistry.has(t)).toBe(true);
  });

  it('opens on the saved viewport, or fits the data with auto zoom; writes pans back', () => {
    const set: Array<[string, unknown]> = [];
    const props = (extra: Record<string, unknown>) =>
      deckTransformProps(
        {
          width: 400,
          height: 300,
          formData: fd({
            spatial: { type: 'latlong', lonCol: 'LON', latCol: 'LAT' },
            viewport: { longitude: 1, latitude: 2, zoom: 3, bearing: 4, pitch: 5 },
            ...extra,
          }),
          queriesData: [{ data: [{ LON: 10, LAT: 20 }], colnames: [], coltypes: [], rowcount: 1 }],
          datasource: { id: 1, type: 'table', columns: [], metrics: [] },
          hooks: { setControlValue: (n, v) => set.push([n, v]) },
        },
        (rows, formData) => scatterLayer(rows, formData),
      );
    const saved = props({ autozoom: false, mapbox_style: 'mapbox://styles/mapbox/light-v9' });
    expect(saved.viewport).toEqual({ longitude: 1, latitude: 2, zoom: 3, bearing: 4, pitch: 5 });
    expect(saved.tileUrl).toBeNull();
    const fitted = props({ mapbox_style: 'https://tiles.example.com/{z}/{x}/{y}.png' });
    expect(fitted.viewport).toMatchObject({ longitude: 10, zoom: 12 });
    expect(fitted.tileUrl).toBe('https://tiles.example.com/{z}/{x}/{y}.png');
    fitted.onViewportChange!({ longitude: 5, latitude: 6, zoom: 7, bearing: 0, pitch: 0 });
    expect(set).toEqual([
      ['viewport', { longitude: 5, latitude: 6, zoom: 7, bearing: 0, pitch: 0 }],
    ]);
  });

  it('tile templates and colours', () => {
    expect(isTileTemplate('/tiles/{z}/{x}/{y}.png')).toBe(true);
    expect(isTileTemplate('https://a.b/{z}/{x}.png')).toBe(false);
    expect(isTileTemplate('mapbox://styles/mapbox/light-v9')).toBe(false);
    expect(rgbaOf(undefined)).toEqual([0, 122, 135, 255]);
    expect(parseColor('#1FA8C9')).toEqual([31, 168, 201, 255]);
    expect(parseColor('#abc')).toEqual([170, 187, 204, 255]);
    expect(parseColor('rgba(1, 2, 3, 0.5)')).toEqual([1, 2, 3, 128]);
  });
});
