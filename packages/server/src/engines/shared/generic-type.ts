import { GenericDataType } from '@strata/core';

const TEMPORAL =
  /^(date|datetime|timestamp|time)\b|^timestamp(tz)?\b|^timestamp with|^timestamp without|^interval\b|^year$/i;
const BOOLEAN = /^(bool|boolean|bit\(1\)|bit)$/i;
const NUMERIC =
  /^(tinyint|smallint|mediumint|int|integer|bigint|hugeint|uhugeint|utinyint|usmallint|uinteger|ubigint|int2|int4|int8|int16|int32|int64|serial|bigserial|smallserial|decimal|numeric|number|real|float|float4|float8|double|double precision|money|dec|fixed)\b/i;

/**
 * The generic type of a database type name (any dialect): numeric, string, temporal or boolean.
 * `TIME` alone counts as temporal; unknown types are strings.
 */
export function genericTypeOf(typeName: string): GenericDataType {
  const t = typeName.trim().replace(/\s+/g, ' ');
  if (BOOLEAN.test(t) || /^tinyint\(1\)$/i.test(t)) return GenericDataType.BOOLEAN;
  if (TEMPORAL.test(t)) return GenericDataType.TEMPORAL;
  if (NUMERIC.test(t)) return GenericDataType.NUMERIC;
  return GenericDataType.STRING;
}
