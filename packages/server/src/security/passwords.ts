import { createHash, pbkdf2Sync, scryptSync, timingSafeEqual } from 'node:crypto';
import { hash as argonHash, verify as argonVerify } from '@node-rs/argon2';

/** Hashes a password with argon2id. */
export function hashPassword(password: string): Promise<string> {
  return argonHash(password);
}

function safeEqualHex(a: string, b: string): boolean {
  const ab = Buffer.from(a, 'hex');
  const bb = Buffer.from(b, 'hex');
  return ab.length === bb.length && ab.length > 0 && timingSafeEqual(ab, bb);
}

/**
 * Verifies a password against a stored hash: argon2 (ours), or Werkzeug's pbkdf2/scrypt hashes
 * as Superset stores them (`method$salt$hexdigest`), so imported users keep their passwords.
 */
export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  if (stored.startsWith('$argon2')) {
    try {
      return await argonVerify(stored, password);
    } catch {
      return false;
    }
  }
  const parts = stored.split('$');
  if (parts.length !== 3) return false;
  const [method, salt, digest] = parts as [string, string, string];
  const fields = method.split(':');
  if (fields[0] === 'pbkdf2') {
    const algo = fields[1] ?? 'sha256';
    const iterations = Number(fields[2] ?? 600000);
    if (!['sha256', 'sha512', 'sha1'].includes(algo) || !Number.isInteger(iterations)) return false;
    const keylen = createHash(algo).digest().length;
    const got = pbkdf2Sync(password, salt, iterations, keylen, algo).toString('hex');
    return safeEqualHex(got, digest);
  }
  if (fields[0] === 'scrypt') {
    const [n, r, p] = [Number(fields[1] ?? 32768), Number(fields[2] ?? 8), Number(fields[3] ?? 1)];
    if (![n, r, p].every(Number.isInteger)) return false;
    const got = scryptSync(password, salt, 64, { N: n, r, p, maxmem: 132 * n * r * p }).toString(
      'hex',
    );
    return safeEqualHex(got, digest);
  }
  return false;
}
