/**
 * The layout tree drawn: grid and tabs stack their children, rows lay them side by side on the
 * 12-column grid, columns stack inside their width, charts and markdown take their size in grid
 * units, headers and dividers span the row. In edit mode every component can be dragged (its
 * handle), deleted, resized (charts, markdown, columns) and edited in place (header and tab
 * titles, markdown), and slots between children take drops.
 */
import { memo, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Dropdown, Tabs, Tooltip, Typography } from 'antd';
import { DeleteOutlined, DragOutlined, HolderOutlined, PlusOutlined } from '@ant-design/icons';
import { useDndContext, useDraggable, useDroppable } from '@dnd-kit/core';
import {
  BACKGROUND_TRANSPARENT,
  BACKGROUND_WHITE,
  GRID_BASE_UNIT,
  GRID_GUTTER_SIZE,
  GRID_DEFAULT_CHART_HEIGHT,
  type LayoutComponent,
} from '@strata/core';
import { heightToPx, unitsToPx } from '../grid';
import { shownTab } from '../loadDashboard';
import { slotId, type DropSlot, type LayoutDragItem } from './dnd';
import { useLayoutContext } from './LayoutContext';
import { MarkdownBlock } from './MarkdownBlock';

const HEADER_FONT: Record<string, number> = {
  SMALL_HEADER: 16,
  MEDIUM_HEADER: 24,
  LARGE_HEADER: 32,
};

/** A place a dragged component can be dropped: a thin bar that lights up under the pointer. */
function DropSlotBar({ slot, horizontal }: { slot: DropSlot; horizontal: boolean }) {
  const { active } = useDndContext();
  const { setNodeRef, isOver } = useDroppable({ id: slotId(slot), data: slot });
  if (!active) return null;
  const size = isOver ? 6 : 2;
  return (
    <div
      ref={setNodeRef}
      data-test={`drop-slot-${slot.parentId}-${slot.index}`}
      style={{
        alignSelf: 'stretch',
        flex: '0 0 auto',
        ...(horizontal ? { width: 12, margin: '0 -6px' } : { height: 16, margin: '-8px 0' }),
        position: 'relative',
        zIndex: 5,
      }}
    >
      <div
        style={{
          position: 'absolute',
          background: isOver ? '#1FA8C9' : 'rgba(31,168,201,0.25)',
          borderRadius: 2,
          ...(horizontal
            ? { top: 0, bottom: 0, left: (12 - size) / 2, width: size }
            : { left: 0, right: 0, top: (16 - size) / 2, height: size }),
        }}
      />
    </div>
  );
}

/** Children with drop slots between them (edit mode). */
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
  const items: ReactNode[] = [];
  parent.children.forEach((child, index) => {
    if (editMode)
      items.push(
        <DropSlotBar
          key={`slot-${index}`}
          slot={{ parentId: parent.id, index }}
          horizontal={horizontal}
        />,
      );
    items.push(<LayoutNode key={child} id={child} parentId={parent.id} index={index} />);
  });
  if (editMode)
    items.push(
      <DropSlotBar
        key="slot-end"
        slot={{ parentId: parent.id, index: parent.children.length }}
        horizontal={horizontal}
      />,
    );
  return (
    <div
      style={{
        display: 'flex',
        flexDirection: horizontal ? 'row' : 'column',
        gap: horizontal ? GRID_GUTTER_SIZE : GRID_GUTTER_SIZE,
        ...style,
      }}
    >
      {items}
      {editMode && parent.children.length === 0 ? (
        <Typography.Text type="secondary" style={{ padding: 16, textAlign: 'center' }}>
          {parent.type === 'GRID' || parent.type === 'TAB'
            ? 'Drag and drop components and charts to the dashboard'
            : 'Empty'}
        </Typography.Text>
      ) : null}
    </div>
  );
}

/** The edit chrome around a component: drag handle, delete, extra tools; outline on hover. */
function Editable({
  component,
  parentId,
  index,
  tools,
  children,
  style,
}: {
  component: LayoutComponent;
  parentId: string;
  index: number;
  tools?: ReactNode;
  children: ReactNode;
  style?: CSSProperties;
}) {
  const { editMode, remove } = useLayoutContext();
  const item: LayoutDragItem = {
    kind: 'layout',
    id: component.id,
    type: component.type,
    ...(component.meta ? { meta: component.meta } : {}),
    parentId,
    index,
  };
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({
    id: `component:${component.id}`,
    data: item,
    disabled: !editMode,
  });
  const [hover, setHover] = useState(false);
  // One element in both modes: switching modes must not remount the charts inside.
  return (
    <div
      ref={setNodeRef}
      style={{
        ...style,
        position: 'relative',
        opacity: isDragging ? 0.4 : 1,
        outline: editMode && hover ? '1px dashed #1FA8C9' : undefined,
        outlineOffset: 2,
      }}
      onMouseEnter={editMode ? () => setHover(true) : undefined}
      onMouseLeave={editMode ? () => setHover(false) : undefined}
      data-test={editMode ? `component-${component.type.toLowerCase()}` : undefined}
      data-component-id={component.id}
    >
      {editMode ? (
        <div
          style={{
            position: 'absolute',
            top: -14,
            left: 0,
            zIndex: 6,
            display: hover ? 'flex' : 'none',
            gap: 2,
            background: '#fff',
            border: '1px solid #d9d9d9',
            borderRadius: 4,
            padding: '0 2px',
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
        background: '#fff',
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
  return (
    <Editable component={component} parentId={parentId} index={index} style={{ flex: '0 0 auto' }}>
      <MarkdownBlock
        code={String(component.meta?.code ?? '')}
        width={Math.max(40, px.width)}
        height={Math.max(40, px.height)}
        editMode={ctx.editMode}
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
              ? '#fff'
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
          background: white ? '#fff' : undefined,
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
          background: white ? '#fff' : undefined,
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
        style={{ padding: '8px 12px', background: white ? '#fff' : undefined }}
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
        <div style={{ height: 1, background: '#d9d9d9' }} />
      </div>
    </Editable>
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
              <span>
                {ctx.editMode ? (
                  <DropSlotBar slot={{ parentId: component.id, index: i }} horizontal />
                ) : null}
                <Typography.Text
                  editable={{
                    text: title,
                    triggerType: ['text'],
                    onChange: (v) => ctx.updateMeta(tabId, { text: v }),
                  }}
                >
                  {title}
                </Typography.Text>
              </span>
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
  const { layout, editMode } = useLayoutContext();
  const root = layout.ROOT_ID;
  const top = root?.children[0];
  if (!root || !top) return null;
  const topComponent = layout[top];
  if (!topComponent) return null;
  return (
    <div data-test="dashboard-grid">
      {editMode && topComponent.type === 'GRID' ? (
        <DropSlotBar slot={{ parentId: root.id, index: 0 }} horizontal={false} />
      ) : null}
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
