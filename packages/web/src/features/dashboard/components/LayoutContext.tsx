/** What every layout component needs from the page: sizes, mode, tabs, chart drawing, edits. */
import { createContext, useContext, type ReactNode } from 'react';
import type { ComponentMeta, DashboardLayout } from '@strata/core';
import type { EditChrome } from './editChrome';

export interface LayoutContextValue {
  layout: DashboardLayout;
  editMode: boolean;
  /** The width of one grid column, px. */
  colWidth: number;
  /** The grid's CSS zoom (below 1 while editing: the grid keeps its view-mode layout). */
  zoom: number;
  activeTabs: readonly string[];
  openTab: (tabId: string) => void;
  escapeMarkdown: boolean;
  renderChart: (args: {
    componentId: string;
    chartId: number | undefined;
    width: number;
    height: number;
    nameOverride?: string;
  }) => ReactNode;
  updateMeta: (id: string, meta: Partial<ComponentMeta>) => void;
  resize: (id: string, size: { width?: number; height?: number }) => void;
  remove: (id: string) => void;
  addTab: (tabsId: string) => void;
  /** Hovered component and drop indicator (edit mode). */
  chrome: EditChrome;
}

export const LayoutContext = createContext<LayoutContextValue | null>(null);

export function useLayoutContext(): LayoutContextValue {
  const ctx = useContext(LayoutContext);
  if (!ctx) throw new Error('LayoutContext is missing');
  return ctx;
}
