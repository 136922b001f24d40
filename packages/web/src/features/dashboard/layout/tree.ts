/**
 * Read-only helpers over a dashboard layout (Superset's `position_json`), plus the repair of a
 * stored layout (`normalizeLayout`) and its inverse (`toPositionData`). Framework free.
 *
 * The tree is defined by `children`; the stored `parents` lists are a cache that may be stale,
 * so every helper here walks `children` and `parents` is recomputed by `withParents`.
 */
import {
  COMPONENT_TYPES,
  DASHBOARD_VERSION,
  DASHBOARD_VERSION_KEY,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  GRID_MIN_COLUMN_COUNT,
  HEADER_ID,
  ROOT_ID,
} from '@strata/core';
import type {
  ComponentMeta,
  ComponentType,
  DashboardLayout,
  LayoutComponent,
  PositionData,
} from '@strata/core';

/** Components that carry their own `meta.width` (grid columns). */
export const SIZED_TYPES: readonly ComponentType[] = ['CHART', 'MARKDOWN', 'COLUMN', 'DYNAMIC'];
/** Components that never have children. */
export const LEAF_TYPES: readonly ComponentType[] = [
  'CHART',
  'MARKDOWN',
  'HEADER',
  'DIVIDER',
  'DYNAMIC',
];
/** Components kept in the map even though ROOT does not reach them (Superset stores both). */
const DETACHED_IDS: readonly string[] = [GRID_ID, HEADER_ID];

/** The id of the component whose `children` list `id`, if any. */
export function parentOf(layout: DashboardLayout, id: string): string | undefined {
  for (const component of Object.values(layout)) {
    if (component.children.includes(id)) return component.id;
  }
  return undefined;
}

/** The ids above `id`, root first (not including `id`). Stops on a cycle. */
export function ancestors(layout: DashboardLayout, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([id]);
  let current = parentOf(layout, id);
  while (current !== undefined && !seen.has(current)) {
    out.unshift(current);
    seen.add(current);
    current = parentOf(layout, current);
  }
  return out;
}

/** How many components are above `id` (ROOT is 0, the grid 1, a row in the grid 2, ...). */
export function depth(layout: DashboardLayout, id: string): number {
  return ancestors(layout, id).length;
}

/**
 * Superset's nesting depth, used by the drop rules: TABS and TAB do not count, except that the
 * children of a top-level TAB sit one deeper, like the children of the grid. So a row is at 2
 * whether it is in the grid, a top-level tab or a nested tab; a column in it at 3, and so on.
 */
export function nestingDepth(layout: DashboardLayout, id: string): number {
  const path = [...ancestors(layout, id), id];
  let d = 0;
  for (let i = 1; i < path.length; i += 1) {
    const parent = layout[path[i - 1] as string];
    if (!parent) break;
    if (parent.type === 'TABS') continue;
    if (parent.type === 'TAB' && !isTopLevelTab(layout, parent.id)) continue;
    d += 1;
  }
  return d;
}

/** Every id below `id`, depth first in child order (not including `id`). */
export function descendants(layout: DashboardLayout, id: string): string[] {
  const out: string[] = [];
  const seen = new Set<string>([id]);
  const visit = (current: string): void => {
    for (const child of layout[current]?.children ?? []) {
      if (seen.has(child) || !layout[child]) continue;
      seen.add(child);
      out.push(child);
      visit(child);
    }
  };
  visit(id);
  return out;
}

/** The tab ids (TAB components) holding at least one of `chartIds`, in layout order. */
export function tabsHoldingCharts(
  layout: DashboardLayout,
  chartIds: ReadonlySet<number>,
): string[] {
  const tabs = new Set<string>();
  for (const component of Object.values(layout)) {
    if (component?.type !== 'CHART') continue;
    const chartId = component.meta?.chartId;
    if (typeof chartId !== 'number' || !chartIds.has(chartId)) continue;
    for (const a of ancestors(layout, component.id)) {
      if (layout[a]?.type === 'TAB') tabs.add(a);
    }
  }
  const order = layout[ROOT_ID] ? [ROOT_ID, ...descendants(layout, ROOT_ID)] : [];
  const ordered = order.filter((id) => tabs.has(id));
  return [...ordered, ...[...tabs].filter((id) => !ordered.includes(id))];
}

