import { DatePicker, Form, Input } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { CodeEditor } from '../../components/CodeEditor';
import { FormModal, useResourceForm } from '../../components/FormModal';
import type { ItemFormModalProps } from '../../components/ListView';
import { annotationPayload, jsonMetadataProblem } from './annotationForm';
import { annotationResource, type AnnotationRow } from './annotationLayersApi';

interface AnnotationModalValues {
  short_descr: string;
  range: [Dayjs, Dayjs] | null;
  long_descr: string;
  json_metadata: string;
}

/** The JSON metadata box: the code editor as an antd form control. */
function JsonField({ value, onChange }: { value?: string; onChange?: (text: string) => void }) {
  return (
    <CodeEditor
      value={value ?? ''}
      onChange={(text) => onChange?.(text)}
      ariaLabel="JSON metadata"
      language="json"
      height={140}
      resizable
    />
  );
}

/** Add or edit an annotation of a layer (Superset's AnnotationModal). Mount a fresh one each time. */
export function AnnotationFormModal({
  layerId,
  open,
  item: annotation,
  onClose,
  onSaved,
}: ItemFormModalProps<AnnotationRow> & { layerId: number }) {
  const { form, saving, save } = useResourceForm<AnnotationModalValues>({
    resource: annotationResource(layerId),
    fields: ['short_descr', 'long_descr', 'json_metadata'],
    onSaved,
  });

  const submit = (values: AnnotationModalValues) => {
    if (!values.range) return;
    const payload = annotationPayload({
      short_descr: values.short_descr,
      start: values.range[0].toISOString(),
      end: values.range[1].toISOString(),
      long_descr: values.long_descr ?? '',
      json_metadata: values.json_metadata ?? '',
    });
    return save(annotation, payload, payload.short_descr);
  };

  const range: [Dayjs, Dayjs] | null =
    annotation?.start_dttm && annotation.end_dttm
      ? [dayjs(annotation.start_dttm), dayjs(annotation.end_dttm)]
      : null;

  return (
    <FormModal<AnnotationModalValues>
      open={open}
      title={annotation ? 'Edit annotation' : 'Add annotation'}
      name="annotation-form"
      form={form}
      initialValues={{
        short_descr: annotation?.short_descr ?? '',
        range,
        long_descr: annotation?.long_descr ?? '',
        json_metadata: annotation?.json_metadata ?? '',
      }}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name="short_descr"
        label="Name"
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus placeholder="Annotation name" />
      </Form.Item>
      <Form.Item
        name="range"
        label="Date"
        rules={[{ required: true, message: 'Date is required' }]}
      >
        <DatePicker.RangePicker
          showTime
          format="YYYY-MM-DD HH:mm"
          style={{ width: '100%' }}
          aria-label="Date"
        />
      </Form.Item>
      <Form.Item name="long_descr" label="Description">
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          placeholder="Description (this can be seen in the list)"
        />
      </Form.Item>
      <Form.Item
        name="json_metadata"
        label="JSON metadata"
        rules={[
          {
            validator: (_, text: string | undefined) => {
              const problem = jsonMetadataProblem(text);
              return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
            },
          },
        ]}
      >
        <JsonField />
      </Form.Item>
    </FormModal>
  );
}
