import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../security/routes.js';
import { makePrincipal } from '../security/principal.js';
import { bootstrapData, escapeHtmlAttribute, injectBootstrap } from './bootstrap.js';

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

describe('bootstrapData', () => {
  it('gives the web app the server settings it follows in common.conf', () => {
    const anonymous = makePrincipal(
      {
        id: 0,
        username: '',
        first_name: '',
        last_name: '',
        email: '',
        active: true,
        isAnonymous: true,
      },
      {},
    );
    const data = bootstrapData(anonymous, {}, null, null, { GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' });
    expect(data.common.conf).toEqual({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws' });
    expect(bootstrapData(anonymous, {}).common).not.toHaveProperty('conf');
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
