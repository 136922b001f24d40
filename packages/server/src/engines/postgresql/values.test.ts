import { describe, expect, it } from 'vitest';
import {
  byteaToBase64,
  converterFor,
  decimalValue,
  parseArrayLiteral,
  timestampToIso,
  timestamptzToIso,
  type PgTypeInfo,
} from './values.js';

describe('decimalValue', () => {
  it('keeps numbers that a double holds exactly, else the text', () => {
    expect(decimalValue('12.50')).toBe(12.5);
    expect(decimalValue('0.1000000000')).toBe(0.1);
    expect(decimalValue('-0.000')).toBe(-0);
    expect(decimalValue('123456789012345678')).toBe('123456789012345678');
    expect(decimalValue('12345678901234567890.1250000000')).toBe('12345678901234567890.1250000000');
    expect(decimalValue('0.1234567890123456789')).toBe('0.1234567890123456789');
    expect(decimalValue('1e21')).toBe('1e21');
    expect(decimalValue('1000000000000000000000')).toBe(1e21);
    expect(decimalValue('0.0000001')).toBe(1e-7);
    expect(decimalValue('NaN')).toBe('NaN');
    expect(decimalValue('Infinity')).toBe('Infinity');
  });
});

describe('timestamps', () => {
  it('writes timestamps without zone as ISO text', () => {
    expect(timestampToIso('2024-02-29 13:14:15.123456')).toBe('2024-02-29T13:14:15.123456');
    expect(timestampToIso('infinity')).toBe('infinity');
    expect(timestampToIso('0044-03-15 12:00:00 BC')).toBe('0044-03-15 12:00:00 BC');
  });

  it('writes timestamps with zone in UTC, keeping the microseconds', () => {
    expect(timestamptzToIso('2024-02-29 13:14:15.123456+02')).toBe('2024-02-29T11:14:15.123456Z');
    expect(timestamptzToIso('2024-01-01 00:30:00-05:30')).toBe('2024-01-01T06:00:00Z');
    expect(timestamptzToIso('2024-03-01 00:00:00+00')).toBe('2024-03-01T00:00:00Z');
    expect(timestamptzToIso('1900-01-01 00:00:00+00:53:28')).toBe('1899-12-31T23:06:32Z');
    expect(timestamptzToIso('0050-06-01 00:00:00+00')).toBe('0050-06-01T00:00:00Z');
    expect(timestamptzToIso('-infinity')).toBe('-infinity');
  });
});

describe('byteaToBase64', () => {
  it('reads hex and escape output', () => {
    expect(byteaToBase64('\\xdeadbeef')).toBe(Buffer.from('deadbeef', 'hex').toString('base64'));
    expect(byteaToBase64('a\\\\b\\001')).toBe(
      Buffer.from([0x61, 0x5c, 0x62, 1]).toString('base64'),
    );
  });
});

describe('parseArrayLiteral', () => {
  it('parses quoted, NULL, nested and bounded arrays', () => {
    expect(parseArrayLiteral('{1,2,NULL}')).toEqual(['1', '2', null]);
    expect(parseArrayLiteral('{"a b","c\\"d","NULL",""}')).toEqual(['a b', 'c"d', 'NULL', '']);
    expect(parseArrayLiteral('{{1,2},{3,4}}')).toEqual([
      ['1', '2'],
      ['3', '4'],
    ]);
    expect(parseArrayLiteral('[0:1]={7,8}')).toEqual(['7', '8']);
    expect(parseArrayLiteral('{}')).toEqual([]);
    expect(parseArrayLiteral('1 2 3')).toBeNull();
  });
});

describe('converterFor', () => {
  const types = new Map<number, PgTypeInfo>([
    [20, { display: 'bigint', base: 'int8', category: 'N', elem: 0 }],
    [1016, { display: 'bigint[]', base: '_int8', category: 'A', elem: 20 }],
    [16, { display: 'boolean', base: 'bool', category: 'B', elem: 0 }],
    [700, { display: 'real', base: 'float4', category: 'N', elem: 0 }],
    [2950, { display: 'uuid', base: 'uuid', category: 'U', elem: 0 }],
  ]);
  const conv = (oid: number) => converterFor(types.get(oid), (o) => types.get(o));

  it('converts by base type', () => {
    expect(conv(20)('42')).toBe(42);
    expect(conv(20)('9007199254740993')).toBe('9007199254740993');
    expect(conv(16)('t')).toBe(true);
    expect(conv(16)('f')).toBe(false);
    expect(conv(700)('-Infinity')).toBe('-Infinity');
    expect(conv(2950)('a0ee')).toBe('a0ee');
    expect(conv(9999)('as is')).toBe('as is');
  });

  it('turns arrays into JSON text of converted elements', () => {
    expect(conv(1016)('{1,NULL,9007199254740993}')).toBe('[1,null,"9007199254740993"]');
  });
});
