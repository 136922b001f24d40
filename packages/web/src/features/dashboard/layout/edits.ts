/**
 * Superset's dashboard layout operations as pure functions: each takes a layout and returns a new
 * one (the input is never mutated), or the reason it was refused. Parents are recomputed on
 * every result.
 */
import {
  BACKGROUND_TRANSPARENT,
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_DEFAULT_MARKDOWN_HEIGHT,
  GRID_ID,
  GRID_MIN_ROW_UNITS,
  MESSAGES,
  ROOT_ID,
  newComponentId,
} from '@strata/core';
import type { ComponentMeta, ComponentType, DashboardLayout, LayoutComponent } from '@strata/core';
import {
  SIZED_TYPES,
  availableWidth,
  componentWidth,
  descendants,
  isTopLevelTab,
  minimumWidth,
  nestingDepth,
  parentOf,
  rowCapacity,
  tabsDepth,
  topLevelTabOf,
  topLevelTabsId,
  withParents,
} from './tree';

/** Our default markdown text (Superset ships its own; this is Strata's). */
export const DEFAULT_MARKDOWN_CODE = '# Header\nClick to edit this markdown block';
export const NEW_HEADER_TEXT = 'New header';
export const NEW_TAB_TEXT = 'New tab';
/** Components with a height of their own. */
const HEIGHT_TYPES: readonly ComponentType[] = ['CHART', 'MARKDOWN', 'DYNAMIC'];
/** TABS may nest this many levels deep, the top-level tabs included. */
export const MAX_TABS_NESTING = 2;

/** Refusals without a user-facing message: the UI just does not accept the drop. */
export const INVALID_DROP = 'This component cannot be placed here.';
export const COMPONENT_NOT_FOUND = 'The component does not exist.';

export type EditErrorCode =
  | 'notEnoughSpace'
  | 'topLevelTabIntoNested'
  | 'missingChartDefinition'
  | 'invalidDrop'
  | 'notFound';

export interface DropLocation {
  /** The parent component. */
  id: string;
  /** The position among the parent's children (for a move, in the list without the item). */
  index: number;
}

export interface DraggingItem {
  /** The dragged component; absent for a new one. */
  id?: string;
  type: ComponentType;
  meta?: ComponentMeta;
}

export interface DropResult {
  /** Where the component comes from; absent for a new one. */
  source?: DropLocation;
  destination: DropLocation;
  dragging: DraggingItem;
}

export type EditResult =
  | { ok: true; layout: DashboardLayout; warning?: string }
  | {
      ok: false;
      /** A MESSAGES text to show (codes notEnoughSpace, topLevelTabIntoNested,
       * missingChartDefinition), or a plain explanation for a silently refused drop. */
      error: string;
      code: EditErrorCode;
    };

export interface EditOptions {
  /** New component ids (tests pass a deterministic one). */
  newId?: (type: ComponentType) => string;
}

const fail = (code: EditErrorCode): EditResult => {
  switch (code) {
    case 'notEnoughSpace':
      return { ok: false, code, error: MESSAGES.notEnoughSpace };
    case 'topLevelTabIntoNested':
      return { ok: false, code, error: MESSAGES.topLevelTabIntoNested };
    case 'missingChartDefinition':
      return { ok: false, code, error: MESSAGES.missingChartDefinition };
    case 'notFound':
      return { ok: false, code, error: COMPONENT_NOT_FOUND };
    default:
      return { ok: false, code, error: INVALID_DROP };
  }
};

const done = (layout: DashboardLayout, warning?: string): EditResult =>
  warning === undefined
    ? { ok: true, layout: withParents(layout) }
    : { ok: true, layout: withParents(layout), warning };

// ---------------------------------------------------------------------------------------------
// Drop rules

/**
 * Superset's `isValidChild`: which child types a parent takes, and the deepest nesting depth
 * (see `nestingDepth`) the parent may be at. TABS inside a COLUMN are not allowed.
 */
const PARENT_MAX_DEPTH: Partial<Record<ComponentType, Partial<Record<ComponentType, number>>>> = {
  ROOT: { GRID: 0, TABS: 0 },
  GRID: { CHART: 1, DYNAMIC: 1, MARKDOWN: 1, COLUMN: 1, DIVIDER: 1, HEADER: 1, ROW: 1, TABS: 1 },
  ROW: { CHART: 4, DYNAMIC: 4, MARKDOWN: 4, COLUMN: 4 },
  TABS: { TAB: 3 },
  TAB: {
    CHART: 5,
    DYNAMIC: 5,
    MARKDOWN: 5,
    COLUMN: 3,
    DIVIDER: 5,
    HEADER: 5,
    ROW: 3,
    TABS: 3,
  },
  COLUMN: { CHART: 5, DYNAMIC: 5, MARKDOWN: 5, ROW: 3, DIVIDER: 5, HEADER: 5 },
};

