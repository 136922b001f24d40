import { MAX_PAGE_SIZE } from '@strata/core';
import type { ListResponse } from '@strata/core';
import { api, fetchAllPages, listUrl, pagedUrl, resourceBase } from '../../app/api';
import type { PermissionResource, RolePermission } from './permissions';

export const ROLES_RESOURCE = 'security/roles';
export const USERS_RESOURCE = 'security/users';

export interface RoleRow {
  id: number;
  name: string;
}

/** Every role, by name. */
export function fetchAllRoles(signal?: AbortSignal): Promise<RoleRow[]> {
  return fetchAllPages(
    (page, pageSize) =>
      api.get<ListResponse<RoleRow>>(
        listUrl(ROLES_RESOURCE, {
          page,
          page_size: pageSize,
          order_column: 'name',
          order_direction: 'asc',
        }),
        { signal },
      ),
    MAX_PAGE_SIZE,
  );
}

/** Every permission-resource pair. */
export function fetchAllPermissionResources(signal?: AbortSignal): Promise<PermissionResource[]> {
  return fetchAllPages(
    (page, pageSize) =>
      api.get<ListResponse<PermissionResource>>(
        pagedUrl('/api/v1/security/permissions-resources/', page, pageSize),
        { signal },
      ),
    MAX_PAGE_SIZE,
  );
}

/** The permission-resource pairs a role holds. */
export async function fetchRolePermissions(
  roleId: number,
  signal?: AbortSignal,
): Promise<RolePermission[]> {
  const res = await api.get<{ result: RolePermission[] }>(
    `${resourceBase(ROLES_RESOURCE)}/${roleId}/permissions/`,
    { signal },
  );
  return res.result ?? [];
}

/** Replaces a role's permissions. */
export function saveRolePermissions(roleId: number, ids: number[]): Promise<unknown> {
  return api.post(`${resourceBase(ROLES_RESOURCE)}/${roleId}/permissions`, {
    permission_view_menu_ids: ids,
  });
}
