/**
 * The layout tree drawn: grid and tabs stack their children, rows lay them side by side on the
 * 12-column grid, columns stack inside their width, charts and markdown take their size in grid
 * units, headers and dividers span the row. In edit mode every component can be dragged (its
 * handle), deleted, resized (charts, markdown, columns) and edited in place (header and tab
 * titles, markdown); every component is a drop target (dnd.ts says where a drop lands) and
 * shows the drop indicator when the drag would land next to it.
 */
import {
  memo,
  useCallback,
  useEffect,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Button, Dropdown, Segmented, Tabs, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DragOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import {
  BACKGROUND_TRANSPARENT,
  BACKGROUND_WHITE,
  GRID_BASE_UNIT,
  GRID_GUTTER_SIZE,
  GRID_DEFAULT_CHART_HEIGHT,
  type ComponentType,
  type LayoutComponent,
} from '@strata/core';
import { heightToPx, unitsToPx } from '../grid';
import { shownTab } from '../loadDashboard';
import type { DropEdge, DropIndicator, LayoutDragItem } from './dnd';
import { useStoreValue } from './editChrome';
import { useLayoutContext } from './LayoutContext';
import { MarkdownBlock, type MarkdownMode } from './MarkdownBlock';
import { CSS_VAR } from '@strata/core';

const HEADER_FONT: Record<string, number> = {
  SMALL_HEADER: 16,
  MEDIUM_HEADER: 24,
  LARGE_HEADER: 32,
};

const INDICATOR_COLOR = '#1FA8C9';
/** Half the gutter: an indicator between two components is drawn in the gap between them. */
const GAP = GRID_GUTTER_SIZE / 2;
const LINE = 4;

const INDICATOR_STYLE: Record<DropEdge, CSSProperties> = {
  top: { left: 0, right: 0, top: -GAP - LINE / 2, height: LINE },
  bottom: { left: 0, right: 0, bottom: -GAP - LINE / 2, height: LINE },
  left: { top: 0, bottom: 0, left: -GAP - LINE / 2, width: LINE },
  right: { top: 0, bottom: 0, right: -GAP - LINE / 2, width: LINE },
  inside: {
    inset: 0,
    border: `2px dashed ${INDICATOR_COLOR}`,
    background: 'rgba(31,168,201,0.08)',
  },
};

/**
 * Where the dragged component will land, drawn on the component (or tab title) it is next to:
 * a line in the gap on one side, or an outline when it goes inside. Absolutely placed: the
 * layout does not move while dragging.
 */
function DropIndicatorMark({ id, on }: { id: string; on: DropIndicator['on'] }) {
  const { chrome } = useLayoutContext();
  const edge = useStoreValue(chrome.drop, (d) => (d && d.id === id && d.on === on ? d.edge : null));
  if (!edge) return null;
  return (
    <div
      data-test="drop-indicator"
      data-edge={edge}
      data-target={id}
      style={{
        position: 'absolute',
        pointerEvents: 'none',
        zIndex: 7,
        borderRadius: 2,
        ...(edge === 'inside' ? {} : { background: INDICATOR_COLOR }),
        ...INDICATOR_STYLE[edge],
      }}
    />
  );
}

/** Children stacked or side by side; the grid and a tab's content take drops themselves. */
function ChildList({
  parent,
  horizontal,
  style,
}: {
  parent: LayoutComponent;
  horizontal: boolean;
  style?: CSSProperties;
}) {
  const { editMode } = useLayoutContext();
  const ownTarget = parent.type === 'GRID' || parent.type === 'TAB';
  const { setNodeRef } = useDroppable({
    id: `drop:${parent.id}`,
    data: { componentId: parent.id },
    disabled: !editMode || !ownTarget,
  });
  return (
    <div
      ref={ownTarget ? setNodeRef : undefined}
      data-drop-target={ownTarget && editMode ? parent.id : undefined}
      style={{
        display: 'flex',
        flexDirection: horizontal ? 'row' : 'column',
        gap: GRID_GUTTER_SIZE,
        position: 'relative',
        ...style,
      }}
    >
      {parent.children.map((child, index) => (
        <LayoutNode key={child} id={child} parentId={parent.id} index={index} />
      ))}
      {editMode && parent.children.length === 0 ? (
        <Typography.Text type="secondary" style={{ padding: 16, textAlign: 'center' }}>
          {parent.type === 'GRID' || parent.type === 'TAB'
            ? 'Drag and drop components and charts to the dashboard'
            : 'Empty'}
        </Typography.Text>
      ) : null}
      {ownTarget && editMode ? <DropIndicatorMark id={parent.id} on="component" /> : null}
    </div>
  );
}

/**
 * Where a component's edit toolbar sits, so that a component's and its row's or column's
 * never cover each other (as Superset's hover menus): rows, headers, dividers and tabs on
 * their left, columns above, charts and markdown inside their top right corner.
 */
type ToolbarPlace = 'left' | 'above' | 'insideRight';
const TOOLBAR_PLACE: Partial<Record<ComponentType, ToolbarPlace>> = {
  ROW: 'left',
  HEADER: 'left',
  DIVIDER: 'left',
  TABS: 'left',
  COLUMN: 'above',
};
const TOOLBAR_STYLE: Record<ToolbarPlace, CSSProperties> = {
  left: { top: 0, right: 'calc(100% + 4px)', flexDirection: 'column' },
  above: { bottom: 'calc(100% + 2px)', left: 0 },
  insideRight: { top: 4, right: 4 },
};

/** The drag item of a component. */
function dragItemOf(component: LayoutComponent, parentId: string, index: number): LayoutDragItem {
  return {
    kind: 'layout',
    id: component.id,
    type: component.type,
    ...(component.meta ? { meta: component.meta } : {}),
    parentId,
    index,
  };
}

/**
 * The edit chrome around a component: drop target, drag handle, delete, extra tools. The
 * toolbar shows for the innermost component under the pointer, and for the row or column
 * holding it.
 */
function Editable({
  component,
  parentId,
  index,
  tools,
  pinTools,
  children,
  style,
}: {
  component: LayoutComponent;
  parentId: string;
  index: number;
  tools?: ReactNode;
  /** Keep the toolbar shown (a markdown being edited). */
  pinTools?: boolean;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { editMode, remove, chrome, layout } = useLayoutContext();
  const {
    setNodeRef: setDragRef,
    attributes,
    listeners,
    isDragging,
  } = useDraggable({
    id: `component:${component.id}`,
    data: dragItemOf(component, parentId, index),
    disabled: !editMode,
  });
  const { setNodeRef: setDropRef } = useDroppable({
    id: `drop:${component.id}`,
    data: { componentId: component.id },
    disabled: !editMode,
  });
  const setRef = useCallback(
    (el: HTMLDivElement | null) => {
      setDragRef(el);
      setDropRef(el);
    },
    [setDragRef, setDropRef],
  );
  const holds = component.type === 'ROW' || component.type === 'COLUMN';
  const hovered = useStoreValue(
    chrome.hovered,
    useCallback(
      (h: string | null) =>
        h !== null &&
        (h === component.id || (holds && layout[component.id]?.children.includes(h) === true)),
      [component.id, holds, layout],
    ),
  );
  const place = TOOLBAR_PLACE[component.type] ?? 'insideRight';
  // One element in both modes: switching modes must not remount the charts inside.
  return (
    <div
      ref={setRef}
      style={{
        ...style,
        position: 'relative',
        opacity: isDragging ? 0.4 : 1,
        outline: editMode && hovered ? '1px dashed #1FA8C9' : undefined,
        outlineOffset: 2,
      }}
      onMouseOver={
        editMode
          ? (e) => {
              // Only the innermost component: an event from inside a nested one is its own.
              const target = e.target instanceof Element ? e.target : null;
              if (
                !chrome.dragging.get() &&
                target?.closest('[data-component-id]') === e.currentTarget
              )
                chrome.hovered.set(component.id);
            }
          : undefined
      }
      data-test={editMode ? `component-${component.type.toLowerCase()}` : undefined}
      data-component-id={component.id}
    >
      {editMode ? (
        <div
          data-test="component-toolbar"
          style={{
            position: 'absolute',
            zIndex: 6,
            display: hovered || pinTools ? 'flex' : 'none',
            alignItems: 'center',
            gap: 2,
            background: CSS_VAR.surface,
            border: `1px solid ${CSS_VAR.border}`,
            borderRadius: 4,
            padding: 1,
            boxShadow: '0 1px 4px rgba(0,0,0,0.12)',
            ...TOOLBAR_STYLE[place],
          }}
        >
          <Button
            type="text"
            size="small"
            icon={
              component.type === 'ROW' || component.type === 'COLUMN' ? (
                <HolderOutlined />
              ) : (
                <DragOutlined />
              )
            }
            aria-label={`Move ${component.type.toLowerCase()}`}
            style={{ cursor: 'grab' }}
            {...attributes}
            {...listeners}
          />
          {tools}
          <Button
            type="text"
            size="small"
            icon={<DeleteOutlined />}
            aria-label={`Delete ${component.type.toLowerCase()}`}
            onClick={() => remove(component.id)}
          />
        </div>
      ) : null}
      {children}
      {editMode ? <DropIndicatorMark id={component.id} on="component" /> : null}
    </div>
  );
}

/** Bottom-right handle resizing a chart, markdown or column in grid units (edit mode). */
function ResizeHandle({
  onPreview,
  onDone,
  axis,
}: {
  onPreview: (dx: number, dy: number) => void;
  onDone: (dx: number, dy: number) => void;
  axis: 'both' | 'x';
}) {
  const start = useRef<{ x: number; y: number } | null>(null);
  // Pointer moves are in screen pixels; the grid may be zoomed out (edit mode).
  const { zoom } = useLayoutContext();
  return (
    <div
      role="separator"
      aria-label="Resize"
      data-test="resize-handle"
      onPointerDown={(e) => {
        e.stopPropagation();
        (e.target as HTMLElement).setPointerCapture(e.pointerId);
        start.current = { x: e.clientX, y: e.clientY };
      }}
      onPointerMove={(e) => {
        if (!start.current) return;
        onPreview(
          (e.clientX - start.current.x) / zoom,
          axis === 'both' ? (e.clientY - start.current.y) / zoom : 0,
        );
      }}
      onPointerUp={(e) => {
        if (!start.current) return;
        const dx = (e.clientX - start.current.x) / zoom;
        const dy = axis === 'both' ? (e.clientY - start.current.y) / zoom : 0;
        start.current = null;
        onDone(dx, dy);
      }}
      style={{
        position: 'absolute',
        right: -6,
        bottom: -6,
        width: 14,
        height: 14,
        cursor: axis === 'both' ? 'nwse-resize' : 'ew-resize',
        zIndex: 6,
        background: CSS_VAR.surface,
        border: '2px solid #1FA8C9',
        borderRadius: 3,
      }}
    />
  );
}

function useResizable(component: LayoutComponent) {
  const { colWidth, resize } = useLayoutContext();
  const [preview, setPreview] = useState<{ dx: number; dy: number } | null>(null);
  const width = component.meta?.width ?? 4;
  const height = component.meta?.height ?? GRID_DEFAULT_CHART_HEIGHT;
  const unitsFor = (dx: number, dy: number) => ({
    width: Math.round(width + dx / (colWidth + GRID_GUTTER_SIZE)),
    height: Math.round(height + dy / GRID_BASE_UNIT),
  });
  const px = {
    width: unitsToPx(width, colWidth) + (preview?.dx ?? 0),
    height: heightToPx(height) + (preview?.dy ?? 0),
  };
  return {
    px,
    handle: (axis: 'both' | 'x') => (
      <ResizeHandle
        axis={axis}
        onPreview={(dx, dy) => setPreview({ dx, dy })}
        onDone={(dx, dy) => {
          setPreview(null);
          const next = unitsFor(dx, dy);
          resize(component.id, axis === 'x' ? { width: next.width } : next);
        }}
      />
    ),
  };
}

function ChartNode({ component, parentId, index }: NodeProps) {
  const ctx = useLayoutContext();
  const { px, handle } = useResizable(component);
  return (
    <Editable component={component} parentId={parentId} index={index} style={{ flex: '0 0 auto' }}>
      {ctx.renderChart({
        componentId: component.id,
        chartId: component.meta?.chartId,
        width: Math.max(40, px.width),
        height: Math.max(40, px.height),
        ...(component.meta?.sliceNameOverride
          ? { nameOverride: component.meta.sliceNameOverride }
          : {}),
      })}
      {ctx.editMode ? handle('both') : null}
    </Editable>
  );
}

function MarkdownNode({ component, parentId, index }: NodeProps) {
  const ctx = useLayoutContext();
  const { px, handle } = useResizable(component);
  const [editing, setEditing] = useState(false);
  const [mode, setMode] = useState<MarkdownMode>('Edit');
  useEffect(() => {
    if (!ctx.editMode) setEditing(false);
  }, [ctx.editMode]);
  return (
    <Editable
      component={component}
      parentId={parentId}
      index={index}
      style={{ flex: '0 0 auto' }}
      pinTools={editing}
      tools={
        editing ? (
          <Segmented
            size="small"
            options={['Edit', 'Preview']}
            value={mode}
            onChange={(v) => setMode(v as MarkdownMode)}
            data-test="markdown-mode"
          />
        ) : null
      }
    >
      <MarkdownBlock
        code={String(component.meta?.code ?? '')}
        width={Math.max(40, px.width)}
        height={Math.max(40, px.height)}
        editMode={ctx.editMode}
        editing={editing}
        mode={mode}
        onEditingChange={(next) => {
          setEditing(next);
          if (next) setMode('Edit');
        }}
        escapeHtml={ctx.escapeMarkdown}
        onChange={(code) => ctx.updateMeta(component.id, { code })}
      />
      {ctx.editMode ? handle('both') : null}
    </Editable>
  );
}

function BackgroundTool({ component }: { component: LayoutComponent }) {
  const { updateMeta } = useLayoutContext();
  const white = component.meta?.background === BACKGROUND_WHITE;
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: BACKGROUND_TRANSPARENT, label: 'Transparent background' },
          { key: BACKGROUND_WHITE, label: 'Solid background' },
        ],
        selectable: true,
        selectedKeys: [white ? BACKGROUND_WHITE : BACKGROUND_TRANSPARENT],
        onClick: ({ key }) => updateMeta(component.id, { background: key }),
      }}
    >
      <Button type="text" size="small" aria-label="Background">
        <span
          style={{
            display: 'inline-block',
            width: 12,
            height: 12,
            border: '1px solid #999',
            background: white
              ? CSS_VAR.surface
              : 'repeating-conic-gradient(#ddd 0 25%, #fff 0 50%) 0 / 6px 6px',
          }}
        />
      </Button>
    </Dropdown>
  );
}

