import { Form, Input } from 'antd';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { ROLES_RESOURCE } from './rolesApi';
import type { RoleRow } from './rolesApi';

interface RoleFormValues {
  name: string;
}

/** Add or rename a role. Mount a fresh one (new `key`) each time it opens. */
export function RoleFormModal({ open, item: role, onClose, onSaved }: ItemFormModalProps<RoleRow>) {
  const { form, saving, save } = useResourceForm<RoleFormValues>({
    resource: ROLES_RESOURCE,
    fields: ['name'],
    onSaved,
  });

  const submit = ({ name }: RoleFormValues) => {
    const payload = { name: name.trim() };
    return save(role, payload, payload.name);
  };

  return (
    <FormModal<RoleFormValues>
      open={open}
      title={role ? `Rename role ${role.name}` : 'Add role'}
      name="role-form"
      form={form}
      initialValues={{ name: role?.name ?? '' }}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="name"
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
    </FormModal>
  );
}