/** Superset's `isValidChild`. */
export function isValidChild(
  parentType: ComponentType,
  childType: ComponentType,
  parentDepth: number,
): boolean {
  const max = PARENT_MAX_DEPTH[parentType]?.[childType];
  return typeof max === 'number' && parentDepth <= max;
}

/** Superset's `shouldWrapChildInRow`: sized components dropped in the grid or a tab get a row. */
export function shouldWrapInRow(parentType: ComponentType, childType: ComponentType): boolean {
  return (
    (parentType === 'GRID' || parentType === 'TAB') &&
    (childType === 'CHART' ||
      childType === 'MARKDOWN' ||
      childType === 'COLUMN' ||
      childType === 'DYNAMIC')
  );
}

/** Whether `id` and everything below it sit validly in `layout` (types, depth, tabs nesting). */
function subtreeIsValid(layout: DashboardLayout, id: string): boolean {
  for (const node of [id, ...descendants(layout, id)]) {
    const component = layout[node];
    const parent = parentOf(layout, node);
    const parentComponent = parent === undefined ? undefined : layout[parent];
    if (!component || !parentComponent) return false;
    if (!isValidChild(parentComponent.type, component.type, nestingDepth(layout, parent!))) {
      return false;
    }
    if (component.type === 'TABS' && tabsDepth(layout, node) + 1 > MAX_TABS_NESTING) return false;
  }
  return true;
}

/** The room a component needs in its new parent, or undefined when it is not sized. */
function widthNeeded(layout: DashboardLayout, id: string): number {
  const component = layout[id];
  if (!component) return 0;
  if (component.type === 'ROW') return componentWidth(layout, id);
  return SIZED_TYPES.includes(component.type) ? componentWidth(layout, id) : 0;
}

/** Superset's `dropOverflowsParent`, refusing instead of shrinking the dropped component. */
function overflows(layout: DashboardLayout, parentId: string, needed: number): boolean {
  const parent = layout[parentId];
  if (!parent || needed <= 0) return false;
  if (parent.type === 'ROW' || parent.type === 'COLUMN') {
    return needed > availableWidth(layout, parentId);
  }
  return needed > GRID_COLUMN_COUNT;
}

// ---------------------------------------------------------------------------------------------
// Building blocks (all on a private copy)

function copy(layout: DashboardLayout): DashboardLayout {
  return { ...layout };
}

function uniqueId(layout: DashboardLayout, type: ComponentType, options?: EditOptions): string {
  const make = options?.newId ?? ((t: ComponentType) => newComponentId(t));
  let id = make(type);
  for (let i = 0; layout[id] || id === ROOT_ID || id === GRID_ID; i += 1) {
    id = i < 20 ? make(type) : `${make(type)}-${i}`;
  }
  return id;
}

function setChildren(layout: DashboardLayout, id: string, children: string[]): void {
  const component = layout[id];
  if (component) layout[id] = { ...component, children };
}

function insertChild(layout: DashboardLayout, parentId: string, childId: string, index: number) {
  const children = [...(layout[parentId]?.children ?? [])];
  const at = Math.max(0, Math.min(Number.isFinite(index) ? Math.trunc(index) : 0, children.length));
  children.splice(at, 0, childId);
  setChildren(layout, parentId, children);
}

function detach(layout: DashboardLayout, id: string): string | undefined {
  const parent = parentOf(layout, id);
  if (parent !== undefined) {
    setChildren(
      layout,
      parent,
      layout[parent]!.children.filter((c) => c !== id),
    );
  }
  return parent;
}

