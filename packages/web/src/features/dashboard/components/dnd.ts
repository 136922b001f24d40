/**
 * Drag and drop in edit mode (pure part): what is dragged (a component of the layout, or a new
 * one from the side panel), where the pointer over the drawn components makes it land (a slot:
 * parent and index, and the edge the drop indicator is drawn on), and the layout edit's drop
 * result for that slot.
 *
 * The placement follows Superset's `getDropPosition`: over a component that cannot take the
 * dragged one, it goes before or after it (left/right in a row, above/below elsewhere, by the
 * half the pointer is in); over a container that takes it, it goes between its children; near
 * the edge of a row, column or tabs it goes beside that container instead.
 */
import { GRID_ID, ROOT_ID } from '@strata/core';
import type { ComponentMeta, ComponentType, DashboardLayout } from '@strata/core';
import {
  ancestors,
  descendants,
  isValidChild,
  nestingDepth,
  parentOf,
  shouldWrapInRow,
  topLevelTabsId,
  type DropResult,
} from '../layout';

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

/** A box on screen (client pixels). */
export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Which side of a drawn box the indicator line is on; `inside` outlines the box. */
export type DropEdge = 'top' | 'bottom' | 'left' | 'right' | 'inside';

export interface DropIndicator {
  /** The component (or tab, for a tab title) the indicator is drawn on. */
  id: string;
  on: 'component' | 'tabTitle';
  edge: DropEdge;
}

export interface DropPlacement {
  slot: DropSlot;
  indicator: DropIndicator;
}

/** The drawn boxes: components by id (the grid and a tab's content included), tab titles. */
export interface DropBoxes {
  components: ReadonlyMap<string, Box>;
  tabTitles: ReadonlyMap<string, Box>;
}

/** How close (px) to a row's, column's or tabs' edge the pointer puts the drop beside it. */
export const EDGE_BAND = 16;

const CONTAINERS: readonly ComponentType[] = ['ROW', 'COLUMN', 'GRID', 'TAB'];

const inside = (b: Box, p: Point) =>
  p.x >= b.left && p.x <= b.right && p.y >= b.top && p.y <= b.bottom;

/** Whether `parentId` takes a `type` component (wrapped in a row where Superset wraps it). */
export function accepts(layout: DashboardLayout, parentId: string, type: ComponentType): boolean {
  const parent = layout[parentId];
  if (!parent) return false;
  if (parent.type === 'ROOT') return type === 'TABS' && topLevelTabsId(layout) === undefined;
  const depth = nestingDepth(layout, parentId);
  if (shouldWrapInRow(parent.type, type)) return isValidChild(parent.type, 'ROW', depth);
  return isValidChild(parent.type, type, depth);
}

/** Children laid side by side (a row, the tabs' titles) or stacked. */
const axisOf = (type: ComponentType | undefined): 'x' | 'y' =>
  type === 'ROW' || type === 'TABS' ? 'x' : 'y';

const startEdge = (axis: 'x' | 'y'): DropEdge => (axis === 'x' ? 'left' : 'top');
const endEdge = (axis: 'x' | 'y'): DropEdge => (axis === 'x' ? 'right' : 'bottom');
const mid = (b: Box, axis: 'x' | 'y') =>
  axis === 'x' ? (b.left + b.right) / 2 : (b.top + b.bottom) / 2;
const at = (p: Point, axis: 'x' | 'y') => (axis === 'x' ? p.x : p.y);

/** Before or after `id` in its parent, by the half of `box` the pointer is in. */
function besideByHalf(
  layout: DashboardLayout,
  id: string,
  box: Box,
  pointer: Point,
  on: DropIndicator['on'],
): DropPlacement | null {
  const parent = parentOf(layout, id);
  if (parent === undefined) return null;
  const index = layout[parent]!.children.indexOf(id);
  const axis = axisOf(layout[parent]!.type);
  const before = at(pointer, axis) < mid(box, axis);
  return {
    slot: { parentId: parent, index: before ? index : index + 1 },
    indicator: { id, on, edge: before ? startEdge(axis) : endEdge(axis) },
  };
}

/** Between the children of `id`, by where the pointer is against their middles. */
function amongChildren(
  layout: DashboardLayout,
  id: string,
  pointer: Point,
  boxOf: (child: string) => Box | undefined,
  on: DropIndicator['on'],
): DropPlacement {
  const children = layout[id]!.children;
  const axis = axisOf(layout[id]!.type);
  let last: string | undefined;
  for (const [index, child] of children.entries()) {
    const box = boxOf(child);
    if (!box) continue;
    if (at(pointer, axis) < mid(box, axis)) {
      return { slot: { parentId: id, index }, indicator: { id: child, on, edge: startEdge(axis) } };
    }
    last = child;
  }
  if (last === undefined) {
    return {
      slot: { parentId: id, index: children.length },
      indicator: { id, on: 'component', edge: 'inside' },
    };
  }
  return {
    slot: { parentId: id, index: children.length },
    indicator: { id: last, on, edge: endEdge(axis) },
  };
}

