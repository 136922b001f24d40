import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './apply.js';
import {
  decodeGeohash,
  encodeGeohash,
  geodeticParse,
  geohashDecode,
  geohashEncode,
  parseGeodetic,
} from './geography.js';
import { tableOf, toRecords } from './table.js';

describe('geohash', () => {
  it('decodes to the centre of the cell and encodes 12 characters by default', () => {
    expect(decodeGeohash('ezs42')).toEqual([42.60498046875, -5.60302734375]);
    expect(encodeGeohash(42.6, -5.6, 5)).toBe('ezs42');
    expect(encodeGeohash(57.64911, 10.40744, 11)).toBe('u4pruydqqvj');
    expect(encodeGeohash(57.64911, 10.40744)).toHaveLength(12);
    // Longitudes wrap; latitudes out of range are refused.
    expect(encodeGeohash(0, 190, 6)).toBe(encodeGeohash(0, -170, 6));
    expect(encodeGeohash(90, 0)).toBeNull();
    expect(decodeGeohash('ezs4a')).toBeNull();
  });

  it('adds latitude and longitude columns, nulls kept', () => {
    const out = geohashDecode(tableOf({ g: ['ezs42', null] }), {
      geohash: 'g',
      latitude: 'lat',
      longitude: 'lon',
    });
    expect(toRecords(out)).toEqual([
      { g: 'ezs42', lat: 42.60498046875, lon: -5.60302734375 },
      { g: null, lat: null, lon: null },
    ]);
  });

  it('encodes latitude and longitude columns into a geohash column', () => {
    const out = geohashEncode(tableOf({ lat: [42.6], lon: [-5.6] }), {
      geohash: 'hash',
      latitude: 'lat',
      longitude: 'lon',
    });
    expect(out.columns).toEqual(['lat', 'lon', 'hash']);
    expect(String(out.data[2]?.[0]).slice(0, 5)).toBe('ezs42');
  });

  it("answers Superset's messages", () => {
    const opts = { geohash: 'g', latitude: 'lat', longitude: 'lon' };
    expect(() => geohashDecode(tableOf({ g: ['!!'] }), opts)).toThrow('Invalid geohash string');
    expect(() => geohashEncode(tableOf({ lat: [95], lon: [0] }), opts)).toThrow(
      'Invalid longitude/latitude',
    );
    expect(() => geohashDecode(tableOf({ x: ['a'] }), opts)).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});

describe('geodetic_parse', () => {
  it("reads geopy's point text", () => {
    expect(parseGeodetic('41.5;-81.0')).toEqual([41.5, -81, 0]);
    expect(parseGeodetic('41 30m N, 81 W')).toEqual([41.5, -81, 0]);
    expect(parseGeodetic('41.5, -81.0, 2.5km')).toEqual([41.5, -81, 2.5]);
    expect(parseGeodetic('41.5, -81.0, 300m')?.[2]).toBeCloseTo(0.3);
    const dms = parseGeodetic('40° 26′ 46″ N 79° 58′ 56″ W');
    expect(dms?.[0]).toBeCloseTo(40.446111, 5);
    expect(dms?.[1]).toBeCloseTo(-79.982222, 5);
    expect(parseGeodetic('0 190')).toEqual([0, -170, 0]);
    expect(parseGeodetic('nowhere')).toBeNull();
    expect(parseGeodetic('95 10')).toBeNull();
  });

  it('adds the columns, altitude only when named', () => {
    const table = tableOf({ p: ['41.5 -81 1km', null] });
    const opts = { geodetic: 'p', latitude: 'lat', longitude: 'lon' };
    expect(geodeticParse(table, opts).columns).toEqual(['p', 'lat', 'lon']);
    expect(toRecords(geodeticParse(table, { ...opts, altitude: 'alt' }))).toEqual([
      { p: '41.5 -81 1km', lat: 41.5, lon: -81, alt: 1 },
      { p: null, lat: null, lon: null, alt: null },
    ]);
    expect(() => geodeticParse(tableOf({ p: ['x'] }), opts)).toThrow('Invalid geodetic string');
  });

  it('runs through the post-processing list; prophet is refused with its reason', () => {
    const out = applyPostProcessing(tableOf({ p: ['1 2'] }), [
      { operation: 'geodetic_parse', options: { geodetic: 'p', latitude: 'a', longitude: 'b' } },
    ]);
    expect(toRecords(out)).toEqual([{ p: '1 2', a: 1, b: 2 }]);
    expect(() =>
      applyPostProcessing(tableOf({ p: [1] }), [{ operation: 'prophet', options: {} }]),
    ).toThrow('`prophet` package not installed');
  });
});
