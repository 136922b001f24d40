/**
 * A chart on the dashboard: its title bar (name and the chart menu: force refresh with when the
 * data was fetched or cached, full screen, view query, view as table, drill to detail, downloads, share permalink, edit in
 * Explore) and the chart drawn by its plugin (a right click on a data point opens the drill
 * menu); loading, error and missing-chart states.
 */
import { Suspense, lazy, memo, useMemo, useState } from 'react';
import { Alert, Button, Dropdown, Empty, Modal, Spin, Typography, type MenuProps } from 'antd';
import { EllipsisOutlined, ExclamationCircleOutlined } from '@ant-design/icons';
import { MESSAGES, userHasPermission, type QueryFormData } from '@strata/core';
import { chartRegistry, type ChartHooks, type ExploreDatasource } from '@strata/charts';
import { errorMessage } from '../../../app/api';
import { useCurrentUser } from '../../../app/BootstrapContext';
import { useToasts } from '../../../app/toasts';
import { canDrillToDetail } from '../../drillDetail/drillPayload';
import { useDrillDetail } from '../../drillDetail/useDrillDetail';
import { canDrillBy } from '../../drillBy/drillByFormData';
import { useDrillBy } from '../../drillBy/useDrillBy';
import { ChartRenderer } from '../../explore/ChartRenderer';
import { postChartData } from '../../explore/chartData';
import { chartPermalink, downloadChartData, saveBlob } from '../../explore/chartExports';
import { chartDrawStatus, chartStatusAttributes } from '../../explore/chartStatus';
import {
  browserLocalStorage,
  saveDashboardExploreContext,
  type DashboardExploreContext,
} from '../../explore/dashboardContext';
import type { ChartState, DashboardChart } from '../types';
import { chartRefreshNote } from './chartRefreshNote';
import { CSS_VAR } from '@strata/core';
import { surfaceColorOf } from '../../../app/theme/surfaceColor';

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
  /** What "Edit chart" hands to Explore: the dashboard's id, own label colours and scheme. */
  exploreContext?: DashboardExploreContext;
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
  /** The chart menu (not in a report's picture); default shown. */
  controls?: boolean;
  /** "Cross-filtering scoping" in the menu (editors, charts that emit cross filters). */
  crossFilterScoping?: boolean;
}

const HEADER_HEIGHT = 32;
const MISSING_DATASET = 'The dataset of this chart is missing or you may not read it';

/** "Force refresh", with when the data was fetched (or cached) under it. */
function RefreshItem({ note }: { note: string }) {
  return (
    <div>
      <div>Force refresh</div>
      {note ? (
        <div style={{ fontSize: 12, color: CSS_VAR.textTertiary }} data-test="chart-refresh-note">
          {note}
        </div>
      ) : null}
    </div>
  );
}

export type ChartAction = 'refresh' | 'fullsize' | 'description' | 'crossFilterScoping';

/**
 * The chart menu's button; the dropdown itself is made on the first click (thirty charts need
 * thirty buttons, not thirty dropdowns), its items each time it opens (the "Fetched … ago"
 * note is then up to date).
 */
