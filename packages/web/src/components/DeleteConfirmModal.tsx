import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';
import { DELETE_CONFIRMATION_WORD, isDeleteConfirmed } from './ListView/listActions';

export interface DeleteConfirmModalProps {
  open: boolean;
  /** What is asked, e.g. "Are you sure you want to delete Sales?" */
  description: string;
  onConfirm: () => Promise<void> | void;
  onCancel: () => void;
  title?: string;
}

/** Asks the user to type DELETE before anything is deleted. */
export function DeleteConfirmModal({
  open,
  description,
  onConfirm,
  onCancel,
  title = 'Please confirm',
}: DeleteConfirmModalProps) {
  const [text, setText] = useState('');
  const [busy, setBusy] = useState(false);
  const confirmed = isDeleteConfirmed(text);

  const confirm = async () => {
    if (!confirmed || busy) return;
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
      setText('');
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      okText="Delete"
      okButtonProps={{ danger: true, disabled: !confirmed, loading: busy }}
      onOk={() => void confirm()}
      onCancel={() => {
        setText('');
        onCancel();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph>{description}</Typography.Paragraph>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        Type &quot;{DELETE_CONFIRMATION_WORD}&quot; to confirm
      </Typography.Paragraph>
      <Input
        autoFocus
        aria-label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
        placeholder={DELETE_CONFIRMATION_WORD}
        value={text}
        onChange={(e) => setText(e.target.value)}
        onPressEnter={() => void confirm()}
      />
    </Modal>
  );
}
