import { describe, expect, it } from 'vitest';
import type { PermissionPair } from '@strata/core';
import {
  buildNavItems,
  isSqlLabEditorPath,
  mayUseSqlLab,
  pageKey,
  selectedNavKey,
} from './navigation';

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
      {
        Settings: [
          'Databases',
          'Alerts & reports',
          'CSS templates',
          'Annotation layers',
          'Users',
          'Roles',
          'Action log',
        ],
      },
    ]);
  });

  it("offers Plugins to admins when DYNAMIC_PLUGINS is on (Superset's menu_cond)", () => {
    const flags = { DYNAMIC_PLUGINS: true };
    expect(labels(buildNavItems(user('Admin'), flags))).toContainEqual({
      Settings: [
        'Databases',
        'Alerts & reports',
        'CSS templates',
        'Annotation layers',
        'Users',
        'Roles',
        'Action log',
        'Plugins',
      ],
    });
    expect(labels(buildNavItems(user('Gamma'), flags))).toContainEqual({ Settings: ['Databases'] });
    expect(selectedNavKey(buildNavItems(user('Admin'), flags), '/dynamic-plugins/list/')).toBe(
      '/dynamic-plugins/list/',
    );
  });

  it('offers CSS templates to roles that may read CssTemplate (Alpha), not to Gamma', () => {
    const alpha = { roles: { Alpha: [['can_read', 'CssTemplate']] as PermissionPair[] } };
    expect(labels(buildNavItems(alpha))).toContainEqual({
      Settings: ['Databases', 'CSS templates'],
    });
    expect(selectedNavKey(buildNavItems(alpha), '/csstemplatemodelview/list/')).toBe(
      '/csstemplatemodelview/list/',
    );
  });

  it('offers Annotation layers to roles that may read Annotation, a layer page under it', () => {
    const gamma = { roles: { Gamma: [['can_read', 'Annotation']] as PermissionPair[] } };
    expect(labels(buildNavItems(gamma))).toContainEqual({
      Settings: ['Databases', 'Annotation layers'],
    });
    expect(selectedNavKey(buildNavItems(gamma), '/annotationlayer/7/annotation/')).toBe(
      '/annotationlayer/list/',
    );
  });

  it('offers Tags only with TAGGING_SYSTEM, a tag page under it', () => {
    const gamma = { roles: { Gamma: [['can_read', 'Tag']] as PermissionPair[] } };
    expect(labels(buildNavItems(gamma))).toContainEqual({ Settings: ['Databases'] });
    const items = buildNavItems(gamma, { TAGGING_SYSTEM: true });
    expect(labels(items)).toContainEqual({ Settings: ['Databases', 'Tags'] });
    expect(selectedNavKey(items, '/superset/all_entities/')).toBe('/superset/tags/');
  });

  it('offers Alerts & reports to roles that may read ReportSchedule', () => {
    const reader = { roles: { Gamma: [['can_read', 'ReportSchedule']] as PermissionPair[] } };
    expect(labels(buildNavItems(reader))).toContainEqual({
      Settings: ['Databases', 'Alerts & reports'],
    });
    const items = buildNavItems(reader);
    for (const p of ['/alert/list/', '/report/list/', '/report/3/log', '/alert/12/log/']) {
      expect(selectedNavKey(items, p)).toBe('/alert/list/');
    }
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

describe('SQL Lab access and addresses', () => {
  it('is offered to admins, the sql_lab role and roles granted can_sqllab', () => {
    expect(mayUseSqlLab(user('Admin'))).toBe(true);
    expect(mayUseSqlLab(user('sql_lab'))).toBe(true);
    expect(mayUseSqlLab(user('Gamma'))).toBe(false);
    expect(mayUseSqlLab({ roles: { Analyst: [['can_sqllab', 'Superset']] } })).toBe(true);
    expect(mayUseSqlLab(null)).toBe(false);
  });

  it('knows the editor addresses, not the history page', () => {
    for (const p of [
      '/sqllab/',
      '/sqllab',
      '/superset/sqllab/',
      '/sqllab/p/abc123',
      '/sqllab/p/x/',
    ]) {
      expect(isSqlLabEditorPath(p)).toBe(true);
    }
    for (const p of ['/sqllab/history/', '/sqllab/p/', '/sqllabx/', '/']) {
      expect(isSqlLabEditorPath(p)).toBe(false);
    }
  });

  it('gives every editor address one page key and selects the SQL Lab entry', () => {
    expect(pageKey('/sqllab/p/abc')).toBe('/sqllab/');
    expect(pageKey('/superset/sqllab/')).toBe('/sqllab/');
    expect(pageKey('/chart/list/')).toBe('/chart/list/');
    const items = buildNavItems(user('Admin'));
    expect(selectedNavKey(items, '/sqllab/p/abc')).toBe('/sqllab/');
    expect(selectedNavKey(items, '/superset/sqllab')).toBe('/sqllab/');
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

describe('explore addresses', () => {
  it('are full-bleed pages, and standalone hides the bar', async () => {
    const { isExplorePath, isFullBleedPath, isStandaloneSearch } = await import('./navigation');
    expect(isExplorePath('/explore/')).toBe(true);
    expect(isExplorePath('/superset/explore/p/abc/')).toBe(true);
    expect(isExplorePath('/explore/list/')).toBe(false);
    expect(isFullBleedPath('/sqllab/')).toBe(true);
    expect(isStandaloneSearch('?standalone=1')).toBe(true);
    expect(isStandaloneSearch('?standalone=false')).toBe(false);
  });
});