function newComponent(
  layout: DashboardLayout,
  type: ComponentType,
  meta: ComponentMeta | undefined,
  options?: EditOptions,
): LayoutComponent {
  const id = uniqueId(layout, type, options);
  switch (type) {
    case 'CHART':
      return {
        id,
        type,
        children: [],
        meta: {
          width: GRID_DEFAULT_CHART_WIDTH,
          height: GRID_DEFAULT_CHART_HEIGHT,
          ...meta,
        },
      };
    case 'MARKDOWN':
      return {
        id,
        type,
        children: [],
        meta: {
          width: GRID_DEFAULT_CHART_WIDTH,
          height: GRID_DEFAULT_MARKDOWN_HEIGHT,
          code: DEFAULT_MARKDOWN_CODE,
          ...meta,
        },
      };
    case 'HEADER':
      return {
        id,
        type,
        children: [],
        meta: {
          text: NEW_HEADER_TEXT,
          headerSize: 'MEDIUM_HEADER',
          background: BACKGROUND_TRANSPARENT,
          ...meta,
        },
      };
    case 'ROW':
      return { id, type, children: [], meta: { background: BACKGROUND_TRANSPARENT, ...meta } };
    case 'COLUMN':
      return {
        id,
        type,
        children: [],
        meta: { width: GRID_DEFAULT_CHART_WIDTH, background: BACKGROUND_TRANSPARENT, ...meta },
      };
    case 'TAB':
      return { id, type, children: [], meta: { text: NEW_TAB_TEXT, ...meta } };
    default:
      return meta ? { id, type, children: [], meta: { ...meta } } : { id, type, children: [] };
  }
}

/** Removes `id` and its descendants (no cascading). */
function removeSubtree(layout: DashboardLayout, id: string): void {
  const ids = [id, ...descendants(layout, id)];
  detach(layout, id);
  for (const each of ids) delete layout[each];
}

/** Puts the grid back under ROOT with `children`, creating it when needed. */
function restoreGrid(layout: DashboardLayout, children: string[]): void {
  const grid = layout[GRID_ID];
  layout[GRID_ID] = grid
    ? { ...grid, children }
    : { id: GRID_ID, type: 'GRID', children, parents: [ROOT_ID] };
  setChildren(layout, ROOT_ID, [GRID_ID]);
}

/** Superset's `deleteTopLevelTabs`: every tab's content goes to the grid, in tab order. */
function removeTopLevelTabs(layout: DashboardLayout): void {
  const tabsId = topLevelTabsId(layout);
  if (tabsId === undefined) return;
  const tabIds = layout[tabsId]!.children;
  const content = tabIds.flatMap((tab) => layout[tab]?.children ?? []);
  for (const tab of tabIds) delete layout[tab];
  delete layout[tabsId];
  restoreGrid(layout, content);
}

/**
 * After `parentId` lost a child: an empty ROW or COLUMN goes too (and so on upwards); an empty
 * TABS goes too, the top-level one by turning the dashboard back into a grid.
 */
function pruneEmpty(layout: DashboardLayout, parentId: string | undefined): void {
  let current = parentId;
  while (current !== undefined) {
    const component = layout[current];
    if (!component || component.children.length > 0) return;
    if (component.type === 'TABS' && parentOf(layout, current) === ROOT_ID) {
      restoreGrid(layout, []);
      delete layout[current];
      return;
    }
    if (component.type !== 'ROW' && component.type !== 'COLUMN' && component.type !== 'TABS') {
      return;
    }
    const up = detach(layout, current);
    delete layout[current];
    current = up;
  }
}

