/**
 * The dashboard page (`/superset/dashboard/{id or slug}/`): loads the dashboard, its charts and
 * datasets, draws the layout and each visible chart's data (charts in hidden tabs wait for their
 * tab), refreshes on demand or every `refresh_frequency` seconds (staggered, immune charts
 * left), applies cross filters between charts, and in edit mode lets owners change the layout
 * by drag and drop with undo/redo, then save it.
 */
import {
  createContext,
  lazy,
  startTransition,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useReducer,
  useRef,
  useState,
} from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Alert, Flex, Modal, Result, Select, Skeleton, Tag, Typography } from 'antd';
import { DndContext } from '@dnd-kit/core';
import {
  FEATURE_FLAGS,
  formatMessage,
  isAdminUser,
  layoutChartIds,
  MESSAGES,
  risonEncode,
  UNDO_LIMIT,
  userHasPermission,
  type ComponentMeta,
  type QueryFormData,
} from '@strata/core';
import {
  chartRegistry,
  type ChartDataResult,
  type ChartHooks,
  type DataMask,
} from '@strata/charts';
import { ChartRenderContext, type ChartRenderOptions } from '@strata/charts/components';
import { api, errorAccessLink, errorMessage, isAbortError } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useFeatureFlag } from '../../app/featureFlags';
import { useToasts } from '../../app/toasts';
import { LOG_ACTIONS, useMountLog } from '../../app/logger/eventLogger';
import { usePageTitle } from '../../app/usePageTitle';
import { postChartData } from '../explore/chartData';
import { fetchSavedChart } from '../explore/savedChartApi';
import { runChartQueries } from '../explore/runChartQueries';
import { runChartQuery } from '../explore/runChartQuery';
import type { DashboardExploreContext } from '../explore/dashboardContext';
import type { ExplorePayload } from '../explore/types';
import {
  appliedCrossFilters,
  chartFormDataOnDashboard,
  crossFilterSources,
  dashboardLabelColors,
  type DashboardFilterContext,
} from './chartFormData';
import { BUILDER_PANEL_WIDTH, BuilderPanel } from './components/BuilderPanel';
import { ChartHolder, type ChartAction } from './components/ChartHolder';
import {
  crossFilterEmitters,
  crossFiltersConfiguration,
  crossFilterTargets,
} from './crossFilters/scoping';
import { saveCrossFilterScoping } from './crossFilters/scopingApi';
import { CssEditorModal } from './components/CssEditorModal';
import { DashboardHeader } from './components/DashboardHeader';
import { createEditChrome } from './components/editChrome';
import { useLayoutDnd } from './components/useLayoutDnd';
import { LayoutContext, type LayoutContextValue } from './components/LayoutContext';
import { LayoutRoot } from './components/LayoutNode';
import { PropertiesModal } from './components/PropertiesModal';
import { SaveAsModal } from './components/SaveAsModal';
import { sanitizeCss } from './css';
import {
  dashboardActions as a,
  dashboardReducer,
  initialDashboardState,
  type DashboardState,
} from './dashboardSlice';
import { columnWidth } from './grid';
import {
  canRedo,
  canUndo,
  createComponent,
  deleteComponent,
  resizeComponent,
  toPositionData,
  updateComponentMeta,
  type EditResult,
} from './layout';
import { takeEarlyDashboard } from './earlyStart';
import { openDashboard, visibleChartQueries } from './openDashboard';
import {
  chartsToAutoRefresh,
  parseMetadata,
  refreshDelays,
  type DashboardMetadata,
} from './metadata';
import {
  appliedNativeFilters,
  parseNativeFilters,
  refreshFilterScopes,
  type NativeFilter,
} from './nativeFilters';
import { DashboardFilterBar } from './components/DashboardFilterBar';
import { DOWNLOAD_FAILED, downloadDashboard } from './download/dashboardDownload';
import { addressAfterSave, readDashboardParams, withoutFocusedChart } from './params';
import { useKeptFilterState } from './useKeptFilterState';
import { useHeaderReport } from '../reports/useHeaderReport';
import { useReportReadySignal } from '../explore/chartStatus';
import { tabsRevealing, visibleChartIds, withTabOpened } from './visibility';
import { CSS_VAR } from '@strata/core';

// "Cross-filtering scoping" is for editors, and opened rarely: its code loads when first opened.
const ScopingModal = lazy(() => import('./crossFilters/ScopingModal'));

/** Dashboards draw their charts' first frame without the entry animation (see render-context). */
const DASHBOARD_RENDER: ChartRenderOptions = { animateFirstDraw: false };

const REFRESH_CHOICES: Array<[number, string]> = [
  [0, "Don't refresh"],
  [10, '10 seconds'],
  [30, '30 seconds'],
  [60, '1 minute'],
  [300, '5 minutes'],
  [1800, '30 minutes'],
  [3600, '1 hour'],
  [21600, '6 hours'],
  [43200, '12 hours'],
  [86400, '24 hours'],
];

/**
 * The grid's widths. The layout is drawn at the view-mode width; while editing, the builder
 * panel takes room and the grid is zoomed out to the width left instead of being laid out anew
 * (no chart redraws: entering and leaving edit mode stay instant). Measured when the grid
 * element appears and whenever it changes size (a callback ref: one observer for its life); a
 * new view-mode width re-lays the charts out as a transition.
 */
function useGridWidth(editMode: boolean) {
  const [viewWidth, setViewWidth] = useState(0);
  const [editWidth, setEditWidth] = useState<number | null>(null);
  const editing = useRef(editMode);
  editing.current = editMode;
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLDivElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setViewWidth(Math.floor(el.clientWidth));
    const o = new ResizeObserver((entries) => {
      const w = Math.floor(entries[0]?.contentRect.width ?? el.clientWidth);
      if (editing.current) setEditWidth(w);
      else startTransition(() => setViewWidth(w));
    });
    o.observe(el);
    observer.current = o;
  }, []);
  useEffect(() => () => observer.current?.disconnect(), []);
  useEffect(() => {
    if (!editMode) setEditWidth(null);
  }, [editMode]);
  const available = editMode ? (editWidth ?? viewWidth - BUILDER_PANEL_WIDTH) : viewWidth;
  const zoom = editMode && viewWidth > 0 ? Math.min(1, Math.max(0.3, available / viewWidth)) : 1;
  return { ref, width: viewWidth, zoom };
}

