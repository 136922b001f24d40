import { describe, expect, it } from 'vitest';
import { safeRedirectTarget } from './redirect.js';

describe('safeRedirectTarget', () => {
  it('keeps paths on this site, with their query and fragment', () => {
    for (const ok of [
      '/',
      '/chart/list/',
      '/dashboard/list/?pageIndex=1&q=a%20b',
      '/superset/dashboard/5/?native_filters_key=abc#tab',
      '/sqllab/?name=caf%C3%A9',
      '/a%2Fb/',
    ]) {
      expect(safeRedirectTarget(ok), ok).toBe(ok);
    }
  });

  it('refuses other sites, schemes and host-relative forms', () => {
    for (const bad of [
      'https://evil.example/',
      'http:evil.example',
      'javascript:alert(1)',
      'evil.example/path',
      '//evil.example/',
      '///evil.example/',
      '/\\evil.example',
      '\\\\evil.example',
      '/path\\..\\x',
    ]) {
      expect(safeRedirectTarget(bad), bad).toBeNull();
    }
  });

  it('refuses control, space and invisible characters anywhere', () => {
    for (const ch of ['\t', '\n', '\r', '\0', '\x0b', '\x0c', '\x7f', '\x85', ' ', '\u00a0']) {
      expect(safeRedirectTarget(`/${ch}/evil.example`), JSON.stringify(ch)).toBeNull();
      expect(safeRedirectTarget(`/chart/list/?q=${ch}`), JSON.stringify(ch)).toBeNull();
    }
    for (const ch of ['\u200b', '\u2060', '\ufeff', '\u202e', '\u2028', '\u3000', '\u180e']) {
      expect(safeRedirectTarget(`/${ch}/evil.example`), JSON.stringify(ch)).toBeNull();
    }
  });

  it('refuses encoded slashes, backslashes and controls in the path', () => {
    for (const bad of [
      '/%2F%2Fevil.example',
      '/%2f/evil.example',
      '/%5Cevil.example',
      '/%09/evil.example',
      '/%0d%0aSet-Cookie:x',
      '/%252F%252Fevil.example',
      '/%E2%80%8B/evil.example',
      '/%zz',
      '/%2525252525252F',
    ]) {
      expect(safeRedirectTarget(bad), bad).toBeNull();
    }
  });

  it('refuses nothing-at-all and overlong targets', () => {
    expect(safeRedirectTarget(null)).toBeNull();
    expect(safeRedirectTarget(undefined)).toBeNull();
    expect(safeRedirectTarget('')).toBeNull();
    expect(safeRedirectTarget(`/${'a'.repeat(3000)}`)).toBeNull();
  });
});
