/**
 * Which charts are on screen: those the layout reaches from the root without passing a tab that
 * is not shown (charts in hidden tabs load when their tab opens). Pure.
 */
import { ROOT_ID, type DashboardLayout } from '@strata/core';
import { shownTab } from './loadDashboard';

export function visibleChartIds(layout: DashboardLayout, activeTabs: readonly string[]): number[] {
  const out: number[] = [];
  const seen = new Set<string>();
  const walk = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const c = layout[id];
    if (!c) return;
    if (c.type === 'CHART' && typeof c.meta?.chartId === 'number') out.push(c.meta.chartId);
    if (c.type === 'TABS') {
      const tab = shownTab(layout, id, activeTabs);
      if (tab) walk(tab);
      return;
    }
    for (const child of c.children) walk(child);
  };
  walk(ROOT_ID);
  return out;
}

/** The tabs to show so that a component is visible (a focused chart, an anchor). */
export function tabsRevealing(layout: DashboardLayout, componentId: string): string[] {
  const tabs: string[] = [];
  let id: string | undefined = componentId;
  const guard = new Set<string>();
  while (id && !guard.has(id)) {
    guard.add(id);
    const parent = Object.values(layout).find((c) => c.children.includes(id!));
    if (parent?.type === 'TABS') tabs.push(id);
    id = parent?.id;
  }
  return tabs;
}

/** Active tabs after opening `tab`: its siblings closed, the rest kept. */
export function withTabOpened(
  layout: DashboardLayout,
  activeTabs: readonly string[],
  tab: string,
): string[] {
  const group = Object.values(layout).find((c) => c.type === 'TABS' && c.children.includes(tab));
  const siblings = new Set(group?.children ?? []);
  return [...activeTabs.filter((t) => !siblings.has(t)), tab];
}
