/**
 * Map geometry of the deck.gl charts: point sizes in metres from the point unit (Superset's
 * `unitToRadius`), the viewport of the form data (defaults: spec 001 §9, Superset's), and the
 * viewport that fits a set of points into a chart (Web Mercator, 512-pixel world at zoom 0).
 */
import type { Position } from './spatial.js';

export type PointUnit =
  'square_m' | 'radius_m' | 'radius_km' | 'radius_miles' | 'square_km' | 'square_miles';

export const POINT_UNITS: Array<[PointUnit, string]> = [
  ['square_m', 'Square meters'],
  ['square_km', 'Square kilometers'],
  ['square_miles', 'Square miles'],
  ['radius_m', 'Radius in meters'],
  ['radius_km', 'Radius in kilometers'],
  ['radius_miles', 'Radius in miles'],
];

const METERS_PER_MILE = 1609.34;

/** The radius in metres of a point of size `value` in `unit`; null for an unknown unit. */
export function unitToRadius(unit: unknown, value: number): number | null {
  switch (unit) {
    case 'square_m':
      return Math.sqrt(value / Math.PI);
    case 'radius_m':
      return value;
    case 'radius_km':
      return value * 1000;
    case 'radius_miles':
      return value * METERS_PER_MILE;
    case 'square_km':
      return Math.sqrt(value / Math.PI) * 1000;
    case 'square_miles':
      return Math.sqrt(value / Math.PI) * METERS_PER_MILE;
    default:
      return null;
  }
}

export interface Viewport {
  longitude: number;
  latitude: number;
  zoom: number;
  bearing: number;
  pitch: number;
}

export const DEFAULT_VIEWPORT: Viewport = {
  longitude: 6.85236157047845,
  latitude: 31.222656842808707,
  zoom: 1,
  bearing: 0,
  pitch: 0,
};

/** The form data's viewport, each missing or non-numeric field taken from the default. */
export function viewportOf(value: unknown): Viewport {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const out = { ...DEFAULT_VIEWPORT };
  for (const key of Object.keys(out) as Array<keyof Viewport>) {
    const raw = v[key];
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' ? Number(raw) : Number.NaN;
    if (raw !== '' && Number.isFinite(n)) out[key] = n;
  }
  return out;
}

const MAX_ZOOM = 20;
const mercatorX = (lng: number) => (lng + 180) / 360;
const mercatorY = (lat: number) => {
  const clamped = Math.max(-85.051129, Math.min(85.051129, lat));
  const s = Math.sin((clamped * Math.PI) / 180);
  return 0.5 - Math.log((1 + s) / (1 - s)) / (4 * Math.PI);
};
const latitudeOf = (y: number) => (Math.atan(Math.sinh(Math.PI * (1 - 2 * y))) * 180) / Math.PI;

/**
 * The viewport showing every point within `width` × `height` less `padding` pixels each side
 * (bearing and pitch 0); null without points. One point (or all at one place) gets zoom 12.
 */
export function fitViewport(
  points: readonly Position[],
  width: number,
  height: number,
  padding = 20,
): Viewport | null {
  const valid = points.filter(
    (p) => Number.isFinite(p[0]) && Number.isFinite(p[1]) && Math.abs(p[1]) <= 90,
  );
  if (valid.length === 0) return null;
  let minX = Infinity;
  let maxX = -Infinity;
  let minY = Infinity;
  let maxY = -Infinity;
  for (const [lng, lat] of valid) {
    const x = mercatorX(lng);
    const y = mercatorY(lat);
    minX = Math.min(minX, x);
    maxX = Math.max(maxX, x);
    minY = Math.min(minY, y);
    maxY = Math.max(maxY, y);
  }
  const cx = (minX + maxX) / 2;
  const cy = (minY + maxY) / 2;
  const w = Math.max(1, width - 2 * padding);
  const h = Math.max(1, height - 2 * padding);
  const dx = (maxX - minX) * 512;
  const dy = (maxY - minY) * 512;
  const zoom =
    dx === 0 && dy === 0
      ? 12
      : Math.min(MAX_ZOOM, Math.log2(Math.min(dx ? w / dx : Infinity, dy ? h / dy : Infinity)));
  return {
    longitude: cx * 360 - 180,
    latitude: latitudeOf(cy),
    zoom: Math.max(0, zoom),
    bearing: 0,
    pitch: 0,
  };
}
