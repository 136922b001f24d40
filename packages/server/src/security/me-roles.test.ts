import { describe, expect, it } from 'vitest';
import { meRoles } from './me-roles.js';
import { makePrincipal } from './principal.js';

describe('me/roles', () => {
  it("answers the user's fields, roles and data access as Superset does", () => {
    const p = makePrincipal(
      {
        id: 7,
        username: 'ann',
        first_name: 'Ann',
        last_name: 'Lee',
        email: 'ann@example.com',
        active: true,
      },
      {
        Gamma: [
          ['can_read', 'Chart'],
          ['datasource_access', '[examples].[sales](id:3)'],
        ],
        Sales: [
          ['datasource_access', '[examples].[sales](id:3)'],
          ['datasource_access', '[examples].[orders](id:4)'],
          ['database_access', '[examples].(id:1)'],
        ],
      },
    );
    expect(meRoles(p, '2026-01-02T03:04:05')).toEqual({
      username: 'ann',
      firstName: 'Ann',
      lastName: 'Lee',
      userId: 7,
      isActive: true,
      createdOn: '2026-01-02T03:04:05',
      email: 'ann@example.com',
      roles: {
        Gamma: [
          ['can_read', 'Chart'],
          ['datasource_access', '[examples].[sales](id:3)'],
        ],
        Sales: [
          ['datasource_access', '[examples].[sales](id:3)'],
          ['datasource_access', '[examples].[orders](id:4)'],
          ['database_access', '[examples].(id:1)'],
        ],
      },
      permissions: {
        datasource_access: ['[examples].[sales](id:3)', '[examples].[orders](id:4)'],
        database_access: ['[examples].(id:1)'],
      },
    });
  });

  it('has no access kinds for a user without data access', () => {
    const p = makePrincipal(
      { id: 1, username: 'a', first_name: 'A', last_name: 'B', email: '', active: true },
      { Admin: [['all_datasource_access', 'all_datasource_access']] },
    );
    expect(meRoles(p, null).permissions).toEqual({});
  });
});
