import { describe, expect, it } from 'vitest';
import { jsonSafeValue } from './values.js';

describe('jsonSafeValue', () => {
  it('keeps plain values and converts the rest', () => {
    expect(jsonSafeValue(null)).toBeNull();
    expect(jsonSafeValue(undefined)).toBeNull();
    expect(jsonSafeValue('a')).toBe('a');
    expect(jsonSafeValue(1.5)).toBe(1.5);
    expect(jsonSafeValue(Number.NaN)).toBe('NaN');
    expect(jsonSafeValue(12n)).toBe(12);
    expect(jsonSafeValue(2n ** 60n)).toBe('1152921504606846976');
    expect(jsonSafeValue(new Date('2026-01-02T03:04:05Z'))).toBe('2026-01-02T03:04:05.000Z');
    expect(jsonSafeValue(Buffer.from('hi'))).toBe('aGk=');
    expect(jsonSafeValue({ a: 1n })).toBe('{"a":"1"}');
  });
});
