/**
 * Loads a dashboard: the dashboard, its charts and its datasets in parallel, then the layout
 * repaired if needed, the charts the layout misses placed at the end (Superset does this for
 * charts added from Explore), and the tabs open by default.
 */
import {
  GRID_COLUMN_COUNT,
  GRID_DEFAULT_CHART_HEIGHT,
  GRID_DEFAULT_CHART_WIDTH,
  GRID_ID,
  ROOT_ID,
  layoutChartIds,
  newComponentId,
  type DashboardLayout,
} from '@strata/core';
import type { ExploreDatasource } from '@strata/charts';
import { preloadChart } from '@strata/charts/components';
import { api } from '../../app/api';
import { takePreloaded } from '../../app/preloaded';
import { normalizeLayout } from './layout';
import { parseMetadata } from './metadata';
import { initialDataMask, parseNativeFilters } from './nativeFilters';
import type { LoadedDashboard } from './dashboardSlice';
import type { DashboardChart, DashboardInfo } from './types';

/** Charts of the dashboard the layout does not place, added in rows of three. */
export function appendMissingCharts(
  layout: DashboardLayout,
  charts: readonly DashboardChart[],
  random: () => number = Math.random,
): DashboardLayout {
  const placed = new Set(layoutChartIds(layout));
  const missing = charts.filter((c) => !placed.has(c.id));
  if (missing.length === 0) return layout;
  const next: DashboardLayout = structuredClone(layout);
  // The grid, or the first tab of a tabbed top level.
  const top = next[ROOT_ID]?.children[0];
  const container =
    top && next[top]?.type === 'TABS' ? (next[top]!.children[0] ?? GRID_ID) : (top ?? GRID_ID);
  if (!next[container]) return layout;
  const perRow = Math.max(1, Math.floor(GRID_COLUMN_COUNT / GRID_DEFAULT_CHART_WIDTH));
  for (let i = 0; i < missing.length; i += perRow) {
    const rowId = newComponentId('ROW', random);
    next[rowId] = {
      id: rowId,
      type: 'ROW',
      children: [],
      parents: [...(next[container]!.parents ?? []), container],
      meta: { background: 'BACKGROUND_TRANSPARENT' },
    };
    next[container]!.children.push(rowId);
    for (const chart of missing.slice(i, i + perRow)) {
      const id = newComponentId('CHART', random);
      next[id] = {
        id,
        type: 'CHART',
        children: [],
        parents: [...next[rowId]!.parents!, rowId],
        meta: {
          chartId: chart.id,
          sliceName: chart.slice_name,
          width: GRID_DEFAULT_CHART_WIDTH,
          height: GRID_DEFAULT_CHART_HEIGHT,
        },
      };
      next[rowId]!.children.push(id);
    }
  }
  return next;
}

/** The tabs shown when the dashboard opens: the first tab of every tab group. */
export function defaultActiveTabs(layout: DashboardLayout): string[] {
  return Object.values(layout)
    .filter((c) => c.type === 'TABS' && c.children.length > 0)
    .map((c) => c.children[0]!);
}

/** The tab that is shown for a tab group: the active one among its tabs, else its first. */
export function shownTab(
  layout: DashboardLayout,
  tabsId: string,
  activeTabs: readonly string[],
): string | undefined {
  const tabs = layout[tabsId]?.children ?? [];
  return tabs.find((t) => activeTabs.includes(t)) ?? tabs[0];
}

export async function loadDashboard(
  idOrSlug: string,
  signal: AbortSignal,
): Promise<LoadedDashboard> {
  const base = `/api/v1/dashboard/${encodeURIComponent(idOrSlug)}`;
  // The page's own answers first (a dashboard opened directly carries them), else the server.
  const get = <T>(path: string): Promise<T> => {
    const preloaded = takePreloaded<T>(path);
    return preloaded !== undefined ? Promise.resolve(preloaded) : api.get<T>(path, { signal });
  };
  // The CSRF token is fetched alongside, so the charts' queries can leave at once afterwards;
  // the chart types' code starts loading as soon as the charts are known.
  const [info, charts, datasets] = await Promise.all([
    get<{ result: DashboardInfo }>(base),
    get<{ result: DashboardChart[] }>(`${base}/charts`).then((r) => {
      for (const type of new Set(r.result.map((c) => c.form_data.viz_type ?? c.viz_type)))
        preloadChart(type);
      return r;
    }),
    get<{ result: ExploreDatasource[] }>(`${base}/datasets`).catch(() => ({
      result: [] as ExploreDatasource[],
    })),
    api.csrfToken().catch(() => ''),
  ]);
  const dashboard = info.result;
  const { metadata, problems: metaProblems } = parseMetadata(dashboard.json_metadata);
  let position: unknown = null;
  const layoutProblems: string[] = [];
  if (dashboard.position_json) {
    try {
      position = JSON.parse(dashboard.position_json);
    } catch {
      layoutProblems.push('The stored layout is not valid JSON: the charts are laid out anew.');
    }
  }
  const normalized = normalizeLayout(position);
  const layout = appendMissingCharts(normalized.layout, charts.result);
  const native = parseNativeFilters(metadata.native_filter_configuration);
  return {
    dashboard,
    metadata,
    charts: charts.result,
    datasources: Object.fromEntries(datasets.result.map((d) => [`${d.id}__${d.type}`, d])),
    layout,
    problems: [...metaProblems, ...layoutProblems, ...normalized.problems, ...native.problems],
    activeTabs: defaultActiveTabs(layout),
    nativeFilters: native.filters,
    // The native filters' defaults; the page replaces them with the address's state, if any.
    dataMasks: initialDataMask(native.filters),
  };
}
