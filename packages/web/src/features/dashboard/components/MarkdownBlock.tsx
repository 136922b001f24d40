/**
 * A markdown block: rendered (sanitised) when viewing; in edit mode a click opens the editor with
 * a live preview beside it, and the text is saved to the layout when leaving the editor.
 */
import { useEffect, useMemo, useState } from 'react';
import { Input, Segmented } from 'antd';
import { renderMarkdown } from './markdown';

export function MarkdownBlock({
  code,
  width,
  height,
  editMode,
  escapeHtml,
  onChange,
}: {
  code: string;
  width: number;
  height: number;
  editMode: boolean;
  escapeHtml: boolean;
  onChange: (code: string) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [mode, setMode] = useState<'Edit' | 'Preview'>('Edit');
  const [draft, setDraft] = useState(code);
  useEffect(() => setDraft(code), [code]);
  useEffect(() => {
    if (!editMode) setEditing(false);
  }, [editMode]);
  const html = useMemo(() => renderMarkdown(draft, escapeHtml), [draft, escapeHtml]);
  const finish = () => {
    setEditing(false);
    if (draft !== code) onChange(draft);
  };
  return (
    <div
      style={{ width, height, background: '#fff', overflow: 'auto', position: 'relative' }}
      data-test="dashboard-markdown"
      onClick={() => editMode && !editing && setEditing(true)}
    >
      {editing ? (
        <div style={{ height: '100%', display: 'flex', flexDirection: 'column' }}>
          <Segmented
            size="small"
            options={['Edit', 'Preview']}
            value={mode}
            onChange={(v) => setMode(v as 'Edit' | 'Preview')}
            style={{ margin: 4, alignSelf: 'flex-start' }}
          />
          {mode === 'Edit' ? (
            <Input.TextArea
              autoFocus
              aria-label="Markdown"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onBlur={finish}
              onKeyDown={(e) => {
                if (e.key === 'Escape') finish();
              }}
              style={{ flex: 1, fontFamily: 'monospace', fontSize: 12, resize: 'none' }}
            />
          ) : (
            <div
              className="strata-markdown"
              style={{ padding: 12 }}
              onBlur={finish}
              dangerouslySetInnerHTML={{ __html: html }}
            />
          )}
        </div>
      ) : (
        <div
          className="strata-markdown"
          style={{ padding: 12, cursor: editMode ? 'text' : undefined }}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      )}
    </div>
  );
}
