import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const SECRET_KEY_FILE = 'secret_key';

/**
 * The app's secret key: the configured one, or the one kept in the data dir, or a new random key
 * written there with mode 0600 on first start. There is no fixed default.
 */
export function resolveSecretKey(configured: string | null, dataDir: string): string {
  if (configured) return configured;
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, SECRET_KEY_FILE);
  try {
    const existing = fs.readFileSync(file, 'utf8').trim();
    if (existing.length >= 32) return existing;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const key = randomBytes(48).toString('base64url');
  // 'wx' fails if another process created the file in between; then read theirs.
  try {
    fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') {
      return fs.readFileSync(file, 'utf8').trim();
    }
    throw e;
  }
  fs.chmodSync(file, 0o600);
  return key;
}
