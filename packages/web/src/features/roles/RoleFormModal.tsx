import { useState } from 'react';
import { Form, Input, Modal } from 'antd';
import { ApiError, api, errorMessage, itemUrl, resourceBase } from '../../app/api';
import { useToasts } from '../../app/toasts';
import { serverFieldErrors } from '../users/userForm';
import { ROLES_RESOURCE } from './rolesApi';
import type { RoleRow } from './rolesApi';

export interface RoleFormModalProps {
  open: boolean;
  /** The role to rename, or null to add one. */
  role: RoleRow | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or rename a role. Mount a fresh one (new `key`) each time it opens. */
export function RoleFormModal({ open, role, onClose, onSaved }: RoleFormModalProps) {
  const [form] = Form.useForm<{ name: string }>();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [saving, setSaving] = useState(false);

  const submit = async ({ name }: { name: string }) => {
    setSaving(true);
    const payload = { name: name.trim() };
    try {
      if (role) await api.put(itemUrl(ROLES_RESOURCE, role.id), payload);
      else await api.post(`${resourceBase(ROLES_RESOURCE)}/`, payload);
      addSuccessToast(role ? `Saved: ${payload.name}` : `Added: ${payload.name}`);
      onSaved();
    } catch (e) {
      const fieldErrors =
        e instanceof ApiError ? serverFieldErrors(e.body, ['name'] as const) : null;
      if (fieldErrors) form.setFields(fieldErrors);
      else addDangerToast(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={role ? `Rename role ${role.name}` : 'Add role'}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onClose}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<{ name: string }>
          form={form}
          layout="vertical"
          name="role-form"
          initialValues={{ name: role?.name ?? '' }}
          onFinish={(values) => void submit(values)}
        >
          {dom}
        </Form>
      )}
    >
      <Form.Item
        name="name"
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
    </Modal>
  );
}
