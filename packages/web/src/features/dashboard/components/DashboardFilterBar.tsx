/**
 * The dashboard's native filter bar as the page uses it: the filter bar (vertical beside the
 * grid, or horizontal under the header, as `filter_bar_orientation` says), its saved filter sets,
 * and the filter configuration modal for editors. Loads the datasets filters target that no chart
 * uses, resolves targets given by dataset uuid (Superset bundles), and saves a new configuration
 * into the dashboard's json_metadata.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { FEATURE_FLAGS, type DashboardLayout } from '@strata/core';
import type { ChartDataResult, DataMask, ExploreDatasource, QueryContext } from '@strata/charts';
import { api, errorMessage } from '../../../app/api';
import { useFeatureFlag } from '../../../app/featureFlags';
import { useToasts } from '../../../app/toasts';
import { postChartData } from '../../explore/chartData';
import type { FilterBar as FilterBarComponent } from '../filterBar/FilterBar';
import { FilterBarFrame } from '../filterBar/FilterBarRail';
import type { FilterControl as FilterControlComponent } from '../filterBar/FilterControl';
import type {
  FilterBarSettings as FilterBarSettingsComponent,
  FilterBarSettingsChange,
} from '../filterBar/FilterBarSettings';
import { HORIZONTAL_BAR_MIN_HEIGHT } from '../filterBar/texts';
import type { FilterSetsPanel as FilterSetsPanelComponent } from '../filterSets/FilterSetsPanel';
import type { DashboardMetadata } from '../metadata';
import {
  filtersOutOfScope,
  NATIVE_FILTER_TYPE,
  parseNativeFilters,
  type NativeFilter,
} from '../nativeFilters';
import type { DashboardChart, DatasourcesByKey } from '../types';
import { visibleChartIds } from '../visibility';
import { CSS_VAR } from '@strata/core';

// The configuration modal is for editors, and opened rarely: its code loads when first opened.
const FiltersConfigModal = lazy(() => import('../filterConfig/FiltersConfigModal'));

const COLLAPSED_KEY = 'strata.dashboard.filterBarCollapsed';

/**
 * The bar's code (its controls, their queries, the time range picker) loads apart from the page:
 * a dashboard without filters draws only the rail and never needs it until the bar is opened.
 * Loaded once; no Suspense (the frame keeps the bar's width meanwhile, nothing moves).
 */
interface BarCode {
  FilterBar: typeof FilterBarComponent;
  FilterControl: typeof FilterControlComponent;
  FilterSetsPanel: typeof FilterSetsPanelComponent;
  FilterBarSettings: typeof FilterBarSettingsComponent;
}
let barCode: BarCode | null = null;
let barCodeLoading: Promise<BarCode> | null = null;
function loadBarCode(): Promise<BarCode> {
  barCodeLoading ??= Promise.all([
    import('../filterBar/FilterBar'),
    import('../filterBar/FilterControl'),
    import('../filterSets/FilterSetsPanel'),
    import('../filterBar/FilterBarSettings'),
  ])
    .then(([bar, control, sets, settings]) => {
      barCode = {
        FilterBar: bar.FilterBar,
        FilterControl: control.FilterControl,
        FilterSetsPanel: sets.FilterSetsPanel,
        FilterBarSettings: settings.FilterBarSettings,
      };
      return barCode;
    })
    .catch((e: unknown) => {
      barCodeLoading = null; // tried again the next time
      throw e;
    });
  return barCodeLoading;
}

export interface DashboardFilterBarProps {
  dashboardId: number;
  metadata: DashboardMetadata;
  filters: NativeFilter[];
  dataMasks: Record<string, DataMask>;
  datasources: DatasourcesByKey;
  layout: DashboardLayout;
  activeTabs: string[];
  charts: Record<number, DashboardChart>;
  canEdit: boolean;
  userId: number | null;
  onApply: (masks: Record<string, DataMask>) => void;
  onConfigured: (metadata: DashboardMetadata, filters: NativeFilter[]) => void;
  /** Opens "Cross-filtering scoping" from the settings menu (editors). */
  onOpenCrossFilterScoping?: () => void;
}

/** Posts a query context to the chart data API (a filter's choices, a range's bounds). */
export async function queryChartData(ctx: QueryContext): Promise<ChartDataResult[]> {
  return (await postChartData(ctx)).result;
}