function ChartMenu({ name, menuOf }: { name: string; menuOf: () => MenuProps }) {
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
  const menu = menuOf();
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
/**
 * Explore's address for "Edit chart": the chart, and the dashboard's context kept for that page
 * (Superset's dashboard_page_id), so Explore draws it in the dashboard's colours.
 */
function editChartAddress(chartId: number, context: DashboardExploreContext | undefined): string {
  if (!context) return `/explore/?slice_id=${chartId}`;
  const pageId = crypto.randomUUID();
  saveDashboardExploreContext(browserLocalStorage(), pageId, context);
  return `/explore/?slice_id=${chartId}&dashboard_page_id=${pageId}`;
}

export const ChartHolder = memo(function ChartHolder(props: ChartHolderProps) {
  const { chart, state, datasource, formData, width, height, editMode } = props;
  const controls = props.controls !== false;
  const toasts = useToasts();
  const [renderError, setRenderError] = useState<string | null>(null);
  /** The data the renderer last reported on screen (the "drawn" signal, chartStatus.ts). */
  const [drawnData, setDrawnData] = useState<unknown>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [table, setTable] = useState(false);
  const name = props.nameOverride || chart?.slice_name || '';
  const user = useCurrentUser();
  const canDownload = userHasPermission(user, 'can_csv', 'Superset');
  // The datasource type is read from the form data ("12__table") until the dataset arrives, so
  // `drillable` and the chart's hooks do not change then (a change redrew every chart).
  const datasourceType =
    datasource?.type ?? (formData ? String(formData.datasource ?? '').split('__')[1] : undefined);
  const drillable =
    !!formData &&
    canDrillToDetail(chartRegistry.get(formData.viz_type)?.metadata, datasourceType, user);
  const drillByEnabled =
    !!formData && canDrillBy(chartRegistry.get(formData.viz_type)?.metadata, datasourceType, user);
  const drillBy = useDrillBy({ formData, datasource, chartName: name, enabled: drillByEnabled });
  const drill = useDrillDetail({
    formData,
    datasourceId: datasource?.id ?? null,
    chartName: name,
    detail: drillable,
    drillBy: drillBy.menu,
  });
  const drillMenu = drill.onContextMenu;
  const chartHooks = useMemo(
    () =>
      drillable || drillByEnabled ? { ...props.hooks, onContextMenu: drillMenu } : props.hooks,
    [props.hooks, drillable, drillByEnabled, drillMenu],
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
  const drillByMenu = drillBy.menu([]);
  const firstResult = state?.queriesResponse?.[0];
  const menuOf = (): MenuProps => ({
    items: [
      {
        key: 'refresh',
        label: (
          <RefreshItem
            note={chartRefreshNote({
              isCached: firstResult?.is_cached === true,
              cachedDttm: firstResult?.cached_dttm ?? null,
              fetchedAt: state?.lastUpdated ?? null,
              now: Date.now(),
            })}
          />
        ),
      },
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
      ...(drillByMenu ? [drillByMenu.item] : []),
      { key: 'edit', label: 'Edit chart' },
      ...(props.crossFilterScoping
        ? [{ key: 'crossFilterScoping', label: 'Cross-filtering scoping' }]
        : []),
      { type: 'divider' as const },
      // Spec 001 §6: the data downloads need the CSV export permission.
      { key: 'csv', label: 'Export to .CSV', disabled: !canDownload },
      { key: 'xlsx', label: 'Export to Excel', disabled: !canDownload },
      { key: 'png', label: 'Download as image' },
      { key: 'share', label: 'Copy permalink to clipboard' },
    ],
    onClick: async ({ key }) => {
      try {
        if (drillByMenu?.onClick(key)) return;
        if (key === 'refresh') props.onAction('refresh', chart.id);
        else if (key === 'fullscreen') props.onAction('fullsize', chart.id);
        else if (key === 'description') props.onAction('description', chart.id);
        else if (key === 'crossFilterScoping') props.onAction('crossFilterScoping', chart.id);
        else if (key === 'edit')
          window.open(editChartAddress(chart.id, props.exploreContext), '_blank', 'noopener');
        else if (key === 'table') setTable(true);
        else if (key === 'drill') drill.open();
        else if (!formData) return;
        else if (key === 'query') {
          const { chartRegistry } = await import('@strata/charts');
          const plugin = chartRegistry.get(formData.viz_type);
          if (!plugin) return;
          const ctx = plugin.buildQuery(formData, { resultType: 'query' });
          // Spec 000 §8: the chart's SQL could not be read.
          const res = await postChartData<{ query?: string }>(ctx).catch(() => {
            throw new Error(MESSAGES.sqlLoadError);
          });
          setQuery(res.result.map((r) => r.query ?? '').join('\n\n'));
        } else if ((key === 'csv' || key === 'xlsx') && canDownload)
          await downloadChartData(formData, key);
        else if (key === 'png') {
          const el = document.querySelector(`[data-chart-id="${chart.id}"]`);
          if (!(el instanceof HTMLElement)) return;
          const { toBlob } = await import('html-to-image');
          const blob = await toBlob(el, { backgroundColor: surfaceColorOf(el) });
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
  });
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
      style={{
        width,
        height,
        background: CSS_VAR.surface,
        display: 'flex',
        flexDirection: 'column',
      }}
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
        {editMode || !controls ? null : <ChartMenu name={name} menuOf={menuOf} />}
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
            action={
              state?.status === 'failed' && state.errorLink ? (
                <a href={state.errorLink} target="_blank" rel="noopener noreferrer">
                  {MESSAGES.requestAccess}
                </a>
              ) : undefined
            }
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
          <pre
            style={{ maxHeight: 480, overflow: 'auto', background: CSS_VAR.fillAlter, padding: 12 }}
          >
            {query}
          </pre>
        </Modal>
      ) : null}
      {drill.element}
      {drillBy.element}
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
