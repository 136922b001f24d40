import { GenericDataType } from '@strata/core';
import { genericTypeOf } from '../shared/generic-type.js';

/**
 * The generic type of a DuckDB type name. Nested types (`INTEGER[]`, `STRUCT(…)`, `MAP(…)`,
 * `UNION(…)`) are strings (their values are JSON text), as are `BIT` (a bit string), `INTERVAL`
 * (text such as `1 day 02:00:00`), UUID and BLOB; `TIMESTAMP_S/MS/NS` are temporal.
 */
export function duckdbGenericType(typeName: string): GenericDataType {
  const t = typeName.trim().toUpperCase();
  if (t.endsWith(']') || /^(STRUCT|MAP|UNION|VARIANT)\b/.test(t)) return GenericDataType.STRING;
  if (/^(BIT|BITSTRING|INTERVAL|UUID|BLOB|BYTEA|GEOMETRY)$/.test(t)) return GenericDataType.STRING;
  if (/^TIMESTAMP_(S|MS|NS)$/.test(t) || t === 'TIME_NS') return GenericDataType.TEMPORAL;
  if (/^(BIGNUM|VARINT)$/.test(t)) return GenericDataType.NUMERIC;
  return genericTypeOf(t);
}
