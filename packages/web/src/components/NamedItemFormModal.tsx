import { Form, Input } from 'antd';
import { FormModal, useResourceForm } from './FormModal';

/** What a name-and-description modal edits and how it reads. */
export interface NamedItemFormSpec<N extends string, D extends string> {
  resource: string;
  /** The form's name (its fields' ids). */
  formName: string;
  nameField: N;
  descriptionField: D;
  addTitle: string;
  editTitle: string;
  nameLabel: string;
  namePlaceholder: string;
  descriptionPlaceholder: string;
  /** Rows of the description box: at least, at most. */
  descriptionRows: [number, number];
}

type NamedItem<N extends string, D extends string> = { id: number } & Record<N, string> &
  Partial<Record<D, string | null>>;

/**
 * Add or edit an item made of a name and a description (a tag, an annotation layer): the name
 * required and trimmed, the description kept as typed. Mount a fresh one each time.
 */
export function NamedItemFormModal<N extends string, D extends string>({
  spec,
  open,
  item,
  onClose,
  onSaved,
}: {
  spec: NamedItemFormSpec<N, D>;
  open: boolean;
  item: NamedItem<N, D> | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  type Values = Record<N | D, string>;
  const { form, saving, save } = useResourceForm<Values>({
    resource: spec.resource,
    fields: [spec.nameField, spec.descriptionField],
    onSaved,
  });
  const submit = (values: Values) => {
    const name = values[spec.nameField].trim();
    const payload = {
      [spec.nameField]: name,
      [spec.descriptionField]: values[spec.descriptionField] ?? '',
    };
    return save(item, payload, name);
  };
  const initialValues = {
    [spec.nameField]: item?.[spec.nameField] ?? '',
    [spec.descriptionField]: item?.[spec.descriptionField] ?? '',
  } as Values;
  const [minRows, maxRows] = spec.descriptionRows;
  // Plain strings for antd's Form.Item, whose name type cannot follow a generic key.
  const nameField: string = spec.nameField;
  const descriptionField: string = spec.descriptionField;
  return (
    <FormModal<Values>
      open={open}
      title={item ? spec.editTitle : spec.addTitle}
      name={spec.formName}
      form={form}
      initialValues={initialValues}
      saving={saving}
      onCancel={onClose}
      onFinish={(values) => void submit(values)}
    >
      <Form.Item
        name={nameField}
        label={spec.nameLabel}
        rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
      >
        <Input autoComplete="off" autoFocus placeholder={spec.namePlaceholder} />
      </Form.Item>
      <Form.Item name={descriptionField} label="Description">
        <Input.TextArea autoSize={{ minRows, maxRows }} placeholder={spec.descriptionPlaceholder} />
      </Form.Item>
    </FormModal>
  );
}
