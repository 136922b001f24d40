import { describe, expect, it } from 'vitest';
import { CLIENT_ID_LENGTH, newClientId } from './ids';

describe('newClientId', () => {
  it('gives 11 URL-safe characters', () => {
    const id = newClientId();
    expect(id).toHaveLength(CLIENT_ID_LENGTH);
    expect(id).toMatch(/^[A-Za-z0-9_-]{11}$/);
  });

  it('differs from call to call', () => {
    const ids = new Set(Array.from({ length: 200 }, () => newClientId()));
    expect(ids.size).toBe(200);
  });

  it('maps each byte through the alphabet', () => {
    expect(newClientId((b) => b.fill(0))).toBe('uuuuuuuuuuu');
    expect(newClientId((b) => b.fill(255))).toBe('ttttttttttt');
  });
});