/** The charts in a subtree, mapped to their top-level tab. */
function chartScopes(layout: DashboardLayout, id: string): Map<string, string | undefined> {
  const out = new Map<string, string | undefined>();
  for (const node of [id, ...descendants(layout, id)]) {
    if (layout[node]?.type === 'CHART') out.set(node, topLevelTabOf(layout, node));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Operations

/** Turns a grid dashboard into a tabbed one: the grid's content moves into `tabId`. */
function makeTopLevelTabs(layout: DashboardLayout, tabsId: string, tabId: string): void {
  const grid = layout[GRID_ID];
  const content = (grid?.children ?? []).filter((c) => c !== tabsId);
  setChildren(layout, tabId, [...(layout[tabId]?.children ?? []), ...content]);
  if (grid) layout[GRID_ID] = { ...grid, children: [] };
  setChildren(layout, ROOT_ID, [tabsId]);
}

/**
 * A new component dropped from the side panel (Superset's `createComponent`). Charts need
 * `dragging.meta.chartId` (and usually `sliceName`); a new TABS comes with one tab; a chart,
 * markdown or column dropped in the grid or a tab gets a row around it; TABS dropped on ROOT
 * make the dashboard tabbed.
 */
export function createComponent(
  layout: DashboardLayout,
  dropResult: DropResult,
  options?: EditOptions,
): EditResult {
  const { destination, dragging } = dropResult;
  const parent = layout[destination.id];
  if (!parent) return fail('notFound');
  if (dragging.type === 'CHART' && typeof dragging.meta?.chartId !== 'number') {
    return fail('missingChartDefinition');
  }
  if (dragging.type === 'ROOT' || dragging.type === 'GRID') return fail('invalidDrop');

  const next = copy(layout);
  const component = newComponent(next, dragging.type, dragging.meta, options);
  next[component.id] = component;
  if (component.type === 'TABS') {
    const tab = newComponent(next, 'TAB', undefined, options);
    next[tab.id] = tab;
    component.children = [tab.id];
  }

  if (parent.type === 'ROOT') {
    if (component.type !== 'TABS' || topLevelTabsId(layout) !== undefined) {
      return fail('invalidDrop');
    }
    makeTopLevelTabs(next, component.id, component.children[0]!);
    return done(next);
  }

  const wrap = shouldWrapInRow(parent.type, component.type);
  const tooWide = overflows(next, destination.id, wrap ? 0 : widthNeeded(next, component.id));
  let placed = component.id;
  if (wrap) {
    const row = newComponent(next, 'ROW', undefined, options);
    next[row.id] = { ...row, children: [component.id] };
    placed = row.id;
  }
  insertChild(next, destination.id, placed, destination.index);
  if (!subtreeIsValid(next, placed)) return fail('invalidDrop');
  if (tooWide) return fail('notEnoughSpace');
  return done(next);
}

/**
 * An existing component dragged elsewhere (Superset's `handleComponentDrop` + `moveComponent`).
 * `destination.index` is the position in the destination's children once the component has
 * left its source. Within the same parent it is a plain reorder. The source ROW/COLUMN/TABS is
 * removed when the move empties it. Moving a chart under another top-level tab warns.
 */
export function moveComponent(layout: DashboardLayout, dropResult: DropResult): EditResult {
  const { source, destination, dragging } = dropResult;
  const sourceParent =
    dragging.id !== undefined
      ? parentOf(layout, dragging.id)
      : source !== undefined
        ? source.id
        : undefined;
  const id =
    dragging.id ?? (source !== undefined ? layout[source.id]?.children[source.index] : undefined);
  if (id === undefined || sourceParent === undefined || !layout[id] || !layout[sourceParent]) {
    return fail('notFound');
  }
  const dest = layout[destination.id];
  if (!dest) return fail('notFound');
  const moving = layout[id]!;
  if (moving.type === 'ROOT' || moving.type === 'GRID') return fail('invalidDrop');
  if (id === destination.id || descendants(layout, id).includes(destination.id)) {
    return fail('invalidDrop');
  }

  // Superset: a top-level tab may not go into other tabs (nested tabs inside nested tabs).
  const topTabs = topLevelTabsId(layout);
  if (
    moving.type === 'TAB' &&
    sourceParent === topTabs &&
    dest.type === 'TABS' &&
    destination.id !== topTabs
  ) {
    return fail('topLevelTabIntoNested');
  }

  // Existing TABS dropped on ROOT: they become the top-level tabs, the grid's content in their
  // first tab (Superset's `createTopLevelTabs`).
  if (dest.type === 'ROOT') {
    if (moving.type !== 'TABS' || topTabs !== undefined || sourceParent !== GRID_ID) {
      return fail('invalidDrop');
    }
    const firstTab = moving.children[0];
    if (firstTab === undefined) return fail('invalidDrop');
    const next = copy(layout);
    detach(next, id);
    makeTopLevelTabs(next, id, firstTab);
    if (!subtreeIsValid(next, id)) return fail('invalidDrop');
    return done(next);
  }

  const sameParent = sourceParent === destination.id;
  const wrap = !sameParent && shouldWrapInRow(dest.type, moving.type);
  const tooWide =
    !sameParent && !wrap && overflows(layout, destination.id, widthNeeded(layout, id));

  const before = chartScopes(layout, id);
  const next = copy(layout);
  detach(next, id);
  if (sameParent) {
    insertChild(next, destination.id, id, destination.index);
    const unchanged = next[destination.id]!.children.every(
      (c, i) => c === layout[destination.id]!.children[i],
    );
    return unchanged ? { ok: true, layout } : done(next);
  }

  let placed = id;
  if (wrap) {
    const row = newComponent(next, 'ROW', undefined);
    next[row.id] = { ...row, children: [id] };
    placed = row.id;
  }
  insertChild(next, destination.id, placed, destination.index);
  if (!subtreeIsValid(next, placed)) return fail('invalidDrop');
  if (tooWide) return fail('notEnoughSpace');
  pruneEmpty(next, sourceParent);

  let warning: string | undefined;
  if (topTabs !== undefined) {
    for (const [chart, scope] of before) {
      if (topLevelTabOf(next, chart) !== scope) warning = MESSAGES.movedToOtherFilterScope;
    }
  }
  return done(next, warning);
}

/**
 * Removes a component and everything in it. A ROW or COLUMN left empty goes too (recursively);
 * removing the last TAB removes its TABS. Removing the top-level TABS (or their last tab) turns
 * the dashboard back into a grid holding the tabs' content, as Superset's `deleteTopLevelTabs`.
 */
export function deleteComponent(layout: DashboardLayout, id: string): EditResult {
  const component = layout[id];
  if (!component) return fail('notFound');
  if (id === ROOT_ID || id === GRID_ID || component.type === 'ROOT') return fail('invalidDrop');
  const next = copy(layout);
  const topTabs = topLevelTabsId(layout);
  if (id === topTabs || (isTopLevelTab(layout, id) && layout[topTabs!]!.children.length === 1)) {
    removeTopLevelTabs(next);
    return done(next);
  }
  const parent = parentOf(layout, id);
  removeSubtree(next, id);
  pruneEmpty(next, parent);
  return done(next);
}

/**
 * Resizes a chart, markdown or column (width, clamped between its minimum, 1 or its widest row,
 * and the room its parent leaves) or a chart/markdown (height, at least GRID_MIN_ROW_UNITS).
 */
export function resizeComponent(
  layout: DashboardLayout,
  id: string,
  size: { width?: number; height?: number },
): EditResult {
  const component = layout[id];
  if (!component) return fail('notFound');
  const meta: ComponentMeta = { ...component.meta };
  if (size.width !== undefined && SIZED_TYPES.includes(component.type)) {
    const own = componentWidth(layout, id);
    const parent = parentOf(layout, id);
    const parentComponent = parent === undefined ? undefined : layout[parent];
    let max = GRID_COLUMN_COUNT;
    if (parentComponent?.type === 'ROW') {
      max = rowCapacity(layout, parent!) - (componentWidth(layout, parent!) - own);
    } else if (parentComponent?.type === 'COLUMN') {
      max = availableWidth(layout, parent!);
    }
    const min = minimumWidth(layout, id);
    const wanted = Number.isFinite(size.width) ? Math.round(size.width) : own;
    meta.width = Math.max(Math.min(wanted, max), Math.min(min, max), 1);
  }
  if (
    size.height !== undefined &&
    Number.isFinite(size.height) &&
    HEIGHT_TYPES.includes(component.type)
  ) {
    meta.height = Math.max(GRID_MIN_ROW_UNITS, Math.round(size.height));
  }
  if (meta.width === component.meta?.width && meta.height === component.meta?.height) {
    return { ok: true, layout };
  }
  return done({ ...layout, [id]: { ...component, meta } });
}

/**
 * Merges `meta` into a component's meta (header text and size, tab title, markdown code,
 * background, chart name override...). A key set to undefined is removed. Use
 * `resizeComponent` for sizes, which are checked.
 */
export function updateComponentMeta(
  layout: DashboardLayout,
  id: string,
  meta: Partial<ComponentMeta>,
): EditResult {
  const component = layout[id];
  if (!component) return fail('notFound');
  const merged: ComponentMeta = { ...component.meta, ...meta };
  for (const [key, value] of Object.entries(meta)) {
    if (value === undefined) delete merged[key];
  }
  return done({ ...layout, [id]: { ...component, meta: merged } });
}

/**
 * Switches between a tabbed and a non-tabbed top level. To 'tabs': the grid's content moves
 * into one new TAB ('New tab') of a new TABS under ROOT (the emptied grid stays in the map, as
 * in Superset). To 'grid': the tabs' content goes back to the grid (with a single tab, exactly
 * its content; with several, all of them in tab order) and the tabs are removed.
 */
export function convertTopLevel(
  layout: DashboardLayout,
  to: 'tabs' | 'grid',
  options?: EditOptions,
): EditResult {
  if (!layout[ROOT_ID]) return fail('notFound');
  const topTabs = topLevelTabsId(layout);
  const next = copy(layout);
  if (to === 'grid') {
    if (topTabs === undefined) return { ok: true, layout };
    removeTopLevelTabs(next);
    return done(next);
  }
  if (topTabs !== undefined) return { ok: true, layout };
  if (!next[GRID_ID]) restoreGrid(next, []);
  const tabs = newComponent(next, 'TABS', undefined, options);
  next[tabs.id] = tabs;
  const tab = newComponent(next, 'TAB', undefined, options);
  next[tab.id] = tab;
  tabs.children = [tab.id];
  makeTopLevelTabs(next, tabs.id, tab.id);
  const withTree = withParents(next);
  if (!subtreeIsValid(withTree, tabs.id)) return fail('invalidDrop');
  return done(next);
}