/** Targets given by dataset uuid only (Superset bundles) get the dataset's id when it is known. */
export function withDatasetIds(
  filters: NativeFilter[],
  datasources: Readonly<Record<string, { id: number; uuid?: unknown }>>,
): NativeFilter[] {
  const byUuid = new Map<string, number>();
  for (const d of Object.values(datasources))
    if (typeof d.uuid === 'string') byUuid.set(d.uuid, d.id);
  if (byUuid.size === 0) return filters;
  let changed = false;
  const out = filters.map((f) => {
    if (!f.targets.some((t) => t.datasetId === undefined && t.datasetUuid)) return f;
    changed = true;
    return {
      ...f,
      targets: f.targets.map((t) =>
        t.datasetId === undefined && t.datasetUuid && byUuid.has(t.datasetUuid)
          ? { ...t, datasetId: byUuid.get(t.datasetUuid)! }
          : t,
      ),
    };
  });
  return changed ? out : filters;
}

/** Whether the bar starts collapsed: as the viewer left it, else collapsed when it is empty. */
function initiallyCollapsed(empty: boolean): boolean {
  try {
    const kept = window.localStorage.getItem(COLLAPSED_KEY);
    if (kept !== null) return kept === 'true';
  } catch {
    // Storage refused (private mode): the default.
  }
  return empty;
}

