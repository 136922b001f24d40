/**
 * The dashboard's custom CSS, applied live while typing (scoped by the page to the dashboard and
 * stripped of anything that could load or run code, see `css.ts`).
 */
import { useState } from 'react';
import { Input, Modal, Typography } from 'antd';

export function CssEditorModal({
  css,
  onChange,
  onClose,
}: {
  css: string;
  onChange: (css: string) => void;
  onClose: () => void;
}) {
  const [text, setText] = useState(css);
  return (
    <Modal
      open
      title="Edit CSS"
      onCancel={onClose}
      onOk={onClose}
      okText="Close"
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Typography.Paragraph type="secondary">
        Live CSS editing: the dashboard shows it as you type; save the dashboard to keep it.
      </Typography.Paragraph>
      <Input.TextArea
        aria-label="CSS"
        value={text}
        autoSize={{ minRows: 10, maxRows: 24 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        onChange={(e) => {
          setText(e.target.value);
          onChange(e.target.value);
        }}
      />
    </Modal>
  );
}
