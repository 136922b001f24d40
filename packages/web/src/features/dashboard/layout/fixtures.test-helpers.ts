/** Hand-written layouts for the unit tests: a small tree builder, frozen so mutation throws. */
import { GRID_ID, ROOT_ID } from '@strata/core';
import type { ComponentMeta, ComponentType, DashboardLayout, LayoutComponent } from '@strata/core';
import { withParents } from './tree';

export interface Node {
  id: string;
  type: ComponentType;
  meta?: ComponentMeta;
  children?: Node[];
}

export const chart = (id: string, width = 4, chartId = 1): Node => ({
  id,
  type: 'CHART',
  meta: { width, height: 50, chartId, sliceName: `Chart ${chartId}` },
});
export const md = (id: string, width = 4): Node => ({
  id,
  type: 'MARKDOWN',
  meta: { width, height: 50, code: 'x' },
});
export const header = (id: string): Node => ({ id, type: 'HEADER', meta: { text: id } });
export const divider = (id: string): Node => ({ id, type: 'DIVIDER' });
export const row = (id: string, children: Node[]): Node => ({ id, type: 'ROW', children });
export const col = (id: string, width: number, children: Node[]): Node => ({
  id,
  type: 'COLUMN',
  meta: { width },
  children,
});
export const tab = (id: string, children: Node[]): Node => ({
  id,
  type: 'TAB',
  meta: { text: id },
  children,
});
export const tabs = (id: string, children: Node[]): Node => ({ id, type: 'TABS', children });

function flatten(node: Node, out: DashboardLayout): void {
  const component: LayoutComponent = {
    id: node.id,
    type: node.type,
    children: (node.children ?? []).map((c) => c.id),
  };
  if (node.meta) component.meta = node.meta;
  out[node.id] = component;
  for (const child of node.children ?? []) flatten(child, out);
}

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** ROOT > GRID > children. */
export function gridLayout(children: Node[]): DashboardLayout {
  const out: DashboardLayout = {};
  flatten({ id: ROOT_ID, type: 'ROOT', children: [{ id: GRID_ID, type: 'GRID', children }] }, out);
  return deepFreeze(withParents(out));
}

/** ROOT > TABS > tabs (the grid kept, empty, as Superset does). */
export function tabbedLayout(tabsNode: Node): DashboardLayout {
  const out: DashboardLayout = {};
  flatten({ id: ROOT_ID, type: 'ROOT', children: [tabsNode] }, out);
  out[GRID_ID] = { id: GRID_ID, type: 'GRID', children: [] };
  return deepFreeze(withParents(out));
}

/** Deterministic ids: TYPE-1, TYPE-2, ... */
export function sequentialIds(): (type: ComponentType) => string {
  let n = 0;
  return (type) => {
    n += 1;
    return `${type}-${n}`;
  };
}

/** The ids of `layout` that `before` did not have. */
export function addedIds(before: DashboardLayout, layout: DashboardLayout): string[] {
  return Object.keys(layout).filter((id) => !before[id]);
}
