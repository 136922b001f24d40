import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../security/routes.js';
import { escapeHtmlAttribute, injectBootstrap, injectThemeSetting } from './bootstrap.js';

describe('bootstrap injection', () => {
  it('escapes the JSON into the data-bootstrap attribute of the app element', () => {
    const html = '<body><div id="app"></div></body>';
    const out = injectBootstrap(html, {
      user: null,
      common: {
        feature_flags: { A: true },
        application_root: '/',
        version: '"><script>alert(1)</script>',
      },
    });
    expect(out).not.toContain('<script>');
    expect(out).toMatch(/^<body><div id="app" data-bootstrap="\{&quot;user&quot;:null,/);
    expect(escapeHtmlAttribute(`&<>"'`)).toBe('&amp;&lt;&gt;&quot;&#39;');
    expect(() =>
      injectBootstrap('<div></div>', {
        user: null,
        common: { feature_flags: {}, application_root: '/', version: '' },
      }),
    ).toThrow();
  });
});

describe('safeNextPath', () => {
  it('keeps local paths only', () => {
    expect(safeNextPath('/chart/list/?a=1')).toBe('/chart/list/?a=1');
    expect(safeNextPath('https://evil.example/')).toBe('/');
    expect(safeNextPath('//evil.example/')).toBe('/');
    expect(safeNextPath('/\\evil.example')).toBe('/');
    expect(safeNextPath(undefined)).toBe('/');
  });
});

describe('injectThemeSetting', () => {
  it('writes the setting on the <html> element, keeping its attributes', () => {
    expect(injectThemeSetting('<!doctype html><html lang="en"><body></body></html>', 'dark')).toBe(
      '<!doctype html><html data-theme="dark" lang="en"><body></body></html>',
    );
    expect(injectThemeSetting('<html><body></body></html>', 'system')).toBe(
      '<html data-theme="system"><body></body></html>',
    );
  });

  it('refuses a page without an <html> element (not an <htmlfoo>)', () => {
    expect(() => injectThemeSetting('<htmlx><body></body></htmlx>', 'dark')).toThrow();
  });
});
