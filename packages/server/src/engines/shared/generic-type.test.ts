import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { genericTypeOf } from './generic-type.js';

describe('genericTypeOf', () => {
  it('maps type names of every dialect', () => {
    const cases: Array<[string, GenericDataType]> = [
      ['BIGINT', GenericDataType.NUMERIC],
      ['integer', GenericDataType.NUMERIC],
      ['DECIMAL(18,3)', GenericDataType.NUMERIC],
      ['double precision', GenericDataType.NUMERIC],
      ['HUGEINT', GenericDataType.NUMERIC],
      ['int unsigned', GenericDataType.NUMERIC],
      ['VARCHAR', GenericDataType.STRING],
      ['character varying(255)', GenericDataType.STRING],
      ['TEXT', GenericDataType.STRING],
      ['json', GenericDataType.STRING],
      ['DATE', GenericDataType.TEMPORAL],
      ['TIMESTAMP WITH TIME ZONE', GenericDataType.TEMPORAL],
      ['timestamp without time zone', GenericDataType.TEMPORAL],
      ['datetime(6)', GenericDataType.TEMPORAL],
      ['TIMESTAMPTZ', GenericDataType.TEMPORAL],
      ['BOOLEAN', GenericDataType.BOOLEAN],
      ['tinyint(1)', GenericDataType.BOOLEAN],
      ['bool', GenericDataType.BOOLEAN],
    ];
    for (const [name, expected] of cases) expect(genericTypeOf(name), name).toBe(expected);
  });
});
