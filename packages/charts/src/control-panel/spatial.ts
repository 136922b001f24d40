/**
 * The geo position control's value (spec 000 §2, its rule in §5; Superset's
 * SpatialControl): a point given by latitude and longitude columns, by one column holding both
 * ("delimited", optionally latitude first), or by a geohash column.
 */
import { MESSAGES } from '@strata/core';

export type SpatialType = 'latlong' | 'delimited' | 'geohash';

export interface SpatialValue {
  type: SpatialType;
  latCol?: string;
  lonCol?: string;
  lonlatCol?: string;
  delimiter?: string;
  reverseCheckbox?: boolean;
  geohashCol?: string;
}

export const SPATIAL_TYPES: Array<[SpatialType, string]> = [
  ['latlong', 'Longitude & Latitude columns'],
  ['delimited', 'Delimited long & lat single column'],
  ['geohash', 'Geohash'],
];

const text = (v: unknown): string | undefined =>
  typeof v === 'string' && v !== '' ? v : undefined;

/**
 * The value of a saved or partial one: its type (else lat/long), the fields of that type only,
 * missing columns taken from `defaultColumn` (the dataset's first column) and the delimiter ','.
 */
export function spatialValueOf(value: unknown, defaultColumn?: string): SpatialValue {
  const v = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const type: SpatialType = v.type === 'delimited' || v.type === 'geohash' ? v.type : 'latlong';
  const col = (key: string) => text(v[key]) ?? defaultColumn;
  const reverse = v.reverseCheckbox === true;
  if (type === 'latlong')
    return omitUndefined({ type, latCol: col('latCol'), lonCol: col('lonCol') });
  if (type === 'delimited')
    return omitUndefined({
      type,
      lonlatCol: col('lonlatCol'),
      delimiter: text(v.delimiter) ?? ',',
      reverseCheckbox: reverse,
    });
  return omitUndefined({ type, geohashCol: col('geohashCol'), reverseCheckbox: reverse });
}

function omitUndefined(v: SpatialValue): SpatialValue {
  return Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as SpatialValue;
}

/** Spec: lat/long needs both columns, delimited a column and a delimiter, geohash a column. */
export function spatialError(v: SpatialValue): string | null {
  const ok =
    v.type === 'latlong'
      ? Boolean(v.latCol && v.lonCol)
      : v.type === 'delimited'
        ? Boolean(v.lonlatCol && v.delimiter)
        : Boolean(v.geohashCol);
  return ok ? null : MESSAGES.invalidLatLongConfiguration;
}

/** The control's label: "lon | lat", the delimited or geohash column, or the error. */
export function spatialLabel(v: SpatialValue): string {
  const error = spatialError(v);
  if (error) return error;
  if (v.type === 'latlong') return `${v.lonCol} | ${v.latCol}`;
  return (v.type === 'delimited' ? v.lonlatCol : v.geohashCol) ?? '';
}
