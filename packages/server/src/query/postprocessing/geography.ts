/**
 * Superset's geography operations (deck.gl charts send them):
 * - `geohash_decode`: a geohash column into `latitude` and `longitude` columns (the centre of
 *   the geohash's cell, as python-geohash's `decode`); "Invalid geohash string" otherwise.
 * - `geohash_encode`: `latitude` and `longitude` columns into a 12-character geohash column;
 *   "Invalid longitude/latitude" when a latitude is outside [-90, 90) or a value is not numeric
 *   (longitudes wrap, as python-geohash does).
 * - `geodetic_parse`: a column of geodetic point text ("40.7 -74", "41 30m N, 81 W",
 *   "41.5;-81.0;2.5km", as geopy's `Point` reads it) into latitude, longitude and, when the
 *   option names a column, altitude in kilometres; "Invalid geodetic string" otherwise.
 * New columns are added at the end, or replace a column of the same name. A missing source
 * value gives missing results (Superset's libraries fail on them).
 */
import { setColumns } from './append-columns.js';
import { MISSING_COLUMNS_MESSAGE, PostProcessingError } from './errors.js';
import { numberOrNaN } from './numbers.js';
import { columnValues, type Cell, type Column, type Table } from './table.js';

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';
const GEOHASH_PRECISION = 12;

function sourceColumn(table: Table, name: string): Column {
  const values = columnValues(table, name);
  if (!values || table.columns.indexOf(name) < (table.indexCount ?? 0))
    throw new PostProcessingError(MISSING_COLUMNS_MESSAGE);
  return values;
}

/** The centre `[latitude, longitude]` of a geohash's cell, or null when it is not one. */
export function decodeGeohash(hash: string): [number, number] | null {
  if (hash.length === 0) return null;
  let lat: [number, number] = [-90, 90];
  let lon: [number, number] = [-180, 180];
  let even = true;
  for (const ch of hash.toLowerCase()) {
    const bits = BASE32.indexOf(ch);
    if (bits < 0) return null;
    for (let b = 4; b >= 0; b -= 1) {
      const range = even ? lon : lat;
      const mid = (range[0] + range[1]) / 2;
      const next: [number, number] = (bits >> b) & 1 ? [mid, range[1]] : [range[0], mid];
      if (even) lon = next;
      else lat = next;
      even = !even;
    }
  }
  return [(lat[0] + lat[1]) / 2, (lon[0] + lon[1]) / 2];
}

/** The geohash of a point, or null when the latitude is out of range. */
export function encodeGeohash(
  latitude: number,
  longitude: number,
  precision = GEOHASH_PRECISION,
): string | null {
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
  if (latitude >= 90 || latitude < -90) return null;
  let lng = longitude;
  while (lng < -180) lng += 360;
  while (lng >= 180) lng -= 360;
  const lat: [number, number] = [-90, 90];
  const lon: [number, number] = [-180, 180];
  let even = true;
  let out = '';
  let bits = 0;
  let count = 0;
  while (out.length < precision) {
    const range = even ? lon : lat;
    const value = even ? lng : latitude;
    const mid = (range[0] + range[1]) / 2;
    bits <<= 1;
    if (value >= mid) {
      bits |= 1;
      range[0] = mid;
    } else {
      range[1] = mid;
    }
    even = !even;
    count += 1;
    if (count === 5) {
      out += BASE32[bits];
      bits = 0;
      count = 0;
    }
  }
  return out;
}

export interface GeohashDecodeOptions {
  readonly geohash: string;
  readonly longitude: string;
  readonly latitude: string;
}

export function geohashDecode(table: Table, options: GeohashDecodeOptions): Table {
  const hashes = sourceColumn(table, options.geohash);
  const lat: Cell[] = [];
  const lon: Cell[] = [];
  for (const value of hashes) {
    if (value === null) {
      lat.push(null);
      lon.push(null);
      continue;
    }
    const point = typeof value === 'string' ? decodeGeohash(value) : null;
    if (!point) throw new PostProcessingError('Invalid geohash string');
    lat.push(point[0]);
    lon.push(point[1]);
  }
  return setColumns(table, [
    [options.latitude, lat],
    [options.longitude, lon],
  ]);
}

export type GeohashEncodeOptions = GeohashDecodeOptions;