export default function DashboardPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const params = useMemo(
    () => readDashboardParams(location.pathname, location.search),
    // The page reads its address when it changes dashboard; later changes are its own.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [location.pathname],
  );
  const [state, dispatch] = useReducer(dashboardReducer, initialDashboardState);
  const [load, setLoad] = useState<{ loading: boolean; error: string | null; status?: number }>({
    loading: true,
    error: null,
  });
  const [modal, setModal] = useState<null | 'properties' | 'saveAs' | 'css' | 'refresh'>(null);
  const [autoRefresh, setAutoRefresh] = useState(0);
  /** The cross-filtering scoping modal: closed (null), global (undefined) or a chart's. */
  const [scoping, setScoping] = useState<number | undefined | null>(null);
  const toasts = useToasts();
  const user = useCurrentUser();
  const escapeMarkdown = useFeatureFlag(FEATURE_FLAGS.ESCAPE_MARKDOWN_HTML);
  const nativeFiltersOn = useFeatureFlag(FEATURE_FLAGS.DASHBOARD_NATIVE_FILTERS);
  const crossFiltersOn = useFeatureFlag(FEATURE_FLAGS.DASHBOARD_CROSS_FILTERS);
  const grid = useGridWidth(state.editMode);
  const controllers = useRef(new Map<number, AbortController>());
  const [chrome] = useState(createEditChrome);
  const d = state.dashboard;
  const meta = state.metadata;
  // `data-report-ready` on the page: every chart of the open tabs drawn or failed (chartStatus.ts).
  const reportReadyRef = useReportReadySignal('[data-test="dashboard-grid"]');
  const layout = state.history.present;
  usePageTitle(d?.dashboard_title ?? 'Dashboard');
  useMountLog(
    LOG_ACTIONS.mountDashboard,
    d?.id ? { source: 'dashboard', sourceId: d.id, dashboardId: d.id } : null,
    { is_edit_mode: state.editMode, is_published: d?.published ?? null },
  );
  // The e-mail report menu (not on embedded pages, which show no header).
  const report = useHeaderReport({
    kind: 'dashboard',
    targetId: params.standalone ? null : (d?.id ?? null),
    targetName: d?.dashboard_title,
  });

  // The dashboard shown: its address may change to its slug or id without reloading it.
  const shownRef = useRef<{ id: number; slug: string | null } | null>(null);
  shownRef.current = state.dashboard
    ? { id: state.dashboard.id, slug: state.dashboard.slug }
    : shownRef.current;

  // Load the dashboard (and a permalink's state).
  useEffect(() => {
    const shown = shownRef.current;
    if (
      shown &&
      !params.permalinkKey &&
      (params.idOrSlug === String(shown.id) || (!!shown.slug && params.idOrSlug === shown.slug))
    )
      return undefined;
    if (!params.idOrSlug) {
      setLoad({ loading: false, error: 'Not found', status: 404 });
      return undefined;
    }
    const controller = new AbortController();
    setLoad({ loading: true, error: null });
    (async () => {
      if (params.idOrSlug === 'new') {
        // "+ Dashboard": an untitled dashboard, opened in edit mode.
        const created = await api.post<{ id: number }>('/api/v1/dashboard/', {
          dashboard_title: MESSAGES.untitledDashboard,
        });
        navigate(`/superset/dashboard/${created.id}/?edit=true`, { replace: true });
        return;
      }
      // The dashboard and the address's filter state (already on their way when the page was
      // opened directly: see earlyStart.ts), then the visible charts' queries.
      const early = takeEarlyDashboard(location.pathname, location.search);
      const { loaded, urlState } = await (early?.opened ??
        openDashboard(params, controller.signal));
      // Known before the first render of the layout, so no chart is queried twice (the page's
      // code includes the charts' code: this waits for nothing but the queries' start).
      const earlyQueries = early ? await early.queriesStarted.catch(() => null) : null;
      if (controller.signal.aborted) return;
      dispatch(a.loaded(loaded));
      if (urlState.warning) toasts.addWarningToast(urlState.warning);
      for (const { id, formData } of visibleChartQueries(loaded, params.preselectFilters)) {
        const e = earlyQueries?.get(id);
        if (e && e.formDataJson === JSON.stringify(formData))
          trackChartQuery(id, formData, () => e.result);
        else startChartQuery(id, formData, false);
      }
      if (params.focusedChart) {
        const comp = Object.values(loaded.layout).find(
          (c) => c.type === 'CHART' && c.meta?.chartId === params.focusedChart,
        );
        if (comp) {
          let tabs = loaded.activeTabs;
          for (const t of tabsRevealing(loaded.layout, comp.id))
            tabs = withTabOpened(loaded.layout, tabs, t);
          dispatch(a.activeTabsSet(tabs));
          setTimeout(
            () =>
              document.querySelector(`[data-chart-id="${params.focusedChart}"]`)?.scrollIntoView(),
            300,
          );
        }
        const rest = withoutFocusedChart(location.search);
        if (rest !== null) navigate(`${location.pathname}${rest}`, { replace: true });
      }
      setLoad({ loading: false, error: null });
    })().catch((e: unknown) => {
      if (isAbortError(e)) return;
      const status = (e as { status?: number }).status;
      setLoad({ loading: false, error: errorMessage(e), ...(status ? { status } : {}) });
    });
    return () => controller.abort();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [params.idOrSlug, params.permalinkKey]);

  // Filters kept on the server as they change (`native_filters_key` in the address).
  useKeptFilterState({
    dashboardId: d?.id ?? null,
    loadedMasks: state.dataMasksAtLoad,
    dataMasks: state.dataMasks,
    initialKey: params.nativeFiltersKey,
    replaceSearch: (search) => navigate(`${location.pathname}${search}`, { replace: true }),
  });
  const appliedFilters = useMemo(
    () => [
      ...appliedNativeFilters(state.nativeFilters, state.dataMasks).map((f) => ({
        ...f,
        kind: 'native' as const,
      })),
      ...appliedCrossFilters(state.dataMasks, state.charts).map((f) => ({
        ...f,
        kind: 'cross' as const,
        // Where it applies (its chart's cross-filter scope), named on the tag.
        scope: state.metadata
          ? [...crossFilterTargets(Number(f.id), layout, state.metadata)].map(
              (id) => state.charts[id]?.slice_name || String(id),
            )
          : [],
      })),
    ],
    [state.nativeFilters, state.dataMasks, state.charts, state.metadata, layout],
  );

  // Favourite status.
  useEffect(() => {
    if (!d) return;
    api
      .get<{ result: Array<{ id: number; value: boolean }> }>(
        `/api/v1/dashboard/favorite_status/?q=${encodeURIComponent(risonEncode([d.id]))}`,
      )
      .then((r) => dispatch(a.starredSet(r.result[0]?.value === true)))
      .catch(() => toasts.addDangerToast(MESSAGES.dashboardFavoriteStatusError));
  }, [d?.id, toasts]); // eslint-disable-line react-hooks/exhaustive-deps

  const canEdit = useMemo(() => {
    if (!d || !user) return false;
    const owner = d.owners.some((o) => o.id === user.userId);
    return (isAdminUser(user) || owner) && userHasPermission(user, 'can_write', 'Dashboard');
  }, [d, user]);

  // The charts that emit cross filters (their type's INTERACTIVE_CHART behaviour), and who may
  // scope them (editors, with cross filters available).
  const emitters = useMemo(
    () =>
      crossFilterEmitters(
        layoutChartIds(layout),
        (id) => state.charts[id]?.form_data.viz_type ?? state.charts[id]?.viz_type,
        (viz) => chartRegistry.get(viz)?.metadata.behaviors?.includes('INTERACTIVE_CHART') === true,
      ),
    [layout, state.charts],
  );
  const emitterSet = useMemo(() => new Set(emitters), [emitters]);
  const canScopeCrossFilters = canEdit && crossFiltersOn;
  const saveScoping = async (saved: Parameters<typeof saveCrossFilterScoping>[2]) => {
    if (!d || !meta) return;
    try {
      const metadata = await saveCrossFilterScoping(d.id, meta, saved);
      dispatch(a.dashboardUpdated({ dashboard: {}, metadata }));
      setScoping(null);
    } catch (e) {
      toasts.addDangerToast(
        (e as { status?: number }).status === 403
          ? MESSAGES.dashboardEditForbidden
          : errorMessage(e),
      );
    }
  };

  const onNativeFiltersApplied = useCallback(
    (masks: Record<string, DataMask>) => dispatch(a.nativeFilterMasksApplied(masks)),
    [],
  );
  const onNativeFiltersConfigured = useCallback(
    (metadata: DashboardMetadata, filters: NativeFilter[]) =>
      dispatch(a.nativeFiltersConfigured({ metadata, filters })),
    [],
  );

  // Edit mode from the address (only with edit rights).
  useEffect(() => {
    if (d && params.edit && canEdit) dispatch(a.editModeSet(true));
  }, [d?.id, canEdit]); // eslint-disable-line react-hooks/exhaustive-deps

  // One writable label map for all the charts: a label keeps its first colour everywhere.
  const labelColors = useMemo(() => (meta ? dashboardLabelColors(meta) : {}), [meta]);
  const filterCtx = useMemo<DashboardFilterContext | null>(
    () =>
      d && meta
        ? {
            dashboardId: d.id,
            metadata: meta,
            layout,
            // DASHBOARD_NATIVE_FILTERS off: the dashboard's native filters neither show nor apply.
            nativeFilters: nativeFiltersOn ? state.nativeFilters : [],
            dataMasks: state.dataMasks,
            preselect: params.preselectFilters,
          }
        : null,
    [
      d,
      meta,
      layout,
      nativeFiltersOn,
      state.nativeFilters,
      state.dataMasks,
      params.preselectFilters,
    ],
  );
  const crossFilters = useMemo(
    () => (crossFiltersOn ? crossFilterSources(state.dataMasks) : []),
    [crossFiltersOn, state.dataMasks],
  );
  const formDataFor = useCallback(
    (chartId: number): QueryFormData | null => {
      const chart = state.charts[chartId];
      if (!chart || !filterCtx) return null;
      const ds = state.datasources[chart.form_data.datasource ?? chart.datasource ?? ''];
      return chartFormDataOnDashboard(chart, filterCtx, ds, crossFilters);
    },
    [state.charts, state.datasources, filterCtx, crossFilters],
  );

  /** Queries one chart with the given form data (the previous query of the chart aborted). */
  /**
   * Follows one chart's query: the chart's previous query is aborted (and its answer ignored),
   * the chart shows it is loading, then its data or error. `run` starts the query, or hands over
   * one already on its way (an early start's, made with the same form data).
   */
  const trackChartQuery = useCallback(
    (
      chartId: number,
      formData: QueryFormData,
      run: (signal: AbortSignal) => Promise<ChartDataResult[]>,
    ) => {
      controllers.current.get(chartId)?.abort();
      const controller = new AbortController();
      controllers.current.set(chartId, controller);
      dispatch(a.chartQueryStarted({ id: chartId, formData }));
      run(controller.signal)
        .then((queriesResponse) => {
          if (!controller.signal.aborted)
            dispatch(a.chartQuerySucceeded({ id: chartId, queriesResponse, at: Date.now() }));
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted && !isAbortError(e))
            dispatch(
              a.chartQueryFailed({ id: chartId, error: errorMessage(e), link: errorAccessLink(e) }),
            );
        });
    },
    [],
  );

  /** Queries one chart with the given form data. */
  const startChartQuery = useCallback(
    (chartId: number, formData: QueryFormData, force: boolean) =>
      trackChartQuery(chartId, formData, (signal) => runChartQuery(formData, signal, { force })),
    [trackChartQuery],
  );

  const fetchChart = useCallback(
    (chartId: number, force: boolean) => {
      const formData = formDataFor(chartId);
      if (formData) startChartQuery(chartId, formData, force);
    },
    [formDataFor, startChartQuery],
  );

  /**
   * Queries several charts in one call (a dashboard opened, a filter changed, a refresh): each
   * chart is followed as one queried alone, and gets its answer as soon as the server has it.
   */
  const batches = useRef(new Set<AbortController>());
  const fetchCharts = useCallback(
    (ids: readonly number[], force: boolean) => {
      const items: Array<{ id: number; formData: QueryFormData }> = [];
      for (const id of ids) {
        const formData = formDataFor(id);
        if (formData) items.push({ id, formData });
      }
      if (items.length <= 1) {
        for (const { id, formData } of items) startChartQuery(id, formData, force);
        return;
      }
      const batch = new AbortController();
      batches.current.add(batch);
      const results = runChartQueries(
        items.map(({ formData }) => ({ formData, options: { force } })),
        batch.signal,
      );
      void Promise.allSettled(results).then(() => batches.current.delete(batch));
      items.forEach(({ id, formData }, i) => trackChartQuery(id, formData, () => results[i]!));
    },
    [formDataFor, startChartQuery, trackChartQuery],
  );

  // The chart menu's actions, through a ref: one function for the page's life.
  const latest = useRef({ fetchChart, fullSizeChartId: state.fullSizeChartId });
  latest.current = { fetchChart, fullSizeChartId: state.fullSizeChartId };
  const onChartAction = useCallback((action: ChartAction, id: number) => {
    if (action === 'refresh') latest.current.fetchChart(id, true);
    else if (action === 'crossFilterScoping') setScoping(id);
    else if (action === 'fullsize')
      dispatch(a.fullSizeChartSet(latest.current.fullSizeChartId === id ? null : id));
    else dispatch(a.sliceExpandedToggled(id));
  }, []);

  // Query every visible chart whose form data changed (first view, filters, tab opened).
  const visible = useMemo(
    () => visibleChartIds(layout, state.activeTabs),
    [layout, state.activeTabs],
  );
  useEffect(() => {
    const stale: number[] = [];
    for (const id of visible) {
      const wanted = formDataFor(id);
      if (!wanted) continue;
      const current = state.chartStates[id];
      if (current && JSON.stringify(current.formData) === JSON.stringify(wanted)) continue;
      stale.push(id);
    }
    fetchCharts(stale, false);
  }, [visible, formDataFor]); // eslint-disable-line react-hooks/exhaustive-deps

  // "Refresh dashboard": every visible chart, forced.
  const lastNonce = useRef(0);
  useEffect(() => {
    if (state.refreshNonce === lastNonce.current) return;
    lastNonce.current = state.refreshNonce;
    fetchCharts(visible, true);
  }, [state.refreshNonce]); // eslint-disable-line react-hooks/exhaustive-deps

  // Periodic refresh: refresh_frequency (or the session's choice), staggered, immune charts left.
  const frequency = autoRefresh || meta?.refresh_frequency || 0;
  useEffect(() => {
    if (!frequency || !meta || state.editMode) return undefined;
    const timers: Array<ReturnType<typeof setTimeout>> = [];
    const interval = setInterval(() => {
      const ids = chartsToAutoRefresh(visible, meta);
      const delays = refreshDelays(ids, frequency * 1000, meta);
      for (const id of ids)
        timers.push(setTimeout(() => fetchChart(id, true), delays.get(id) ?? 0));
    }, frequency * 1000);
    return () => {
      clearInterval(interval);
      timers.forEach(clearTimeout);
    };
  }, [frequency, meta, visible, fetchChart, state.editMode]);

  useEffect(
    () => () => {
      controllers.current.forEach((c) => c.abort());
      batches.current.forEach((c) => c.abort());
    },
    [],
  );

  // Charts dropped from the builder that the page has not loaded yet: their definition and
  // dataset from Explore's hydration call.
  const requested = useRef(new Set<number>());
  useEffect(() => {
    for (const id of layoutChartIds(layout)) {
      if (state.charts[id] || requested.current.has(id)) continue;
      requested.current.add(id);
      api
        .get<{ result: ExplorePayload }>(`/api/v1/explore/?slice_id=${id}`)
        .then(({ result }) => {
          if (!result.slice) return;
          const formData = result.form_data as QueryFormData;
          if (result.dataset) {
            const key = `${result.dataset.id}__${result.dataset.type}`;
            dispatch(a.datasourceAdded({ key, datasource: result.dataset }));
          }
          dispatch(
            a.chartAdded({
              id,
              slice_name: result.slice.slice_name,
              viz_type: formData.viz_type,
              form_data: formData,
              description: result.slice.description ?? null,
            }),
          );
        })
        .catch((e: unknown) => toasts.addDangerToast(errorMessage(e)));
    }
  }, [layout, state.charts, toasts]);

  // Edits.
  const apply = useCallback(
    (result: EditResult) => {
      if (!result.ok) {
        if (
          result.code === 'notEnoughSpace' ||
          result.code === 'topLevelTabIntoNested' ||
          result.code === 'missingChartDefinition'
        )
          toasts.addDangerToast(result.error);
        return;
      }
      if (result.warning) toasts.addWarningToast(result.warning);
      dispatch(a.layoutEdited(result.layout));
    },
    [toasts],
  );
  const layoutRef = useRef(layout);
  layoutRef.current = layout;
  const ctx = useMemo<LayoutContextValue>(
    () => ({
      layout,
      editMode: state.editMode,
      colWidth: columnWidth(grid.width),
      zoom: grid.zoom,
      activeTabs: state.activeTabs,
      openTab: (tab) =>
        dispatch(a.activeTabsSet(withTabOpened(layoutRef.current, state.activeTabs, tab))),
      escapeMarkdown,
      renderChart: ({ chartId, width, height, nameOverride }) => (
        <DashboardChartSlot
          key={chartId}
          chartId={chartId}
          width={width}
          height={height}
          nameOverride={nameOverride}
        />
      ),
      updateMeta: (id, m: Partial<ComponentMeta>) =>
        apply(updateComponentMeta(layoutRef.current, id, m)),
      resize: (id, size) => apply(resizeComponent(layoutRef.current, id, size)),
      remove: (id) => apply(deleteComponent(layoutRef.current, id)),
      chrome,
      addTab: (tabsId) => {
        const tabs = layoutRef.current[tabsId];
        if (!tabs) return;
        apply(
          createComponent(layoutRef.current, {
            destination: { id: tabsId, index: tabs.children.length },
            dragging: { type: 'TAB' },
          }),
        );
      },
    }),
    // DashboardChartSlot reads the charts' data from its own context below.
    [
      layout,
      state.editMode,
      grid.width,
      grid.zoom,
      state.activeTabs,
      apply,
      escapeMarkdown,
      chrome,
    ],
  );

  const chartsRef = useRef(state.charts);
  chartsRef.current = state.charts;
  const chartName = useCallback((id: number) => chartsRef.current[id]?.slice_name, []);
  const dnd = useLayoutDnd({ layout, chrome, apply, chartName });

  // Keyboard: undo/redo in edit mode; Escape leaves a full-size chart.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (
        target &&
        (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA' || target.isContentEditable)
      )
        return;
      if (e.key === 'Escape' && state.fullSizeChartId !== null) dispatch(a.fullSizeChartSet(null));
      if (!state.editMode || !(e.ctrlKey || e.metaKey) || e.key.toLowerCase() !== 'z') return;
      e.preventDefault();
      dispatch(e.shiftKey ? a.redone() : a.undone());
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [state.editMode, state.fullSizeChartId]);

  // Leaving with unsaved changes asks first.
  useEffect(() => {
    if (!state.history.hasUnsavedChanges || !state.editMode) return undefined;
    const onBeforeUnload = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [state.history.hasUnsavedChanges, state.editMode]);

  useEffect(() => {
    if (state.history.maxUndoHistoryExceeded)
      toasts.addWarningToast(formatMessage(MESSAGES.undoLimitReached, UNDO_LIMIT));
  }, [state.history.maxUndoHistoryExceeded, toasts]);

  const [title, setTitle] = useState('');
  useEffect(() => setTitle(d?.dashboard_title ?? ''), [d?.dashboard_title, state.editMode]);

  const save = async (confirmed = false) => {
    if (!d || !meta) return;
    dispatch(a.savingSet(true));
    try {
      if (!confirmed) {
        const latest = await api.get<{
          result: { changed_on?: string; changed_by?: { id: number } | null };
        }>(`/api/v1/dashboard/${d.id}`);
        const changedElsewhere =
          latest.result.changed_on !== d.changed_on &&
          latest.result.changed_by?.id !== user?.userId;
        if (changedElsewhere) {
          dispatch(a.savingSet(false));
          Modal.confirm({
            title: 'Overwrite the changes?',
            content: `${MESSAGES.confirmOverwrite} Someone else saved this dashboard after you opened it.`,
            okText: 'Overwrite',
            onOk: () => save(true),
          });
          return;
        }
      }
      // The filters' saved scopes follow the new layout (charts added since are in scope).
      const savedMeta: DashboardMetadata = {
        ...meta,
        native_filter_configuration: refreshFilterScopes(
          meta.native_filter_configuration,
          layout,
        ) as unknown[],
        expanded_slices: Object.fromEntries(
          Object.entries(state.expandedSlices).filter(([, v]) => v),
        ),
      };
      const body = {
        dashboard_title: title.trim() || MESSAGES.untitledDashboard,
        position_json: JSON.stringify(toPositionData(layout)),
        json_metadata: JSON.stringify(savedMeta),
        css: state.css,
      };
      const res = await api.put<{ result: Record<string, unknown>; last_modified_time?: number }>(
        `/api/v1/dashboard/${d.id}`,
        body,
      );
      const fresh = await api.get<{
        result: { changed_on?: string; changed_on_delta_humanized?: string; slug?: string | null };
      }>(`/api/v1/dashboard/${d.id}`);
      void res;
      dispatch(
        a.saved({
          dashboard: {
            dashboard_title: body.dashboard_title,
            css: body.css,
            position_json: body.position_json,
            ...fresh.result,
          },
        }),
      );
      dispatch(
        a.nativeFiltersConfigured({
          metadata: savedMeta,
          filters: parseNativeFilters(savedMeta.native_filter_configuration).filters,
        }),
      );
      toasts.addSuccessToast(MESSAGES.dashboardSaved);
      // Out of edit mode in the address too (`?edit=true` goes), on the slug if it has one.
      const slug = fresh.result.slug === undefined ? d.slug : fresh.result.slug;
      navigate(addressAfterSave({ id: d.id, slug }, location.search), { replace: true });
    } catch (e) {
      dispatch(a.savingSet(false));
      const status = (e as { status?: number }).status;
      toasts.addDangerToast(
        status === 403
          ? MESSAGES.dashboardSaveForbidden
          : formatMessage(MESSAGES.dashboardSaveError, errorMessage(e)),
      );
    }
  };

  const togglePublished = async () => {
    if (!d) return;
    try {
      await api.put(`/api/v1/dashboard/${d.id}`, { published: !d.published });
      dispatch(a.publishedSet(!d.published));
      toasts.addSuccessToast(d.published ? MESSAGES.dashboardHidden : MESSAGES.dashboardPublished);
    } catch (e) {
      toasts.addDangerToast(
        (e as { status?: number }).status === 403
          ? MESSAGES.dashboardEditForbidden
          : errorMessage(e),
      );
    }
  };

  const toggleStar = async () => {
    if (!d) return;
    const path = `/api/v1/dashboard/${d.id}/favorites/`;
    try {
      if (state.isStarred) await api.delete(path);
      else await api.post(path);
      dispatch(a.starredSet(!state.isStarred));
    } catch {
      toasts.addDangerToast(MESSAGES.dashboardFavoriteError);
    }
  };

  const sharePermalink = async (): Promise<string | null> => {
    if (!d) return null;
    try {
      const res = await api.post<{ url: string }>(`/api/v1/dashboard/${d.id}/permalink`, {
        dataMask: state.dataMasks,
        activeTabs: state.activeTabs,
        urlParams: [],
      });
      return res.url;
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
      return null;
    }
  };

  const onMenu = async (key: string) => {
    if (!d) return;
    if (report.onMenuClick(key)) return;
    if (key === 'refresh') dispatch(a.refreshRequested());
    else if (key === 'properties') setModal('properties');
    else if (key === 'saveAs') setModal('saveAs');
    else if (key === 'css') setModal('css');
    else if (key === 'autoRefresh') setModal('refresh');
    else if (key === 'fullscreen') {
      const p = new URLSearchParams(location.search);
      if (p.get('standalone')) p.delete('standalone');
      else p.set('standalone', '1');
      window.location.search = p.toString();
    } else if (key === 'share') {
      const url = await sharePermalink();
      if (url) {
        await navigator.clipboard.writeText(url).catch(() => undefined);
        toasts.addSuccessToast('Copied to clipboard!');
      }
    } else if (key === 'email') {
      const url = await sharePermalink();
      if (url)
        window.location.href = `mailto:?Subject=${encodeURIComponent(d.dashboard_title)}&Body=${encodeURIComponent(`Check out this dashboard: ${url}`)}`;
    } else if (key === 'downloadPdf' || key === 'downloadImage') {
      const grid = document.querySelector<HTMLElement>('[data-test="dashboard-grid"]');
      if (!grid) return;
      try {
        await downloadDashboard(grid, d.dashboard_title, key === 'downloadPdf' ? 'pdf' : 'image');
      } catch {
        toasts.addDangerToast(DOWNLOAD_FAILED);
      }
    } else if (key === 'delete') {
      Modal.confirm({
        title: 'Delete dashboard?',
        content: `Are you sure you want to delete ${d.dashboard_title}?`,
        okText: 'Delete',
        okButtonProps: { danger: true },
        onOk: async () => {
          try {
            await api.delete(`/api/v1/dashboard/${d.id}`);
            toasts.addSuccessToast(`Deleted: ${d.dashboard_title}`);
            navigate('/dashboard/list/');
          } catch (e) {
            toasts.addDangerToast(errorMessage(e));
          }
        },
      });
    }
  };

  if (load.loading)
    return (
      <Flex vertical gap={16} style={{ padding: 24 }} aria-busy="true">
        <Skeleton.Input active style={{ width: 320 }} />
        <Skeleton active paragraph={{ rows: 8 }} />
      </Flex>
    );
  if (load.error || !d || !meta)
    return (
      <Result
        data-report-error={String(load.status ?? 'error')}
        status={load.status === 404 ? '404' : load.status === 403 ? '403' : 'error'}
        title={load.status === 404 ? 'Dashboard not found' : 'The dashboard could not be opened'}
        subTitle={load.error}
      />
    );

  const placed = new Set(layoutChartIds(layout));
  const menuItems = [
    { key: 'refresh', label: 'Refresh dashboard' },
    { key: 'autoRefresh', label: 'Set auto-refresh interval' },
    { key: 'fullscreen', label: params.standalone ? 'Exit fullscreen' : 'Enter fullscreen' },
    { type: 'divider' as const },
    { key: 'share', label: 'Copy permalink to clipboard' },
    { key: 'email', label: 'Share permalink by email' },
    {
      key: 'download',
      label: 'Download',
      children: [
        { key: 'downloadPdf', label: 'Export to PDF' },
        { key: 'downloadImage', label: 'Download as image' },
      ],
    },
    ...(report.items.length ? [{ type: 'divider' as const }, ...report.items] : []),
    { type: 'divider' as const },
    ...(canEdit
      ? [
          { key: 'properties', label: 'Edit properties' },
          { key: 'css', label: 'Edit CSS' },
        ]
      : []),
    { key: 'saveAs', label: 'Save as' },
    ...(canEdit ? [{ key: 'delete', label: 'Delete' }] : []),
  ];

  // The native filter bar: in view mode, for dashboards with filters or users who may add them.
  const showFilterBar =
    nativeFiltersOn &&
    !state.editMode &&
    !params.standalone &&
    (canEdit || state.nativeFilters.some((f) => f.type === 'NATIVE_FILTER'));
  const horizontalFilters = meta.filter_bar_orientation === 'HORIZONTAL';
  const filterBar = showFilterBar ? (
    <DashboardFilterBar
      dashboardId={d.id}
      metadata={meta}
      filters={state.nativeFilters}
      dataMasks={state.dataMasks}
      datasources={state.datasources}
      layout={layout}
      activeTabs={state.activeTabs}
      charts={state.charts}
      canEdit={canEdit}
      userId={user?.userId ?? null}
      onApply={onNativeFiltersApplied}
      onConfigured={onNativeFiltersConfigured}
      {...(canScopeCrossFilters ? { onOpenCrossFilterScoping: () => setScoping(undefined) } : {})}
    />
  ) : null;

  return (
    <DashboardDataContext.Provider
      value={{
        state,
        formDataFor,
        reportMode: params.reportMode,
        labelColors,
        fetchChart,
        // No cross filtering while editing (the charts keep their props: no redraw).
        setMask: (id, mask) => {
          if (!state.editMode) dispatch(a.dataMaskSet({ id, mask }));
        },
        toggleFullSize: (id) =>
          dispatch(a.fullSizeChartSet(state.fullSizeChartId === id ? null : id)),
        toggleExpanded: (id) => dispatch(a.sliceExpandedToggled(id)),
        onChartAction,
        crossFilterScopingFor: canScopeCrossFilters ? emitterSet : null,
      }}
    >
      <ChartRenderContext.Provider value={DASHBOARD_RENDER}>
        <DndContext {...dnd.dndProps}>
          <Flex
            vertical
            style={{ flex: 1, minHeight: 0, background: CSS_VAR.layout }}
            data-test="dashboard-page"
            ref={reportReadyRef}
          >
            {state.css ? <style>{sanitizeCss(state.css)}</style> : null}
            {params.standalone ? null : (
              <DashboardHeader
                dashboard={d}
                title={title}
                editMode={state.editMode}
                canEdit={canEdit}
                canSave={
                  state.history.hasUnsavedChanges ||
                  title !== d.dashboard_title ||
                  state.css !== (d.css ?? '')
                }
                starred={state.isStarred}
                saving={state.dashboardIsSaving}
                canUndo={canUndo(state.history)}
                canRedo={canRedo(state.history)}
                hasUnsavedChanges={state.history.hasUnsavedChanges}
                onTitleChange={setTitle}
                onToggleStar={() => void toggleStar()}
                onTogglePublished={() => void togglePublished()}
                onRefresh={() => dispatch(a.refreshRequested())}
                onEdit={() => dispatch(a.editModeSet(true))}
                onDiscard={() => dispatch(a.editsDiscarded())}
                onSave={() => void save()}
                onUndo={() => dispatch(a.undone())}
                onRedo={() => dispatch(a.redone())}
                menuItems={menuItems}
                onMenu={(k) => void onMenu(k)}
              />
            )}
            {filterBar && horizontalFilters ? filterBar : null}
            <Flex style={{ flex: 1, minHeight: 0 }}>
              {filterBar && !horizontalFilters ? filterBar : null}
              <div
                style={{
                  flex: 1,
                  minWidth: 0,
                  overflow: 'auto',
                  // Edit mode: room on the left for the rows' toolbars.
                  padding: state.editMode ? '16px 24px 16px 44px' : '16px 24px',
                }}
              >
                {state.problems.length ? (
                  <Alert
                    type="warning"
                    showIcon
                    closable
                    message="Parts of this dashboard could not be read and were repaired"
                    description={
                      <ul style={{ margin: 0, paddingLeft: 16 }}>
                        {state.problems.map((p) => (
                          <li key={p}>{p}</li>
                        ))}
                      </ul>
                    }
                    style={{ marginBottom: 12 }}
                  />
                ) : null}
                {appliedFilters.length ? (
                  <Flex
                    wrap
                    gap={6}
                    align="center"
                    style={{ marginBottom: 12 }}
                    data-test="applied-native-filters"
                  >
                    <Typography.Text type="secondary">Filters applied:</Typography.Text>
                    {appliedFilters.map((f) => (
                      <Tag
                        key={f.id}
                        closable
                        closeIcon
                        color={f.kind === 'cross' ? 'blue' : undefined}
                        title={
                          'scope' in f
                            ? `Cross filter, applied to: ${f.scope.join(', ') || 'no chart'}`
                            : 'Native filter'
                        }
                        onClose={(e) => {
                          e.preventDefault();
                          dispatch(
                            a.dataMaskSet({
                              id: f.id,
                              mask: { extraFormData: {}, filterState: { value: null } },
                            }),
                          );
                        }}
                        style={{ marginInlineEnd: 0 }}
                        data-test="applied-filter"
                      >
                        <Typography.Text strong>{f.name}</Typography.Text>: {f.value}
                      </Tag>
                    ))}
                  </Flex>
                ) : null}
                <div ref={grid.ref} style={{ width: '100%' }}>
                  {grid.width > 0 ? (
                    <div
                      style={grid.zoom < 1 ? { width: grid.width, zoom: grid.zoom } : undefined}
                      data-test="dashboard-grid"
                    >
                      <LayoutContext.Provider value={ctx}>
                        <LayoutRoot />
                      </LayoutContext.Provider>
                    </div>
                  ) : null}
                </div>
              </div>
              {state.editMode ? <BuilderPanel placedCharts={placed} /> : null}
            </Flex>
          </Flex>
          {dnd.overlay}
        </DndContext>
      </ChartRenderContext.Provider>
      {state.fullSizeChartId !== null ? <FullSizeChart chartId={state.fullSizeChartId} /> : null}
      {report.element}
      {scoping !== null ? (
        <Suspense fallback={null}>
          <ScopingModal
            layout={layout}
            {...crossFiltersConfiguration(layout, meta, emitters)}
            emitters={emitters}
            chartNames={Object.fromEntries(
              Object.values(state.charts).map((c) => [c.id, c.slice_name]),
            )}
            initialChartId={scoping}
            crossFiltersEnabled={meta.cross_filters_enabled !== false}
            onSave={saveScoping}
            onClose={() => setScoping(null)}
          />
        </Suspense>
      ) : null}
      {modal === 'properties' ? (
        <PropertiesModal
          dashboard={d}
          metadata={meta}
          onClose={() => setModal(null)}
          onSaved={(saved) => {
            dispatch(
              a.dashboardUpdated({
                dashboard: saved.dashboard,
                metadata: parseMetadata(saved.metadata).metadata,
              }),
            );
            setModal(null);
          }}
        />
      ) : null}
      {modal === 'saveAs' ? (
        <SaveAsModal
          dashboardId={d.id}
          title={d.dashboard_title}
          layout={layout}
          metadata={meta}
          css={state.css}
          onClose={() => setModal(null)}
          onCopied={(id) => {
            setModal(null);
            navigate(`/superset/dashboard/${id}/`);
          }}
        />
      ) : null}
      {modal === 'css' ? (
        <CssEditorModal
          css={state.css}
          onChange={(css) => dispatch(a.cssSet(css))}
          onClose={() => setModal(null)}
        />
      ) : null}
      {modal === 'refresh' ? (
        <Modal
          open
          title="Refresh interval"
          onCancel={() => setModal(null)}
          onOk={() => setModal(null)}
          cancelButtonProps={{ style: { display: 'none' } }}
        >
          <Typography.Paragraph type="secondary">
            Charts refresh at this interval for this session (staggered over the interval; charts
            marked immune are left).
          </Typography.Paragraph>
          <Select
            aria-label="Refresh frequency"
            value={frequency}
            onChange={(v: number) => setAutoRefresh(v)}
            style={{ width: '100%' }}
            options={REFRESH_CHOICES.map(([value, label]) => ({ value, label }))}
          />
        </Modal>
      ) : null}
    </DashboardDataContext.Provider>
  );
}

