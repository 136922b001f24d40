import { Form, Input } from 'antd';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { DYNAMIC_PLUGINS_RESOURCE, type PluginRow } from './pluginsApi';

interface PluginFormValues {
  name: string;
  key: string;
  bundle_url: string;
}

/** Add or edit a dynamic plugin (Superset's labels and descriptions). Mount a fresh one each time. */
export function DynamicPluginFormModal({
  open,
  item: plugin,
  onClose,
  onSaved,
}: ItemFormModalProps<PluginRow>) {
  const { form, saving, save } = useResourceForm<PluginFormValues>({
    resource: DYNAMIC_PLUGINS_RESOURCE,
    fields: ['name', 'key', 'bundle_url'],
    onSaved,
  });

  const submit = (values: PluginFormValues) => {
    const payload = {
      name: values.name.trim(),
      key: values.key.trim(),
      bundle_url: values.bundle_url.trim(),
    };
    return save(plugin, payload, payload.name);
  };

  return (
    <FormModal<PluginFormValues>
      open={open}
      title={plugin ? `Edit plugin ${plugin.name}` : 'Add plugin'}
      name="dynamic-plugin-form"
      form={form}
      initialValues={{
        name: plugin?.name ?? '',
        key: plugin?.key ?? '',
        bundle_url: plugin?.bundle_url ?? '',
      }}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="name"
        label="Name"
        extra="A human-friendly name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item
        name="key"
        label="Key"
        extra="The chart type's identifier: lowercase letters, digits and _"
        rules={[{ required: true, whitespace: true, message: 'Key is required' }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="bundle_url"
        label="Bundle URL"
        extra="A full URL pointing to the location of the built plugin (could be hosted on a CDN for example), or a path on this server"
        rules={[{ required: true, whitespace: true, message: 'Bundle URL is required' }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
    </FormModal>
  );
}
