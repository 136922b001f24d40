/**
 * A dashboard's tabs as Superset's `GET /api/v1/dashboard/{id_or_slug}/tabs` answers them
 * (Dashboard.tabs): every TAB's title by id, and the tree of tabs nested through TABS
 * containers, walked breadth first from ROOT_ID through GRID, TABS and TAB nodes only (tabs
 * inside rows or columns are not reached, as in Superset).
 */
import type { DashboardTabNode as TabNode } from '@strata/core';
import { parseJson } from './payload.js';

export type { TabNode };

export interface DashboardTabs {
  all_tabs: Record<string, string>;
  tab_tree: TabNode[];
}

type LayoutNode = {
  id?: unknown;
  type?: unknown;
  children?: unknown;
  meta?: unknown;
  parents?: unknown;
};

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The tabs of a layout (`position_json`); `{}` when the dashboard has no layout. */
export function dashboardTabs(positionJson: string | null): DashboardTabs | Record<string, never> {
  const parsed = positionJson ? parseJson(positionJson) : { ok: false as const };
  const layout = parsed.ok && isObject(parsed.value) ? parsed.value : {};
  if (Object.keys(layout).length === 0) return {};
  const node = (id: unknown): LayoutNode | undefined => {
    if (typeof id !== 'string' || !Object.hasOwn(layout, id)) return undefined;
    const n = layout[id];
    return isObject(n) ? (n as LayoutNode) : undefined;
  };
  const all_tabs: Record<string, string> = {};
  const tab_tree: TabNode[] = [];
  const root = node('ROOT_ID');
  if (!root) return { all_tabs, tab_tree };
  const queue: Array<[LayoutNode, TabNode[]]> = [[root, tab_tree]];
  const seen = new Set<LayoutNode>();
  while (queue.length > 0) {
    const [current, into] = queue.shift()!;
    // A layout is a tree; a cycle in a stored one must not loop forever.
    if (seen.has(current)) continue;
    seen.add(current);
    const childIds = Array.isArray(current.children) ? current.children : [];
    if (current.type === 'TABS') {
      for (const id of childIds) {
        const child = node(id);
        if (child?.type !== 'TAB' || typeof child.id !== 'string') continue;
        const meta = isObject(child.meta) ? child.meta : {};
        const title = typeof meta.text === 'string' ? meta.text : '';
        const tab: TabNode = { value: child.id, title, children: [] };
        if (Array.isArray(child.parents)) {
          tab.parents = child.parents.filter((p): p is string => typeof p === 'string');
        }
        all_tabs[child.id] = title;
        into.push(tab);
        queue.push([child, tab.children]);
      }
    } else if (current.type === 'GRID' || current.type === 'ROOT' || current.type === 'TAB') {
      for (const id of childIds) {
        const child = node(id);
        if (child) queue.push([child, into]);
      }
    }
  }
  return { all_tabs, tab_tree };
}
