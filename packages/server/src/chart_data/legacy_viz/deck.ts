/**
 * The deck.gl viz types (viz.py `BaseDeckGLViz` and its `DeckScatterViz`, `DeckScreengrid`,
 * `DeckGrid`, `DeckHex`, `DeckArc`), as Superset's published deck.gl plugins read them from
 * explore_json:
 * - query: the columns of each spatial control (lon & lat, the delimited column or the geohash
 *   column) and the `dimension`, sorted and unique; the viz's metric (the scatter's
 *   `point_radius_fixed` when "metric", the grid layers' `size`) sorted descending; with
 *   `filter_nulls` (default on) an IS NOT NULL filter per spatial column;
 * - data: `{features, mapboxApiKey, metricLabels}` (the arc: `{features, mapboxApiKey}`), one
 *   feature per row with its `position` ([lng, lat]; a delimited column read as geopy reads
 *   "a,b" → (a, b); a geohash's centre as (lng, lat); the reverse checkbox swaps), or null
 *   without rows.
 */
import type { QueryMetric, QueryObject } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import { decodeGeohash, parseGeodetic } from '../../query/postprocessing/geography.js';
import {
  columnLabel,
  jsonNumber,
  metricLabel,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

type Position = [number, number];

interface Spatial {
  type?: unknown;
  latCol?: unknown;
  lonCol?: unknown;
  lonlatCol?: unknown;
  geohashCol?: unknown;
  reverseCheckbox?: unknown;
}

const text = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

function spatialOf(formData: FormData, key: string): Spatial {
  const v = formData[key];
  if (!v || typeof v !== 'object') throw new ApiError(400, 'Bad spatial key');
  return v as Spatial;
}

/** viz.py `get_spatial_columns`. */
export function spatialColumns(spatial: Spatial): string[] {
  const cols =
    spatial.type === 'latlong'
      ? [spatial.lonCol, spatial.latCol]
      : spatial.type === 'delimited'
        ? [spatial.lonlatCol]
        : spatial.type === 'geohash'
          ? [spatial.geohashCol]
          : [];
  return cols.map(text).filter((c): c is string => c !== null);
}

/** viz.py `process_spatial_data_obj` for one row. */
export function spatialPosition(row: Row, spatial: Spatial): Position | null {
  let point: Position | null = null;
  if (spatial.type === 'latlong') {
    point = [
      jsonNumber(toNumber(row[text(spatial.lonCol) ?? ''])),
      jsonNumber(toNumber(row[text(spatial.latCol) ?? ''])),
    ] as Position;
    if (point[0] === null || point[1] === null) point = null;
  } else if (spatial.type === 'delimited') {
    const cell = row[text(spatial.lonlatCol) ?? ''];
    if (cell !== null && cell !== undefined && cell !== '') {
      const parsed = parseGeodetic(String(cell));
      if (!parsed) throw new ApiError(400, `Invalid spatial point encountered: ${String(cell)}`);
      point = [parsed[0], parsed[1]];
    }
  } else if (spatial.type === 'geohash') {
    const cell = row[text(spatial.geohashCol) ?? ''];
    const decoded = typeof cell === 'string' ? decodeGeohash(cell) : null;
    point = decoded ? [decoded[1], decoded[0]] : null;
  }
  if (point && spatial.reverseCheckbox === true) point = [point[1], point[0]];
  return point;
}

type Kind = 'scatter' | 'screengrid' | 'grid' | 'hex' | 'arc';

const SPATIAL_KEYS: Record<Kind, string[]> = {
  scatter: ['spatial'],
  screengrid: ['spatial'],
  grid: ['spatial'],
  hex: ['spatial'],
  arc: ['start_spatial', 'end_spatial'],
};

/** The viz's metric (`get_metrics`), or null. */
function deckMetric(kind: Kind, formData: FormData): QueryMetric | null {
  if (kind === 'arc') return null;
  if (kind === 'scatter') {
    const fixed = formData.point_radius_fixed as { type?: unknown; value?: unknown } | undefined;
    return fixed?.type === 'metric' && fixed.value ? (fixed.value as QueryMetric) : null;
  }
  return formData.size ? (formData.size as QueryMetric) : null;
}

export function deckQueryObject(kind: Kind, base: QueryObject, formData: FormData): QueryObject {
  const spatial = SPATIAL_KEYS[kind].flatMap((key) => spatialColumns(spatialOf(formData, key)));
  const dimension = columnLabel(formData.dimension);
  const columns = [...new Set([...spatial, ...(dimension ? [dimension] : [])])].sort();
  const nullFilters =
    formData.filter_nulls === false
      ? []
      : [...new Set(spatial)].sort().map((col) => ({ col, op: 'IS NOT NULL' as const }));
  const metric = deckMetric(kind, formData);
  return {
    ...base,
    columns,
    metrics: metric ? [metric] : [],
    orderby: metric ? [[metric, formData.order_desc === false]] : undefined,
    is_timeseries: false,
    filters: [...(base.filters ?? []), ...nullFilters],
  };
}

const cell = (row: Row, label: string | null): unknown => (label ? (row[label] ?? null) : null);

export function deckData(kind: Kind, rows: readonly Row[], formData: FormData): unknown {
  if (rows.length === 0) return null;
  const metric = deckMetric(kind, formData);
  const label = metric ? metricLabel(metric) : null;
  const dim = columnLabel(formData.dimension);
  const keys = SPATIAL_KEYS[kind];
  const spatials = keys.map((key) => spatialOf(formData, key));
  const fixed = formData.point_radius_fixed as { type?: unknown; value?: unknown } | undefined;
  const fixedValue = fixed && fixed.type !== 'metric' ? (fixed.value ?? null) : null;
  const features = rows.map((row) => {
    const [first, second] = spatials.map((s) => spatialPosition(row, s));
    if (kind === 'arc')
      return {
        sourcePosition: first ?? null,
        targetPosition: second ?? null,
        cat_color: dim ? cell(row, dim) : null,
        __timestamp: row.__timestamp ?? null,
      };
    if (kind === 'scatter')
      return {
        metric: cell(row, label),
        radius: fixedValue ? fixedValue : cell(row, label),
        cat_color: dim ? cell(row, dim) : null,
        position: first ?? null,
        __timestamp: row.__timestamp ?? null,
      };
    const weight = jsonNumber(toNumber(cell(row, label))) || 1;
    return kind === 'screengrid'
      ? { position: first ?? null, weight, __timestamp: row.__timestamp ?? null }
      : { position: first ?? null, weight };
  });
  if (kind === 'arc') return { features, mapboxApiKey: '' };
  return { features, mapboxApiKey: '', metricLabels: label ? [label] : [] };
}

const deckViz = (kind: Kind, className: string): LegacyViz => ({
  className,
  queryObject: (base, formData) => deckQueryObject(kind, base, formData),
  data: (rows, formData) => deckData(kind, rows, formData),
});

export const deckScatter = deckViz('scatter', 'DeckScatterViz');
export const deckScreengrid = deckViz('screengrid', 'DeckScreengrid');
export const deckGrid = deckViz('grid', 'DeckGrid');
export const deckHex = deckViz('hex', 'DeckHex');
export const deckArc = deckViz('arc', 'DeckArc');
