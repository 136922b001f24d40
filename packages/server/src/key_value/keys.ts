import { randomUUID } from 'node:crypto';

/**
 * Keys of key-value entries. An entry's key is its random (version 4) uuid written as 22
 * base64url characters: 122 random bits, so a key cannot be guessed from another one or from a
 * row id.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const KEY = /^[A-Za-z0-9_-]{22}$/;

/** The 22-character key of a uuid. */
export function uuidToKey(uuid: string): string {
  const lower = uuid.toLowerCase();
  if (!UUID.test(lower)) throw new Error(`not a uuid: ${uuid}`);
  return Buffer.from(lower.replace(/-/g, ''), 'hex').toString('base64url');
}

/** The uuid of a key, or null when the text is not a key. */
export function keyToUuid(key: string): string | null {
  if (!KEY.test(key)) return null;
  const bytes = Buffer.from(key, 'base64url');
  if (bytes.length !== 16 || bytes.toString('base64url') !== key) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** A new random entry id: its uuid and its key. */
export function newEntryKey(): { uuid: string; key: string } {
  const uuid = randomUUID();
  return { uuid, key: uuidToKey(uuid) };
}
