/**
 * The shape of list controls (metrics, filters, annotation layers, formatting rules, column
 * collections): each item a removable tag that opens its editor in a popover, an add button
 * opening an empty editor, and, when `sortable` names the control, tags dragged to reorder
 * (the Explore page's drag end calls the item's `reorder`).
 */
import { Fragment, useEffect, useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { SortableContext, horizontalListSortingStrategy, useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DragItem } from '../dnd';
import { ControlPopover } from './ControlPopover';
import { ResizablePopoverContent } from './ResizablePopoverContent';

/** Asks the list to open an editor (`nonce` changes for each request). */
export interface OpenRequest {
  index: number | 'new';
  nonce: number;
}

export function SortableTag({
  id,
  item,
  children,
}: {
  id: string;
  item: DragItem | undefined;
  children: ReactNode;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id,
    data: item,
    disabled: item === undefined,
  });
  return (
    <span
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      style={{
        display: 'inline-flex',
        maxWidth: '100%',
        transform: CSS.Translate.toString(transform),
        transition,
        opacity: isDragging ? 0.5 : 1,
      }}
    >
      {children}
    </span>
  );
}

export function PopoverItemList<T>({
  items,
  label,
  tagColor,
  tagStyle,
  editor,
  onRemove,
  addLabel,
  addAriaLabel,
  canAdd = true,
  sortable,
  onReorder,
  openRequest,
  onEditorClosed,
  resizable = false,
}: {
  items: readonly T[];
  label: (item: T) => ReactNode;
  tagColor?: (item: T) => string | undefined;
  tagStyle?: (item: T) => CSSProperties;
  /** The editor of an item (its index) or of a new one ('new'); `close` closes the popover. */
  editor: (index: number | 'new', close: () => void) => ReactNode;
  onRemove: (index: number) => void;
  addLabel: string;
  addAriaLabel?: string;
  canAdd?: boolean;
  /** The control's name: its items can be dragged to a new place. */
  sortable?: string;
  onReorder?: (from: number, to: number) => void;
  openRequest?: OpenRequest | null;
  onEditorClosed?: (index: number | 'new') => void;
  /** The editor gets a resize handle (the adhoc filter and metric editors). */
  resizable?: boolean;
}) {
  const [open, setOpen] = useState<number | 'new' | null>(null);
  useEffect(() => {
    if (openRequest) setOpen(openRequest.index);
  }, [openRequest]);
  const close = () => {
    if (open !== null) onEditorClosed?.(open);
    setOpen(null);
  };
  const content = (index: number | 'new') =>
    resizable ? (
      <ResizablePopoverContent>{editor(index, close)}</ResizablePopoverContent>
    ) : (
      editor(index, close)
    );
  const ids = items.map((_, i) => `${sortable ?? 'list'}:item:${i}`);
  const dragItem = (index: number): DragItem | undefined =>
    sortable && onReorder
      ? { kind: 'item', control: sortable, index, reorder: onReorder }
      : undefined;
  const wrap = (i: number, node: ReactNode) =>
    sortable ? (
      <SortableTag key={ids[i]} id={ids[i]!} item={dragItem(i)}>
        {node}
      </SortableTag>
    ) : (
      <Fragment key={ids[i]}>{node}</Fragment>
    );
  const tags = items.map((item, i) =>
    wrap(
      i,
      <ControlPopover
        open={open === i}
        trigger="click"
        destroyOnHidden
        content={content(i)}
        onOpenChange={(o) => (o ? setOpen(i) : close())}
      >
        <Tag
          closable
          color={tagColor?.(item)}
          style={{
            cursor: 'pointer',
            maxWidth: '100%',
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            ...tagStyle?.(item),
          }}
          onClose={(e) => {
            e.preventDefault();
            onRemove(i);
          }}
        >
          {label(item)}
        </Tag>
      </ControlPopover>,
    ),
  );
  return (
    <Flex wrap gap={4}>
      {sortable ? (
        <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
          {tags}
        </SortableContext>
      ) : (
        tags
      )}
      {canAdd ? (
        <ControlPopover
          open={open === 'new'}
          trigger="click"
          destroyOnHidden
          content={content('new')}
          onOpenChange={(o) => (o ? setOpen('new') : close())}
        >
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            aria-label={addAriaLabel ?? addLabel}
          >
            {addLabel}
          </Button>
        </ControlPopover>
      ) : null}
    </Flex>
  );
}
