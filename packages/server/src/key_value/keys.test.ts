import { describe, expect, it } from 'vitest';
import { keyToUuid, newEntryKey, uuidToKey } from './keys.js';

describe('key-value keys', () => {
  it('writes a uuid as 22 base64url characters and reads it back', () => {
    const uuid = '0f8fad5b-d9cb-469f-a165-70867728950e';
    const key = uuidToKey(uuid);
    expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(keyToUuid(key)).toBe(uuid);
    expect(keyToUuid(uuidToKey(uuid.toUpperCase()))).toBe(uuid);
  });

  it('makes a different random key each time', () => {
    const keys = new Set(Array.from({ length: 200 }, () => newEntryKey().key));
    expect(keys.size).toBe(200);
    for (const k of keys) expect(k).toHaveLength(22);
    const { uuid, key } = newEntryKey();
    expect(keyToUuid(key)).toBe(uuid);
  });

  it('refuses text that is not a key', () => {
    for (const bad of [
      '',
      '1',
      '42',
      'a'.repeat(21),
      'a'.repeat(23),
      'abc/def+ghi=jklmnopqrs',
      '../../etc/passwd',
    ]) {
      expect(keyToUuid(bad), bad).toBeNull();
    }
    // 22 characters whose last one carries bits beyond the 16 bytes is not a canonical key.
    expect(keyToUuid('AAAAAAAAAAAAAAAAAAAAAB')).toBeNull();
    expect(() => uuidToKey('not-a-uuid')).toThrow();
  });
});
