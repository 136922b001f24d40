/**
 * Points of a deck.gl chart's rows from its geo position control (Superset's
 * `BaseDeckGLViz.process_spatial_data_obj`): `[longitude, latitude]` from two columns, from one
 * delimited column (read in its written order, as geopy's Point reads "a,b" as (a, b)) or from
 * a geohash (the centre of its cell); the reverse checkbox swaps the pair.
 */
import type { SpatialValue } from '../../control-panel/spatial.js';

export type Position = [number, number];

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** The columns a spatial value reads (the query's columns). */
export function spatialColumns(spatial: SpatialValue | null | undefined): string[] {
  if (!spatial) return [];
  const cols =
    spatial.type === 'latlong'
      ? [spatial.lonCol, spatial.latCol]
      : spatial.type === 'delimited'
        ? [spatial.lonlatCol]
        : [spatial.geohashCol];
  return cols.filter((c): c is string => typeof c === 'string' && c !== '');
}

/** The centre `[latitude, longitude]` of a geohash's cell, or null when it is not one. */
export function decodeGeohash(hash: string): [number, number] | null {
  if (hash.length === 0) return null;
  const lat: [number, number] = [-90, 90];
  const lon: [number, number] = [-180, 180];
  let even = true;
  for (const ch of hash.toLowerCase()) {
    const bits = BASE32.indexOf(ch);
    if (bits < 0) return null;
    for (let b = 4; b >= 0; b -= 1) {
      const range = even ? lon : lat;
      const mid = (range[0] + range[1]) / 2;
      if ((bits >> b) & 1) range[0] = mid;
      else range[1] = mid;
      even = !even;
    }
  }
  return [(lat[0] + lat[1]) / 2, (lon[0] + lon[1]) / 2];
}

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = typeof v === 'number' ? v : Number(v);
  return Number.isFinite(n) ? n : null;
};

/** "a<delimiter>b" → [a, b] (blanks around the numbers allowed), or null. */
export function parseDelimited(text: unknown, delimiter = ','): Position | null {
  if (typeof text !== 'string') return null;
  const parts = text.split(delimiter || ',').map((p) => p.trim());
  if (parts.length !== 2) return null;
  const a = num(parts[0]);
  const b = num(parts[1]);
  return a === null || b === null ? null : [a, b];
}

/** One row's point, or null when its cells do not make one. */
export function spatialPosition(
  row: Record<string, unknown>,
  spatial: SpatialValue | null | undefined,
): Position | null {
  if (!spatial) return null;
  let point: Position | null;
  if (spatial.type === 'latlong') {
    const lon = num(row[spatial.lonCol ?? '']);
    const lat = num(row[spatial.latCol ?? '']);
    point = lon === null || lat === null ? null : [lon, lat];
  } else if (spatial.type === 'delimited') {
    point = parseDelimited(row[spatial.lonlatCol ?? ''], spatial.delimiter);
  } else {
    const cell = row[spatial.geohashCol ?? ''];
    const decoded = typeof cell === 'string' ? decodeGeohash(cell) : null;
    point = decoded ? [decoded[1], decoded[0]] : null;
  }
  if (point && spatial.type !== 'latlong' && spatial.reverseCheckbox === true)
    point = [point[1], point[0]];
  return point;
}
