/**
 * Saving a chart (spec 000 "Save-chart modal" and "Saving charts" toasts): optionally create a
 * dashboard by name, then POST (save as new) or PUT (overwrite) `/api/v1/chart/` with the form
 * data as `params` and the query context, linked to the chosen dashboard. Pure parts first.
 */
import { formatMessage, MESSAGES, risonEncode, type QueryFormData } from '@strata/core';
import { chartRegistry, parseDatasource } from '@strata/charts';
import type { ApiClient } from '../../app/api';
import { withoutDashboardContext } from './dashboardContext';

export interface SaveRequest {
  action: 'saveas' | 'overwrite';
  sliceId: number | null;
  sliceName: string;
  formData: QueryFormData;
  /** An existing dashboard, or a new one by title. */
  dashboard: { id: number; title: string } | { newTitle: string } | null;
  /** Dashboards the chart is already on (kept when overwriting). */
  currentDashboards: number[];
}

/** The body of POST/PUT /api/v1/chart/. */
export function chartBody(req: SaveRequest, dashboardId: number | null): Record<string, unknown> {
  const { id, type } = parseDatasource(req.formData.datasource);
  const formData: QueryFormData = withoutDashboardContext(req.formData);
  delete formData.slice_id;
  delete formData.extra_form_data;
  const plugin = chartRegistry.get(formData.viz_type);
  const queryContext = plugin ? plugin.buildQuery(formData) : null;
  const dashboards = req.action === 'overwrite' ? [...req.currentDashboards] : [];
  if (dashboardId !== null && !dashboards.includes(dashboardId)) dashboards.push(dashboardId);
  return {
    slice_name: req.sliceName.trim(),
    viz_type: formData.viz_type,
    datasource_id: id,
    datasource_type: type,
    params: JSON.stringify(formData),
    query_context: queryContext ? JSON.stringify(queryContext) : null,
    query_context_generation: true,
    dashboards,
  };
}

/** The success toasts of a save, in order. */
export function saveToasts(
  req: SaveRequest,
  dashboardTitle: string | null,
  dashboardCreated: boolean,
): string[] {
  const name = req.sliceName.trim();
  const out = [
    formatMessage(
      req.action === 'overwrite' ? MESSAGES.chartOverwritten : MESSAGES.chartSaved,
      name,
    ),
  ];
  if (dashboardTitle !== null)
    out.push(
      dashboardCreated
        ? formatMessage(MESSAGES.dashboardCreatedWithChart, dashboardTitle, name)
        : formatMessage(MESSAGES.chartAddedToDashboard, name, dashboardTitle),
    );
  return out;
}

export interface SaveResult {
  sliceId: number;
  dashboardId: number | null;
  toasts: string[];
}

export async function saveChart(api: ApiClient, req: SaveRequest): Promise<SaveResult> {
  let dashboardId: number | null = null;
  let dashboardTitle: string | null = null;
  let created = false;
  if (req.dashboard && 'newTitle' in req.dashboard) {
    const res = await api.post<{ id: number }>('/api/v1/dashboard/', {
      dashboard_title: req.dashboard.newTitle.trim(),
    });
    dashboardId = res.id;
    dashboardTitle = req.dashboard.newTitle.trim();
    created = true;
  } else if (req.dashboard) {
    dashboardId = req.dashboard.id;
    dashboardTitle = req.dashboard.title;
  }
  const body = chartBody(req, dashboardId);
  let sliceId: number;
  if (req.action === 'overwrite' && req.sliceId !== null) {
    await api.put(`/api/v1/chart/${req.sliceId}`, body);
    sliceId = req.sliceId;
  } else {
    sliceId = (await api.post<{ id: number }>('/api/v1/chart/', body)).id;
  }
  return { sliceId, dashboardId, toasts: saveToasts(req, dashboardTitle, created) };
}

export interface DashboardOption {
  id: number;
  dashboard_title: string;
}

/** The dashboards offered in the save dialog (the user's writable ones, by title). */
export async function dashboardsToSaveTo(api: ApiClient): Promise<DashboardOption[]> {
  const q = risonEncode({
    columns: ['id', 'dashboard_title'],
    order_column: 'dashboard_title',
    order_direction: 'asc',
    page_size: 100,
  });
  const answer = await api.get<{ result: DashboardOption[] }>(
    `/api/v1/dashboard/?q=${encodeURIComponent(q)}`,
  );
  return answer.result;
}
