/**
 * A chart's form data on the dashboard: its saved form data with the dashboard's colour scheme
 * and label colours, the dashboard id, and the filters other charts and the URL apply to it
 * (cross filters from data masks, legacy preselect filters) as `extra_form_data`, only on
 * columns its dataset has.
 */
import type { QueryFilterClause, QueryFormData } from '@strata/core';
import type { DataMask, ExploreDatasource } from '@strata/charts';
import type { DashboardMetadata } from './metadata';

export interface CrossFilterSource {
  chartId: number;
  mask: DataMask;
}

function filtersOf(mask: DataMask): QueryFilterClause[] {
  const f = (mask.extraFormData as { filters?: QueryFilterClause[] } | undefined)?.filters;
  return Array.isArray(f) ? f : [];
}

export function dashboardChartFormData(
  saved: QueryFormData,
  chartId: number,
  dashboardId: number,
  meta: DashboardMetadata,
  masks: readonly CrossFilterSource[],
  preselect: Record<string, Record<string, unknown>>,
  datasource: ExploreDatasource | undefined,
): QueryFormData {
  const columns = new Set((datasource?.columns ?? []).map((c) => c.column_name));
  const applies = (col: unknown) => typeof col === 'string' && columns.has(col);
  const filters: QueryFilterClause[] = [];
  if (meta.cross_filters_enabled) {
    for (const { chartId: source, mask } of masks) {
      if (source === chartId) continue;
      for (const f of filtersOf(mask)) if (applies(f.col)) filters.push(f);
    }
  }
  for (const [, byColumn] of Object.entries(preselect)) {
    if (!byColumn || typeof byColumn !== 'object') continue;
    for (const [col, values] of Object.entries(byColumn)) {
      if (col.startsWith('__') || !applies(col)) continue;
      const val = Array.isArray(values) ? values : [values];
      if (val.length) filters.push({ col, op: 'IN', val: val as Array<string | number> });
    }
  }
  return {
    ...saved,
    slice_id: chartId,
    dashboardId,
    ...(meta.color_scheme ? { color_scheme: meta.color_scheme } : {}),
    ...(meta.color_namespace ? { color_namespace: meta.color_namespace } : {}),
    ...(filters.length ? { extra_form_data: { filters } } : {}),
  };
}

/** Label → colour for every chart: shared colours, overridden by the dashboard's own. */
export function dashboardLabelColors(meta: DashboardMetadata): Record<string, string> {
  return { ...meta.shared_label_colors, ...meta.label_colors };
}
