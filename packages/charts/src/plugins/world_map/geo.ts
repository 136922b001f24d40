/**
 * The world map's shapes, as the component prepares them (no map data here: the component
 * loads it lazily): each feature named by its ISO numeric id, polygons crossing the antimeridian
 * split in two (ECharts draws longitude and latitude on a plane, world-atlas is spherical), and
 * each country's centre for bubbles (the area-weighted centroid of its largest polygon, so that
 * e.g. the USA's bubble sits on the mainland).
 */
import type { FeatureCollection, Geometry, Position } from 'geojson';

/** The name the map is registered under with ECharts. */
export const WORLD_MAP = 'world';
/** The feature property ECharts names regions by: the ISO 3166-1 numeric id. */
export const NAME_PROPERTY = 'iso_n3';

export type Centers = Record<string, [number, number]>;

/** The ring made continuous: after a jump of more than 180° of longitude, shifted by 360°. */
function unwrap(ring: Position[]): Position[] {
  let offset = 0;
  return ring.map(([x = 0, y = 0], i) => {
    const before = i > 0 ? (ring[i - 1]![0] ?? 0) : x;
    if (x - before > 180) offset -= 360;
    else if (x - before < -180) offset += 360;
    return [x + offset, y];
  });
}

const moved = (ring: Position[], dx: number): Position[] =>
  ring.map(([x = 0, y = 0]) => [Math.min(180, Math.max(-180, x + dx)), y]);

/** A polygon crossing the antimeridian as its two parts, each within ±180° (else itself). */
export function splitPolygon(polygon: Position[][]): Position[][][] {
  const rings = polygon.map(unwrap);
  const xs = (rings[0] ?? []).map((p) => p[0] ?? 0);
  const min = Math.min(...xs);
  const max = Math.max(...xs);
  if (min >= -180 && max <= 180) return [polygon];
  const dx = max > 180 ? -360 : 360;
  return [rings.map((r) => moved(r, 0)), rings.map((r) => moved(r, dx))].filter(
    (p) => ringCentroid(p[0] ?? []).area > 1e-9,
  );
}

function splitGeometry(g: Geometry | null): Geometry | null {
  if (g?.type === 'Polygon') {
    const parts = splitPolygon(g.coordinates);
    return parts.length === 1 ? g : { type: 'MultiPolygon', coordinates: parts };
  }
  if (g?.type === 'MultiPolygon') return { ...g, coordinates: g.coordinates.flatMap(splitPolygon) };
  return g;
}

/**
 * The features ready for ECharts: their id (or, without one, their name) as the `iso_n3`
 * property, polygons split at the antimeridian.
 */
export function prepareWorld(fc: FeatureCollection): FeatureCollection {
  return {
    ...fc,
    features: fc.features.map((f) => {
      const name = (f.properties?.name as string | undefined) ?? '';
      return {
        ...f,
        geometry: splitGeometry(f.geometry) as Geometry,
        properties: { ...f.properties, [NAME_PROPERTY]: f.id ? String(f.id) : `-${name}` },
      };
    }),
  };
}

/** Signed area and centroid of a ring (shoelace). */
function ringCentroid(ring: Position[]): { area: number; center: [number, number] } {
  let a = 0;
  let cx = 0;
  let cy = 0;
  for (let i = 0; i < ring.length - 1; i++) {
    const [x0 = 0, y0 = 0] = ring[i]!;
    const [x1 = 0, y1 = 0] = ring[i + 1]!;
    const cross = x0 * y1 - x1 * y0;
    a += cross;
    cx += (x0 + x1) * cross;
    cy += (y0 + y1) * cross;
  }
  if (a === 0) {
    const [x = 0, y = 0] = ring[0] ?? [];
    return { area: 0, center: [x, y] };
  }
  return { area: Math.abs(a / 2), center: [cx / (3 * a), cy / (3 * a)] };
}

function outerRings(g: Geometry | null): Position[][] {
  if (!g) return [];
  if (g.type === 'Polygon') return g.coordinates[0] ? [g.coordinates[0]] : [];
  if (g.type === 'MultiPolygon') return g.coordinates.flatMap((p) => (p[0] ? [p[0]] : []));
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(outerRings);
  return [];
}

/** Each feature's centre [longitude, latitude], by its `iso_n3` name. */
export function countryCenters(fc: FeatureCollection): Centers {
  const centers: Centers = {};
  for (const f of fc.features) {
    const id = f.properties?.[NAME_PROPERTY] as string | undefined;
    if (!id) continue;
    let best: { area: number; center: [number, number] } | null = null;
    for (const ring of outerRings(f.geometry)) {
      const c = ringCentroid(ring);
      if (!best || c.area > best.area) best = c;
    }
    if (best) centers[id] = best.center;
  }
  return centers;
}

/**
 * The option with each bubble placed at its country's centre (bubbles carry their country id
 * as `name` and [lng, lat, size value] as `value`); bubbles without a centre are dropped.
 */
export function placeBubbles(
  option: Record<string, unknown>,
  centers: Centers,
): Record<string, unknown> {
  const series = option.series as Array<Record<string, unknown>> | undefined;
  if (!series?.some((s) => s.type === 'scatter')) return option;
  return {
    ...option,
    series: series.map((s) => {
      if (s.type !== 'scatter') return s;
      const data = (s.data as Array<{ name: string; value: [number, number, number] }>) ?? [];
      return {
        ...s,
        data: data.flatMap((d) => {
          const c = centers[d.name];
          return c ? [{ ...d, value: [c[0], c[1], d.value[2]] }] : [];
        }),
      };
    }),
  };
}

/**
 * The land of countries without data and the borders between countries, per page scheme. In
 * dark, greys of ECharts' dark palette (neutral 20 and 40), each a step lighter than its own
 * geo's: its land hardly differs from the dark page, and its half-pixel borders from the land.
 */
export const WORLD_PAINT = {
  light: { land: '#e0e0e0', border: '#ffffff' },
  dark: { land: 'rgb(58,62,68)', border: 'rgb(122,125,131)' },
} as const;

/** The option with the land and borders of `scheme` (the geo and the map series it hosts). */
export function paintWorld(
  option: Record<string, unknown>,
  scheme: keyof typeof WORLD_PAINT,
): Record<string, unknown> {
  const { land, border } = WORLD_PAINT[scheme];
  const geo = option.geo as Record<string, unknown> | undefined;
  const series = option.series as Array<Record<string, unknown>> | undefined;
  const style = (s: Record<string, unknown>) => (s.itemStyle ?? {}) as Record<string, unknown>;
  return {
    ...option,
    ...(geo && {
      geo: { ...geo, itemStyle: { ...style(geo), areaColor: land, borderColor: border } },
    }),
    ...(series && {
      series: series.map((s) =>
        s.type === 'map' ? { ...s, itemStyle: { ...style(s), color: land } } : s,
      ),
    }),
  };
}
