import { describe, expect, it } from 'vitest';
import { safeNextPath } from '../security/routes.js';
import { escapeHtmlAttribute, injectBootstrap } from './bootstrap.js';
import {
  maskUriPassword,
  splitUriPassword,
  uriProblem,
  withUriPassword,
} from '../databases/uri.js';

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

describe('database URIs', () => {
  it('masks, splits and restores passwords', () => {
    expect(maskUriPassword('postgresql://u:p%40ss@h:5432/db')).toBe(
      'postgresql://u:XXXXXXXXXX@h:5432/db',
    );
    expect(maskUriPassword('sqlite:////tmp/a.db')).toBe('sqlite:////tmp/a.db');
    const split = splitUriPassword('mysql://root:p%40ss@h/db');
    expect(split).toEqual({ masked: 'mysql://root:XXXXXXXXXX@h/db', password: 'p@ss' });
    expect(withUriPassword(split.masked, split.password)).toBe('mysql://root:p%40ss@h/db');
    expect(splitUriPassword('postgresql://u@h/db')).toEqual({
      masked: 'postgresql://u@h/db',
      password: null,
    });
  });

  it('names unsupported or malformed URIs', () => {
    expect(uriProblem('postgresql+psycopg2://u@h/db')).toBeNull();
    expect(uriProblem('oracle://u@h/db')).toMatch(/driver: oracle/);
    expect(uriProblem('nonsense')).toMatch(/Invalid connection string/);
  });
});
