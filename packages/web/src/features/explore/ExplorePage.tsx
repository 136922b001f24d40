/**
 * Explore: opened with `form_data_key`, `slice_id` or `datasource_id` (+ `datasource_type`).
 * Three panes: the dataset, the control panel, the chart (run/stop, row count, status, errors,
 * and the data pane). Query controls mark the chart stale until "Update chart" (Ctrl+Enter);
 * display-only controls redraw at once from the same data.
 */
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { Alert, Button, Empty, Flex, Result, Skeleton, Spin, Tag, Tooltip, Typography } from 'antd';
import {
  ChartRenderContext,
  preloadChart,
  type ChartRenderOptions,
} from '@strata/charts/components';
import { DndContext, PointerSensor, useSensor, useSensors } from '@dnd-kit/core';
import { CaretRightOutlined, SaveOutlined, StopOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import {
  chartRegistry,
  controlPanelState,
  listControls,
  validationMessages,
  type ChartHooks,
  type ControlState,
} from '@strata/charts';
import { api, errorAccessLink, errorMessage, isAbortError } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { LOG_ACTIONS, useMountLog } from '../../app/logger/eventLogger';
import { usePageTitle } from '../../app/usePageTitle';
import { useToasts } from '../../app/toasts';
import { DatasetMenu, SwapDatasetModal, type ExploreDataset } from './DatasetMenu';
import { SaveModal } from './SaveModal';
import { VizTypeControl } from './VizTypeGallery';
import { canDrillToDetail } from '../drillDetail/drillPayload';
import { useDrillDetail } from '../drillDetail/useDrillDetail';
import { canDrillBy } from '../drillBy/drillByFormData';
import { useDrillBy } from '../drillBy/useDrillBy';
import { ChartActions } from './ChartActions';
import { ChartTitle } from './ChartTitle';
import { explorePermissions } from './explorePermissions';
import { ChartRenderer } from './ChartRenderer';
import { chartDrawStatus, chartStatusAttributes, useReportReadySignal } from './chartStatus';
import { ControlPanel } from './ControlPanel';
import { DataPane } from './DataPane';
import { DatasourcePanel } from './DatasourcePanel';
import {
  exploreActions as a,
  exploreReducer,
  drawnFormDataOf,
  initialExploreState,
  needsQuery,
} from './exploreSlice';
import {
  exploreUrl,
  hasExploreTarget,
  hydrateFormData,
  isStandalone,
  readExploreParams,
} from './hydrate';
import { loadExplore } from './loadExplore';
import {
  browserLocalStorage,
  readDashboardExploreContext,
  withDashboardContext,
} from './dashboardContext';
import { postChartData } from './chartData';
import { fetchSavedChart } from './savedChartApi';
import { runChartQuery } from './runChartQuery';
import { reorderTarget, valueAfterDrop, type DragItem } from './dnd';
import { announceFilterDrop } from './filterDrop';
import { browserTabId, exploreAddress, storeFormData } from './formDataKey';
import { isQueryDatasource } from './queryDatasource';
import type { ExplorePayload } from './types';
import { CSS_VAR } from '@strata/core';

/** A chart shown alone is drawn at once, without the entry animation (embeds, screenshots). */
const STANDALONE_RENDER: ChartRenderOptions = { animateFirstDraw: false };

function RowCount({
  rows,
  limit,
  loading,
}: {
  rows: number;
  limit: number | null;
  loading: boolean;
}) {
  const reached = limit !== null && rows === limit;
  const danger = !loading && (reached || rows === 0);
  return (
    <Tooltip title={reached ? MESSAGES.limitReached : undefined}>
      <Tag color={danger ? 'error' : 'default'} data-test="row-count">
        {rows.toLocaleString()} {rows === 1 ? 'row' : 'rows'}
        {reached ? ` · ${MESSAGES.limitReached}` : ''}
      </Tag>
    </Tooltip>
  );
}

export default function ExplorePage() {
  const params = useMemo(
    () => readExploreParams(window.location.search, window.location.pathname),
    [],
  );
  const standalone = useMemo(() => isStandalone(window.location.search), []);
  const [state, dispatch] = useReducer(exploreReducer, initialExploreState);
  const [load, setLoad] = useState<{
    loading: boolean;
    error: string | null;
    /** The HTTP status of a failed load (403, 404), when there was one. */
    status?: number;
    message: string | null;
    name: string;
  }>({
    loading: hasExploreTarget(params),
    error: null,
    message: null,
    name: '',
  });
  const controller = useRef<AbortController | null>(null);
  const user = useCurrentUser();
  const perms = useMemo(() => explorePermissions(user, state.slice), [user, state.slice]);
  const toasts = useToasts();
  // A small move starts a drag, so clicks on the pane's rows still work.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const formDataKey = useRef<string | null>(params.formDataKey);
  const tabId = useMemo(() => browserTabId(sessionStorageOrNull()), []);
  const [saving, setSaving] = useState(false);
  const [swapping, setSwapping] = useState(false);
  const plugin = chartRegistry.get(state.formData.viz_type);
  usePageTitle(state.sliceName ?? (load.name ? `${load.name} · Explore` : 'Explore'));
  const loggedSliceId = state.slice?.slice_id;
  useMountLog(
    LOG_ACTIONS.mountExplorer,
    load.loading || load.error
      ? null
      : loggedSliceId
        ? { source: 'explore', sourceId: loggedSliceId, sliceId: loggedSliceId }
        : { source: 'explore', sourceId: 0 },
  );

  const run = useCallback(
    (formData = state.formData) => {
      controller.current?.abort();
      const c = new AbortController();
      controller.current = c;
      dispatch(a.chartUpdateStarted({ formData, now: Date.now() }));
      // The chart's code loads while the query runs.
      preloadChart(formData.viz_type);
      runChartQuery(formData, c.signal)
        .then((result) => {
          dispatch(a.chartUpdateSucceeded({ result, now: Date.now() }));
          // A chart shown alone has no address to keep (and a screenshot leaves nothing behind).
          if (standalone) return;
          // Keep the chart's state behind the address (best effort: a failure only costs the link).
          storeFormData(api, formDataKey.current, formData, tabId)
            .then((key) => {
              formDataKey.current = key;
              window.history.replaceState(null, '', exploreAddress(key, formData.slice_id));
            })
            .catch(() => undefined);
        })
        .catch((e: unknown) => {
          if (isAbortError(e)) return;
          dispatch(
            a.chartUpdateFailed({
              message: errorMessage(e),
              link: errorAccessLink(e),
              now: Date.now(),
            }),
          );
        });
    },
    [state.formData, tabId, standalone],
  );

  /** Loads a dataset's Explore payload and moves the form data onto it. */
  const changeDataset = async (id: number, swapped: boolean) => {
    try {
      const { result } = await api.get<{ result: ExplorePayload }>(
        exploreUrl({ formDataKey: null, sliceId: null, datasourceId: id, datasourceType: 'table' }),
      );
      if (!result.dataset) throw new Error(MESSAGES.missingDatasetDetail);
      dispatch(a.datasourceChanged(result.dataset));
      setLoad((l) => ({
        ...l,
        message: null,
        name: result.dataset?.table_name ?? result.dataset?.name ?? l.name,
      }));
      if (swapped) toasts.addSuccessToast('Successfully changed dataset!');
    } catch (e) {
      toasts.addDangerToast(errorMessage(e));
    }
  };

  const stop = () => {
    controller.current?.abort();
    dispatch(a.chartUpdateStopped({ now: Date.now() }));
  };

  // Leaving the page drops the chart's query (and the wait for its async job).
  useEffect(() => {
    const running = controller;
    return () => running.current?.abort();
  }, []);

  useEffect(() => {
    if (!hasExploreTarget(params)) return undefined;
    const c = new AbortController();
    loadExplore(api, params, c.signal)
      .then((result) => {
        let formData = withDashboardContext(
          hydrateFormData(result),
          readDashboardExploreContext(browserLocalStorage(), params.dashboardPageId ?? null),
        );
        // A new chart of a chosen type (not a saved chart or stored form data).
        if (
          params.vizType &&
          !result.slice &&
          params.formDataKey === null &&
          chartRegistry.has(params.vizType)
        )
          formData = { ...formData, viz_type: params.vizType };
        dispatch(a.hydrated({ datasource: result.dataset, slice: result.slice, formData }));
        setLoad({
          loading: false,
          error: null,
          message: result.message ?? null,
          name: result.dataset?.table_name ?? result.dataset?.name ?? '',
        });
      })
      .catch((e: unknown) => {
        if (isAbortError(e)) return;
        const status = (e as { status?: number }).status;
        setLoad({
          loading: false,
          error: errorMessage(e),
          ...(status ? { status } : {}),
          message: null,
          name: '',
        });
      });
    return () => c.abort();
  }, [params]);

  // Run once the page is hydrated and its controls are valid.
  const hydratedOnce = useRef(false);
  const controls = useMemo(
    () =>
      plugin
        ? controlPanelState(plugin.controlPanel, state.formData, state.datasource).controls
        : {},
    [plugin, state.formData, state.datasource],
  );
  const errors = validationMessages(controls);
  // The chart's dataset is gone (or has no columns): "Missing dataset", nothing to run on.
  const datasetMissing = !!load.message || !state.datasource?.columns.length;
  useEffect(() => {
    if (hydratedOnce.current || !state.datasource || load.loading) return;
    hydratedOnce.current = true;
    if (plugin && errors.length === 0 && !datasetMissing) run(state.formData);
  }, [state.datasource, load.loading, plugin, errors.length, run, state.formData, datasetMissing]);

  const renderOnly = useMemo(() => {
    const names = new Set(
      plugin
        ? listControls(plugin.controlPanel)
            .filter((c) => c.config.renderTrigger)
            .map((c) => c.name)
        : [],
    );
    return (name: string) => names.has(name);
  }, [plugin]);
  const stale = state.chartStatus !== 'loading' && needsQuery(state, renderOnly);
  // The chart redraws from the same data with the current display options.
  // The chart keeps the form data of the data it shows (a query-changing control waits for
  // its new data instead of redrawing the old data under the new settings), with the current
  // values of the controls that only change the drawing.
  const drawnFormData = useMemo(
    () => drawnFormDataOf(state.formData, state.dataFormData, renderOnly),
    [state.formData, state.dataFormData, renderOnly],
  );
  // The standalone page's "drawn" signal (chartStatus.ts).
  const reportReadyRef = useReportReadySignal(null);
  const [drawnData, setDrawnData] = useState<unknown>(null);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === 'Enter' && errors.length === 0) {
        e.preventDefault();
        run();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [run, errors.length]);

  // Charts may query the chart data API themselves (a filter box searching its choices).
  // Drill to detail: the "…" menu's entry and the right-click menu of the chart's data points.
  const drillable = canDrillToDetail(
    chartRegistry.get(drawnFormData.viz_type)?.metadata,
    state.datasource?.type,
    user,
  );
  // Drill by: a submenu of the same menus, and its modal.
  const drillByEnabled = canDrillBy(
    chartRegistry.get(drawnFormData.viz_type)?.metadata,
    state.datasource?.type,
    user,
  );
  const drillBy = useDrillBy({
    formData: drawnFormData,
    datasource: state.datasource,
    chartName: state.sliceName ?? '- untitled',
    enabled: drillByEnabled,
  });
  const drill = useDrillDetail({
    formData: drawnFormData,
    datasourceId: state.datasource?.id ?? null,
    chartName: state.sliceName ?? '- untitled',
    detail: drillable,
    drillBy: drillBy.menu,
  });
  const drillMenu = drill.onContextMenu;
  const chartHooks = useMemo<ChartHooks>(
    () => ({
      postChartData: async (context) => (await postChartData(context)).result,
      // deck.gl Multiple Layers reading the charts it layers.
      getSavedChart: fetchSavedChart,
      // A chart writing a control back (a deck.gl map's viewport when panned).
      setControlValue: (name, value) => dispatch(a.controlChanged({ name, value })),
      ...(drillable || drillByEnabled ? { onContextMenu: drillMenu } : {}),
    }),
    [drillable, drillByEnabled, drillMenu, dispatch],
  );

  if (!hasExploreTarget(params))
    return (
      <Result
        status="warning"
        title={MESSAGES.missingUrlParams}
        subTitle={MESSAGES.missingUrlParamsDetail}
      />
    );
  if (load.loading)
    return (
      <Flex style={{ flex: 1, padding: 16 }} gap={16} aria-busy="true">
        <Skeleton active style={{ width: 260 }} />
        <Skeleton active style={{ width: 320 }} />
        <Skeleton.Node active style={{ flex: 1, height: 400 }} />
      </Flex>
    );
  if (load.error)
    return (
      <Result
        status="error"
        title={MESSAGES.unexpectedError}
        subTitle={load.error}
        data-report-error={String(load.status ?? 'error')}
      />
    );

  if (standalone) {
    const queriesResponse = state.queriesResponse;
    const s = state.chartStatus;
    // Hydrated but never run: nothing will draw (no dataset, unknown type, invalid controls).
    const blocked =
      s !== null
        ? null
        : !state.datasource
          ? (load.message ?? MESSAGES.missingDatasetDetail)
          : !plugin
            ? MESSAGES.vizTypeNotSupported
            : errors.length
              ? errors.join(' ')
              : null;
    const drawStatus = chartDrawStatus({
      query: s === null ? 'none' : s === 'loading' ? 'loading' : 'success',
      error:
        s === 'failed' || s === 'stopped'
          ? (state.chartAlert ?? MESSAGES.unexpectedError)
          : blocked,
      drawable: !!(queriesResponse && state.datasource),
      drawn: drawnData !== null && drawnData === queriesResponse,
      blocked: null,
    });
    return (
      <div
        style={{ position: 'fixed', inset: 0, background: CSS_VAR.surface }}
        data-test="standalone-chart"
        ref={reportReadyRef}
      >
        <div
          style={{ position: 'absolute', inset: 0 }}
          {...chartStatusAttributes(drawStatus)}
          data-chart-id={state.slice?.slice_id}
          data-chart-name={state.slice?.slice_name}
        >
          <ChartRenderContext.Provider value={STANDALONE_RENDER}>
            {queriesResponse && state.datasource ? (
              <ChartRenderer
                formData={drawnFormData}
                queriesResponse={queriesResponse}
                datasource={state.datasource}
                hooks={chartHooks}
                onRendered={() => dispatch(a.chartRenderingSucceeded())}
                onRenderFailed={(m) => dispatch(a.chartRenderingFailed(m))}
                onDrawn={() => setDrawnData(queriesResponse)}
              />
            ) : drawStatus.status === 'failed' ? (
              <Alert type="error" showIcon message={drawStatus.error} />
            ) : (
              <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
            )}
          </ChartRenderContext.Provider>
        </div>
      </div>
    );
  }

  const result = state.queriesResponse?.[0];
  const rowLimit = Number(state.latestQueryFormData?.row_limit ?? NaN);
  return (
    <DndContext
      sensors={sensors}
      onDragEnd={({ active, over }) => {
        const item = active.data.current as DragItem | undefined;
        const to = reorderTarget(item, over?.data.current);
        if (item?.kind === 'item') {
          if (to !== null) item.reorder(item.index, to);
          return;
        }
        const control = (over?.data.current as { control?: ControlState } | undefined)?.control;
        if (!item || !control) return;
        if (control.type === 'AdhocFilterControl' && item.kind === 'column') {
          announceFilterDrop(control.name, item.column);
          return;
        }
        const value = valueAfterDrop(control, item);
        if (value !== null) dispatch(a.controlChanged({ name: control.name, value }));
      }}
    >
      <Flex style={{ flex: 1, minHeight: 0, background: CSS_VAR.layout }} data-test="explore-page">
        <div
          style={{
            width: 260,
            background: CSS_VAR.surface,
            borderRight: `1px solid ${CSS_VAR.borderSecondary}`,
            minHeight: 0,
          }}
        >
          <DatasourcePanel
            datasource={state.datasource}
            name={load.name || (datasetMissing ? MESSAGES.missingDataset : '')}
            menu={
              state.datasource ? (
                <DatasetMenu
                  dataset={state.datasource as ExploreDataset}
                  onSwapped={(id) => void changeDataset(id, true)}
                  onEdited={() =>
                    state.datasource && void changeDataset(state.datasource.id, false)
                  }
                  formData={state.formData}
                />
              ) : null
            }
          />
        </div>
        <Flex
          vertical
          style={{
            width: 340,
            background: CSS_VAR.surface,
            borderRight: `1px solid ${CSS_VAR.borderSecondary}`,
            minHeight: 0,
          }}
        >
          <div style={{ padding: '12px 12px 0' }}>
            <Typography.Text strong style={{ fontSize: 12 }}>
              Chart type
            </Typography.Text>
            <VizTypeControl
              value={state.formData.viz_type}
              rendered={state.latestQueryFormData?.viz_type ?? null}
              onChange={(v) => dispatch(a.vizTypeChanged(v))}
            />
          </div>
          <div style={{ overflow: 'auto', flex: 1, minHeight: 0 }}>
            {plugin ? (
              <ControlPanel
                plugin={plugin}
                formData={state.formData}
                datasource={state.datasource}
                onChange={(name, value) => dispatch(a.controlChanged({ name, value }))}
              />
            ) : (
              <Empty description={MESSAGES.vizTypeNotSupported} style={{ marginTop: 40 }} />
            )}
          </div>
          <Flex gap={8} style={{ padding: 12, borderTop: `1px solid ${CSS_VAR.borderSecondary}` }}>
            {state.chartStatus === 'loading' ? (
              <Button block danger icon={<StopOutlined />} onClick={stop}>
                Stop
              </Button>
            ) : (
              <Tooltip title={errors.length ? errors.join('. ') : 'Ctrl + Enter'}>
                <Button
                  block
                  type={stale ? 'primary' : 'default'}
                  icon={<CaretRightOutlined />}
                  disabled={errors.length > 0 || !plugin}
                  onClick={() => run()}
                >
                  {state.latestQueryFormData ? 'Update chart' : 'Create chart'}
                </Button>
              </Tooltip>
            )}
          </Flex>
        </Flex>
        <Flex vertical style={{ flex: 1, minWidth: 0, minHeight: 0, padding: 16, gap: 12 }}>
          <Flex justify="space-between" align="center">
            <ChartTitle
              title={state.sliceName}
              canEdit={state.slice ? perms.canOverwrite : perms.canSave}
              onChange={(title) => dispatch(a.titleChanged(title))}
            />
            <Flex gap={8} align="center">
              {result ? (
                <RowCount
                  rows={result.rowcount}
                  limit={Number.isFinite(rowLimit) ? rowLimit : null}
                  loading={state.chartStatus === 'loading'}
                />
              ) : null}
              {result?.is_cached ? <Tag>Cached</Tag> : null}
              <ChartActions
                formData={state.latestQueryFormData ?? state.formData}
                slice={state.slice}
                canEdit={perms.canOverwrite}
                canDownload={perms.canDownload}
                chartElement={() => document.querySelector('[data-test="chart-container"]')}
                onSliceChanged={(s) => dispatch(a.sliceSaved(s))}
                {...(drillable ? { onDrillToDetail: () => drill.open() } : {})}
                drillBy={drillBy.menu([])}
              />
              {drill.element}
              {drillBy.element}
              <Tooltip
                title={
                  !perms.canSave
                    ? 'You do not have permission to save charts'
                    : isQueryDatasource(state.datasource)
                      ? 'Save the query as a dataset (dataset menu) to save the chart'
                      : undefined
                }
              >
                <Button
                  icon={<SaveOutlined />}
                  onClick={() => setSaving(true)}
                  disabled={
                    !perms.canSave ||
                    !plugin ||
                    !state.datasource ||
                    isQueryDatasource(state.datasource)
                  }
                  data-test="save-chart"
                >
                  Save
                </Button>
              </Tooltip>
            </Flex>
          </Flex>
          {datasetMissing ? (
            <Alert
              type="warning"
              showIcon
              message={MESSAGES.missingDataset}
              description={load.message ?? MESSAGES.missingDatasetDetail}
              action={
                <Button size="small" onClick={() => setSwapping(true)} data-test="swap-dataset">
                  Swap dataset
                </Button>
              }
              data-test="missing-dataset"
            />
          ) : null}
          {swapping ? (
            <SwapDatasetModal
              onClose={() => setSwapping(false)}
              onChosen={(id) => {
                setSwapping(false);
                void changeDataset(id, true);
              }}
            />
          ) : null}
          {errors.length && state.queriesResponse ? (
            <Alert type="warning" showIcon message={errors.join('. ')} data-test="control-errors" />
          ) : null}
          <div
            data-chart-status={state.chartStatus ?? 'none'}
            style={{
              flex: 1,
              minHeight: 280,
              background: CSS_VAR.surface,
              border: `1px solid ${CSS_VAR.borderSecondary}`,
              borderRadius: 6,
              position: 'relative',
              padding: 8,
            }}
          >
            {state.chartStatus === 'failed' || state.chartStatus === 'stopped' ? (
              <Alert
                type={state.chartStatus === 'stopped' ? 'warning' : 'error'}
                showIcon
                message={
                  state.chartStatus === 'stopped' ? MESSAGES.chartStopped : MESSAGES.unexpectedError
                }
                description={state.chartStatus === 'stopped' ? undefined : state.chartAlert}
                action={
                  state.chartStatus === 'failed' && state.chartAlertLink ? (
                    <a href={state.chartAlertLink} target="_blank" rel="noopener noreferrer">
                      {MESSAGES.requestAccess}
                    </a>
                  ) : undefined
                }
                data-test="chart-error"
              />
            ) : state.queriesResponse && state.datasource ? (
              <ChartRenderer
                formData={drawnFormData}
                queriesResponse={state.queriesResponse}
                datasource={state.datasource}
                hooks={chartHooks}
                onRendered={() => dispatch(a.chartRenderingSucceeded())}
                onRenderFailed={(m) => dispatch(a.chartRenderingFailed(m))}
              />
            ) : state.chartStatus !== 'loading' ? (
              <Empty
                description={
                  errors.length ? errors.join('. ') : 'Click "Create chart" to see the chart'
                }
                style={{ paddingTop: 60 }}
              />
            ) : null}
            {state.chartStatus === 'loading' ? (
              <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
            ) : null}
          </div>
          <div
            style={{
              background: CSS_VAR.surface,
              border: `1px solid ${CSS_VAR.borderSecondary}`,
              borderRadius: 6,
              padding: '0 8px',
              maxHeight: 260,
              overflow: 'hidden',
            }}
          >
            <DataPane formData={state.formData} queriesResponse={state.queriesResponse} />
          </div>
        </Flex>
        {saving ? (
          <SaveModal
            open
            onClose={() => setSaving(false)}
            formData={state.formData}
            slice={
              state.slice
                ? {
                    slice_id: state.slice.slice_id,
                    slice_name: state.sliceName ?? state.slice.slice_name,
                    dashboards: state.slice.dashboards ?? [],
                  }
                : null
            }
            canOverwrite={perms.canOverwrite}
            defaultName={
              state.sliceName ??
              (load.name ? `${plugin?.metadata.name ?? 'Chart'} - ${load.name}` : '')
            }
            onSaved={(saved, name, goToDashboard) => {
              setSaving(false);
              dispatch(
                a.sliceSaved({ ...(state.slice ?? {}), slice_id: saved.sliceId, slice_name: name }),
              );
              window.history.replaceState(null, '', `/explore/?slice_id=${saved.sliceId}`);
              if (goToDashboard && saved.dashboardId !== null)
                window.location.assign(`/superset/dashboard/${saved.dashboardId}/`);
            }}
          />
        ) : null}
      </Flex>
    </DndContext>
  );
}

function sessionStorageOrNull(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}
