import { describe, expect, it } from 'vitest';
import {
  canUseSqlLab,
  formatMessage,
  humanizeTimeDelta,
  isAdminUser,
  MESSAGES,
  risonDecode,
  risonEncode,
  truncateLabel,
  userDisplayName,
  userHasPermission,
} from './index.js';

describe('messages', () => {
  it('fills %s placeholders in order', () => {
    expect(formatMessage(MESSAGES.fetchListError, 'dashboard', 'boom')).toBe(
      'An error occurred while fetching dashboards: boom',
    );
    expect(formatMessage(MESSAGES.deleted, 'A, B')).toBe('Deleted: A, B');
  });
});

describe('rison', () => {
  it('round-trips list queries and explains bad text', () => {
    const q = {
      filters: [{ col: 'dashboard_title', opr: 'ct', value: "it's" }],
      page: 0,
      page_size: 25,
    };
    expect(risonDecode(risonEncode(q))).toEqual(q);
    expect(risonEncode([1, 2])).toBe('!(1,2)');
    expect(() => risonDecode('(a:')).toThrow(/Not a valid rison value/);
  });
});

describe('users and permissions', () => {
  const user = {
    roles: { Gamma: [['can_read', 'Dashboard']] as Array<[string, string]>, SQL_LAB: [] },
  };
  it('checks roles by name and permissions by pair', () => {
    expect(isAdminUser(user)).toBe(false);
    expect(isAdminUser({ roles: { admin: [] } })).toBe(true);
    expect(canUseSqlLab(user)).toBe(true);
    expect(canUseSqlLab({ roles: { Gamma: [] } })).toBe(false);
    expect(userHasPermission(user, 'can_read', 'Dashboard')).toBe(true);
    expect(userHasPermission(user, 'can_write', 'Dashboard')).toBe(false);
    expect(userHasPermission(null, 'can_read', 'Dashboard')).toBe(false);
    expect(userDisplayName({ first_name: 'Ada', last_name: 'L', username: 'ada' })).toBe('Ada L');
    expect(userDisplayName({ first_name: '', last_name: ' ', username: 'ada' })).toBe('ada');
  });
});

describe('text', () => {
  it('cuts labels over 42 characters to 40 plus dots', () => {
    expect(truncateLabel('a'.repeat(42))).toBe('a'.repeat(42));
    expect(truncateLabel('a'.repeat(43))).toBe(`${'a'.repeat(40)}...`);
  });
  it('humanizes time deltas', () => {
    const now = new Date('2026-01-10T12:00:00Z');
    expect(humanizeTimeDelta(new Date('2026-01-10T11:59:30Z'), now)).toBe('a few seconds ago');
    expect(humanizeTimeDelta(new Date('2026-01-10T11:00:00Z'), now)).toBe('an hour ago');
    expect(humanizeTimeDelta(new Date('2026-01-10T09:00:00Z'), now)).toBe('3 hours ago');
    expect(humanizeTimeDelta(new Date('2026-01-03T12:00:00Z'), now)).toBe('a week ago');
    expect(humanizeTimeDelta(new Date('2026-01-11T12:00:00Z'), now)).toBe('in a day');
  });
});
