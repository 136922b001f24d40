import { describe, expect, it } from 'vitest';
import { loginErrorMessage, safeNextPath } from './login';

describe('loginErrorMessage', () => {
  it('reads the error codes of the login redirect', () => {
    expect(loginErrorMessage('invalid')).toBe('Invalid login. Please try again.');
    expect(loginErrorMessage('throttled')).toBe(
      'Too many failed login attempts. Please wait a few minutes and try again.',
    );
    expect(loginErrorMessage('csrf')).toBe('The login form expired. Please try again.');
    expect(loginErrorMessage('other')).toBe('Invalid login. Please try again.');
    expect(loginErrorMessage(null)).toBe(null);
  });
});

describe('safeNextPath', () => {
  it('keeps local paths', () => {
    expect(safeNextPath('/dashboard/list/?pageIndex=1')).toBe('/dashboard/list/?pageIndex=1');
    expect(safeNextPath('/')).toBe('/');
  });
  it('refuses other sites and the login page', () => {
    expect(safeNextPath('https://evil.example/')).toBe(null);
    expect(safeNextPath('//evil.example/')).toBe(null);
    expect(safeNextPath('/\\evil.example')).toBe(null);
    expect(safeNextPath('/login/')).toBe(null);
    expect(safeNextPath('/logout/')).toBe(null);
    expect(safeNextPath('/login-help/')).toBe('/login-help/');
    expect(safeNextPath(null)).toBe(null);
  });
  it('refuses control, space and invisible characters and encoded host forms', () => {
    for (const bad of [
      '/\t/evil.example',
      '/%09/evil.example',
      '/\n/evil.example',
      '/ /evil.example',
      '/\u200b/evil.example',
      '/%2F%2Fevil.example',
      '/%5Cevil.example',
    ]) {
      expect(safeNextPath(bad), JSON.stringify(bad)).toBe(null);
    }
  });
});
