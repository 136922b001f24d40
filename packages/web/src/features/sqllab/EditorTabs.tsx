import { useState } from 'react';
import type { KeyboardEvent as ReactKeyboardEvent } from 'react';
import { Badge, Button, Dropdown, Input, Tabs, Tooltip } from 'antd';
import type { MenuProps } from 'antd';
import {
  CloseOutlined,
  CopyOutlined,
  EditOutlined,
  EllipsisOutlined,
  PlusOutlined,
  VerticalLeftOutlined,
} from '@ant-design/icons';
import type { QueryState } from '@strata/core';
import { editorQueryState } from './queries';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { selectActiveId, selectEditors, selectQueriesById } from './store/selectors';
import {
  activateEditor,
  addEditor,
  closeEditor,
  closeOtherEditors,
  duplicateEditor,
  renameEditor,
  updateEditor,
} from './store/tabThunks';
import type { QueryEditor } from './types';
import { CSS_VAR } from '@strata/core';

type TabAction = 'rename' | 'duplicate' | 'close' | 'closeOthers' | 'toggleLeftBar';

const STATE_BADGE: Partial<
  Record<QueryState, { status: 'processing' | 'success' | 'error' | 'warning'; label: string }>
> = {
  pending: { status: 'processing', label: 'Pending' },
  running: { status: 'processing', label: 'Running' },
  fetching: { status: 'processing', label: 'Fetching' },
  success: { status: 'success', label: 'Succeeded' },
  failed: { status: 'error', label: 'Failed' },
  timed_out: { status: 'error', label: 'Timed out' },
  stopped: { status: 'warning', label: 'Stopped' },
};

function tabMenu(editor: QueryEditor, count: number): MenuProps['items'] {
  return [
    { key: 'rename', label: 'Rename tab', icon: <EditOutlined /> },
    { key: 'duplicate', label: 'Duplicate tab', icon: <CopyOutlined /> },
    {
      key: 'toggleLeftBar',
      label: editor.hideLeftBar ? 'Show left bar' : 'Hide left bar',
      icon: <VerticalLeftOutlined />,
    },
    { type: 'divider' },
    { key: 'close', label: 'Close tab', icon: <CloseOutlined /> },
    { key: 'closeOthers', label: 'Close other tabs', disabled: count < 2 },
  ];
}

function RenameInput({ name, onDone }: { name: string; onDone: (name: string | null) => void }) {
  const [value, setValue] = useState(name);
  const stop = (e: ReactKeyboardEvent) => {
    e.stopPropagation();
    if (e.key === 'Escape') onDone(null);
  };
  return (
    <Input
      size="small"
      autoFocus
      aria-label="Tab name"
      value={value}
      maxLength={256}
      onChange={(e) => setValue(e.target.value)}
      onKeyDown={stop}
      onPressEnter={() => onDone(value)}
      onBlur={(e) => {
        // The tab around the input takes the focus after a double-click: keep editing.
        const next = e.relatedTarget;
        if (next instanceof HTMLElement && next.contains(e.currentTarget)) {
          e.currentTarget.focus();
          return;
        }
        onDone(value);
      }}
      onClick={(e) => e.stopPropagation()}
      onFocus={(e) => e.target.select()}
      style={{ width: Math.min(260, Math.max(120, value.length * 8 + 24)) }}
    />
  );
}

/** The tab bar: one tab per query editor, with its query state, rename, copy and close. */
export function EditorTabs() {
  const dispatch = useSqlLabDispatch();
  const editors = useSqlLabSelector(selectEditors);
  const activeId = useSqlLabSelector(selectActiveId);
  const queries = useSqlLabSelector(selectQueriesById);
  const [renaming, setRenaming] = useState<string | null>(null);

  const act = (editor: QueryEditor, action: TabAction) => {
    switch (action) {
      case 'rename':
        setRenaming(editor.id);
        break;
      case 'duplicate':
        void dispatch(duplicateEditor(editor.id));
        break;
      case 'close':
        void dispatch(closeEditor(editor.id));
        break;
      case 'closeOthers':
        void dispatch(closeOtherEditors(editor.id));
        break;
      case 'toggleLeftBar':
        dispatch(updateEditor(editor.id, { hideLeftBar: !editor.hideLeftBar }));
        break;
    }
  };

  const active = editors.find((e) => e.id === activeId) ?? null;

  const items = editors.map((editor) => {
    const state = editorQueryState(queries, editor.latestQueryId);
    const badge = state ? STATE_BADGE[state] : undefined;
    const label =
      renaming === editor.id ? (
        <RenameInput
          name={editor.name}
          onDone={(name) => {
            setRenaming(null);
            if (name !== null) dispatch(renameEditor(editor.id, name));
          }}
        />
      ) : (
        <Dropdown
          trigger={['contextMenu']}
          menu={{
            items: tabMenu(editor, editors.length),
            onClick: ({ key }) => act(editor, key as TabAction),
          }}
        >
          <span
            onDoubleClick={() => setRenaming(editor.id)}
            title={`${editor.name} (double-click to rename)`}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, maxWidth: 220 }}
          >
            {badge ? (
              <Badge status={badge.status} aria-label={badge.label} title={badge.label} />
            ) : null}
            <span style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
              {editor.name}
            </span>
          </span>
        </Dropdown>
      );
    return { key: editor.id, label, closable: true };
  });

  return (
    <Tabs
      type="editable-card"
      size="small"
      activeKey={activeId ?? undefined}
      items={items}
      onChange={(key) => void dispatch(activateEditor(key))}
      onEdit={(key, action) => {
        if (action === 'add') void dispatch(addEditor());
        else if (typeof key === 'string') void dispatch(closeEditor(key));
      }}
      addIcon={
        <Tooltip title="New tab (Ctrl+Alt+T)">
          <PlusOutlined aria-label="New tab" />
        </Tooltip>
      }
      tabBarExtraContent={
        active ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: tabMenu(active, editors.length),
              onClick: ({ key }) => act(active, key as TabAction),
            }}
          >
            <Button type="text" size="small" icon={<EllipsisOutlined />} aria-label="Tab actions" />
          </Dropdown>
        ) : null
      }
      tabBarStyle={{ margin: 0, padding: '6px 12px 0', background: CSS_VAR.fillAlter }}
      style={{ flex: '0 0 auto' }}
    />
  );
}
