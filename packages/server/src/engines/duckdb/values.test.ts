import {
  BLOB,
  DECIMAL,
  DOUBLE,
  FLOAT,
  INTEGER,
  LIST,
  STRUCT,
  TIMESTAMP,
  TIMESTAMP_NS,
  VARCHAR,
  DuckDBBlobValue,
  DuckDBDecimalValue,
  DuckDBTimestampNanosecondsValue,
  DuckDBTimestampValue,
  listValue,
  structValue,
} from '@duckdb/node-api';
import { describe, expect, it } from 'vitest';
import { decimalJson, duckdbJsonValue, floatJson } from './values.js';

describe('DuckDB values', () => {
  it('keeps decimals as numbers only when a double holds them exactly', () => {
    expect(decimalJson('12.340')).toBe(12.34);
    expect(decimalJson('-0.010')).toBe(-0.01);
    expect(decimalJson('0.000')).toBe(0);
    expect(decimalJson('123456789012345')).toBe(123456789012345);
    expect(decimalJson('12345678901234567.89')).toBe('12345678901234567.89');
    expect(duckdbJsonValue(new DuckDBDecimalValue(1234n, 10, 2), DECIMAL(10, 2))).toBe(12.34);
  });

  it('gives single-precision floats their short form', () => {
    expect(floatJson(Math.fround(0.1))).toBe(0.1);
    expect(floatJson(Math.fround(1 / 3))).toBe(0.33333334);
    expect(duckdbJsonValue(Math.fround(2.2), FLOAT)).toBe(2.2);
    expect(duckdbJsonValue(Number.NaN, DOUBLE)).toBe('NaN');
  });

  it('writes timestamps as ISO text, infinities as DuckDB does', () => {
    const micros = BigInt(Date.UTC(2024, 2, 13, 14, 37, 52, 123)) * 1000n + 456n;
    expect(duckdbJsonValue(new DuckDBTimestampValue(micros), TIMESTAMP)).toBe(
      '2024-03-13T14:37:52.123Z',
    );
    expect(duckdbJsonValue(new DuckDBTimestampValue(-1n), TIMESTAMP)).toBe(
      '1969-12-31T23:59:59.999Z',
    );
    expect(duckdbJsonValue(DuckDBTimestampValue.PosInf, TIMESTAMP)).toBe('infinity');
    expect(duckdbJsonValue(new DuckDBTimestampNanosecondsValue(micros * 1000n), TIMESTAMP_NS)).toBe(
      '2024-03-13T14:37:52.123Z',
    );
  });

  it('writes blobs as base64 and nested values as JSON text', () => {
    expect(duckdbJsonValue(new DuckDBBlobValue(new Uint8Array([1, 255])), BLOB)).toBe('Af8=');
    expect(duckdbJsonValue(listValue([1, 2, null]), LIST(INTEGER))).toBe('[1,2,null]');
    expect(duckdbJsonValue(structValue({ a: 1, b: 'x' }), STRUCT({ a: INTEGER, b: VARCHAR }))).toBe(
      '{"a":1,"b":"x"}',
    );
    expect(duckdbJsonValue(null, VARCHAR)).toBeNull();
    expect(duckdbJsonValue(2n ** 63n - 1n, INTEGER)).toBe('9223372036854775807');
  });
});
