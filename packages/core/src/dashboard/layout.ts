/**
 * The dashboard layout (`position_json` / `position_data`), as Superset stores it: a flat map of
 * components by id, each with its type, ordered children, parents (root first) and meta. The
 * tree hangs from ROOT_ID, whose single child is the grid (GRID_ID) or one TABS component.
 * Shared by the server (validation on write) and the web (rendering, editing).
 */

export const DASHBOARD_VERSION_KEY = 'DASHBOARD_VERSION_KEY';
export const DASHBOARD_VERSION = 'v2';
export const ROOT_ID = 'ROOT_ID';
export const GRID_ID = 'GRID_ID';
export const HEADER_ID = 'HEADER_ID';

export const COMPONENT_TYPES = [
  'CHART',
  'COLUMN',
  'DIVIDER',
  'DYNAMIC',
  'GRID',
  'HEADER',
  'MARKDOWN',
  'ROOT',
  'ROW',
  'TAB',
  'TABS',
] as const;
export type ComponentType = (typeof COMPONENT_TYPES)[number];

/** Grid constants (Superset's): 12 columns of 8 px-based units, charts 4 wide and 50 high. */
export const GRID_COLUMN_COUNT = 12;
export const GRID_MIN_COLUMN_COUNT = 1;
export const GRID_MIN_ROW_UNITS = 5;
export const GRID_BASE_UNIT = 8;
export const GRID_GUTTER_SIZE = 16;
export const GRID_DEFAULT_CHART_WIDTH = 4;
export const GRID_DEFAULT_CHART_HEIGHT = 50;
export const GRID_DEFAULT_MARKDOWN_HEIGHT = 50;
/** Layout states kept for undo (Superset's UNDO_LIMIT; the history holds this plus 2). */
export const UNDO_LIMIT = 50;

export const BACKGROUND_TRANSPARENT = 'BACKGROUND_TRANSPARENT';
export const BACKGROUND_WHITE = 'BACKGROUND_WHITE';
export type Background = typeof BACKGROUND_TRANSPARENT | typeof BACKGROUND_WHITE;

export const HEADER_SIZES = ['SMALL_HEADER', 'MEDIUM_HEADER', 'LARGE_HEADER'] as const;
export type HeaderSize = (typeof HEADER_SIZES)[number];

export interface ComponentMeta {
  width?: number;
  height?: number;
  background?: Background | string;
  /** Header and tab titles. */
  text?: string;
  defaultText?: string;
  placeholder?: string;
  headerSize?: HeaderSize | string;
  /** Charts. */
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  uuid?: string;
  /** Markdown. */
  code?: string;
  [key: string]: unknown;
}

export interface LayoutComponent {
  id: string;
  type: ComponentType;
  children: string[];
  parents?: string[];
  meta?: ComponentMeta;
}

/** The stored layout: components by id, plus the version marker. */
export type DashboardLayout = Record<string, LayoutComponent>;

/** What the layout looks like in the database (the version marker is a string). */
export type PositionData = Record<string, LayoutComponent | string>;

/** The components of a stored layout (the version marker and junk left out). */
export function layoutComponents(position: unknown): DashboardLayout {
  const out: DashboardLayout = {};
  if (!position || typeof position !== 'object' || Array.isArray(position)) return out;
  for (const [id, value] of Object.entries(position as Record<string, unknown>)) {
    if (id === DASHBOARD_VERSION_KEY) continue;
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      out[id] = value as LayoutComponent;
    }
  }
  return out;
}

/** An empty dashboard: root → grid. */
export function emptyLayout(): DashboardLayout {
  return {
    [ROOT_ID]: { id: ROOT_ID, type: 'ROOT', children: [GRID_ID] },
    [GRID_ID]: { id: GRID_ID, type: 'GRID', children: [], parents: [ROOT_ID] },
  };
}

/** A new component id: its type and a short random suffix (Superset's `TYPE-xxxxxxxxxx`). */
export function newComponentId(type: ComponentType, random: () => number = Math.random): string {
  const alphabet = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-';
  let suffix = '';
  for (let i = 0; i < 10; i += 1) suffix += alphabet[Math.floor(random() * alphabet.length)];
  return `${type}-${suffix}`;
}

/** The chart ids a layout places. */
export function layoutChartIds(layout: DashboardLayout): number[] {
  const ids: number[] = [];
  for (const c of Object.values(layout)) {
    if (c.type === 'CHART' && typeof c.meta?.chartId === 'number') ids.push(c.meta.chartId);
  }
  return ids;
}
