import { describe, expect, it } from 'vitest';
import { spatialError, spatialLabel, spatialValueOf } from './spatial.js';

const INVALID = 'Invalid lat/long configuration';

describe('geo position value', () => {
  it('defaults to lat/long columns, filled with the first column', () => {
    expect(spatialValueOf(null, 'lon')).toEqual({ type: 'latlong', latCol: 'lon', lonCol: 'lon' });
    expect(spatialValueOf(undefined)).toEqual({ type: 'latlong' });
    expect(spatialValueOf({ type: 'other', latCol: 'LAT', lonCol: 'LON' })).toEqual({
      type: 'latlong',
      latCol: 'LAT',
      lonCol: 'LON',
    });
  });

  it('keeps only the fields of its type, with the delimiter "," by default', () => {
    expect(
      spatialValueOf({ type: 'delimited', lonlatCol: 'point', latCol: 'x', reverseCheckbox: true }),
    ).toEqual({ type: 'delimited', lonlatCol: 'point', delimiter: ',', reverseCheckbox: true });
    expect(spatialValueOf({ type: 'geohash', geohashCol: 'gh', delimiter: ';' })).toEqual({
      type: 'geohash',
      geohashCol: 'gh',
      reverseCheckbox: false,
    });
  });

  it('is invalid without the columns its type needs', () => {
    expect(spatialError({ type: 'latlong', latCol: 'LAT' })).toBe(INVALID);
    expect(spatialError({ type: 'latlong', latCol: 'LAT', lonCol: 'LON' })).toBeNull();
    expect(spatialError({ type: 'delimited', lonlatCol: 'p', delimiter: '' })).toBe(INVALID);
    expect(spatialError({ type: 'delimited', lonlatCol: 'p', delimiter: ',' })).toBeNull();
    expect(spatialError({ type: 'geohash' })).toBe(INVALID);
    expect(spatialError({ type: 'geohash', geohashCol: 'gh' })).toBeNull();
  });

  it('labels the columns, or says the configuration is invalid', () => {
    expect(spatialLabel({ type: 'latlong', latCol: 'LAT', lonCol: 'LON' })).toBe('LON | LAT');
    expect(spatialLabel({ type: 'delimited', lonlatCol: 'point', delimiter: ',' })).toBe('point');
    expect(spatialLabel({ type: 'geohash', geohashCol: 'gh' })).toBe('gh');
    expect(spatialLabel(spatialValueOf({}))).toBe(INVALID);
  });
});