function RowNode({ component, parentId, index }: NodeProps) {
  const white = component.meta?.background === BACKGROUND_WHITE;
  return (
    <Editable
      component={component}
      parentId={parentId}
      index={index}
      tools={<BackgroundTool component={component} />}
    >
      <ChildList
        parent={component}
        horizontal
        style={{
          background: white ? CSS_VAR.surface : undefined,
          flexWrap: 'nowrap',
          alignItems: 'flex-start',
        }}
      />
    </Editable>
  );
}

function ColumnNode({ component, parentId, index }: NodeProps) {
  const ctx = useLayoutContext();
  const { px, handle } = useResizable(component);
  const white = component.meta?.background === BACKGROUND_WHITE;
  return (
    <Editable
      component={component}
      parentId={parentId}
      index={index}
      tools={<BackgroundTool component={component} />}
      style={{ flex: '0 0 auto', width: px.width }}
    >
      <ChildList
        parent={component}
        horizontal={false}
        style={{
          width: px.width,
          minHeight: ctx.editMode ? 80 : undefined,
          background: white ? CSS_VAR.surface : undefined,
        }}
      />
      {ctx.editMode ? handle('x') : null}
    </Editable>
  );
}

function HeaderNode({ component, parentId, index }: NodeProps) {
  const ctx = useLayoutContext();
  const size = String(component.meta?.headerSize ?? 'MEDIUM_HEADER');
  const white = component.meta?.background === BACKGROUND_WHITE;
  const text = String(component.meta?.text ?? '');
  return (
    <Editable
      component={component}
      parentId={parentId}
      index={index}
      tools={
        <>
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'SMALL_HEADER', label: 'Small' },
                { key: 'MEDIUM_HEADER', label: 'Medium' },
                { key: 'LARGE_HEADER', label: 'Large' },
              ],
              selectable: true,
              selectedKeys: [size],
              onClick: ({ key }) => ctx.updateMeta(component.id, { headerSize: key }),
            }}
          >
            <Button type="text" size="small" aria-label="Header size">
              Aa
            </Button>
          </Dropdown>
          <BackgroundTool component={component} />
        </>
      }
    >
      <div
        style={{ padding: '8px 12px', background: white ? CSS_VAR.surface : undefined }}
        data-test="dashboard-header-component"
      >
        <Typography.Title
          level={size === 'LARGE_HEADER' ? 2 : size === 'SMALL_HEADER' ? 5 : 3}
          style={{ margin: 0, fontSize: HEADER_FONT[size] ?? 24 }}
          editable={
            ctx.editMode
              ? {
                  text,
                  triggerType: ['text', 'icon'],
                  onChange: (v) => ctx.updateMeta(component.id, { text: v }),
                }
              : false
          }
        >
          {text || (ctx.editMode ? 'New header' : '')}
        </Typography.Title>
      </div>
    </Editable>
  );
}