// The charts' data, read by each chart slot (kept out of the layout context so a chart's data
// arriving does not redraw the whole layout tree's chrome).

interface DashboardData {
  state: DashboardState;
  formDataFor: (chartId: number) => QueryFormData | null;
  /** Charts drawn as in a report's picture (no menu, no cache label). */
  reportMode: boolean;
  labelColors: Record<string, string>;
  fetchChart: (chartId: number, force: boolean) => void;
  setMask: (chartId: number, mask: DataMask) => void;
  toggleFullSize: (chartId: number) => void;
  toggleExpanded: (chartId: number) => void;
  /** Stable for the page's life (chart holders are memoised on it). */
  onChartAction: (action: ChartAction, chartId: number) => void;
  /** The charts whose menu offers "Cross-filtering scoping"; null: none (not an editor). */
  crossFilterScopingFor: ReadonlySet<number> | null;
}

const DashboardDataContext = createContext<DashboardData | null>(null);

function DashboardChartSlot({
  chartId,
  width,
  height,
  nameOverride,
}: {
  chartId: number | undefined;
  width: number;
  height: number;
  nameOverride: string | undefined;
}) {
  const data = useContext(DashboardDataContext);
  const crossFiltersOn = useFeatureFlag(FEATURE_FLAGS.DASHBOARD_CROSS_FILTERS);
  const dashboardId = data?.state.dashboard?.id;
  const dashboardMeta = data?.state.metadata;
  // "Edit chart" opens Explore in the dashboard's colours (stable for the memoised holder).
  const exploreContext = useMemo<DashboardExploreContext | undefined>(
    () =>
      dashboardId !== undefined && dashboardMeta
        ? {
            dashboardId,
            labelColors: dashboardMeta.label_colors ?? {},
            colorScheme: dashboardMeta.color_scheme ?? null,
          }
        : undefined,
    [dashboardId, dashboardMeta],
  );
  const hooks = useMemo<ChartHooks>(
    () => ({
      setDataMask: (mask: DataMask) => chartId !== undefined && data?.setMask(chartId, mask),
      postChartData: async (context) => (await postChartData(context)).result,
      getSavedChart: fetchSavedChart,
    }),
    // The setter is stable for the page's life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [chartId],
  );
  if (!data || chartId === undefined)
    return (
      <div style={{ width, height, padding: 16, background: CSS_VAR.surface }}>
        <Alert type="warning" showIcon message={MESSAGES.missingChartDefinition} />
      </div>
    );
  const { state } = data;
  const chart = state.charts[chartId];
  const chartState = state.chartStates[chartId];
  const datasource = chart
    ? state.datasources[chart.form_data.datasource ?? chart.datasource ?? '']
    : undefined;
  return (
    <ChartHolder
      chartId={chartId}
      chart={chart}
      state={chartState}
      datasource={datasource}
      formData={chartState?.formData ?? null}
      width={width}
      height={height}
      labelColors={data.labelColors}
      exploreContext={exploreContext}
      hooks={hooks}
      emitCrossFilters={crossFiltersOn && state.metadata?.cross_filters_enabled !== false}
      filterState={state.dataMasks[String(chartId)]?.filterState}
      fullSize={state.fullSizeChartId === chartId}
      expanded={state.expandedSlices[chartId] === true}

      {...(nameOverride ? { nameOverride } : {})}
      editMode={state.editMode}
      controls={!data.reportMode}
      onAction={data.onChartAction}
      crossFilterScoping={data.crossFilterScopingFor?.has(chartId) === true}
    />
  );
}

function FullSizeChart({ chartId }: { chartId: number }) {
  const data = useContext(DashboardDataContext);
  const [size, setSize] = useState({ w: window.innerWidth - 64, h: window.innerHeight - 64 });
  useEffect(() => {
    const onResize = () => setSize({ w: window.innerWidth - 64, h: window.innerHeight - 64 });
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  if (!data) return null;
  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        background: 'rgba(0,0,0,0.45)',
        zIndex: 1000,
        padding: 32,
      }}
      onClick={(e) => e.target === e.currentTarget && data.toggleFullSize(chartId)}
      data-test="fullsize-chart"
    >
      <DashboardChartSlot
        chartId={chartId}
        width={size.w}
        height={size.h}
        nameOverride={undefined}
      />
    </div>
  );
}
