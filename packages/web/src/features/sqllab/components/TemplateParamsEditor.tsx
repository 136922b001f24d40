import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import type { BasicSetupOptions } from '@uiw/react-codemirror';
import { EditorView } from '@codemirror/view';
import { Badge, Button, Modal, Typography, theme } from 'antd';
import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import { checkTemplateParams, templateParamCount } from './templateParams';
import { useCodeMirrorTheme } from '../../../components/CodeEditor/useCodeMirrorTheme';

export interface TemplateParamsEditorProps {
  /** JSON text of an object. */
  value: string;
  /** Called with valid JSON (an object) only. */
  onChange: (json: string) => void;
  language?: 'json';
}

const SETUP: BasicSetupOptions = {
  lineNumbers: true,
  foldGutter: false,
  highlightActiveLine: false,
  highlightActiveLineGutter: false,
  autocompletion: false,
  searchKeymap: false,
  tabSize: 2,
};

const EXTENSIONS = [
  EditorView.theme({
    '&': { fontSize: '13px' },
    '&.cm-focused': { outline: 'none' },
    '.cm-scroller': {
      fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, 'Liberation Mono', monospace",
    },
  }),
  EditorView.contentAttributes.of({ 'aria-label': 'Template parameters (JSON)' }),
];

/**
 * "Parameters" with a badge of how many there are; it opens a small JSON editor that checks the
 * text as it is typed and hands on only a valid JSON object.
 */
export function TemplateParamsEditor({ value, onChange }: TemplateParamsEditorProps) {
  const { token } = theme.useToken();
  const codeMirrorTheme = useCodeMirrorTheme();
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(value);
  const count = templateParamCount(value);
  const check = checkTemplateParams(draft);

  const show = () => {
    setDraft(value);
    setOpen(true);
  };

  // Stable for CodeMirror (a new handler would reconfigure the editor on every key).
  const latest = useRef({ value, onChange });
  useLayoutEffect(() => {
    latest.current = { value, onChange };
  });
  const change = useCallback((text: string) => {
    setDraft(text);
    const next = checkTemplateParams(text);
    if (next.valid && next.json !== latest.current.value) latest.current.onChange(next.json);
  }, []);

  return (
    <>
      <Badge count={count} size="small" color={token.colorPrimary} offset={[-4, 4]}>
        <Button onClick={show} aria-label={`Parameters (${count})`}>
          Parameters
        </Button>
      </Badge>
      <Modal
        open={open}
        title="Template parameters"
        onCancel={() => setOpen(false)}
        width={600}
        destroyOnHidden
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            Close
          </Button>
        }
      >
        <Typography.Paragraph type="secondary">
          Assign a set of parameters as JSON below (example: <code>{'{"my_table": "foo"}'}</code>),
          and they become available in your SQL (example:{' '}
          <code>{'SELECT * FROM {{ my_table }}'}</code>) using Jinja templating syntax.
        </Typography.Paragraph>
        <div
          style={{
            border: `1px solid ${check.valid ? token.colorBorder : token.colorError}`,
            borderRadius: token.borderRadius,
            overflow: 'hidden',
          }}
        >
          <CodeMirror
            theme={codeMirrorTheme}
            value={draft}
            height="220px"
            basicSetup={SETUP}
            extensions={EXTENSIONS}
            onChange={change}
            placeholder={'{\n  "name": "value"\n}'}
            autoFocus
          />
        </div>
        <div style={{ minHeight: 44, marginTop: 8 }} role="status" aria-live="polite">
          {check.valid ? (
            <Typography.Text type="success">
              <CheckCircleFilled style={{ marginRight: 6 }} />
              {check.keys === 0
                ? 'No parameters'
                : `${check.keys} ${check.keys === 1 ? 'parameter' : 'parameters'}`}
            </Typography.Text>
          ) : (
            <>
              <Typography.Text type="danger" strong>
                <CloseCircleFilled style={{ marginRight: 6 }} />
                {check.error}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {check.detail ? <span style={{ display: 'block' }}>{check.detail}</span> : null}
                The last valid parameters are kept.
              </Typography.Text>
            </>
          )}
        </div>
      </Modal>
    </>
  );
}