function DividerNode({ component, parentId, index }: NodeProps) {
  return (
    <Editable component={component} parentId={parentId} index={index}>
      <div style={{ padding: '8px 0' }} data-test="dashboard-divider">
        <div style={{ height: 1, background: CSS_VAR.border }} />
      </div>
    </Editable>
  );
}

/** A tab's title in edit mode: dragged to reorder the tabs, a drop target into the tab. */
function TabTitle({
  tabsId,
  tabId,
  index,
  title,
  active,
}: {
  tabsId: string;
  tabId: string;
  index: number;
  title: string;
  active: boolean;
}) {
  const ctx = useLayoutContext();
  const tab = ctx.layout[tabId];
  const { setNodeRef: setDragRef, listeners } = useDraggable({
    id: `component:${tabId}`,
    data: tab ? dragItemOf(tab, tabsId, index) : undefined,
  });
  const { setNodeRef: setDropRef } = useDroppable({
    id: `title:${tabId}`,
    data: { tabTitle: tabId },
  });
  const setRef = useCallback(
    (el: HTMLSpanElement | null) => {
      setDragRef(el);
      setDropRef(el);
    },
    [setDragRef, setDropRef],
  );
  return (
    <span
      ref={setRef}
      data-tab-id={tabId}
      data-tab-active={String(active)}
      data-test="tab-title"
      style={{ position: 'relative', display: 'inline-block' }}
      // The pointer only: the title's keys are for editing its text.
      {...listeners}
    >
      <Typography.Text
        editable={{
          text: title,
          triggerType: ['text'],
          onChange: (v) => ctx.updateMeta(tabId, { text: v }),
        }}
      >
        {title}
      </Typography.Text>
      <DropIndicatorMark id={tabId} on="tabTitle" />
    </span>
  );
}

