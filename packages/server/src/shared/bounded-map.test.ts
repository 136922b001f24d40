import { describe, expect, it } from 'vitest';
import { BoundedMap } from './bounded-map.js';

describe('BoundedMap', () => {
  it('drops the least recently used entry beyond its bound', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('a')).toBe(1); // a is now the most recent
    m.set('c', 3);
    expect(m.get('b')).toBeUndefined();
    expect(m.get('a')).toBe(1);
    expect(m.get('c')).toBe(3);
    expect(m.size).toBe(2);
  });

  it('replaces a value without growing, deletes and clears', () => {
    const m = new BoundedMap<number, string>(3);
    m.set(1, 'x');
    m.set(1, 'y');
    expect(m.size).toBe(1);
    expect(m.get(1)).toBe('y');
    m.delete(1);
    expect(m.get(1)).toBeUndefined();
    m.set(2, 'z');
    m.clear();
    expect(m.size).toBe(0);
  });

  it('keeps the order right when the newest entry is read again and again', () => {
    const m = new BoundedMap<string, number>(2);
    m.set('a', 1);
    m.set('b', 2);
    expect(m.get('b')).toBe(2);
    expect(m.get('b')).toBe(2);
    expect(m.get('a')).toBe(1); // a is the newest now, b the oldest
    expect(m.get('a')).toBe(1);
    m.set('c', 3);
    expect(m.get('b')).toBeUndefined();
    m.delete('c');
    expect(m.get('a')).toBe(1);
    m.set('d', 4);
    m.set('e', 5);
    expect(m.get('a')).toBeUndefined();
    expect([m.get('d'), m.get('e')]).toEqual([4, 5]);
  });

  it('refuses a bound that is not a positive whole number', () => {
    expect(() => new BoundedMap(0)).toThrow();
    expect(() => new BoundedMap(1.5)).toThrow();
  });
});