/**
 * Where `item` lands with the pointer at `pointer` over the drawn `boxes`, or null when there
 * is no place for it there. The slot's index counts the dragged item where it is now (see
 * `dropResultFor`). A drop the layout edit refuses with a message (not enough space, a
 * top-level tab into nested tabs) still gets a placement: the edit says why.
 */
export function dropPlacement(
  layout: DashboardLayout,
  item: LayoutDragItem,
  pointer: Point,
  boxes: DropBoxes,
): DropPlacement | null {
  const type = item.type;
  const dragged = new Set(item.kind === 'layout' ? [item.id, ...descendants(layout, item.id)] : []);

  // Over a tab's title: beside it for a tab, else into that tab (at its end).
  for (const [tabId, box] of boxes.tabTitles) {
    if (!inside(box, pointer) || !layout[tabId]) continue;
    if (dragged.has(tabId)) return null;
    const tabsId = parentOf(layout, tabId);
    if (type === 'TAB') {
      if (tabsId !== undefined && accepts(layout, tabsId, 'TAB')) {
        return besideByHalf(layout, tabId, box, pointer, 'tabTitle');
      }
    } else if (accepts(layout, tabId, type)) {
      return {
        slot: { parentId: tabId, index: layout[tabId]!.children.length },
        indicator: { id: tabId, on: 'tabTitle', edge: 'inside' },
      };
    }
  }

  // The components under the pointer, innermost first (the dragged one and its content out).
  const under = [...boxes.components.entries()]
    .filter(([id, box]) => layout[id] && !dragged.has(id) && inside(box, pointer))
    .map(([id, box]) => ({ id, box, depth: ancestors(layout, id).length }))
    .sort((a, b) => b.depth - a.depth);
  if (under.length === 0) return null;

  // Tabs at the very top of a grid dashboard become its top-level tabs (Superset's top drop).
  const grid = under.find((u) => u.id === GRID_ID);
  const fromGrid = item.kind === 'new' || item.parentId === GRID_ID;
  if (grid && type === 'TABS' && fromGrid && accepts(layout, ROOT_ID, 'TABS')) {
    const empty = (layout[GRID_ID]?.children.length ?? 0) === 0;
    if (empty || pointer.y - grid.box.top <= EDGE_BAND) {
      return {
        slot: { parentId: ROOT_ID, index: 0 },
        indicator: { id: GRID_ID, on: 'component', edge: 'top' },
      };
    }
  }

  // Near the edge of a row, column or tabs (outermost first): beside that container.
  for (const { id, box } of [...under].reverse()) {
    const component = layout[id]!;
    if (component.type !== 'ROW' && component.type !== 'COLUMN' && component.type !== 'TABS') {
      continue;
    }
    const parent = parentOf(layout, id);
    if (parent === undefined || !accepts(layout, parent, type)) continue;
    const axis = axisOf(layout[parent]!.type);
    const p = at(pointer, axis);
    const [start, end] = axis === 'x' ? [box.left, box.right] : [box.top, box.bottom];
    if (p - start <= EDGE_BAND || end - p <= EDGE_BAND) {
      return besideByHalf(layout, id, box, pointer, 'component');
    }
  }

  // Innermost first: into a container that takes it, else beside the component.
  for (const { id, box } of under) {
    const component = layout[id]!;
    if (component.type === 'TABS') {
      if (type === 'TAB' && accepts(layout, id, 'TAB')) {
        return amongChildren(layout, id, pointer, (t) => boxes.tabTitles.get(t), 'tabTitle');
      }
    } else if (CONTAINERS.includes(component.type) && accepts(layout, id, type)) {
      return amongChildren(layout, id, pointer, (c) => boxes.components.get(c), 'component');
    }
    if (component.type === 'GRID' || component.type === 'TAB') continue;
    const parent = parentOf(layout, id);
    if (parent !== undefined && accepts(layout, parent, type)) {
      return besideByHalf(layout, id, box, pointer, 'component');
    }
  }
  return null;
}

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

/** Whether two placements are the same (the page redraws the indicator only on a change). */
export function samePlacement(a: DropPlacement | null, b: DropPlacement | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.slot.parentId === b.slot.parentId &&
    a.slot.index === b.slot.index &&
    a.indicator.id === b.indicator.id &&
    a.indicator.on === b.indicator.on &&
    a.indicator.edge === b.indicator.edge
  );
}
