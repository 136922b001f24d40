import { useCallback } from 'react';
import { App, Space } from 'antd';
import { EditOutlined, StopOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { api, errorMessage, itemUrl } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { AdminOnly } from '../../components/AdminOnly';
import {
  ListView,
  RowActionButton,
  addButton,
  relatedFilter,
  searchFilter,
  useItemModal,
  yesNoFilter,
} from '../../components/ListView';
import type {
  ListColumn,
  ListFilterDef,
  ListViewContext,
  SortState,
} from '../../components/ListView';
import { Label, MutedText } from '../lists/cells';
import { textColumn } from '../lists/columns';
import { USERS_RESOURCE } from '../roles/rolesApi';
import { UserFormModal } from './UserFormModal';
import type { UserRow } from './userForm';

const FILTERS: ListFilterDef[] = [
  searchFilter('username', { label: 'Username' }),
  yesNoFilter('active', 'Active'),
  relatedFilter('roles', 'Role', 'rel_m_m'),
];

const SORT: SortState = { column: 'username', direction: 'asc' };

const COLUMNS: ListColumn<UserRow>[] = [
  {
    key: 'username',
    title: 'Username',
    sortKey: 'username',
    render: (u) => <strong>{u.username}</strong>,
  },
  textColumn<UserRow>('first_name', 'First name'),
  textColumn<UserRow>('last_name', 'Last name'),
  textColumn<UserRow>('email', 'Email'),
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

function UsersList() {
  const { modal } = App.useApp();
  const { addSuccessToast, addDangerToast } = useToasts();
  const formModal = useItemModal<UserRow>();
  const openForm = formModal.show;

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
          <RowActionButton title="Edit" icon={<EditOutlined />} onClick={() => openForm(user)} />
          {user.active !== false ? (
            <RowActionButton
              title="Deactivate"
              icon={<StopOutlined />}
              onClick={() => deactivate(user, context)}
            />
          ) : null}
        </>
      ) : null,
    [deactivate, openForm],
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
        reloadToken={formModal.reloadToken}
        rowActions={rowActions}
        headerActions={addButton('User', () => openForm(null))}
        emptyText="No users"
      />
      <UserFormModal key={formModal.key} {...formModal.modalProps} />
    </>
  );
}

/** Users: admins only. */
export default function UsersPage() {
  return (
    <AdminOnly title="Users">
      <UsersList />
    </AdminOnly>
  );
}
