import { describe, expect, it, vi } from 'vitest';
import { SecretBox } from '../crypto/secret-box.js';
import { KeyRing } from './keys.js';
import { TokenService, tokenIsCurrent } from './tokens.js';

describe('KeyRing, SecretBox and TokenService', () => {
  const keys = new KeyRing('a'.repeat(40));

  it('derives one key per purpose and verifies signatures', () => {
    expect(keys.derive('x').equals(keys.derive('y'))).toBe(false);
    const sig = keys.sign('csrf', 'session-1');
    expect(keys.verify('csrf', 'session-1', sig)).toBe(true);
    expect(keys.verify('csrf', 'session-2', sig)).toBe(false);
    expect(keys.verify('other', 'session-1', sig)).toBe(false);
  });

  it('encrypts at rest and refuses another key or tampering', () => {
    const box = new SecretBox(keys);
    const sealed = box.encrypt('p@ss:word');
    expect(sealed).not.toContain('p@ss');
    expect(box.decrypt(sealed)).toBe('p@ss:word');
    expect(() => new SecretBox(new KeyRing('b'.repeat(40))).decrypt(sealed)).toThrow();
    const raw = Buffer.from(sealed.slice(3), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => box.decrypt(`v1:${raw.toString('base64')}`)).toThrow();
  });

  it('issues tokens of a type that verify only as that type and only under the same key', async () => {
    const tokens = new TokenService(keys);
    const access = await tokens.issue(7, 'access', true, 3);
    expect(await tokens.verify(access, 'access')).toEqual({
      userId: 7,
      type: 'access',
      fresh: true,
      generation: 3,
    });
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    expect(await new TokenService(new KeyRing('c'.repeat(40))).verify(access, 'access')).toBeNull();
    expect(await tokens.verify('not.a.jwt', 'access')).toBeNull();
  });

  it('tells a token of an older generation from a current one, also when remembered', async () => {
    const tokens = new TokenService(keys);
    const token = await tokens.issue(7, 'refresh', false, 2);
    const first = await tokens.verify(token, 'refresh');
    expect(first && tokenIsCurrent(first, 2)).toBe(true);
    const again = await tokens.verify(token, 'refresh');
    expect(again && tokenIsCurrent(again, 3)).toBe(false);
  });

  it('remembers a verified token only until it expires, and never a forged one', async () => {
    const tokens = new TokenService(keys);
    const access = await tokens.issue(7, 'access', false, 0);
    expect(await tokens.verify(access, 'access')).toMatchObject({ userId: 7 });
    // Asked again as the other type, the remembered token is still refused.
    expect(await tokens.verify(access, 'refresh')).toBeNull();
    // A token with one changed signature character is checked, not taken from memory.
    const last = access.at(-2) === 'A' ? 'B' : 'A';
    const forged = access.slice(0, -2) + last + access.at(-1);
    expect(await tokens.verify(forged, 'access')).toBeNull();
    // Past its expiry the remembered token is refused.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 16 * 60 * 1000);
      expect(await tokens.verify(access, 'access')).toBeNull();
    } finally {
      vi.useRealTimers();
    }
  });
});
