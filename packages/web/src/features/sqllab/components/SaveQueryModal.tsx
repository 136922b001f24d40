import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input, Modal } from 'antd';
import { errorMessage } from '../../../app/api/errors';

export interface SaveQueryValues {
  label: string;
  description: string;
}

export interface SaveQueryModalProps {
  open: boolean;
  defaultLabel: string;
  defaultDescription?: string;
  /** The tab's query is saved already: offer Update besides Save as new. */
  canUpdate: boolean;
  onSave: (values: SaveQueryValues) => Promise<void>;
  onUpdate: (values: SaveQueryValues) => Promise<void>;
  onCancel: () => void;
}

type Action = 'save' | 'update';

/**
 * Save the tab's query: a name (required) and a description; Save (as new), and Update when
 * the query was saved before. Enter in the name submits (Update when offered, else Save). A
 * failure stays in the dialog, with the reason.
 */
export function SaveQueryModal({
  open,
  defaultLabel,
  defaultDescription = '',
  canUpdate,
  onSave,
  onUpdate,
  onCancel,
}: SaveQueryModalProps) {
  const [form] = Form.useForm<SaveQueryValues>();
  const [busy, setBusy] = useState<Action | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // A fresh form each time it opens (destroyOnHidden); no failure left from last time.
  useEffect(() => {
    if (open) setFailure(null);
  }, [open]);

  const submit = async (action: Action) => {
    if (busy) return;
    let values: SaveQueryValues;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows what is missing
    }
    const cleaned = { label: values.label.trim(), description: (values.description ?? '').trim() };
    setBusy(action);
    setFailure(null);
    try {
      await (action === 'update' ? onUpdate(cleaned) : onSave(cleaned));
    } catch (e) {
      setFailure(errorMessage(e));
    } finally {
      setBusy(null);
    }
  };

  const primary: Action = canUpdate ? 'update' : 'save';

  return (
    <Modal
      open={open}
      title="Save query"
      onCancel={onCancel}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onCancel}>
          Cancel
        </Button>,
        <Button
          key="save"
          type={primary === 'save' ? 'primary' : 'default'}
          loading={busy === 'save'}
          disabled={busy === 'update'}
          onClick={() => void submit('save')}
        >
          {canUpdate ? 'Save as new' : 'Save'}
        </Button>,
        canUpdate ? (
          <Button
            key="update"
            type="primary"
            loading={busy === 'update'}
            disabled={busy === 'save'}
            onClick={() => void submit('update')}
          >
            Update
          </Button>
        ) : null,
      ]}
    >
      <Form<SaveQueryValues>
        form={form}
        layout="vertical"
        name="save-query"
        initialValues={{ label: defaultLabel, description: defaultDescription }}
        // Enter in the name (the one text field) submits.
        onFinish={() => void submit(primary)}
      >
        <Form.Item
          name="label"
          label="Name"
          rules={[{ required: true, whitespace: true, message: 'Name is required' }]}
        >
          <Input autoFocus maxLength={256} placeholder="Name of the query" />
        </Form.Item>
        <Form.Item name="description" label="Description" style={{ marginBottom: 8 }}>
          <Input.TextArea rows={4} placeholder="What the query is for (optional)" />
        </Form.Item>
      </Form>
      {failure ? <Alert type="error" showIcon title={failure} /> : null}
    </Modal>
  );
}
