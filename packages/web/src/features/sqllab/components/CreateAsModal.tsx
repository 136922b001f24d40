import { useEffect, useState } from 'react';
import { Form, Input, Modal } from 'antd';
import type { CtasMethod } from '@strata/core';
import { ctasNameError, ctasPlaceholder, ctasTitle } from '../ctas';

export interface CreateAsModalProps {
  /** The method asked for, or null when closed. */
  method: CtasMethod | null;
  /** The schema the table or view goes to (shown in the placeholder). */
  schema: string | null;
  onCreate: (method: CtasMethod, tableName: string) => void;
  onCancel: () => void;
}

/**
 * "CREATE TABLE AS" / "CREATE VIEW AS": the name of the table or view the query's rows go to;
 * Create runs the query that way. The name must be a plain identifier (the server checks it
 * too).
 */
export function CreateAsModal({ method, schema, onCreate, onCancel }: CreateAsModalProps) {
  const [name, setName] = useState('');
  useEffect(() => {
    if (method !== null) setName('');
  }, [method]);
  const error = ctasNameError(name);
  const ready = name.trim() !== '' && error === null;
  const create = () => {
    if (method !== null && ready) onCreate(method, name.trim());
  };
  return (
    <Modal
      open={method !== null}
      title={method ? ctasTitle(method) : ''}
      okText="Create"
      okButtonProps={{ disabled: !ready }}
      onOk={create}
      onCancel={onCancel}
      destroyOnHidden
    >
      {/* Enter in the name creates (onPressEnter); the form itself submits nothing. */}
      <Form layout="vertical" component="div">
        <Form.Item
          label="Name"
          validateStatus={error ? 'error' : undefined}
          help={error ?? undefined}
        >
          <Input
            autoFocus
            aria-label="Name"
            placeholder={method ? ctasPlaceholder(method, schema) : ''}
            value={name}
            onChange={(e) => setName(e.target.value)}
            onPressEnter={create}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
