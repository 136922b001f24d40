import { describe, expect, it } from 'vitest';
import type { PermissionPair } from '@strata/core';
import { buildNavItems, selectedNavKey } from './navigation';

const user = (...roles: string[]) => ({
  roles: Object.fromEntries(roles.map((r) => [r, [] as PermissionPair[]])),
});

function labels(items: ReturnType<typeof buildNavItems>): unknown[] {
  return items.map((i) => (i.children ? { [i.label]: labels(i.children) } : i.label));
}

describe('buildNavItems', () => {
  it('shows everything to admins', () => {
    expect(labels(buildNavItems(user('Admin')))).toEqual([
      'Dashboards',
      'Charts',
      'Datasets',
      { SQL: ['SQL Lab', 'Query history', 'Saved queries'] },
      { Settings: ['Databases', 'Users', 'Roles'] },
    ]);
  });

  it('hides SQL from users without SQL Lab and admin pages from non-admins', () => {
    expect(labels(buildNavItems(user('Gamma')))).toEqual([
      'Dashboards',
      'Charts',
      'Datasets',
      { Settings: ['Databases'] },
    ]);
    expect(labels(buildNavItems(user('Gamma', 'sql_lab')))).toContainEqual({
      SQL: ['SQL Lab', 'Query history', 'Saved queries'],
    });
  });
});

describe('selectedNavKey', () => {
  const items = buildNavItems(user('Admin'));
  it('finds pages, with or without a trailing slash', () => {
    expect(selectedNavKey(items, '/chart/list/')).toBe('/chart/list/');
    expect(selectedNavKey(items, '/users/list')).toBe('/users/list/');
    expect(selectedNavKey(items, '/sqllab/history/')).toBe('/sqllab/history/');
  });
  it('selects nothing for home and unknown pages', () => {
    expect(selectedNavKey(items, '/')).toBe(null);
    expect(selectedNavKey(items, '/nope/')).toBe(null);
  });
});
