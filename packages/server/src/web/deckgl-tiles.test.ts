import { describe, expect, it } from 'vitest';
import { loadConfig, parseTileUrl } from '../config/config.js';
import { bootstrapData } from './bootstrap.js';
import { pageCsp, tileOrigin } from './security-headers.js';

describe('STRATA_DECKGL_TILE_URL', () => {
  it('takes an http(s) or site template with {z}, {x}, {y}; none when empty', () => {
    expect(parseTileUrl(undefined)).toBeNull();
    expect(parseTileUrl('  ')).toBeNull();
    expect(parseTileUrl('https://t.example.com/{z}/{x}/{y}.png')).toBe(
      'https://t.example.com/{z}/{x}/{y}.png',
    );
    expect(parseTileUrl('/tiles/{z}/{x}/{y}.png')).toBe('/tiles/{z}/{x}/{y}.png');
    for (const bad of [
      'https://t.example.com/{z}/{x}.png',
      'ftp://t.example.com/{z}/{x}/{y}.png',
      '//t.example.com/{z}/{x}/{y}.png',
      'mapbox://styles/mapbox/light-v9',
    ])
      expect(() => parseTileUrl(bad), bad).toThrow(/STRATA_DECKGL_TILE_URL/);
  });

  it('adds the tile origin to the CSP images and fetches', () => {
    expect(tileOrigin('https://t.example.com:8443/{z}/{x}/{y}.png')).toEqual([
      'https://t.example.com:8443',
    ]);
    expect(tileOrigin('/tiles/{z}/{x}/{y}.png')).toEqual([]);
    expect(tileOrigin(null)).toEqual([]);
    const csp = pageCsp([], ['https://t.example.com']);
    expect(csp).toContain("img-src 'self' data: blob: https://t.example.com;");
    expect(csp).toContain("connect-src 'self' https://t.example.com;");
    expect(pageCsp()).toContain("connect-src 'self';");
  });

  it('gives the pages the base map as common.deckgl_tiles, only when set', () => {
    const anonymous = { isAnonymous: true } as Parameters<typeof bootstrapData>[0];
    const tiles: Array<[string, string]> = [['/t/{z}/{x}/{y}.png', 'Base map']];
    expect(bootstrapData(anonymous, {}, null, null, {}, tiles).common.deckgl_tiles).toEqual(tiles);
    expect('deckgl_tiles' in bootstrapData(anonymous, {}).common).toBe(false);
  });

  it('is read from the environment', () => {
    const base = { STRATA_DATA_DIR: '/tmp/strata-x', STRATA_SECRET_KEY: 'k'.repeat(32) };
    expect(loadConfig(base).deckglTileUrl).toBeNull();
    expect(
      loadConfig({ ...base, STRATA_DECKGL_TILE_URL: 'https://t.example.com/{z}/{x}/{y}.png' })
        .deckglTileUrl,
    ).toBe('https://t.example.com/{z}/{x}/{y}.png');
  });
});
