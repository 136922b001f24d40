import { describe, expect, it } from 'vitest';
import { injectPreloaded, jsonForScript, preloadPathsFor } from './preload.js';

describe('preloadPathsFor', () => {
  it("gives a dashboard page's three first calls", () => {
    const base = '/api/v1/dashboard/sales-board';
    const paths = [base, `${base}/charts`, `${base}/datasets`];
    expect(preloadPathsFor('/superset/dashboard/sales-board/')).toEqual(paths);
    expect(preloadPathsFor('/dashboard/sales-board')).toEqual(paths);
    expect(preloadPathsFor('/superset/dashboard/12/')[0]).toBe('/api/v1/dashboard/12');
  });

  it('gives nothing for other pages and odd addresses', () => {
    for (const p of [
      '/dashboard/list/',
      '/superset/dashboard/new/',
      '/superset/dashboard/p/abc/',
      '/superset/dashboard/a%2Fb/',
      '/superset/dashboard/%E0%A4%A/',
      '/chart/list/',
      '/',
    ])
      expect(preloadPathsFor(p), p).toEqual([]);
  });
});

describe('jsonForScript and injectPreloaded', () => {
  it('keeps the JSON the same and leaves nothing that ends or comments the block', () => {
    const value = { t: '</script><!-- a & b \u2028 \u2029 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });

  it('puts the block before </body>, and nothing when there are no answers', () => {
    const html = '<html><body><div id="app"></div></body></html>';
    expect(injectPreloaded(html, {})).toBe(html);
    const out = injectPreloaded(html, { '/api/v1/dashboard/1': { result: { id: 1 } } });
    expect(out).toBe(
      '<html><body><div id="app"></div><script type="application/json" id="strata-preloaded">' +
        '{"/api/v1/dashboard/1":{"result":{"id":1}}}</script></body></html>',
    );
  });
});
