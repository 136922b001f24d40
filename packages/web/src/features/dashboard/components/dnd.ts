/**
 * Drag and drop in edit mode (pure part): what is dragged (a component of the layout, or a new
 * one from the side panel) and where it lands (a slot: parent and index), turned into the
 * layout edit's drop result.
 */
import type { ComponentMeta, ComponentType } from '@strata/core';
import type { DropResult } from '../layout';

export type LayoutDragItem =
  | {
      kind: 'layout';
      id: string;
      type: ComponentType;
      meta?: ComponentMeta;
      parentId: string;
      index: number;
    }
  | { kind: 'new'; type: ComponentType; meta?: ComponentMeta };

export interface DropSlot {
  parentId: string;
  /** The position among the parent's children, counting the dragged item where it is now. */
  index: number;
}

export const slotId = (slot: DropSlot) => `slot:${slot.parentId}:${slot.index}`;

/** The edit to make, or null when the drop changes nothing (dropped where it was). */
export function dropResultFor(item: LayoutDragItem, slot: DropSlot): DropResult | null {
  if (item.kind === 'new')
    return {
      destination: { id: slot.parentId, index: slot.index },
      dragging: { type: item.type, ...(item.meta ? { meta: item.meta } : {}) },
    };
  const sameParent = item.parentId === slot.parentId;
  // The slot index counts the item itself; once it has left, later slots move up by one.
  const index = sameParent && slot.index > item.index ? slot.index - 1 : slot.index;
  if (sameParent && index === item.index) return null;
  return {
    source: { id: item.parentId, index: item.index },
    destination: { id: slot.parentId, index },
    dragging: { id: item.id, type: item.type, ...(item.meta ? { meta: item.meta } : {}) },
  };
}
