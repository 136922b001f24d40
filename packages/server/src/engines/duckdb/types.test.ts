import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { duckdbGenericType } from './types.js';

describe('duckdbGenericType', () => {
  it('maps DuckDB type names, nested and special types included', () => {
    const cases: Array<[string, GenericDataType]> = [
      ['INTEGER', GenericDataType.NUMERIC],
      ['HUGEINT', GenericDataType.NUMERIC],
      ['DECIMAL(18,3)', GenericDataType.NUMERIC],
      ['VARCHAR', GenericDataType.STRING],
      ['BOOLEAN', GenericDataType.BOOLEAN],
      ['DATE', GenericDataType.TEMPORAL],
      ['TIMESTAMP WITH TIME ZONE', GenericDataType.TEMPORAL],
      ['TIMESTAMP_NS', GenericDataType.TEMPORAL],
      ['TIME', GenericDataType.TEMPORAL],
      ['INTEGER[]', GenericDataType.STRING],
      ['DATE[3]', GenericDataType.STRING],
      ['STRUCT(a INTEGER)', GenericDataType.STRING],
      ['MAP(VARCHAR, INTEGER)', GenericDataType.STRING],
      ['BIT', GenericDataType.STRING],
      ['INTERVAL', GenericDataType.STRING],
      ['UUID', GenericDataType.STRING],
      ['BLOB', GenericDataType.STRING],
    ];
    for (const [name, expected] of cases) expect(duckdbGenericType(name), name).toBe(expected);
  });
});
