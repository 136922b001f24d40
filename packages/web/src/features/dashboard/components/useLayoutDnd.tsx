/**
 * The dashboard's drag and drop (dnd-kit): the pointer decides where a dragged component lands
 * (dnd.ts `dropPlacement`, over the boxes dnd-kit measured when the drag started), the
 * indicator is drawn there, a small preview follows the pointer, and the drop is the layout
 * edit for that place. Nothing in the layout moves while dragging.
 */
import { useCallback, useRef, useState, type ReactNode } from 'react';
import {
  DragOverlay,
  PointerSensor,
  useSensor,
  useSensors,
  type CollisionDetection,
  type DndContextProps,
  type DragEndEvent,
  type DragMoveEvent,
  type DragStartEvent,
  type Modifier,
} from '@dnd-kit/core';
import { DragOutlined } from '@ant-design/icons';
import type { DashboardLayout } from '@strata/core';
import { createComponent, moveComponent, type EditResult } from '../layout';
import {
  dropPlacement,
  dropResultFor,
  samePlacement,
  type Box,
  type DropPlacement,
  type LayoutDragItem,
} from './dnd';
import type { EditChrome } from './editChrome';
import { CSS_VAR } from '@strata/core';

/** The preview's top-left corner sits just below and right of the pointer. */
const POINTER_OFFSET = 12;

const followPointer: Modifier = ({ transform, activatorEvent, draggingNodeRect }) => {
  if (!activatorEvent || !draggingNodeRect) return transform;
  const start =
    'clientX' in activatorEvent && typeof activatorEvent.clientX === 'number'
      ? { x: activatorEvent.clientX, y: (activatorEvent as PointerEvent).clientY }
      : null;
  if (!start) return transform;
  return {
    ...transform,
    x: transform.x + start.x - draggingNodeRect.left + POINTER_OFFSET,
    y: transform.y + start.y - draggingNodeRect.top + POINTER_OFFSET,
  };
};

/** What the preview says: the chart's or component's name, else its kind. */
function previewLabel(
  item: LayoutDragItem,
  layout: DashboardLayout,
  chartName: (chartId: number) => string | undefined,
): string {
  const meta = item.kind === 'layout' ? (layout[item.id]?.meta ?? item.meta) : item.meta;
  const name =
    meta?.sliceNameOverride ||
    (typeof meta?.chartId === 'number' ? chartName(meta.chartId) : undefined) ||
    meta?.sliceName ||
    meta?.text;
  if (typeof name === 'string' && name) return name;
  const kind = item.type.charAt(0) + item.type.slice(1).toLowerCase();
  return item.kind === 'new' ? `New ${kind.toLowerCase()}` : kind;
}

export function useLayoutDnd({
  layout,
  chrome,
  apply,
  chartName,
}: {
  layout: DashboardLayout;
  chrome: EditChrome;
  apply: (result: EditResult) => void;
  /** A chart's name, for the preview. */
  chartName: (chartId: number) => string | undefined;
}): { dndProps: DndContextProps; overlay: ReactNode } {
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const placement = useRef<DropPlacement | null>(null);
  const [dragged, setDragged] = useState<LayoutDragItem | null>(null);

  // dnd-kit asks this on every pointer move: one "collision", the place the pointer means.
  const collisionDetection = useCallback<CollisionDetection>(
    ({ active, pointerCoordinates, droppableRects }) => {
      const item = active.data.current as LayoutDragItem | undefined;
      if (!item || !pointerCoordinates) return [];
      const components = new Map<string, Box>();
      const tabTitles = new Map<string, Box>();
      for (const [id, rect] of droppableRects) {
        const key = String(id);
        if (key.startsWith('drop:')) components.set(key.slice(5), rect);
        else if (key.startsWith('title:')) tabTitles.set(key.slice(6), rect);
      }
      const place = dropPlacement(layoutRef.current, item, pointerCoordinates, {
        components,
        tabTitles,
      });
      if (!place) return [];
      const prefix = place.indicator.on === 'tabTitle' ? 'title:' : 'drop:';
      return [{ id: `${prefix}${place.indicator.id}`, data: { placement: place } }];
    },
    [],
  );

  const show = useCallback(
    (next: DropPlacement | null) => {
      if (samePlacement(placement.current, next)) return;
      placement.current = next;
      chrome.drop.set(next?.indicator ?? null);
    },
    [chrome],
  );
  const onMove = useCallback(
    ({ collisions }: DragMoveEvent) => {
      const data = collisions?.[0]?.data as { placement?: DropPlacement } | undefined;
      show(data?.placement ?? null);
    },
    [show],
  );
  const end = useCallback(() => {
    show(null);
    setDragged(null);
    chrome.dragging.set(false);
  }, [show, chrome]);

  const dndProps: DndContextProps = {
    sensors,
    collisionDetection,
    onDragStart: ({ active }: DragStartEvent) => {
      placement.current = null;
      // No toolbars while dragging: the indicator is what matters.
      chrome.dragging.set(true);
      chrome.hovered.set(null);
      setDragged((active.data.current as LayoutDragItem | undefined) ?? null);
    },
    onDragMove: onMove,
    onDragOver: onMove,
    onDragCancel: end,
    onDragEnd: ({ active }: DragEndEvent) => {
      const item = active.data.current as LayoutDragItem | undefined;
      const place = placement.current;
      end();
      if (!item || !place) return;
      const drop = dropResultFor(item, place.slot);
      if (!drop) return;
      const current = layoutRef.current;
      apply(item.kind === 'new' ? createComponent(current, drop) : moveComponent(current, drop));
    },
  };

  const overlay = (
    <DragOverlay dropAnimation={null} modifiers={[followPointer]}>
      {dragged ? (
        <div
          data-test="drag-preview"
          style={{
            display: 'inline-flex',
            alignItems: 'center',
            gap: 6,
            maxWidth: 260,
            padding: '4px 10px',
            background: CSS_VAR.surface,
            border: '1px solid #1FA8C9',
            borderRadius: 4,
            boxShadow: '0 2px 8px rgba(0,0,0,0.15)',
            fontSize: 12,
            whiteSpace: 'nowrap',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            pointerEvents: 'none',
          }}
        >
          <DragOutlined style={{ color: '#1FA8C9' }} />
          <span style={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
            {previewLabel(dragged, layoutRef.current, chartName)}
          </span>
        </div>
      ) : null}
    </DragOverlay>
  );
  return { dndProps, overlay };
}
