import { describe, expect, it } from 'vitest';
import { pythonFormatColumn } from './python-format.js';

describe('pythonFormatColumn (Python format specs, as Superset formats table columns)', () => {
  it('formats as Python: grouping, precision, percent, exponent, sign', () => {
    expect(pythonFormatColumn([1234567.891, -2], ',.2f')).toEqual(['1,234,567.89', '-2.00']);
    expect(pythonFormatColumn([1234567, 5], ',d')).toEqual(['1,234,567', '5']);
    expect(pythonFormatColumn([0.12345], '.1%')).toEqual(['12.3%']);
    expect(pythonFormatColumn([1234.5], '.2e')).toEqual(['1.23e+03']);
    expect(pythonFormatColumn([3], '+.1f')).toEqual(['+3.0']);
    expect(pythonFormatColumn([1.5], 'f')).toEqual(['1.500000']);
    expect(pythonFormatColumn([1234567], '_d')).toEqual(['1_234_567']);
  });

  it('writes missing values of a float column as nan', () => {
    expect(pythonFormatColumn([1.5, null], '.1f')).toEqual(['1.5', 'nan']);
  });

  it('leaves the column as it is where Python refuses', () => {
    expect(pythonFormatColumn([1.5], ',d')).toBeNull();
    expect(pythonFormatColumn([1, null], 'd')).toBeNull();
    expect(pythonFormatColumn(['a'], '.2f')).toBeNull();
    expect(pythonFormatColumn([1], '$,.2f')).toBeNull();
    expect(pythonFormatColumn([1], '.3s')).toBeNull();
    expect(pythonFormatColumn([1], 'SMART_NUMBER')).toBeNull();
    expect(pythonFormatColumn([null], '.2f')).toBeNull();
  });
});
