import { useState } from 'react';
import type { ReactNode } from 'react';
import { Form, Modal } from 'antd';
import type { FormInstance } from 'antd';
import { ApiError, api, errorMessage, itemUrl, resourceBase, serverFieldErrors } from '../app/api';
import { useToasts } from '../app/toasts';

export interface FormModalProps<V> {
  open: boolean;
  title: string;
  /** The form's `name`. */
  name: string;
  form: FormInstance<V>;
  initialValues: V;
  saving: boolean;
  onCancel: () => void;
  onFinish: (values: V) => void;
  /** The form items. */
  children: ReactNode;
}

/** A modal around a vertical form that its "Save" button submits. */
export function FormModal<V extends object>({
  open,
  title,
  name,
  form,
  initialValues,
  saving,
  onCancel,
  onFinish,
  children,
}: FormModalProps<V>) {
  return (
    <Modal
      open={open}
      title={title}
      okText="Save"
      okButtonProps={{ htmlType: 'submit', loading: saving }}
      onCancel={onCancel}
      destroyOnHidden
      modalRender={(dom) => (
        <Form<V>
          form={form}
          layout="vertical"
          name={name}
          initialValues={initialValues}
          onFinish={onFinish}
        >
          {dom}
        </Form>
      )}
    >
      {children}
    </Modal>
  );
}

export interface ResourceFormOptions<V> {
  /** API resource, e.g. `security/users`. */
  resource: string;
  /** The form fields that validation errors of the server may name. */
  fields: ReadonlyArray<keyof V & string>;
  /** Called after a successful save. */
  onSaved: () => void;
}

/**
 * A form that adds or edits an item of an API resource: `save` POSTs a new item or PUTs an
 * existing one, toasts "Added: …" / "Saved: …", and puts the server's field errors on the
 * form (any other error in a toast).
 */
export function useResourceForm<V>({ resource, fields, onSaved }: ResourceFormOptions<V>) {
  const [form] = Form.useForm<V>();
  // The same form for setFields: `fields` are keys of V, but antd's NamePath<V> cannot tell that.
  const untypedForm: FormInstance = form;
  const { addSuccessToast, addDangerToast } = useToasts();
  const [saving, setSaving] = useState(false);

  /** Saves `payload` as a new item (`item` null) or onto `item`; `name` is for the toast. */
  const save = async (item: { id: number } | null, payload: object, name: string) => {
    setSaving(true);
    try {
      if (item) await api.put(itemUrl(resource, item.id), payload);
      else await api.post(`${resourceBase(resource)}/`, payload);
      addSuccessToast(item ? `Saved: ${name}` : `Added: ${name}`);
      onSaved();
    } catch (e) {
      const fieldErrors = e instanceof ApiError ? serverFieldErrors(e.body, fields) : null;
      if (fieldErrors) untypedForm.setFields(fieldErrors);
      else addDangerToast(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  return { form, saving, save };
}
