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
import { api, errorMessage, isAbortError } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { usePageTitle } from '../../app/usePageTitle';
import { useToasts } from '../../app/toasts';
import { DatasetMenu, type ExploreDataset } from './DatasetMenu';
import { SaveModal } from './SaveModal';
import { VizTypeControl } from './VizTypeGallery';
import { canDrillToDetail } from '../drillDetail/drillPayload';
import { useDrillDetail } from '../drillDetail/useDrillDetail';
import { ChartActions } from './ChartActions';
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
import { postChartData } from './chartData';
import { runChartQuery } from './runChartQuery';
import { reorderTarget, valueAfterDrop, type DragItem } from './dnd';
import { announceFilterDrop } from './filterDrop';
import { browserTabId, exploreAddress, storeFormData } from './formDataKey';
import { formDataOnDataset, isQueryDatasource } from './queryDatasource';
import type { ExplorePayload, ExploreSlice } from './types';

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
  const toasts = useToasts();
  // A small move starts a drag, so clicks on the pane's rows still work.
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 4 } }));
  const formDataKey = useRef<string | null>(params.formDataKey);
  const tabId = useMemo(() => browserTabId(sessionStorageOrNull()), []);
  const [saving, setSaving] = useState(false);
  const plugin = chartRegistry.get(state.formData.viz_type);
  usePageTitle(state.slice?.slice_name ?? (load.name ? `${load.name} · Explore` : 'Explore'));

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
          dispatch(a.chartUpdateFailed({ message: errorMessage(e), now: Date.now() }));
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

  /** The query was saved as a dataset: Explore reopens on it with the same form data. */
  const exploreSavedDataset = async (id: number) => {
    const key = await storeFormData(api, null, formDataOnDataset(state.formData, id), tabId);
    window.location.assign(exploreAddress(key, undefined));
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
        let formData = hydrateFormData(result);
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
  useEffect(() => {
    if (hydratedOnce.current || !state.datasource || load.loading) return;
    hydratedOnce.current = true;
    if (plugin && errors.length === 0) run(state.formData);
  }, [state.datasource, load.loading, plugin, errors.length, run, state.formData]);

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
  const drill = useDrillDetail({
    formData: drawnFormData,
    datasourceId: state.datasource?.id ?? null,
    chartName: state.slice?.slice_name ?? '- untitled',
  });
  const drillMenu = drill.onContextMenu;
  const chartHooks = useMemo<ChartHooks>(
    () => ({
      postChartData: async (context) => (await postChartData(context)).result,
      ...(drillable ? { onContextMenu: drillMenu } : {}),
    }),
    [drillable, drillMenu],
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
        style={{ position: 'fixed', inset: 0, background: '#fff' }}
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
      <Flex style={{ flex: 1, minHeight: 0, background: '#f7f8fa' }} data-test="explore-page">
        <div
          style={{ width: 260, background: '#fff', borderRight: '1px solid #f0f0f0', minHeight: 0 }}
        >
          <DatasourcePanel
            datasource={state.datasource}
            name={load.name}
            menu={
              state.datasource ? (
                <DatasetMenu
                  dataset={state.datasource as ExploreDataset}
                  onSwapped={(id) => void changeDataset(id, true)}
                  onEdited={() =>
                    state.datasource && void changeDataset(state.datasource.id, false)
                  }
                  onSavedAsDataset={exploreSavedDataset}
                />
              ) : null
            }
          />
        </div>
        <Flex
          vertical
          style={{ width: 340, background: '#fff', borderRight: '1px solid #f0f0f0', minHeight: 0 }}
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
          <Flex gap={8} style={{ padding: 12, borderTop: '1px solid #f0f0f0' }}>
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
            <Typography.Title level={4} style={{ margin: 0 }} data-test="chart-title">
              {state.slice?.slice_name ?? '- untitled'}
            </Typography.Title>
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
                canEdit={canOverwrite(state.slice, user?.userId ?? null)}
                chartElement={() => document.querySelector('[data-test="chart-container"]')}
                onSliceChanged={(s) => dispatch(a.sliceSaved(s))}
                {...(drillable ? { onDrillToDetail: () => drill.open() } : {})}
              />
              {drill.element}
              <Tooltip
                title={
                  isQueryDatasource(state.datasource)
                    ? 'Save the query as a dataset (dataset menu) to save the chart'
                    : undefined
                }
              >
                <Button
                  icon={<SaveOutlined />}
                  onClick={() => setSaving(true)}
                  disabled={!plugin || !state.datasource || isQueryDatasource(state.datasource)}
                  data-test="save-chart"
                >
                  Save
                </Button>
              </Tooltip>
            </Flex>
          </Flex>
          {load.message || !state.datasource?.columns.length ? (
            <Alert
              type="warning"
              showIcon
              message={MESSAGES.missingDataset}
              description={load.message ?? MESSAGES.missingDatasetDetail}
            />
          ) : null}
          {errors.length && state.queriesResponse ? (
            <Alert type="warning" showIcon message={errors.join('. ')} data-test="control-errors" />
          ) : null}
          {state.droppedFields.length ? (
            <Alert
              type="info"
              showIcon
              closable
              message={`Removed from the chart because the dataset no longer has them: ${state.droppedFields.join(', ')}`}
            />
          ) : null}
          <div
            data-chart-status={state.chartStatus ?? 'none'}
            style={{
              flex: 1,
              minHeight: 280,
              background: '#fff',
              border: '1px solid #f0f0f0',
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
              background: '#fff',
              border: '1px solid #f0f0f0',
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
                    slice_name: state.slice.slice_name,
                    dashboards: state.slice.dashboards ?? [],
                  }
                : null
            }
            canOverwrite={canOverwrite(state.slice, user?.userId ?? null)}
            defaultName={load.name ? `${plugin?.metadata.name ?? 'Chart'} - ${load.name}` : ''}
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

/** Spec 001 §6: overwriting needs the user among the chart's owners. */
export function canOverwrite(slice: ExploreSlice | null, userId: number | null): boolean {
  if (!slice || userId === null) return false;
  return (slice.owners ?? []).some((o) => (typeof o === 'number' ? o : o.id) === userId);
}