export function DashboardFilterBar(props: DashboardFilterBarProps) {
  const { dashboardId, metadata, dataMasks, layout, activeTabs, charts, canEdit } = props;
  const toasts = useToasts();
  const [extra, setExtra] = useState<Record<string, ExploreDatasource>>({});
  const datasources = useMemo(
    () => ({ ...extra, ...props.datasources }),
    [extra, props.datasources],
  );
  const filters = useMemo(
    () =>
      withDatasetIds(
        props.filters,
        datasources as Record<string, ExploreDatasource & { uuid?: unknown }>,
      ),
    [props.filters, datasources],
  );
  const valueFilters = filters.filter((f) => f.type === NATIVE_FILTER_TYPE);
  const [collapsed, setCollapsed] = useState(() => initiallyCollapsed(valueFilters.length === 0));
  const [configOpen, setConfigOpen] = useState(false);
  const crossFiltersOn = useFeatureFlag(FEATURE_FLAGS.DASHBOARD_CROSS_FILTERS);
  /** Cross-filtering and the bar's orientation, kept in json_metadata. */
  const saveSettings = async (change: FilterBarSettingsChange) => {
    const next = { ...metadata, ...change };
    try {
      await api.put(`/api/v1/dashboard/${dashboardId}`, { json_metadata: JSON.stringify(next) });
      props.onConfigured(next, props.filters);
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
    }
  };

  const orientation = metadata.filter_bar_orientation === 'HORIZONTAL' ? 'HORIZONTAL' : 'VERTICAL';
  const needsCode = valueFilters.length > 0 || !collapsed || orientation === 'HORIZONTAL';
  const [code, setCode] = useState<BarCode | null>(barCode);
  useEffect(() => {
    if (!needsCode || code) return;
    let live = true;
    loadBarCode()
      .then((c) => live && setCode(c))
      .catch((e: unknown) => toasts.addDangerToast(errorMessage(e)));
    return () => {
      live = false;
    };
  }, [needsCode, code, toasts]);

  // Datasets filters target that none of the charts uses.
  const missing = useMemo(() => {
    const ids = new Set<number>();
    for (const f of filters)
      for (const t of f.targets)
        if (t.datasetId !== undefined && !datasources[`${t.datasetId}__table`])
          ids.add(t.datasetId);
    return [...ids];
  }, [filters, datasources]);
  useEffect(() => {
    if (missing.length === 0) return;
    let live = true;
    void Promise.all(
      missing.map((id) =>
        api
          .get<{ result: { dataset: ExploreDatasource } }>(
            `/api/v1/explore/?datasource_id=${id}&datasource_type=table`,
          )
          .then((r) => [`${id}__table`, r.result.dataset] as const)
          .catch(() => null),
      ),
    ).then((found) => {
      if (!live) return;
      const loaded = Object.fromEntries(found.filter((x) => x !== null));
      // A dataset that could not be read is not asked for again.
      for (const id of missing)
        if (!loaded[`${id}__table`])
          loaded[`${id}__table`] = { id, type: 'table', columns: [], metrics: [] };
      setExtra((e) => ({ ...e, ...loaded }));
    });
    return () => {
      live = false;
    };
  }, [missing]);

  const outOfScope = useMemo(
    () => filtersOutOfScope(filters, layout, visibleChartIds(layout, activeTabs)),
    [filters, layout, activeTabs],
  );
  const onCollapsedChange = useCallback((c: boolean) => {
    setCollapsed(c);
    try {
      window.localStorage.setItem(COLLAPSED_KEY, String(c));
    } catch {
      // Not kept: the bar still collapses.
    }
  }, []);

  const chartNames = useMemo(
    () => Object.fromEntries(Object.values(charts).map((c) => [c.id, c.slice_name])),
    [charts],
  );
  const chartDatasets = useMemo(() => {
    const out: Record<number, number> = {};
    for (const c of Object.values(charts)) {
      const id = Number(String(c.datasource ?? '').split('__')[0]);
      if (Number.isInteger(id) && id > 0) out[c.id] = id;
    }
    return out;
  }, [charts]);

  const saveConfiguration = async (configuration: unknown[]) => {
    const next = { ...metadata, native_filter_configuration: configuration };
    await api.put(`/api/v1/dashboard/${dashboardId}`, { json_metadata: JSON.stringify(next) });
    const { filters: parsed } = parseNativeFilters(configuration);
    props.onConfigured(next, parsed);
    setConfigOpen(false);
    if (parsed.some((f) => f.type === NATIVE_FILTER_TYPE)) onCollapsedChange(false);
    toasts.addSuccessToast('The filters were saved');
  };

  if (!code)
    return orientation === 'HORIZONTAL' ? (
      <div
        data-test="filter-bar"
        aria-busy
        style={{ minHeight: HORIZONTAL_BAR_MIN_HEIGHT, background: CSS_VAR.surface }}
      />
    ) : (
      <FilterBarFrame collapsed={collapsed} onExpand={() => onCollapsedChange(false)} />
    );
  const { FilterBar, FilterControl, FilterSetsPanel, FilterBarSettings } = code;
  return (
    <>
      <FilterBar
        filters={filters}
        appliedMasks={dataMasks}
        datasources={datasources}
        outOfScopeIds={outOfScope}
        orientation={orientation}
        canEdit={canEdit}
        collapsed={collapsed}
        onCollapsedChange={onCollapsedChange}
        onApply={props.onApply}
        onOpenConfig={() => setConfigOpen(true)}
        queryData={queryChartData}
        {...(canEdit
          ? {
              settings: (
                <FilterBarSettings
                  crossFiltersEnabled={metadata.cross_filters_enabled !== false}
                  crossFiltersAvailable={crossFiltersOn}
                  orientation={orientation}
                  onChange={(change) => void saveSettings(change)}
                  {...(props.onOpenCrossFilterScoping
                    ? { onOpenScoping: props.onOpenCrossFilterScoping }
                    : {})}
                />
              ),
            }
          : {})}
        {...(valueFilters.length
          ? {
              extra: (
                <FilterSetsPanel
                  dashboardId={dashboardId}
                  filters={filters}
                  appliedMasks={dataMasks}
                  canEditDashboard={canEdit}
                  userId={props.userId}
                  onApply={props.onApply}
                  inline={orientation === 'HORIZONTAL'}
                />
              ),
            }
          : {})}
      />
      {configOpen ? (
        <Suspense fallback={null}>
          <FiltersConfigModal
            open
            filters={filters}
            layout={layout}
            chartNames={chartNames}
            chartDatasets={chartDatasets}
            renderDefaultValue={(filter, mask, onChange) => (
              <FilterControl
                filter={filter}
                datasource={
                  filter.targets[0]?.datasetId !== undefined
                    ? datasources[`${filter.targets[0].datasetId}__table`]
                    : Object.values(datasources)[0]
                }
                mask={mask}
                parentMasks={filter.cascadeParentIds.map((id) => dataMasks[id] ?? {})}
                onChange={onChange}
                queryData={queryChartData}
              />
            )}
            onSave={saveConfiguration}
            onCancel={() => setConfigOpen(false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
