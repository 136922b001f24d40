import { describe, expect, it } from 'vitest';
import { looksLikeDml } from './execute.js';

describe('looksLikeDml', () => {
  it('recognises row-changing statements, after comments and WITH', () => {
    expect(looksLikeDml('INSERT INTO t VALUES (1)')).toBe(true);
    expect(looksLikeDml('  -- note\n/* x */ update t set a = 1')).toBe(true);
    expect(looksLikeDml('WITH x AS (SELECT 1) DELETE FROM t')).toBe(true);
    expect(looksLikeDml('REPLACE INTO t VALUES (1)')).toBe(true);
    expect(looksLikeDml('CREATE TABLE t(a)')).toBe(false);
    expect(looksLikeDml('SELECT 1')).toBe(false);
  });
});