/** The TAB components that contain `id`, outermost first. */
export function tabAncestors(layout: DashboardLayout, id: string): string[] {
  return ancestors(layout, id).filter((a) => layout[a]?.type === 'TAB');
}

/** How many TABS components are above `id`. */
export function tabsDepth(layout: DashboardLayout, id: string): number {
  return ancestors(layout, id).filter((a) => layout[a]?.type === 'TABS').length;
}

/** The top-level TABS (ROOT's child) when the dashboard is tabbed. */
export function topLevelTabsId(layout: DashboardLayout): string | undefined {
  const first = layout[ROOT_ID]?.children[0];
  return first !== undefined && layout[first]?.type === 'TABS' ? first : undefined;
}

/** Whether `id` is a TAB of the top-level TABS. */
export function isTopLevelTab(layout: DashboardLayout, id: string): boolean {
  const tabs = topLevelTabsId(layout);
  return tabs !== undefined && layout[id]?.type === 'TAB' && layout[tabs]!.children.includes(id);
}

/** The top-level TAB holding `id` (the filter scope of a chart), if the dashboard is tabbed. */
export function topLevelTabOf(layout: DashboardLayout, id: string): string | undefined {
  if (isTopLevelTab(layout, id)) return id;
  return ancestors(layout, id).find((a) => isTopLevelTab(layout, a));
}

/**
 * The width a component occupies, in grid columns: `meta.width` for charts, markdown and
 * columns; the sum of its children's widths for a row; 0 for everything else (full-width
 * components that do not take room in a row).
 */
export function componentWidth(layout: DashboardLayout, id: string): number {
  const component = layout[id];
  if (!component) return 0;
  if (component.type === 'ROW') {
    return component.children.reduce((sum, child) => sum + ownWidth(layout[child]), 0);
  }
  return ownWidth(component);
}

function ownWidth(component: LayoutComponent | undefined): number {
  if (!component || !SIZED_TYPES.includes(component.type)) return 0;
  const width = component.meta?.width;
  return typeof width === 'number' && Number.isFinite(width) ? width : 0;
}

/** The full width of a row: its column's width inside a column, the grid's otherwise. */
export function rowCapacity(layout: DashboardLayout, rowId: string): number {
  const parent = parentOf(layout, rowId);
  const parentComponent = parent === undefined ? undefined : layout[parent];
  if (parentComponent?.type === 'COLUMN') return ownWidth(parentComponent) || GRID_COLUMN_COUNT;
  return GRID_COLUMN_COUNT;
}

/**
 * The width still free in `parentId` for a new child: what a row has left, a column's width
 * (children stack vertically), the whole grid for the grid, tabs and root (a sized component
 * dropped there gets a row of its own), 0 in components that hold nothing.
 */
export function availableWidth(layout: DashboardLayout, parentId: string): number {
  const parent = layout[parentId];
  if (!parent) return 0;
  switch (parent.type) {
    case 'ROW':
      return Math.max(0, rowCapacity(layout, parentId) - componentWidth(layout, parentId));
    case 'COLUMN':
      return ownWidth(parent) || GRID_COLUMN_COUNT;
    case 'ROOT':
    case 'GRID':
    case 'TABS':
    case 'TAB':
      return GRID_COLUMN_COUNT;
    default:
      return 0;
  }
}

