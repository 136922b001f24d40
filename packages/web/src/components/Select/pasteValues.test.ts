import { describe, expect, it } from 'vitest';
import { isMultiValuePaste, mergePastedValues, splitPastedValues } from './pasteValues';

describe('pasting into a multi-select', () => {
  it('splits on comma, newline, tab and semicolon, trims and drops duplicates', () => {
    expect(splitPastedValues('a, b; c\nb')).toEqual(['a', 'b', 'c']);
    expect(splitPastedValues('x\ty\r\nz;;,\n')).toEqual(['x', 'y', 'z']);
    expect(splitPastedValues('  ')).toEqual([]);
    expect(splitPastedValues('New York, new york')).toEqual(['New York', 'new york']);
    expect(splitPastedValues('one value')).toEqual(['one value']);
  });

  it('tells a list from a single value', () => {
    expect(isMultiValuePaste('a,b')).toBe(true);
    expect(isMultiValuePaste('a\nb')).toBe(true);
    expect(isMultiValuePaste('Aaron')).toBe(false);
  });

  it('adds only values not chosen yet', () => {
    expect(mergePastedValues(['b'], 'a, b; c\nb')).toEqual(['b', 'a', 'c']);
  });

  it('keeps only pieces naming an option when there is no free entry', () => {
    const options = [
      { value: 'ds', label: 'Date' },
      { value: 'name', label: 'name' },
      { value: 3, label: 'three' },
    ];
    expect(mergePastedValues<unknown>([], 'Date, name; bogus\n3', options)).toEqual([
      'ds',
      'name',
      3,
    ]);
    expect(mergePastedValues<unknown>(['ds'], 'ds,Date', options)).toEqual(['ds']);
  });
});
