import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { KeyRing } from '../security/keys.js';

const VERSION = 'v1';

/** Encrypts secrets kept at rest (database passwords) with AES-256-GCM under the secret key. */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keys: KeyRing) {
    this.key = keys.derive('at-rest-encryption');
  }

  encrypt(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
  }

  /** Throws when the text was not made by this key (wrong secret key, or tampered). */
  decrypt(sealed: string): string {
    if (!sealed.startsWith(`${VERSION}:`)) throw new Error('Unknown encrypted value format');
    const raw = Buffer.from(sealed.slice(VERSION.length + 1), 'base64');
    const iv = raw.subarray(0, 12);
    const tag = raw.subarray(12, 28);
    const decipher = createDecipheriv('aes-256-gcm', this.key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
