/**
 * A markdown block: rendered (sanitised) when viewing; in edit mode a click opens the editor
 * (its Edit/Preview switch sits in the block's toolbar, LayoutNode), and the text is saved to
 * the layout when the editor closes: a click outside the block, or Escape.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Input } from 'antd';
import { renderMarkdown } from './markdown';
import { CSS_VAR } from '@strata/core';

export type MarkdownMode = 'Edit' | 'Preview';

/** Room kept at the top of the open editor for the block's toolbar. */
const TOOLBAR_ROOM = 34;

export function MarkdownBlock({
  code,
  width,
  height,
  editMode,
  editing,
  mode,
  onEditingChange,
  escapeHtml,
  onChange,
}: {
  code: string;
  width: number;
  height: number;
  editMode: boolean;
  editing: boolean;
  mode: MarkdownMode;
  onEditingChange: (editing: boolean) => void;
  escapeHtml: boolean;
  onChange: (code: string) => void;
}) {
  const [draft, setDraft] = useState(code);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => setDraft(code), [code]);
  const html = useMemo(() => renderMarkdown(draft, escapeHtml), [draft, escapeHtml]);
  // The text is kept when the editor closes, however it closes.
  const latest = useRef({ draft, code, onChange });
  latest.current = { draft, code, onChange };
  const wasEditing = useRef(editing);
  useEffect(() => {
    if (wasEditing.current && !editing) {
      const { draft: text, code: saved, onChange: save } = latest.current;
      if (text !== saved) save(text);
    }
    wasEditing.current = editing;
  }, [editing]);
  // A press outside the component (its toolbar is inside it) closes the editor.
  useEffect(() => {
    if (!editing) return undefined;
    const onDown = (e: PointerEvent) => {
      const own = ref.current?.closest('[data-component-id]') ?? ref.current;
      const target = e.target instanceof Node ? e.target : null;
      // Menus drawn elsewhere (antd's popups) are not outside.
      const inPopup = target instanceof Element && target.closest('.ant-segmented, .ant-dropdown');
      if (own && target && !own.contains(target) && !inPopup) onEditingChange(false);
    };
    document.addEventListener('pointerdown', onDown, true);
    return () => document.removeEventListener('pointerdown', onDown, true);
  }, [editing, onEditingChange]);
  return (
    <div
      ref={ref}
      style={{ width, height, background: CSS_VAR.surface, overflow: 'auto', position: 'relative' }}
      data-test="dashboard-markdown"
      onClick={() => editMode && !editing && onEditingChange(true)}
    >
      {editing ? (
        <div
          style={{
            height: '100%',
            display: 'flex',
            flexDirection: 'column',
            paddingTop: TOOLBAR_ROOM,
            boxSizing: 'border-box',
          }}
        >
          {mode === 'Edit' ? (
            <Input.TextArea
              autoFocus
              aria-label="Markdown"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Escape') onEditingChange(false);
              }}
              style={{ flex: 1, fontFamily: 'monospace', fontSize: 12, resize: 'none' }}
            />
          ) : (
            <div
              className="strata-markdown"
              style={{ padding: 12 }}
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
