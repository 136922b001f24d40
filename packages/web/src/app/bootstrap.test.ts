import { describe, expect, it } from 'vitest';
import { ANONYMOUS_BOOTSTRAP, bootstrapFromMe, parseBootstrap, parseUser } from './bootstrap';

const user = {
  userId: 1,
  username: 'admin',
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  isActive: true,
  isAnonymous: false,
  roles: { Admin: [['can_read', 'Dashboard']] },
};

describe('parseBootstrap', () => {
  it('gives an anonymous page for missing or invalid data', () => {
    expect(parseBootstrap(undefined)).toEqual(ANONYMOUS_BOOTSTRAP);
    expect(parseBootstrap('')).toEqual(ANONYMOUS_BOOTSTRAP);
    expect(parseBootstrap('{not json')).toEqual(ANONYMOUS_BOOTSTRAP);
    expect(parseBootstrap('[1,2]')).toEqual(ANONYMOUS_BOOTSTRAP);
    expect(parseBootstrap('null')).toEqual(ANONYMOUS_BOOTSTRAP);
  });

  it('reads the user, roles and feature flags', () => {
    const data = parseBootstrap(
      JSON.stringify({
        user,
        common: { feature_flags: { ALERT_REPORTS: true, BAD: 'x' }, version: '1.2' },
      }),
    );
    expect(data.user?.username).toBe('admin');
    expect(data.user?.roles).toEqual({ Admin: [['can_read', 'Dashboard']] });
    expect(data.common.feature_flags).toEqual({ ALERT_REPORTS: true });
    expect(data.common.version).toBe('1.2');
    expect(data.common.application_root).toBe('/');
  });

  it('reads the async events transport from conf, and nothing else there', () => {
    const read = (value: unknown) =>
      parseBootstrap(JSON.stringify({ user, common: { conf: value } })).common.conf;
    expect(read({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws', SECRET: 'x' })).toEqual({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: 'ws',
    });
    expect(read({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling' })).toEqual({
      GLOBAL_ASYNC_QUERIES_TRANSPORT: 'polling',
    });
    expect(read({ GLOBAL_ASYNC_QUERIES_TRANSPORT: 'carrier-pigeon' })).toBe(undefined);
    expect(read('ws')).toBe(undefined);
  });

  it("keeps the signed-in user's theme preference when it is a known one", () => {
    const read = (preferences: unknown, u: unknown = user) =>
      parseBootstrap(JSON.stringify({ user: u, preferences })).preferences;
    expect(read({ theme: 'dark' })).toEqual({ theme: 'dark' });
    expect(read({ theme: 'system', other: 1 })).toEqual({ theme: 'system' });
    expect(read({ theme: 'neon' })).toBe(undefined);
    expect(read('dark')).toBe(undefined);
    expect(read({ theme: 'dark' }, null)).toBe(undefined);
  });

  it("keeps the session's CSRF token for a signed-in user only", () => {
    expect(parseBootstrap(JSON.stringify({ user, csrf_token: 'tok' })).csrf_token).toBe('tok');
    expect(parseBootstrap(JSON.stringify({ user: null, csrf_token: 'tok' })).csrf_token).toBe(
      undefined,
    );
    expect(parseBootstrap(JSON.stringify({ user, csrf_token: 5 })).csrf_token).toBe(undefined);
  });

  it("keeps the login form's CSRF token for an anonymous page only", () => {
    expect(
      parseBootstrap(JSON.stringify({ user: null, login_csrf_token: 'tok' })).login_csrf_token,
    ).toBe('tok');
    expect(parseBootstrap(JSON.stringify({ user, login_csrf_token: 'tok' })).login_csrf_token).toBe(
      undefined,
    );
  });

  it('treats an anonymous or malformed user as no user', () => {
    expect(parseBootstrap(JSON.stringify({ user: { ...user, isAnonymous: true } })).user).toBe(
      null,
    );
    expect(parseBootstrap(JSON.stringify({ user: { username: 'x' } })).user).toBe(null);
    expect(parseBootstrap(JSON.stringify({ user: null })).user).toBe(null);
  });
});

describe('parseUser', () => {
  it('drops malformed permission pairs and fills missing names', () => {
    const parsed = parseUser({
      userId: 2,
      username: 'bob',
      roles: { Gamma: [['can_read', 'Chart'], ['bad'], 'x', [1, 2]], Other: 'nope' },
    });
    expect(parsed).toEqual({
      userId: 2,
      username: 'bob',
      firstName: '',
      lastName: '',
      email: '',
      isActive: true,
      isAnonymous: false,
      roles: { Gamma: [['can_read', 'Chart']], Other: [] },
    });
  });
});

describe('bootstrapFromMe', () => {
  it('builds a user from the me endpoints', () => {
    const data = bootstrapFromMe(
      { id: 3, username: 'carol', first_name: 'Carol', last_name: null, is_active: true },
      { roles: { sql_lab: [['can_read', 'SQLLab']] }, permissions: {} },
    );
    expect(data.user).toMatchObject({ userId: 3, firstName: 'Carol', lastName: '' });
    expect(data.user?.roles).toEqual({ sql_lab: [['can_read', 'SQLLab']] });
  });
});
