import { Form, Input } from 'antd';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { ANNOTATION_LAYER_RESOURCE, type AnnotationLayerRow } from './annotationLayersApi';

interface LayerFormValues {
  name: string;
  descr: string;
}

/** Add or edit an annotation layer (Superset's AnnotationLayerModal). Mount a fresh one each time. */
export function AnnotationLayerFormModal({
  open,
  item: layer,
  onClose,
  onSaved,
}: ItemFormModalProps<AnnotationLayerRow>) {
  const { form, saving, save } = useResourceForm<LayerFormValues>({
    resource: ANNOTATION_LAYER_RESOURCE,
    fields: ['name', 'descr'],
    onSaved,
  });

  const submit = (values: LayerFormValues) => {
    const payload = { name: values.name.trim(), descr: values.descr ?? '' };
    return save(layer, payload, payload.name);
  };

  return (
    <FormModal<LayerFormValues>
      open={open}
      title={layer ? 'Edit annotation layer properties' : 'Add annotation layer'}
      name="annotation-layer-form"
      form={form}
      initialValues={{ name: layer?.name ?? '', descr: layer?.descr ?? '' }}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="name"
        label="Annotation layer name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus placeholder="Name" />
      </Form.Item>
      <Form.Item name="descr" label="Description">
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder="Description (this can be seen in the list)"
        />
      </Form.Item>
    </FormModal>
  );
}
