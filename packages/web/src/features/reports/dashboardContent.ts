/**
 * What a dashboard report shows (pure): the dashboard's tabs (from `position_json`) to choose
 * from, its value filters (from `json_metadata.native_filter_configuration`) to give values, and
 * the `extra.dashboard` these choices become (`activeTabs`, `anchor`, `dataMask` keyed by filter
 * id, as a dashboard permalink's state).
 */
import { ROOT_ID, layoutComponents } from '@strata/core';
import type { DashboardLayout, ReportExtra } from '@strata/core';
import type { DataMask } from '@strata/charts';
import { NATIVE_FILTER_TYPE, isPlainObject, parseNativeFilters } from '../dashboard/nativeFilters';
import type { NativeFilter } from '../dashboard/nativeFilters';
import {
  FILTER_SELECT,
  filterColumn,
  isMaskEmpty,
  maskFromValue,
  valueFromMask,
} from '../dashboard/filterBar/filterMasks';
import type { SelectScalar } from '../dashboard/filterBar/filterMasks';

export type DashboardReportView = NonNullable<ReportExtra['dashboard']>;

export interface TabOption {
  /** The TAB component id. */
  value: string;
  /** Its title, nested tabs after their parents': "Sales › Europe". */
  label: string;
}

function parseJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value) as unknown;
  } catch {
    return null;
  }
}

function tabTitle(layout: DashboardLayout, id: string): string {
  const text = layout[id]?.meta?.text;
  return typeof text === 'string' && text.trim() ? text.trim() : id;
}

/** Every tab of a layout (JSON text or object), depth first in layout order. */
export function dashboardTabs(positionJson: unknown): TabOption[] {
  const layout = layoutComponents(parseJson(positionJson));
  const out: TabOption[] = [];
  const seen = new Set<string>();
  const visit = (id: string, path: string[]): void => {
    if (seen.has(id)) return;
    seen.add(id);
    const component = layout[id];
    if (!component) return;
    let next = path;
    if (component.type === 'TAB') {
      next = [...path, tabTitle(layout, id)];
      out.push({ value: id, label: next.join(' › ') });
    }
    for (const child of component.children ?? []) visit(child, next);
  };
  visit(ROOT_ID, []);
  return out;
}

/**
 * The dashboard's value filters a report can set (select filters on a dataset column), from its
 * `json_metadata` (JSON text or object).
 */
export function reportableFilters(jsonMetadata: unknown): NativeFilter[] {
  const metadata = parseJson(jsonMetadata);
  if (!isPlainObject(metadata)) return [];
  const { filters } = parseNativeFilters(metadata.native_filter_configuration);
  return filters.filter(
    (f) =>
      f.type === NATIVE_FILTER_TYPE &&
      f.filterType === FILTER_SELECT &&
      filterColumn(f) !== undefined &&
      typeof f.targets[0]?.datasetId === 'number',
  );
}

/** The values a report gives a select filter. */
export function reportFilterValues(
  view: DashboardReportView | undefined,
  filter: NativeFilter,
): SelectScalar[] {
  const mask = view?.dataMask?.[filter.id];
  const value = valueFromMask(filter, isPlainObject(mask) ? (mask as DataMask) : undefined);
  return Array.isArray(value) ? (value as SelectScalar[]) : [];
}

/** The view with a filter's values set (no values: the filter's entry removed). */
export function withReportFilterValues(
  view: DashboardReportView | undefined,
  filter: NativeFilter,
  values: SelectScalar[],
): DashboardReportView {
  const dataMask = { ...(view?.dataMask ?? {}) };
  const mask = maskFromValue(filter, values);
  if (isMaskEmpty(mask)) delete dataMask[filter.id];
  else dataMask[filter.id] = { id: filter.id, ...mask };
  return { ...view, dataMask };
}

/** The view with the chosen tabs; one tab is also the anchor. */
export function withReportTabs(
  view: DashboardReportView | undefined,
  tabs: string[],
): DashboardReportView {
  const next: DashboardReportView = { ...view, activeTabs: tabs };
  if (tabs.length === 1) next.anchor = tabs[0];
  else delete next.anchor;
  return next;
}

/**
 * The view as saved: tabs and filters that the dashboard no longer has are dropped (when its
 * tabs and filters are known), empty parts left out.
 */
export function cleanReportView(
  view: DashboardReportView | undefined,
  known?: { tabs: readonly TabOption[]; filters: readonly NativeFilter[] },
): DashboardReportView {
  const out: DashboardReportView = { ...view };
  const tabIds = known ? new Set(known.tabs.map((t) => t.value)) : null;
  const activeTabs = (view?.activeTabs ?? []).filter((t) => !tabIds || tabIds.has(t));
  if (activeTabs.length > 0) out.activeTabs = activeTabs;
  else delete out.activeTabs;
  if (out.anchor !== undefined && (out.anchor === '' || (tabIds && !tabIds.has(out.anchor)))) {
    delete out.anchor;
  }
  const filterIds = known ? new Set(known.filters.map((f) => f.id)) : null;
  const dataMask = Object.fromEntries(
    Object.entries(view?.dataMask ?? {}).filter(([id]) => !filterIds || filterIds.has(id)),
  );
  if (Object.keys(dataMask).length > 0) out.dataMask = dataMask;
  else delete out.dataMask;
  return out;
}
