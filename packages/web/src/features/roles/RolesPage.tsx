import { useCallback, useState } from 'react';
import { SafetyOutlined } from '@ant-design/icons';
import { AdminOnly } from '../../components/AdminOnly';
import { EditableListView, RowActionButton, searchFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { RoleFormModal } from './RoleFormModal';
import { RolePermissionsDrawer } from './RolePermissionsDrawer';
import { ROLES_RESOURCE } from './rolesApi';
import type { RoleRow } from './rolesApi';

const FILTERS: ListFilterDef[] = [searchFilter('name')];

const SORT: SortState = { column: 'name', direction: 'asc' };

const COLUMNS: ListColumn<RoleRow>[] = [
  { key: 'name', title: 'Name', sortKey: 'name', render: (r) => <strong>{r.name}</strong> },
];

const itemName = (r: RoleRow) => r.name;

function RolesList() {
  const [permissionsOf, setPermissionsOf] = useState<RoleRow | null>(null);
  const permissionsAction = useCallback(
    (role: RoleRow) => (
      <RowActionButton
        title="Edit permissions"
        icon={<SafetyOutlined />}
        onClick={() => setPermissionsOf(role)}
      />
    ),
    [],
  );
  return (
    <>
      <EditableListView<RoleRow>
        resource={ROLES_RESOURCE}
        resourceLabel="role"
        title="Roles"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        itemName={itemName}
        emptyText="No roles"
        addLabel="Role"
        addWhenEmpty={false}
        FormModal={RoleFormModal}
        editTitle="Rename"
        moreRowActions={permissionsAction}
      />
      <RolePermissionsDrawer role={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}

/** Roles: admins only. */
export default function RolesPage() {
  return (
    <AdminOnly title="Roles">
      <RolesList />
    </AdminOnly>
  );
}
