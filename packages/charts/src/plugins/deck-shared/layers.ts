/**
 * Rows → what the deck.gl component draws, per layer kind (Superset's `get_properties` of each
 * deck viz and its layer's `getLayer`): points with a radius in metres and a colour, arcs with
 * their two ends, or weighted points that the grid layers aggregate.
 */
import { getColumnLabel, getMetricLabel, type QueryFormData, type QueryMetric } from '@strata/core';
import { CategoricalColorScale } from '../../color/scale.js';
import { sequentialScheme } from '../../color/schemes.js';
import { spatialValueOf } from '../../control-panel/spatial.js';
import { parseColor, rgbaOf, type Rgba } from './colors.js';
import { unitToRadius } from './geo.js';
import { radiusMetric, sizeMetric } from './query.js';
import { spatialPosition, type Position } from './spatial.js';

type Row = Record<string, unknown>;

export interface ScatterPoint {
  position: Position;
  /** Metres. */
  radius: number;
  color: Rgba;
  metric?: number | null;
  cat_color?: string | null;
}

export interface ArcDatum {
  sourcePosition: Position;
  targetPosition: Position;
  sourceColor: Rgba;
  targetColor: Rgba;
  cat_color?: string | null;
}

export interface WeightedPoint {
  position: Position;
  weight: number;
}

export type DeckLayerSpec =
  | { kind: 'scatter'; points: ScatterPoint[]; minRadius?: number; maxRadius?: number }
  | { kind: 'arc'; arcs: ArcDatum[]; strokeWidth: number }
  | {
      kind: 'screengrid' | 'grid' | 'hex';
      points: WeightedPoint[];
      cellSize: number;
      colorRange: Rgba[];
      extruded: boolean;
    };

const num = (v: unknown): number | null => {
  if (v === null || v === undefined || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

const positiveOr = (v: unknown, d: number) => {
  const n = num(v);
  return n !== null && n > 0 ? n : d;
};

function categoryColors(formData: QueryFormData, labelColors?: Record<string, string>) {
  const dim = typeof formData.dimension === 'string' ? getColumnLabel(formData.dimension) : null;
  if (!dim) return null;
  const scale = new CategoricalColorScale(formData.color_scheme as string | undefined, labelColors);
  return { dim, color: (value: unknown) => parseColor(scale.getColor(String(value))) };
}

/** `deck_scatter`: each row's point, radius (fixed or the metric; unit, multiplier) and colour. */
export function scatterLayer(
  rows: readonly Row[],
  formData: QueryFormData,
  labelColors?: Record<string, string>,
): DeckLayerSpec {
  const spatial = spatialValueOf(formData.spatial);
  const metric = radiusMetric(formData);
  const metricLabel = metric ? getMetricLabel(metric as QueryMetric) : null;
  const fixed = metric
    ? null
    : num((formData.point_radius_fixed as { value?: unknown } | undefined)?.value ?? 1000);
  const multiplier = num(formData.multiplier) ?? 1;
  const fill = rgbaOf(formData.color_picker);
  const categories = categoryColors(formData, labelColors);
  const points: ScatterPoint[] = [];
  for (const row of rows) {
    const position = spatialPosition(row, spatial);
    if (!position) continue;
    const value = metricLabel ? num(row[metricLabel]) : null;
    const size = fixed ?? value;
    const radius =
      (size === null ? null : unitToRadius(formData.point_unit ?? 'square_m', size)) || 10;
    const point: ScatterPoint = {
      position,
      radius: radius * (multiplier || 1),
      color: categories ? categories.color(row[categories.dim]) : fill,
    };
    if (metricLabel) point.metric = value;
    if (categories)
      point.cat_color = row[categories.dim] === null ? null : String(row[categories.dim]);
    points.push(point);
  }
  return {
    kind: 'scatter',
    points,
    minRadius: num(formData.min_radius) ?? undefined,
    maxRadius: num(formData.max_radius) ?? undefined,
  };
}

/** `deck_arc`: from the start to the end position; the dimension's colour at both ends. */
export function arcLayer(
  rows: readonly Row[],
  formData: QueryFormData,
  labelColors?: Record<string, string>,
): DeckLayerSpec {
  const start = spatialValueOf(formData.start_spatial);
  const end = spatialValueOf(formData.end_spatial);
  const source = rgbaOf(formData.color_picker);
  const target = rgbaOf(formData.target_color_picker);
  const categories = categoryColors(formData, labelColors);
  const arcs: ArcDatum[] = [];
  for (const row of rows) {
    const sourcePosition = spatialPosition(row, start);
    const targetPosition = spatialPosition(row, end);
    if (!sourcePosition || !targetPosition) continue;
    const cat = categories ? categories.color(row[categories.dim]) : null;
    const arc: ArcDatum = {
      sourcePosition,
      targetPosition,
      sourceColor: cat ?? source,
      targetColor: cat ?? target,
    };
    if (categories)
      arc.cat_color = row[categories.dim] === null ? null : String(row[categories.dim]);
    arcs.push(arc);
  }
  return { kind: 'arc', arcs, strokeWidth: positiveOr(formData.stroke_width, 1) };
}

/** The aggregating layers: each row's point weighted by the `size` metric (else 1). */
export function gridLayer(
  kind: 'screengrid' | 'grid' | 'hex',
  rows: readonly Row[],
  formData: QueryFormData,
): DeckLayerSpec {
  const spatial = spatialValueOf(formData.spatial);
  const metric = sizeMetric(formData);
  const label = metric ? getMetricLabel(metric) : null;
  const points: WeightedPoint[] = [];
  for (const row of rows) {
    const position = spatialPosition(row, spatial);
    if (position) points.push({ position, weight: (label ? num(row[label]) : null) || 1 });
  }
  const defaults = { screengrid: 20, grid: 200, hex: 200 } as const;
  return {
    kind,
    points,
    cellSize: positiveOr(formData.grid_size, defaults[kind]),
    colorRange: sequentialScheme(formData.linear_color_scheme as string | undefined).colors.map(
      (c) => parseColor(c),
    ),
    extruded: kind !== 'screengrid' && formData.extruded !== false,
  };
}

/** The points a layer shows (what auto zoom fits). */
export function layerPoints(layer: DeckLayerSpec): Position[] {
  if (layer.kind === 'arc') return layer.arcs.flatMap((a) => [a.sourcePosition, a.targetPosition]);
  return layer.points.map((p) => p.position);
}
