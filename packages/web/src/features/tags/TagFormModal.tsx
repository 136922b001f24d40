import { Form, Input } from 'antd';
import type { TagShow } from '@strata/core';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { TAG_RESOURCE } from './tagsApi';

interface TagFormValues {
  name: string;
  description: string;
}

/** Add or edit a tag: its name and description. Mount a fresh one each time. */
export function TagFormModal({ open, item: tag, onClose, onSaved }: ItemFormModalProps<TagShow>) {
  const { form, saving, save } = useResourceForm<TagFormValues>({
    resource: TAG_RESOURCE,
    fields: ['name', 'description'],
    onSaved,
  });
  const submit = (values: TagFormValues) => {
    const payload = { name: values.name.trim(), description: values.description ?? '' };
    return save(tag, payload, payload.name);
  };
  return (
    <FormModal<TagFormValues>
      open={open}
      title={tag ? 'Edit Tag' : 'Create Tag'}
      name="tag-form"
      form={form}
      initialValues={{ name: tag?.name ?? '', description: tag?.description ?? '' }}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="name"
        label="Tag name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus placeholder="Name of your tag" />
      </Form.Item>
      <Form.Item name="description" label="Description">
        <Input.TextArea
          autoSize={{ minRows: 2, maxRows: 6 }}
          placeholder="Add description of your tag"
        />
      </Form.Item>
    </FormModal>
  );
}