export function geohashEncode(table: Table, options: GeohashEncodeOptions): Table {
  const lats = sourceColumn(table, options.latitude);
  const lons = sourceColumn(table, options.longitude);
  const hashes: Cell[] = lats.map((latValue, r) => {
    const lonValue = lons[r] ?? null;
    if (latValue === null || lonValue === null) return null;
    const lat = numberOrNaN(latValue);
    const lon = numberOrNaN(lonValue);
    const hash = lat === undefined || lon === undefined ? null : encodeGeohash(lat, lon);
    if (hash === null) throw new PostProcessingError('Invalid longitude/latitude');
    return hash;
  });
  return setColumns(table, [[options.geohash, hashes]]);
}

// geopy's point text: latitude, longitude (degrees, optional arc minutes and seconds, an optional
// N/S or E/W before or after), then an optional altitude with its unit.
const FLOAT = String.raw`\d+(?:\.\d+)?`;
const SEP = String.raw`\s*[,;/\s]\s*`;
const coordinate = (name: string, directions: string) =>
  String.raw`(?<${name}DirFront>[${directions}])?[ ]*(?<${name}Deg>-?${FLOAT})(?:[°D*\s][ ]*` +
  String.raw`(?:(?<${name}Min>${FLOAT})[′'m][ ]*)?(?:(?<${name}Sec>${FLOAT})[″"s][ ]*)?)?` +
  String.raw`(?<${name}DirBack>[${directions}])?`;
const POINT = new RegExp(
  String.raw`^.*?${coordinate('lat', 'NS')}${SEP}${coordinate('lon', 'EW')}` +
    String.raw`(?:${SEP}(?<altDist>-?${FLOAT})[ ]*(?<altUnit>km|m|mi|ft|nm|nmi))?\s*$`,
  'u',
);

/** Kilometres per unit of altitude. */
const KM_PER: Record<string, number> = {
  km: 1,
  m: 0.001,
  mi: 1.609344,
  ft: 0.0003048,
  nm: 1.852,
  nmi: 1.852,
};

function degrees(
  deg: string | undefined,
  min: string | undefined,
  sec: string | undefined,
  direction: string | undefined,
): number {
  let value = Number(deg);
  const more = Number(min ?? 0) / 60 + Number(sec ?? 0) / 3600;
  if (more) value = value < 0 ? value - more : value + more;
  return direction === 'S' || direction === 'W' ? -value : value;
}

/** `[latitude, longitude, altitude km]` of geodetic point text, or null when it is none. */
export function parseGeodetic(text: string): [number, number, number] | null {
  const match = POINT.exec(text.replaceAll("''", '"'));
  const g = match?.groups;
  if (!g) return null;
  const latitude = degrees(g.latDeg, g.latMin, g.latSec, g.latDirFront ?? g.latDirBack);
  let longitude = degrees(g.lonDeg, g.lonMin, g.lonSec, g.lonDirFront ?? g.lonDirBack);
  const altitude = g.altDist ? Number(g.altDist) * (KM_PER[g.altUnit ?? 'km'] ?? 1) : 0;
  if (![latitude, longitude, altitude].every(Number.isFinite) || Math.abs(latitude) > 90)
    return null;
  // Longitudes normalised into [-180, 180), as geopy does.
  longitude = ((((longitude + 180) % 360) + 360) % 360) - 180;
  return [latitude, longitude, altitude];
}

export interface GeodeticParseOptions {
  readonly geodetic: string;
  readonly longitude: string;
  readonly latitude: string;
  readonly altitude?: string | null;
}

export function geodeticParse(table: Table, options: GeodeticParseOptions): Table {
  const texts = sourceColumn(table, options.geodetic);
  const lat: Cell[] = [];
  const lon: Cell[] = [];
  const alt: Cell[] = [];
  for (const value of texts) {
    if (value === null) {
      lat.push(null);
      lon.push(null);
      alt.push(null);
      continue;
    }
    const point = typeof value === 'string' ? parseGeodetic(value) : null;
    if (!point) throw new PostProcessingError('Invalid geodetic string');
    lat.push(point[0]);
    lon.push(point[1]);
    alt.push(point[2]);
  }
  return setColumns(table, [
    [options.latitude, lat],
    [options.longitude, lon],
    ...(options.altitude ? [[options.altitude, alt] as const] : []),
  ]);
}
