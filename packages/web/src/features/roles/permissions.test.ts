import { describe, expect, it } from 'vitest';
import {
  applyTreeCheck,
  groupKey,
  groupPermissions,
  itemIdOf,
  itemKey,
  treeCheckState,
} from './permissions';
import type { PermissionResource } from './permissions';

const pr = (id: number, permission: string, view: string): PermissionResource => ({
  id,
  permission: { name: permission },
  view_menu: { name: view },
});

const all = [
  pr(1, 'can_write', 'Dashboard'),
  pr(2, 'can_read', 'Dashboard'),
  pr(3, 'can_read', 'Chart'),
  pr(4, 'menu_access', 'SQL Lab'),
  pr(5, 'can_write', 'Chart'),
];

describe('groupPermissions', () => {
  it('groups by view, sorted', () => {
    expect(groupPermissions(all)).toEqual([
      {
        view: 'Chart',
        items: [
          { id: 3, permission: 'can_read' },
          { id: 5, permission: 'can_write' },
        ],
      },
      {
        view: 'Dashboard',
        items: [
          { id: 2, permission: 'can_read' },
          { id: 1, permission: 'can_write' },
        ],
      },
      { view: 'SQL Lab', items: [{ id: 4, permission: 'menu_access' }] },
    ]);
  });

  it('searches permission and view names, word by word', () => {
    expect(groupPermissions(all, 'dash').map((g) => g.view)).toEqual(['Dashboard']);
    expect(groupPermissions(all, 'READ chart')).toEqual([
      { view: 'Chart', items: [{ id: 3, permission: 'can_read' }] },
    ]);
    expect(groupPermissions(all, 'nothing')).toEqual([]);
  });
});

describe('tree check state', () => {
  const groups = groupPermissions(all);

  it('checks full groups and half-checks partial ones', () => {
    expect(treeCheckState(groups, new Set([3, 5, 2]))).toEqual({
      checked: [itemKey(3), itemKey(5), groupKey('Chart'), itemKey(2)],
      halfChecked: [groupKey('Dashboard')],
    });
  });

  it('toggles items and whole groups', () => {
    let selected = applyTreeCheck(new Set(), groups, groupKey('Dashboard'), true);
    expect([...selected].sort()).toEqual([1, 2]);
    selected = applyTreeCheck(selected, groups, itemKey(4), true);
    selected = applyTreeCheck(selected, groups, itemKey(1), false);
    expect([...selected].sort()).toEqual([2, 4]);
    selected = applyTreeCheck(selected, groups, groupKey('Dashboard'), false);
    expect([...selected]).toEqual([4]);
  });

  it('leaves items hidden by a search alone', () => {
    const visible = groupPermissions(all, 'read');
    const selected = applyTreeCheck(new Set([1]), visible, groupKey('Dashboard'), false);
    expect([...selected]).toEqual([1]);
  });

  it('reads item keys', () => {
    expect(itemIdOf('pvm:12')).toBe(12);
    expect(itemIdOf('view:Chart')).toBe(null);
  });
});
