import {
  YES_NO,
  favoriteFilter,
  ownersFilter,
  relatedFilter,
  searchFilter,
} from '../../components/ListView/commonFilters';
import type {
  AsyncSelectFilterDef,
  FilterOption,
  ListFilterDef,
  SelectFilterDef,
} from '../../components/ListView/types';

/*
 * The filters of the chart and dashboard lists, as Superset's list pages declare them.
 */

/** What the Type filter needs of a chart plugin. */
export interface VizTypeEntry {
  vizType: string;
  metadata: { name: string };
}

/**
 * A chart type's name for people ("Line Chart" for `echarts_timeseries_line`): its plugin's
 * metadata name, else the key itself (a type no plugin registers).
 */
export function vizTypeName(
  vizType: string | null | undefined,
  plugins: readonly VizTypeEntry[],
): string {
  if (!vizType) return '';
  return plugins.find((p) => p.vizType === vizType)?.metadata.name || vizType;
}

/** The Type filter's options: each registered chart type by its name, sorted by name. */
export function vizTypeOptions(plugins: readonly VizTypeEntry[]): FilterOption[] {
  return plugins
    .map((p) => ({ label: p.metadata.name || p.vizType, value: p.vizType }))
    .sort((a, b) => a.label.localeCompare(b.label));
}

/** Certified: certified items (Yes) or the others (No), by `opr` (e.g. `chart_is_certified`). */
export function certifiedFilter(opr: string): SelectFilterDef {
  return { kind: 'select', id: 'certified', label: 'Certified', col: 'id', opr, options: YES_NO };
}

/** Modified by: the items last changed by the chosen user. */
export function modifiedByFilter(): AsyncSelectFilterDef {
  return relatedFilter('changed_by', 'Modified by', 'rel_o_m');
}

/** The chart list's filters; `vizTypes` are the Type filter's options. */
export function chartListFilters(vizTypes: FilterOption[]): ListFilterDef[] {
  return [
    searchFilter('slice_name', { label: 'Search', opr: 'chart_all_text' }),
    {
      kind: 'select',
      id: 'viz_type',
      label: 'Type',
      col: 'viz_type',
      opr: 'eq',
      options: vizTypes,
    },
    {
      // Options from `related/datasource`: the datasets the user may read.
      kind: 'async',
      id: 'datasource_id',
      label: 'Dataset',
      col: 'datasource_id',
      opr: 'eq',
      source: 'related',
      column: 'datasource',
    },
    ownersFilter(),
    // Options from `related/dashboards`: the dashboards the user may see.
    relatedFilter('dashboards', 'Dashboard', 'rel_m_m'),
    certifiedFilter('chart_is_certified'),
    favoriteFilter('chart_is_favorite'),
    modifiedByFilter(),
  ];
}

/** The dashboard list's filters. */
export const DASHBOARD_LIST_FILTERS: ListFilterDef[] = [
  searchFilter('dashboard_title', { opr: 'title_or_slug' }),
  {
    kind: 'select',
    id: 'status',
    label: 'Status',
    col: 'published',
    opr: 'eq',
    options: [
      { label: 'Published', value: true },
      { label: 'Draft', value: false },
    ],
  },
  ownersFilter(),
  certifiedFilter('dashboard_is_certified'),
  favoriteFilter('dashboard_is_favorite'),
  modifiedByFilter(),
];