function TabsNode({ component, parentId, index }: NodeProps) {
  const ctx = useLayoutContext();
  const active = shownTab(ctx.layout, component.id, ctx.activeTabs);
  return (
    <Editable component={component} parentId={parentId} index={index}>
      <Tabs
        activeKey={active}
        onChange={(key) => ctx.openTab(key)}
        type={ctx.editMode ? 'editable-card' : 'line'}
        onEdit={(target, action) => {
          if (action === 'add') ctx.addTab(component.id);
          else if (typeof target === 'string') ctx.remove(target);
        }}
        addIcon={
          <Tooltip title="Add tab">
            <PlusOutlined />
          </Tooltip>
        }
        items={component.children.map((tabId, i) => {
          const tab = ctx.layout[tabId];
          const title = String(tab?.meta?.text || tab?.meta?.defaultText || 'Untitled tab');
          return {
            key: tabId,
            closable: ctx.editMode,
            label: ctx.editMode ? (
              <TabTitle
                tabsId={component.id}
                tabId={tabId}
                index={i}
                title={title}
                active={tabId === active}
              />
            ) : (
              // The tab's id and state, for report screenshots that open tabs one by one.
              <span data-tab-id={tabId} data-tab-active={String(tabId === active)}>
                {title}
              </span>
            ),
            children:
              tabId === active && tab ? (
                <ChildList
                  parent={tab}
                  horizontal={false}
                  style={{ minHeight: ctx.editMode ? 120 : undefined }}
                />
              ) : null,
          };
        })}
      />
    </Editable>
  );
}

