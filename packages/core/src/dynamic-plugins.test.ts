import { describe, expect, it } from 'vitest';
import { dynamicPluginCreate } from './dynamic-plugins-api.js';
import { bundleUrlProblem, dynamicPluginKeyProblem, normalizeOrigin } from './dynamic-plugins.js';

describe('dynamic plugin key', () => {
  it('takes simple lowercase identifiers (a viz_type)', () => {
    for (const key of ['bar', 'my_chart_2', 'a']) expect(dynamicPluginKeyProblem(key)).toBeNull();
  });
  it('refuses anything else with the reason', () => {
    for (const key of ['Bar', '2bar', '_bar', '@scope/pkg', 'a-b', 'a b', 'a.b', '']) {
      expect(dynamicPluginKeyProblem(key), key).not.toBeNull();
    }
    expect(dynamicPluginKeyProblem('x'.repeat(101))).toBe('Key must be at most 100 characters');
  });
});

describe('bundle URL', () => {
  const allowed = ['https://cdn.example.com', 'http://127.0.0.1:9000'];
  it('takes paths on this server and URLs on allowed origins', () => {
    for (const url of [
      '/static/plugins/a.js',
      '/a.js?v=2',
      'https://cdn.example.com/p/a.js',
      'http://127.0.0.1:9000/a.mjs',
    ]) {
      expect(bundleUrlProblem(url, allowed), url).toBeNull();
    }
  });
  it('refuses other schemes, other origins, credentials and odd characters', () => {
    const cases: Array<[string, string]> = [
      ['javascript:alert(1)', 'an http(s) URL or a path on this server'],
      ['data:text/javascript,alert(1)', 'an http(s) URL or a path on this server'],
      ['//cdn.example.com/a.js', 'an http(s) URL or a path on this server'],
      ['a.js', 'an http(s) URL or a path on this server'],
      ['https://evil.example.com/a.js', 'origin https://evil.example.com is not allowed'],
      ['http://cdn.example.com/a.js', 'origin http://cdn.example.com is not allowed'],
      ['https://u:p@cdn.example.com/a.js', 'must not carry credentials'],
      ['/a\\b.js', 'must not contain spaces'],
      ['/a\nb.js', 'must not contain spaces'],
      ['', 'Bundle URL is required'],
    ];
    for (const [url, text] of cases) expect(bundleUrlProblem(url, allowed), url).toContain(text);
  });
});

describe('origins', () => {
  it('normalises http(s) origins and refuses paths or other schemes', () => {
    expect(normalizeOrigin('HTTPS://CDN.Example.com')).toBe('https://cdn.example.com');
    expect(normalizeOrigin('https://cdn.example.com:443/')).toBe('https://cdn.example.com');
    expect(normalizeOrigin('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
    for (const bad of ['https://cdn.example.com/path', 'ftp://x', 'cdn.example.com', '*']) {
      expect(normalizeOrigin(bad), bad).toBeNull();
    }
  });
});

describe('create schema', () => {
  it('trims and checks the fields, and refuses unknown ones', () => {
    expect(dynamicPluginCreate.parse({ name: ' A ', key: ' a_b ', bundle_url: ' /a.js ' })).toEqual(
      { name: 'A', key: 'a_b', bundle_url: '/a.js' },
    );
    expect(dynamicPluginCreate.safeParse({ name: '', key: 'a', bundle_url: '/a.js' }).success).toBe(
      false,
    );
    const bad = dynamicPluginCreate.safeParse({ name: 'A', key: 'A-b', bundle_url: '/a.js' });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toContain('simple identifier');
    expect(
      dynamicPluginCreate.safeParse({ name: 'A', key: 'a', bundle_url: '/a.js', x: 1 }).success,
    ).toBe(false);
  });
});
