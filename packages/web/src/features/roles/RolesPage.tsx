import { useCallback, useState } from 'react';
import { Button, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import { isAdminUser } from '@strata/core';
import { useCurrentUser } from '../../app/BootstrapContext';
import { usePageTitle } from '../../app/usePageTitle';
import { ListView } from '../../components/ListView';
import type {
  ListColumn,
  ListFilterDef,
  ListViewContext,
  SortState,
} from '../../components/ListView';
import { Forbidden } from '../../components/StatusResult';
import { RoleFormModal } from './RoleFormModal';
import { RolePermissionsDrawer } from './RolePermissionsDrawer';
import { ROLES_RESOURCE } from './rolesApi';
import type { RoleRow } from './rolesApi';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'name', opr: 'ct' },
];

const SORT: SortState = { column: 'name', direction: 'asc' };

const COLUMNS: ListColumn<RoleRow>[] = [
  { key: 'name', title: 'Name', sortKey: 'name', render: (r) => <strong>{r.name}</strong> },
];

const itemName = (r: RoleRow) => r.name;

interface ModalState {
  open: boolean;
  role: RoleRow | null;
  key: number;
}

function RolesList() {
  const [reloadToken, setReloadToken] = useState(0);
  const [form, setForm] = useState<ModalState>({ open: false, role: null, key: 0 });
  const [permissionsOf, setPermissionsOf] = useState<RoleRow | null>(null);
  const openForm = (role: RoleRow | null) => setForm((f) => ({ open: true, role, key: f.key + 1 }));

  const rowActions = useCallback(
    (role: RoleRow, context: ListViewContext) =>
      context.canWrite ? (
        <>
          <Tooltip title="Rename">
            <Button
              type="text"
              size="small"
              aria-label="Rename"
              icon={<EditOutlined />}
              onClick={() => openForm(role)}
            />
          </Tooltip>
          <Tooltip title="Edit permissions">
            <Button
              type="text"
              size="small"
              aria-label="Edit permissions"
              icon={<SafetyOutlined />}
              onClick={() => setPermissionsOf(role)}
            />
          </Tooltip>
        </>
      ) : null,
    [],
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
        reloadToken={reloadToken}
        rowActions={rowActions}
        headerActions={({ canWrite }) =>
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              Role
            </Button>
          ) : null
        }
        emptyText="No roles"
      />
      <RoleFormModal
        key={form.key}
        open={form.open}
        role={form.role}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={() => {
          setForm((f) => ({ ...f, open: false }));
          setReloadToken((n) => n + 1);
        }}
      />
      <RolePermissionsDrawer role={permissionsOf} onClose={() => setPermissionsOf(null)} />
    </>
  );
}

/** Roles: admins only. */
export default function RolesPage() {
  const user = useCurrentUser();
  usePageTitle('Roles');
  return isAdminUser(user) ? <RolesList /> : <Forbidden />;
}
