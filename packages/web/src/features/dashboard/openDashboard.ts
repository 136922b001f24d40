/**
 * Opening a dashboard: its data and the address's filter state read together (a permalink's
 * state or active tabs, `native_filters_key`, `native_filters`), the data masks the charts start
 * from, and the form data of every chart that shows at once.
 */
import type { QueryFormData } from '@strata/core';
import { chartFormDataOnDashboard, crossFilterSources } from './chartFormData';
import type { LoadedDashboard } from './dashboardSlice';
import { loadDashboard } from './loadDashboard';
import { initialDataMask } from './nativeFilters';
import type { DashboardUrlParams } from './params';
import { readUrlFilterState, type UrlFilterState } from './urlState';
import { visibleChartIds } from './visibility';

export interface OpenedDashboard {
  loaded: LoadedDashboard;
  urlState: UrlFilterState;
}

export async function openDashboard(
  params: DashboardUrlParams,
  signal: AbortSignal,
): Promise<OpenedDashboard> {
  const [loaded, urlState] = await Promise.all([
    loadDashboard(params.idOrSlug!, signal),
    readUrlFilterState(params, signal),
  ]);
  if (urlState.activeTabs) loaded.activeTabs = urlState.activeTabs;
  if (urlState.dataMask)
    loaded.dataMasks = initialDataMask(loaded.nativeFilters, urlState.dataMask);
  return { loaded, urlState };
}

/** The charts shown at once (not in hidden tabs) with the form data they are queried with. */
export function visibleChartQueries(
  loaded: LoadedDashboard,
  preselect: DashboardUrlParams['preselectFilters'],
): Array<{ id: number; formData: QueryFormData }> {
  const ctx = {
    dashboardId: loaded.dashboard.id,
    metadata: loaded.metadata,
    layout: loaded.layout,
    nativeFilters: loaded.nativeFilters,
    dataMasks: loaded.dataMasks,
    preselect,
  };
  const cross = crossFilterSources(loaded.dataMasks);
  const byId = new Map(loaded.charts.map((c) => [c.id, c]));
  const out: Array<{ id: number; formData: QueryFormData }> = [];
  for (const id of visibleChartIds(loaded.layout, loaded.activeTabs)) {
    const chart = byId.get(id);
    if (!chart) continue;
    const ds = loaded.datasources[chart.form_data.datasource ?? chart.datasource ?? ''];
    out.push({ id, formData: chartFormDataOnDashboard(chart, ctx, ds, cross) });
  }
  return out;
}
