import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { sqliteGenericType, typeOfValue } from './types.js';

describe('sqliteGenericType', () => {
  it('reads declared types by name, then by affinity', () => {
    const cases: Array<[string | null, GenericDataType]> = [
      ['INTEGER', GenericDataType.NUMERIC],
      ['UNSIGNED BIG INT', GenericDataType.NUMERIC],
      ['NUMERIC(10,2)', GenericDataType.NUMERIC],
      ['REAL', GenericDataType.NUMERIC],
      ['DOUBLE PRECISION', GenericDataType.NUMERIC],
      ['FLOATING', GenericDataType.NUMERIC],
      ['TEXT', GenericDataType.STRING],
      ['NVARCHAR(20)', GenericDataType.STRING],
      ['CLOB', GenericDataType.STRING],
      ['BLOB', GenericDataType.STRING],
      ['JSON', GenericDataType.STRING],
      ['', GenericDataType.STRING],
      [null, GenericDataType.STRING],
      ['DATE', GenericDataType.TEMPORAL],
      ['DATETIME', GenericDataType.TEMPORAL],
      ['TIMESTAMP', GenericDataType.TEMPORAL],
      ['BOOLEAN', GenericDataType.BOOLEAN],
    ];
    for (const [name, expected] of cases)
      expect(sqliteGenericType(name), String(name)).toBe(expected);
  });
});

describe('typeOfValue', () => {
  it('names the type of an expression value', () => {
    expect(typeOfValue(1n)).toBe('INTEGER');
    expect(typeOfValue(2)).toBe('INTEGER');
    expect(typeOfValue(2.5)).toBe('REAL');
    expect(typeOfValue('x')).toBe('TEXT');
    expect(typeOfValue('2024-03-13')).toBe('DATE');
    expect(typeOfValue('2024-03-13 14:37:52')).toBe('DATETIME');
    expect(typeOfValue('2024-03-13T14:37:52.123Z')).toBe('DATETIME');
    expect(typeOfValue('2024-03-13 is a date')).toBe('TEXT');
    expect(typeOfValue(new Uint8Array([1]))).toBe('BLOB');
    expect(typeOfValue(null)).toBeNull();
  });
});
