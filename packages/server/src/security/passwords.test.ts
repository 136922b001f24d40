import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './passwords.js';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('correct horse');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'correct horse')).toBe(true);
    expect(await verifyPassword(hash, 'wrong')).toBe(false);
    expect(await hashPassword('correct horse')).not.toBe(hash);
  });

  it('verifies Werkzeug hashes as Superset stores them (vectors made by Werkzeug)', async () => {
    const pbkdf2 =
      'pbkdf2:sha256:1000$hMiErt8MajxMPKSf$fabab53c2ce23fcb4bd03d8e375c65d5880db1dc0c3004437781c7fa57f0e683';
    const scrypt =
      'scrypt:16384:8:1$T37Hn4j6IlrPGdGO$c368e9c4f985912e678dfa65795fe8dbaf92ef3b538a3fa5337cab46ef53811f8c94917a43729e97d27ef24f7872841885420b2ca0bebfd78fec3126ffc30ad7';
    expect(await verifyPassword(pbkdf2, 's3cret!')).toBe(true);
    expect(await verifyPassword(pbkdf2, 's3cret?')).toBe(false);
    expect(await verifyPassword(scrypt, 's3cret!')).toBe(true);
    expect(await verifyPassword(scrypt, 'nope')).toBe(false);
  });

  it('refuses empty, unknown and malformed hashes', async () => {
    expect(await verifyPassword(null, 'x')).toBe(false);
    expect(await verifyPassword('md5$abc$def', 'x')).toBe(false);
    expect(await verifyPassword('$argon2id$garbage', 'x')).toBe(false);
    expect(await verifyPassword('pbkdf2:sha999:10$salt$00', 'x')).toBe(false);
  });
});