/** The narrowest a component can be: a column must hold its widest row or child. */
export function minimumWidth(layout: DashboardLayout, id: string): number {
  const component = layout[id];
  if (!component) return GRID_MIN_COLUMN_COUNT;
  if (component.type === 'ROW') return componentWidth(layout, id) || GRID_MIN_COLUMN_COUNT;
  if (component.type !== 'COLUMN') return GRID_MIN_COLUMN_COUNT;
  let min = GRID_MIN_COLUMN_COUNT;
  for (const child of component.children) min = Math.max(min, componentWidth(layout, child));
  return min;
}

/** The ids reachable from ROOT (ROOT included), in depth-first order. */
export function attachedIds(layout: DashboardLayout): string[] {
  return layout[ROOT_ID] ? [ROOT_ID, ...descendants(layout, ROOT_ID)] : [];
}

/**
 * A copy with every `parents` list recomputed from the tree (root first). Components ROOT does
 * not reach keep a parents list only if they are the detached grid (`[ROOT_ID]`).
 */
export function withParents(layout: DashboardLayout): DashboardLayout {
  const parents = new Map<string, string[]>();
  const visit = (id: string, path: string[]): void => {
    parents.set(id, path);
    for (const child of layout[id]?.children ?? []) {
      if (!parents.has(child) && layout[child]) visit(child, [...path, id]);
    }
  };
  if (layout[ROOT_ID]) visit(ROOT_ID, []);
  const out: DashboardLayout = {};
  for (const [id, component] of Object.entries(layout)) {
    const next = parents.get(id) ?? (id === GRID_ID ? [ROOT_ID] : undefined);
    const { parents: _old, ...rest } = component;
    out[id] = id === ROOT_ID || next === undefined ? rest : { ...rest, parents: next };
  }
  return out;
}

/** The stored form: the components with parents recomputed, plus the version marker. */
export function toPositionData(layout: DashboardLayout): PositionData {
  return { ...withParents(layout), [DASHBOARD_VERSION_KEY]: DASHBOARD_VERSION };
}

