import { useEffect, useState } from 'react';
import { Form, Input, Switch } from 'antd';
import { Select } from '../../components/Select';
import { errorMessage, isAbortError } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { USERS_RESOURCE, fetchAllRoles } from '../roles/rolesApi';
import type { RoleRow } from '../roles/rolesApi';
import { userFormValues, userPayload } from './userForm';
import type { UserFormValues, UserRow } from './userForm';

const FIELDS: ReadonlyArray<keyof UserFormValues> = [
  'username',
  'first_name',
  'last_name',
  'email',
  'password',
  'active',
  'roles',
];

/** Add or edit a user. Mount a fresh one (new `key`) each time it opens. */
export function UserFormModal({ open, item: user, onClose, onSaved }: ItemFormModalProps<UserRow>) {
  const { form, saving, save } = useResourceForm<UserFormValues>({
    resource: USERS_RESOURCE,
    fields: FIELDS,
    onSaved,
  });
  const { addDangerToast } = useToasts();
  const [roles, setRoles] = useState<RoleRow[]>([]);
  const [rolesLoading, setRolesLoading] = useState(false);
  const mode = user ? 'edit' : 'create';

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    setRolesLoading(true);
    fetchAllRoles(controller.signal)
      .then(setRoles)
      .catch((e: unknown) => {
        if (!isAbortError(e)) addDangerToast(errorMessage(e));
      })
      .finally(() => {
        if (!controller.signal.aborted) setRolesLoading(false);
      });
    return () => controller.abort();
  }, [open, addDangerToast]);

  const submit = (values: UserFormValues) => {
    const payload = userPayload(values, mode);
    return save(user, payload, payload.username);
  };

  return (
    <FormModal<UserFormValues>
      open={open}
      title={user ? `Edit user ${user.username}` : 'Add user'}
      name="user-form"
      form={form}
      initialValues={userFormValues(user)}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="username"
        label="Username"
        rules={[{ required: true, whitespace: true, message: 'Username is required' }]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="first_name"
        label="First name"
        rules={[{ required: true, whitespace: true, message: 'First name is required' }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="last_name"
        label="Last name"
        rules={[{ required: true, whitespace: true, message: 'Last name is required' }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="email"
        label="Email"
        rules={[
          { required: true, message: 'Email is required' },
          { type: 'email', message: 'Not a valid email address' },
        ]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="password"
        label={user ? 'Set new password' : 'Password'}
        extra={user ? 'Leave empty to keep the current password.' : undefined}
        rules={user ? [] : [{ required: true, message: 'Password is required' }]}
      >
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item
        name="roles"
        label="Roles"
        rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one role' }]}
      >
        <Select<number[]>
          mode="multiple"
          loading={rolesLoading}
          placeholder="Select roles"
          showSearch={{ optionFilterProp: 'label' }}
          options={roles.map((r) => ({ value: r.id, label: r.name }))}
        />
      </Form.Item>
      <Form.Item name="active" label="Active" valuePropName="checked">
        <Switch />
      </Form.Item>
    </FormModal>
  );
}
