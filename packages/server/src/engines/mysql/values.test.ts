import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { mysqlColumn, mysqlConverter, mysqlDatetimeToIso, mysqlFieldType } from './values.js';

const field = (columnType: number, extra: Partial<Parameters<typeof mysqlFieldType>[0]> = {}) => ({
  name: 'c',
  columnType,
  characterSet: 45,
  flags: 0,
  ...extra,
});

describe('mysqlFieldType', () => {
  it('names result column types', () => {
    expect(mysqlFieldType(field(8))).toBe('BIGINT');
    expect(mysqlFieldType(field(8, { flags: 32 }))).toBe('BIGINT UNSIGNED');
    expect(mysqlFieldType(field(1, { columnLength: 1 }))).toBe('TINYINT(1)');
    expect(mysqlFieldType(field(1, { columnLength: 4 }))).toBe('TINYINT');
    expect(mysqlFieldType(field(246))).toBe('DECIMAL');
    expect(mysqlFieldType(field(252, { characterSet: 63 }))).toBe('BLOB');
    expect(mysqlFieldType(field(252))).toBe('TEXT');
    expect(mysqlFieldType(field(253, { characterSet: 63 }))).toBe('VARBINARY');
    expect(mysqlFieldType(field(254, { flags: 256 }))).toBe('ENUM');
    expect(mysqlFieldType(field(254, { flags: 2048 }))).toBe('SET');
    expect(mysqlFieldType(field(16, { columnLength: 1 }))).toBe('BIT(1)');
    expect(mysqlFieldType(field(12))).toBe('DATETIME');
  });

  it('gives generic types', () => {
    expect(mysqlColumn(field(1, { columnLength: 1 })).generic).toBe(GenericDataType.BOOLEAN);
    expect(mysqlColumn(field(7)).generic).toBe(GenericDataType.TEMPORAL);
    expect(mysqlColumn(field(5)).generic).toBe(GenericDataType.NUMERIC);
    expect(mysqlColumn(field(253)).generic).toBe(GenericDataType.STRING);
  });
});

describe('mysqlConverter', () => {
  it('converts decimals, datetimes, bits and binaries', () => {
    expect(mysqlConverter(field(246))('12.50')).toBe(12.5);
    expect(mysqlConverter(field(246))('12345678901234567890.5')).toBe('12345678901234567890.5');
    expect(mysqlConverter(field(12))('2024-01-02 03:04:05.5')).toBe('2024-01-02T03:04:05.5');
    expect(mysqlConverter(field(7))('0000-00-00 00:00:00')).toBe('0000-00-00 00:00:00');
    expect(mysqlConverter(field(16, { columnLength: 1 }))(Buffer.from([1]))).toBe(true);
    expect(mysqlConverter(field(16, { columnLength: 8 }))(Buffer.from([0xa5]))).toBe('pQ==');
    expect(mysqlConverter(field(8))('18446744073709551615')).toBe('18446744073709551615');
    expect(mysqlConverter(field(245))({ a: 1 })).toBe('{"a":1}');
  });

  it('keeps dates as they are', () => {
    expect(mysqlDatetimeToIso('2024-01-02')).toBe('2024-01-02');
  });
});