interface NodeProps {
  component: LayoutComponent;
  parentId: string;
  index: number;
}

export function LayoutNode({
  id,
  parentId,
  index,
}: {
  id: string;
  parentId: string;
  index: number;
}) {
  const { layout } = useLayoutContext();
  const component = layout[id];
  if (!component) return null;
  const props = { component, parentId, index };
  switch (component.type) {
    case 'ROW':
      return <RowNode {...props} />;
    case 'COLUMN':
      return <ColumnNode {...props} />;
    case 'CHART':
      return <ChartNode {...props} />;
    case 'MARKDOWN':
      return <MarkdownNode {...props} />;
    case 'HEADER':
      return <HeaderNode {...props} />;
    case 'DIVIDER':
      return <DividerNode {...props} />;
    case 'TABS':
      return <TabsNode {...props} />;
    case 'GRID':
    case 'TAB':
      return <ChildList parent={component} horizontal={false} />;
    default:
      return null;
  }
}

/**
 * The top of the layout: the grid, or the top-level tabs. Memoised: it redraws when the layout
 * context changes, not when a chart's data arrives (chart slots read that themselves).
 */
export const LayoutRoot = memo(function LayoutRoot() {
  const { layout, editMode, chrome } = useLayoutContext();
  const root = layout.ROOT_ID;
  const top = root?.children[0];
  if (!root || !top) return null;
  const topComponent = layout[top];
  if (!topComponent) return null;
  return (
    <div
      data-test="dashboard-layout"
      onMouseLeave={editMode ? () => chrome.hovered.set(null) : undefined}
    >
      {topComponent.type === 'TABS' ? (
        <LayoutNode id={top} parentId={root.id} index={0} />
      ) : (
        <ChildList
          parent={topComponent}
          horizontal={false}
          style={{ minHeight: editMode ? 200 : undefined }}
        />
      )}
    </div>
  );
});
