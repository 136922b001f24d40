import { Form, Input } from 'antd';
import { CodeEditor } from '../../components/CodeEditor';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { CSS_TEMPLATE_RESOURCE } from './cssTemplatesApi';
import type { CssTemplateListRow } from './columns';

interface CssTemplateFormValues {
  template_name: string;
  css: string;
}

/** The CSS box of the form: the code editor as an antd form control. */
function CssField({ value, onChange }: { value?: string; onChange?: (css: string) => void }) {
  return (
    <CodeEditor
      value={value ?? ''}
      onChange={(text) => onChange?.(text)}
      ariaLabel="CSS"
      language="css"
      height={260}
      resizable
    />
  );
}

/** Add or edit a CSS template (Superset's CssTemplateModal). Mount a fresh one each time. */
export function CssTemplateFormModal({
  open,
  item: template,
  onClose,
  onSaved,
}: ItemFormModalProps<CssTemplateListRow>) {
  const { form, saving, save } = useResourceForm<CssTemplateFormValues>({
    resource: CSS_TEMPLATE_RESOURCE,
    fields: ['template_name', 'css'],
    onSaved,
  });

  const submit = (values: CssTemplateFormValues) => {
    const payload = { template_name: values.template_name.trim(), css: values.css ?? '' };
    return save(template, payload, payload.template_name);
  };

  return (
    <FormModal<CssTemplateFormValues>
      open={open}
      title={template ? 'Edit CSS template properties' : 'Add CSS template'}
      name="css-template-form"
      form={form}
      initialValues={{
        template_name: template?.template_name ?? '',
        css: template?.css ?? '',
      }}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="template_name"
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus />
      </Form.Item>
      <Form.Item name="css" label="CSS">
        <CssField />
      </Form.Item>
    </FormModal>
  );
}
