/**
 * The shape of list controls (metrics, filters, annotation layers, formatting rules): each item
 * a removable tag that opens its editor in a popover, and an add button opening an empty editor.
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { Button, Flex, Popover, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

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
}) {
  const [open, setOpen] = useState<number | 'new' | null>(null);
  const close = () => setOpen(null);
  return (
    <Flex wrap gap={4}>
      {items.map((item, i) => (
        <Popover
          key={i}
          open={open === i}
          trigger="click"
          destroyOnHidden
          placement="right"
          content={editor(i, close)}
          onOpenChange={(o) => setOpen(o ? i : null)}
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
        </Popover>
      ))}
      {canAdd ? (
        <Popover
          open={open === 'new'}
          trigger="click"
          destroyOnHidden
          placement="right"
          content={editor('new', close)}
          onOpenChange={(o) => setOpen(o ? 'new' : null)}
        >
          <Button
            size="small"
            type="dashed"
            icon={<PlusOutlined />}
            aria-label={addAriaLabel ?? addLabel}
          >
            {addLabel}
          </Button>
        </Popover>
      ) : null}
    </Flex>
  );
}
