import { describe, expect, it } from 'vitest';
import { sameRoleSet } from './admin-resources.js';

describe('sameRoleSet', () => {
  it('compares role ids as sets', () => {
    expect(sameRoleSet([1, 2], [2, 1])).toBe(true);
    expect(sameRoleSet([1, 2], [2, 1, 2])).toBe(true);
    expect(sameRoleSet([], [])).toBe(true);
    expect(sameRoleSet([1, 2], [1])).toBe(false);
    expect(sameRoleSet([1, 2], [1, 3])).toBe(false);
    expect(sameRoleSet([1], [1, 2])).toBe(false);
  });
});
