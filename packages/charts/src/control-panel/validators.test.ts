import { describe, expect, it } from 'vitest';
import {
  runValidators,
  textColorOn,
  validateColor,
  validateInteger,
  validateNonEmpty,
  validateNumber,
} from './validators.js';

describe('control validators', () => {
  it('validateNonEmpty refuses null, empty text and empty lists', () => {
    for (const v of [null, undefined, '', []]) expect(validateNonEmpty(v)).toBe('cannot be empty');
    for (const v of [0, 'a', ['m'], false]) expect(validateNonEmpty(v)).toBeNull();
  });

  it('validateInteger accepts whole numbers and blanks', () => {
    for (const v of [10, '10', ' -3 ', '', null]) expect(validateInteger(v)).toBeNull();
    for (const v of ['1.5', 'ten', '1e3', 2.5])
      expect(validateInteger(v)).toBe('is expected to be an integer');
  });

  it('validateNumber accepts finite numbers and blanks', () => {
    for (const v of [1.5, '-2.25', '1e3', '', null]) expect(validateNumber(v)).toBeNull();
    for (const v of ['abc', 'Infinity', '1,5'])
      expect(validateNumber(v)).toBe('is expected to be a number');
  });

  it('validateColor takes hex with 3 or 6 digits and rgb()', () => {
    for (const v of ['#fff', '#00AAbb', 'rgb(0, 122, 135)', 'rgba(0,0,0,0.5)'])
      expect(validateColor(v)).toBeNull();
    for (const v of ['#ffff', 'red', 'rgb(300,0,0)', 'rgba(0,0,0,2)'])
      expect(validateColor(v)).toBe('Invalid color');
  });

  it('runValidators gathers every message', () => {
    expect(runValidators([validateNonEmpty, validateInteger], '')).toEqual(['cannot be empty']);
    expect(runValidators([validateInteger, validateNumber], 'x')).toEqual([
      'is expected to be an integer',
      'is expected to be a number',
    ]);
    expect(runValidators(undefined, 'x')).toEqual([]);
  });

  it('textColorOn picks black on light backgrounds (luminance above 186)', () => {
    expect(textColorOn({ r: 255, g: 255, b: 255 })).toBe('#000000');
    expect(textColorOn({ r: 0, g: 122, b: 135 })).toBe('#FFFFFF');
  });
});
