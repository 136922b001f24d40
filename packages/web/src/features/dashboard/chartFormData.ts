/**
 * A chart's form data on the dashboard: its saved form data with the dashboard's colour scheme
 * and label colours, the dashboard id, and the filters applied to it as `extra_form_data`: the
 * native filters in whose scope it is (already merged, see nativeFilters.ts), then the cross
 * filters of the charts whose cross-filter scope holds it (crossFilters/scoping.ts) and the legacy
 * preselect filters, these two only on columns its dataset has.
 */
import type {
  DashboardLayout,
  ExtraFormData,
  QueryFilterClause,
  QueryFormData,
} from '@strata/core';
import type { DataMask, ExploreDatasource } from '@strata/charts';
import { crossFilterTargets } from './crossFilters/scoping';
import type { DashboardMetadata } from './metadata';
import { combineExtraFormData, nativeExtraFormData, type NativeFilter } from './nativeFilters';
import type { DashboardChart } from './types';

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
  nativeExtra: ExtraFormData = {},
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
  const extra = filters.length ? combineExtraFormData(nativeExtra, { filters }) : nativeExtra;
  return {
    ...saved,
    slice_id: chartId,
    dashboardId,
    ...(meta.color_scheme ? { color_scheme: meta.color_scheme } : {}),
    ...(meta.color_namespace ? { color_namespace: meta.color_namespace } : {}),
    ...(Object.keys(extra).length ? { extra_form_data: extra as Record<string, unknown> } : {}),
  };
}

/** Label → colour for every chart: shared colours, overridden by the dashboard's own. */
export function dashboardLabelColors(meta: DashboardMetadata): Record<string, string> {
  return { ...meta.shared_label_colors, ...meta.label_colors };
}

/** What decides the filters a chart gets on the dashboard. */
export interface DashboardFilterContext {
  dashboardId: number;
  metadata: DashboardMetadata;
  layout: DashboardLayout;
  nativeFilters: readonly NativeFilter[];
  /** By native filter id, and by chart id (as text) for cross filters. */
  dataMasks: Readonly<Record<string, DataMask>>;
  preselect: Record<string, Record<string, unknown>>;
}

/** The cross filters among the data masks: those keyed by a chart id. */
export function crossFilterSources(
  dataMasks: Readonly<Record<string, DataMask>>,
): CrossFilterSource[] {
  return Object.entries(dataMasks)
    .filter(([id]) => /^\d+$/.test(id))
    .map(([id, mask]) => ({ chartId: Number(id), mask }));
}

/**
 * A chart's form data on the dashboard: native filters in scope, the cross filters of the charts
 * whose cross-filter scope holds it, and preselect filters.
 */
export function chartFormDataOnDashboard(
  chart: DashboardChart,
  ctx: DashboardFilterContext,
  datasource: ExploreDatasource | undefined,
  crossFilters: readonly CrossFilterSource[] = crossFilterSources(ctx.dataMasks),
): QueryFormData {
  const inScope = crossFilters.filter((s) =>
    crossFilterTargets(s.chartId, ctx.layout, ctx.metadata).has(chart.id),
  );
  return dashboardChartFormData(
    chart.form_data,
    chart.id,
    ctx.dashboardId,
    ctx.metadata,
    inScope,
    ctx.preselect,
    datasource,
    nativeExtraFormData(chart.id, ctx.nativeFilters, ctx.dataMasks, ctx.layout),
  );
}

/** A filter shown as applied: its mask id, what set it, and its value in words. */
export interface AppliedFilter {
  id: string;
  name: string;
  value: string;
}

/** The cross filters in force: the chart that set each, and "column: values". */
export function appliedCrossFilters(
  dataMasks: Readonly<Record<string, DataMask>>,
  charts: Readonly<Record<number, DashboardChart>>,
): AppliedFilter[] {
  const out: AppliedFilter[] = [];
  for (const { chartId, mask } of crossFilterSources(dataMasks)) {
    const parts = filtersOf(mask).map((f) => {
      const vals = Array.isArray(f.val) ? f.val : [f.val];
      return `${String(f.col)}: ${vals.map((v) => (v === null ? 'N/A' : String(v))).join(', ')}`;
    });
    if (parts.length)
      out.push({
        id: String(chartId),
        name: charts[chartId]?.slice_name || `Chart ${chartId}`,
        value: parts.join('; '),
      });
  }
  return out;
}
