/**
 * The dashboard's custom CSS, applied live while typing (scoped by the page to the dashboard and
 * stripped of anything that could load or run code, see `css.ts`). Holders of can_read on
 * CssTemplate may load a saved template into it, as Superset's CssEditor offers.
 */
import { useEffect, useState } from 'react';
import { Button, Dropdown, Flex, Input, Modal, Typography } from 'antd';
import { DownOutlined } from '@ant-design/icons';
import { CSS_TEMPLATE_VIEW, isAdminUser, userHasPermission } from '@strata/core';
import { useCurrentUser } from '../../../app/BootstrapContext';
import { isAbortError } from '../../../app/api';
import { useToasts } from '../../../app/toasts';
import {
  fetchCssTemplateChoices,
  type CssTemplateChoice,
} from '../../cssTemplates/cssTemplatesApi';

/** Superset's toast when the templates cannot be read. */
const TEMPLATES_FAILED = 'An error occurred while fetching available CSS templates';

/** The saved CSS templates the user may load, or [] (none, not allowed, or failed). */
function useCssTemplates(): CssTemplateChoice[] {
  const user = useCurrentUser();
  const allowed = isAdminUser(user) || userHasPermission(user, 'can_read', CSS_TEMPLATE_VIEW);
  const { addDangerToast } = useToasts();
  const [templates, setTemplates] = useState<CssTemplateChoice[]>([]);
  useEffect(() => {
    if (!allowed) return;
    const abort = new AbortController();
    fetchCssTemplateChoices(abort.signal)
      .then(setTemplates)
      .catch((e: unknown) => {
        if (!isAbortError(e)) addDangerToast(TEMPLATES_FAILED);
      });
    return () => abort.abort();
  }, [allowed, addDangerToast]);
  return templates;
}

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
  const templates = useCssTemplates();
  const change = (next: string) => {
    setText(next);
    onChange(next);
  };
  return (
    <Modal
      open
      title="Edit CSS"
      onCancel={onClose}
      onOk={onClose}
      okText="Close"
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      <Flex justify="space-between" align="start" gap={12}>
        <Typography.Paragraph type="secondary">
          Live CSS editing: the dashboard shows it as you type; save the dashboard to keep it.
        </Typography.Paragraph>
        {templates.length > 0 && (
          <Dropdown
            trigger={['click']}
            menu={{
              items: templates.map((t) => ({ key: String(t.id), label: t.template_name })),
              onClick: ({ key }) => {
                const chosen = templates.find((t) => String(t.id) === key);
                if (chosen) change(chosen.css);
              },
            }}
          >
            <Button size="small">
              Load a CSS template <DownOutlined />
            </Button>
          </Dropdown>
        )}
      </Flex>
      <Input.TextArea
        aria-label="CSS"
        value={text}
        autoSize={{ minRows: 10, maxRows: 24 }}
        style={{ fontFamily: 'monospace', fontSize: 12 }}
        onChange={(e) => change(e.target.value)}
      />
    </Modal>
  );
}
