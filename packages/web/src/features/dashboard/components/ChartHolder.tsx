/**
 * A chart on the dashboard: its title bar (name, last update, the chart menu: force refresh,
 * full screen, view query, view as table, drill to detail, downloads, share permalink, edit in
 * Explore) and the chart drawn by its plugin (a right click on a data point opens the drill
 * menu); loading, error and missing-chart states.
 */
import { Suspense, lazy, memo, useMemo, useState } from 'react';
import { Alert, Button, Dropdown, Empty, Modal, Spin, Typography, type MenuProps } from 'antd';
import { EllipsisOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import type { QueryFormData } from '@strata/core';
import { chartRegistry, type ChartHooks, type ExploreDatasource } from '@strata/charts';
import { errorMessage } from '../../../app/api';
import { useCurrentUser } from '../../../app/BootstrapContext';
import { useToasts } from '../../../app/toasts';
import { canDrillToDetail } from '../../drillDetail/drillPayload';
import { useDrillDetail } from '../../drillDetail/useDrillDetail';
import { ChartRenderer } from '../../explore/ChartRenderer';
import { postChartData } from '../../explore/chartData';
import { chartPermalink, downloadChartData, saveBlob } from '../../explore/chartExports';
import { chartDrawStatus, chartStatusAttributes } from '../../explore/chartStatus';
import type { ChartState, DashboardChart } from '../types';

// "View as table" is rare: antd's Table loads when it is first asked for, not with the dashboard.
const ChartDataTable = lazy(() => import('./ChartDataTable'));

export interface ChartHolderProps {
  chartId: number;
  chart: DashboardChart | undefined;
  state: ChartState | undefined;
  datasource: ExploreDatasource | undefined;
  formData: QueryFormData | null;
  width: number;
  height: number;
  labelColors: Record<string, string>;
  hooks: ChartHooks;
  /** Clicks on the chart filter the other charts (dashboard cross filters). */
  emitCrossFilters: boolean;
  /** The chart's own cross filter state (what it has selected). */
  filterState?: Record<string, unknown> | undefined;
  fullSize: boolean;
  /** The chart's description is shown under its title (json_metadata.expanded_slices). */
  expanded: boolean;
  /** The chart menu's page actions (one stable function for every chart: holders memoise). */
  onAction: (action: ChartAction, chartId: number) => void;
  nameOverride?: string;
  editMode: boolean;
}

const HEADER_HEIGHT = 32;
const MISSING_DATASET = 'The dataset of this chart is missing or you may not read it';

function ago(ts: number | null): string {
  if (!ts) return '';
  const s = Math.round((Date.now() - ts) / 1000);
  if (s < 60) return 'a few seconds ago';
  const m = Math.round(s / 60);
  return m < 60 ? `${m} minute${m === 1 ? '' : 's'} ago` : `${Math.round(m / 60)} hours ago`;
}

export type ChartAction = 'refresh' | 'fullsize' | 'description';

/**
 * The chart menu's button; the dropdown itself is made on the first click (thirty charts need
 * thirty buttons, not thirty dropdowns).
 */
function ChartMenu({ name, menu }: { name: string; menu: MenuProps }) {
  const [open, setOpen] = useState<boolean | null>(null);
  const button = (
    <Button
      type="text"
      size="small"
      icon={<EllipsisOutlined />}
      aria-label={`More options for ${name}`}
      {...(open === null ? { onClick: () => setOpen(true) } : {})}
    />
  );
  if (open === null) return button;
  return (
    <Dropdown
      menu={{
        ...menu,
        onClick: (info) => {
          setOpen(false);
          menu.onClick?.(info);
        },
      }}
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      placement="bottomRight"
    >
      {button}
    </Dropdown>
  );
}

/**
 * Memoised: one chart's data arriving re-renders that chart's holder only (the page passes
 * each holder its own state object and stable functions).
 */
export const ChartHolder = memo(function ChartHolder(props: ChartHolderProps) {
  const { chart, state, datasource, formData, width, height, editMode } = props;
  const toasts = useToasts();
  const [renderError, setRenderError] = useState<string | null>(null);
  /** The data the renderer last reported on screen (the "drawn" signal, chartStatus.ts). */
  const [drawnData, setDrawnData] = useState<unknown>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [table, setTable] = useState(false);
  const name = props.nameOverride || chart?.slice_name || '';
  const user = useCurrentUser();
  // The datasource type is read from the form data ("12__table") until the dataset arrives, so
  // `drillable` and the chart's hooks do not change then (a change redrew every chart).
  const datasourceType =
    datasource?.type ?? (formData ? String(formData.datasource ?? '').split('__')[1] : undefined);
  const drillable =
    !!formData &&
    canDrillToDetail(chartRegistry.get(formData.viz_type)?.metadata, datasourceType, user);
  const drill = useDrillDetail({
    formData,
    datasourceId: datasource?.id ?? null,
    chartName: name,
  });
  const drillMenu = drill.onContextMenu;
  const chartHooks = useMemo(
    () => (drillable ? { ...props.hooks, onContextMenu: drillMenu } : props.hooks),
    [props.hooks, drillable, drillMenu],
  );
  if (!chart)
    return (
      <div
        style={{ width, height, padding: 16 }}
        data-test="missing-chart"
        {...chartStatusAttributes({ status: 'rendered', error: null })}
      >
        <Alert
          type="warning"
          showIcon
          message="This chart no longer exists"
          description="It was deleted or you may no longer see it. Remove it from the layout in edit mode."
        />
      </div>
    );
  const descriptionHeight = props.expanded && chart.description ? 56 : 0;
  const bodyHeight = Math.max(40, height - HEADER_HEIGHT - descriptionHeight);
  const rows = state?.queriesResponse?.[0]?.data ?? [];
  const menu = {
    items: [
      { key: 'refresh', label: 'Force refresh' },
      { key: 'fullscreen', label: props.fullSize ? 'Exit fullscreen' : 'Enter fullscreen' },
      ...(chart.description
        ? [
            {
              key: 'description',
              label: props.expanded ? 'Hide chart description' : 'Show chart description',
            },
          ]
        : []),
      { type: 'divider' as const },
      { key: 'query', label: 'View query' },
      { key: 'table', label: 'View as table' },
      ...(drillable ? [{ key: 'drill', label: 'Drill to detail' }] : []),
      { key: 'edit', label: 'Edit chart' },
      { type: 'divider' as const },
      { key: 'csv', label: 'Export to .CSV' },
      { key: 'xlsx', label: 'Export to Excel' },
      { key: 'png', label: 'Download as image' },
      { key: 'share', label: 'Copy permalink to clipboard' },
    ],
    onClick: async ({ key }: { key: string }) => {
      try {
        if (key === 'refresh') props.onAction('refresh', chart.id);
        else if (key === 'fullscreen') props.onAction('fullsize', chart.id);
        else if (key === 'description') props.onAction('description', chart.id);
        else if (key === 'edit')
          window.open(`/explore/?slice_id=${chart.id}`, '_blank', 'noopener');
        else if (key === 'table') setTable(true);
        else if (key === 'drill') drill.open();
        else if (!formData) return;
        else if (key === 'query') {
          const { chartRegistry } = await import('@strata/charts');
          const plugin = chartRegistry.get(formData.viz_type);
          if (!plugin) return;
          const ctx = plugin.buildQuery(formData, { resultType: 'query' });
          const res = await postChartData<{ query?: string }>(ctx);
          setQuery(res.result.map((r) => r.query ?? '').join('\n\n'));
        } else if (key === 'csv' || key === 'xlsx') await downloadChartData(formData, key);
        else if (key === 'png') {
          const el = document.querySelector(`[data-chart-id="${chart.id}"]`);
          if (!(el instanceof HTMLElement)) return;
          const { toBlob } = await import('html-to-image');
          const blob = await toBlob(el, { backgroundColor: '#fff' });
          if (blob) saveBlob(blob, `${name || 'chart'}.png`);
        } else if (key === 'share') {
          const url = await chartPermalink(formData);
          await navigator.clipboard.writeText(url);
          toasts.addSuccessToast('Copied to clipboard!');
        }
      } catch (e) {
        toasts.addDangerToast(errorMessage(e));
      }
    },
  };
  const error = state?.status === 'failed' ? state.error : renderError;
  const queriesResponse = state?.queriesResponse;
  const drawStatus = chartDrawStatus({
    query: !state ? 'none' : state.status === 'loading' ? 'loading' : error ? 'failed' : 'success',
    error,
    drawable: !!(queriesResponse && datasource && formData),
    drawn: drawnData !== null && drawnData === queriesResponse,
    blocked: datasource ? null : MISSING_DATASET,
  });
  return (
    <div
      style={{ width, height, background: '#fff', display: 'flex', flexDirection: 'column' }}
      data-test="dashboard-chart"
      data-chart-id={chart.id}
      data-chart-name={name}
      {...chartStatusAttributes(drawStatus)}
    >
      <div
        style={{
          height: HEADER_HEIGHT,
          padding: '0 8px 0 12px',
          display: 'flex',
          alignItems: 'center',
          gap: 6,
        }}
      >
        <span
          style={{
            flex: 1,
            minWidth: 0,
            fontWeight: 600,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
          }}
          title={name}
        >
          {name}
        </span>
        {state?.queriesResponse?.[0]?.is_cached ? (
          <span
            style={{ fontSize: 11, color: 'rgba(0, 0, 0, 0.45)' }}
            title={`Cached ${ago(state.lastUpdated)}`}
          >
            Cached
          </span>
        ) : null}
        {editMode ? null : <ChartMenu name={name} menu={menu} />}
      </div>
      {props.expanded && chart.description ? (
        <Typography.Paragraph
          type="secondary"
          style={{ margin: '0 12px 4px', fontSize: 12 }}
          ellipsis={{ rows: 3, tooltip: chart.description }}
          data-test="chart-description"
        >
          {chart.description}
        </Typography.Paragraph>
      ) : null}
      <div style={{ position: 'relative', flex: 1, minHeight: 0, padding: '0 8px 8px' }}>
        {error ? (
          <Alert
            type="error"
            showIcon
            icon={<ExclamationCircleOutlined />}
            message="An error occurred while loading this chart"
            description={error}
            style={{ margin: 8 }}
          />
        ) : state?.queriesResponse && datasource && formData ? (
          <div style={{ width: '100%', height: bodyHeight - 8 }}>
            <ChartRenderer
              formData={formData}
              queriesResponse={state.queriesResponse}
              datasource={datasource}
              hooks={chartHooks}
              labelColors={props.labelColors}
              emitCrossFilters={props.emitCrossFilters}
              {...(props.filterState ? { filterState: props.filterState } : {})}
              onRenderFailed={(m) => setRenderError(m)}
              onDrawn={() => setDrawnData(queriesResponse)}
              size={{ width: Math.max(0, width - 16), height: Math.max(0, bodyHeight - 8) }}
            />
          </div>
        ) : !datasource && state?.status !== 'loading' ? (
          <Empty description={MISSING_DATASET} />
        ) : null}
        {state?.status === 'loading' ? (
          <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
        ) : null}
      </div>
      {query !== null ? (
        <Modal open title="View query" footer={null} width={720} onCancel={() => setQuery(null)}>
          <pre style={{ maxHeight: 480, overflow: 'auto', background: '#f7f7f7', padding: 12 }}>
            {query}
          </pre>
        </Modal>
      ) : null}
      {drill.element}
      {table ? (
        <Modal
          open
          title={name}
          footer={null}
          width={900}
          onCancel={() => setTable(false)}
          destroyOnHidden
        >
          <Suspense fallback={<Spin />}>
            <ChartDataTable
              rows={rows as Array<Record<string, unknown>>}
              columns={state?.queriesResponse?.[0]?.colnames ?? []}
            />
          </Suspense>
        </Modal>
      ) : null}
    </div>
  );
});
