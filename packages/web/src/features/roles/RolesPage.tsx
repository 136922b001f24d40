import { useCallback, useState } from 'react';
import { EditOutlined, SafetyOutlined } from '@ant-design/icons';
import { AdminOnly } from '../../components/AdminOnly';
import {
  ListView,
  RowActionButton,
  addButton,
  searchFilter,
  useItemModal,
} from '../../components/ListView';
import type {
  ListColumn,
  ListFilterDef,
  ListViewContext,
  SortState,
} from '../../components/ListView';
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
  const formModal = useItemModal<RoleRow>();
  const [permissionsOf, setPermissionsOf] = useState<RoleRow | null>(null);
  const openForm = formModal.show;

  const rowActions = useCallback(
    (role: RoleRow, context: ListViewContext) =>
      context.canWrite ? (
        <>
          <RowActionButton title="Rename" icon={<EditOutlined />} onClick={() => openForm(role)} />
          <RowActionButton
            title="Edit permissions"
            icon={<SafetyOutlined />}
            onClick={() => setPermissionsOf(role)}
          />
        </>
      ) : null,
    [openForm],
  );

  return (
    <>
      <ListView<RoleRow>
        resource={ROLES_RESOURCE}
        resourceLabel="role"
        title="Roles"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        itemName={itemName}
        reloadToken={formModal.reloadToken}
        rowActions={rowActions}
        headerActions={addButton('Role', () => openForm(null))}
        emptyText="No roles"
      />
      <RoleFormModal key={formModal.key} {...formModal.modalProps} />
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
