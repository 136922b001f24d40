import { useCallback, useState } from 'react';
import { App, Button, Space, Tooltip } from 'antd';
import { EditOutlined, PlusOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { isAdminUser } from '@strata/core';
import { api, errorMessage, itemUrl } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { usePageTitle } from '../../app/usePageTitle';
import { ListView } from '../../components/ListView';
import type {
  ListColumn,
  ListFilterDef,
  ListViewContext,
  SortState,
} from '../../components/ListView';
import { Forbidden } from '../../components/StatusResult';
import { Label, MutedText } from '../lists/cells';
import { YES_NO } from '../lists/common';
import { USERS_RESOURCE } from '../roles/rolesApi';
import { UserFormModal } from './UserFormModal';
import type { UserRow } from './userForm';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Username', col: 'username', opr: 'ct' },
  { kind: 'select', id: 'active', label: 'Active', col: 'active', opr: 'eq', options: YES_NO },
  {
    kind: 'async',
    id: 'roles',
    label: 'Role',
    col: 'roles',
    opr: 'rel_m_m',
    source: 'related',
    column: 'roles',
  },
];

const SORT: SortState = { column: 'username', direction: 'asc' };

const COLUMNS: ListColumn<UserRow>[] = [
  {
    key: 'username',
    title: 'Username',
    sortKey: 'username',
    render: (u) => <strong>{u.username}</strong>,
  },
  {
    key: 'first_name',
    title: 'First name',
    sortKey: 'first_name',
    render: (u) => <MutedText>{u.first_name}</MutedText>,
  },
  {
    key: 'last_name',
    title: 'Last name',
    sortKey: 'last_name',
    render: (u) => <MutedText>{u.last_name}</MutedText>,
  },
  {
    key: 'email',
    title: 'Email',
    sortKey: 'email',
    render: (u) => <MutedText>{u.email}</MutedText>,
  },
  {
    key: 'roles',
    title: 'Roles',
    render: (u) =>
      u.roles && u.roles.length > 0 ? (
        <Space size={[0, 4]} wrap>
          {u.roles.map((r) => (
            <Label key={r.id}>{r.name}</Label>
          ))}
        </Space>
      ) : (
        <MutedText />
      ),
  },
  {
    key: 'active',
    title: 'Active',
    sortKey: 'active',
    width: 100,
    render: (u) =>
      u.active === false ? <Label>Inactive</Label> : <Label color="green">Active</Label>,
  },
  {
    key: 'last_login',
    title: 'Last login',
    sortKey: 'last_login',
    width: 170,
    render: (u) => (
      <MutedText>
        {u.last_login ? dayjs(u.last_login).format('YYYY-MM-DD HH:mm') : undefined}
      </MutedText>
    ),
  },
  {
    key: 'login_count',
    title: 'Logins',
    sortKey: 'login_count',
    width: 90,
    align: 'right',
    render: (u) => <MutedText>{u.login_count ?? undefined}</MutedText>,
  },
];

const itemName = (u: UserRow) => u.username;

interface ModalState {
  open: boolean;
  user: UserRow | null;
  key: number;
}

function UsersList() {
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [reloadToken, setReloadToken] = useState(0);
  const [form, setForm] = useState<ModalState>({ open: false, user: null, key: 0 });
  const openForm = (user: UserRow | null) => setForm((f) => ({ open: true, user, key: f.key + 1 }));

  const deactivate = useCallback(
    (user: UserRow, context: ListViewContext) => {
      modal.confirm({
        title: `Deactivate ${user.username}?`,
        content: 'The user will no longer be able to log in.',
        okText: 'Deactivate',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await api.put(itemUrl(USERS_RESOURCE, user.id), { active: false });
            addSuccessToast(`Deactivated: ${user.username}`);
            context.refresh();
          } catch (e) {
            addDangerToast(errorMessage(e));
          }
        },
      });
    },
    [modal, addSuccessToast, addDangerToast],
  );

  const rowActions = useCallback(
    (user: UserRow, context: ListViewContext) =>
      context.canWrite ? (
        <>
          <Tooltip title="Edit">
            <Button
              type="text"
              size="small"
              aria-label="Edit"
              icon={<EditOutlined />}
              onClick={() => openForm(user)}
            />
          </Tooltip>
          {user.active !== false ? (
            <Tooltip title="Deactivate">
              <Button
                type="text"
                size="small"
                aria-label="Deactivate"
                icon={<StopOutlined />}
                onClick={() => deactivate(user, context)}
              />
            </Tooltip>
          ) : null}
        </>
      ) : null,
    [deactivate],
  );

  return (
    <>
      <ListView<UserRow>
        resource={USERS_RESOURCE}
        resourceLabel="user"
        title="Users"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT}
        itemName={itemName}
        reloadToken={reloadToken}
        rowActions={rowActions}
        headerActions={({ canWrite }) =>
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => openForm(null)}>
              User
            </Button>
          ) : null
        }
        emptyText="No users"
      />
      <UserFormModal
        key={form.key}
        open={form.open}
        user={form.user}
        onClose={() => setForm((f) => ({ ...f, open: false }))}
        onSaved={() => {
          setForm((f) => ({ ...f, open: false }));
          setReloadToken((n) => n + 1);
        }}
      />
    </>
  );
}

/** Users: admins only. */
export default function UsersPage() {
  const user = useCurrentUser();
  usePageTitle('Users');
  return isAdminUser(user) ? <UsersList /> : <Forbidden />;
}