export interface NormalizedLayout {
  layout: DashboardLayout;
  /** What was wrong and has been repaired, one line each (empty when nothing was). */
  problems: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isComponentType(value: unknown): value is ComponentType {
  return typeof value === 'string' && (COMPONENT_TYPES as readonly string[]).includes(value);
}

/**
 * Reads a stored layout, whatever an older version (or a hand edit) left in it, and returns one
 * the dashboard can open with: entries that are not components dropped; ROOT and GRID rebuilt
 * when missing; children pointing at missing ids, listed twice or under a leaf dropped; parents
 * recomputed from the tree; components nothing reaches dropped (the detached grid and the
 * dashboard header excepted); missing widths defaulted. Charts without a chart id are kept (the
 * page shows them as missing) but reported.
 */
export function normalizeLayout(position: unknown): NormalizedLayout {
  const problems: string[] = [];
  const layout: DashboardLayout = {};
  const storedParents = new Map<string, string[]>();

  if (position !== undefined && position !== null && !isRecord(position)) {
    problems.push('The stored layout is not an object; an empty layout is used.');
  }
  const entries = isRecord(position) ? Object.entries(position) : [];
  for (const [key, value] of entries) {
    if (key === DASHBOARD_VERSION_KEY) continue;
    if (!isRecord(value) || !isComponentType(value.type)) {
      problems.push(`Entry ${key} is not a layout component and was dropped.`);
      continue;
    }
    if (value.id !== key) problems.push(`Component ${key} had a mismatched id; it was fixed.`);
    let children: string[] = [];
    if (Array.isArray(value.children)) {
      children = value.children.filter((c): c is string => typeof c === 'string');
      if (children.length !== value.children.length) {
        problems.push(`Component ${key} had invalid child references; they were dropped.`);
      }
    } else if (value.children !== undefined) {
      problems.push(`Component ${key} had invalid children; they were dropped.`);
    }
    const component: LayoutComponent = { id: key, type: value.type, children };
    if (isRecord(value.meta)) component.meta = { ...value.meta } as ComponentMeta;
    if (Array.isArray(value.parents)) {
      storedParents.set(
        key,
        value.parents.filter((p): p is string => typeof p === 'string'),
      );
    }
    layout[key] = component;
  }

  // ROOT and GRID (a dashboard never laid out has neither, which is no problem).
  const blank = Object.keys(layout).length === 0;
  const root = layout[ROOT_ID];
  if (!root || root.type !== 'ROOT') {
    if (!blank) problems.push('The layout root was missing and has been rebuilt.');
    layout[ROOT_ID] = { id: ROOT_ID, type: 'ROOT', children: [] };
  }
  const grid = layout[GRID_ID];
  if (!grid || grid.type !== 'GRID') {
    if (!blank) problems.push('The layout grid was missing and has been rebuilt.');
    // Adopt what said it lived in the grid, in stored order.
    const adopted = [...storedParents.entries()]
      .filter(([id, p]) => p[p.length - 1] === GRID_ID && id !== GRID_ID && layout[id])
      .map(([id]) => id);
    layout[GRID_ID] = { id: GRID_ID, type: 'GRID', children: adopted };
  }
  const rootComponent = layout[ROOT_ID]!;
  const rootChildren = rootComponent.children.filter((c) => {
    const t = layout[c]?.type;
    return t === 'GRID' || t === 'TABS';
  });
  const rootChild = rootChildren[0] ?? GRID_ID;
  if (rootComponent.children.length !== 1 || rootComponent.children[0] !== rootChild) {
    if (rootComponent.children.length > 0 || rootChild !== GRID_ID) {
      problems.push(`The layout root now holds only ${rootChild}.`);
    }
    layout[ROOT_ID] = { ...rootComponent, children: [rootChild] };
  }
  if (rootChild !== GRID_ID && layout[GRID_ID]!.children.length > 0) {
    problems.push('The unused grid of a tabbed dashboard was emptied.');
    layout[GRID_ID] = { ...layout[GRID_ID]!, children: [] };
  }

  // Children: missing ids, duplicates (a component has one place), cycles, leaves with children.
  const placed = new Set<string>([ROOT_ID]);
  const visit = (id: string): void => {
    const component = layout[id]!;
    const kept: string[] = [];
    for (const child of component.children) {
      if (!layout[child]) {
        problems.push(`Component ${id} listed a missing child ${child}; it was dropped.`);
      } else if (placed.has(child)) {
        problems.push(`Component ${child} was listed more than once; the extra place was dropped.`);
      } else if (LEAF_TYPES.includes(component.type)) {
        problems.push(`${component.type} ${id} cannot hold ${child}; it was dropped.`);
      } else {
        placed.add(child);
        kept.push(child);
      }
    }
    if (kept.length !== component.children.length) layout[id] = { ...component, children: kept };
    for (const child of kept) visit(child);
  };
  visit(ROOT_ID);
  if (!placed.has(GRID_ID)) visit(GRID_ID);

  // Orphans.
  for (const id of Object.keys(layout)) {
    if (placed.has(id) || DETACHED_IDS.includes(id)) continue;
    problems.push(`${layout[id]!.type} ${id} was not part of the layout and was dropped.`);
    delete layout[id];
  }

  // Meta that the editor relies on.
  for (const id of Object.keys(layout)) {
    const component = layout[id]!;
    if (SIZED_TYPES.includes(component.type)) {
      const width = component.meta?.width;
      if (typeof width !== 'number' || !Number.isFinite(width) || width < GRID_MIN_COLUMN_COUNT) {
        problems.push(`${component.type} ${id} had no valid width; it was set to the default.`);
        layout[id] = { ...component, meta: { ...component.meta, width: GRID_DEFAULT_CHART_WIDTH } };
      }
    }
    if (component.type === 'CHART' && typeof component.meta?.chartId !== 'number') {
      problems.push(`Chart ${id} has no chart id.`);
    }
  }

  return { layout: withParents(layout), problems };
}
