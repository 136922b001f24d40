/**
 * The "Drill by" modal (loaded on demand): the chart re-queried along a drill path, as a chart
 * or a table of its results, with breadcrumbs back to each level; a right click on the drilled
 * chart drills again. "Edit chart" opens Explore on the drilled form data.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import {
  Alert,
  Breadcrumb,
  Button,
  Dropdown,
  Flex,
  Modal,
  Radio,
  Spin,
  Table,
  Tooltip,
  Typography,
} from 'antd';
import type { QueryFormData } from '@strata/core';
import type {
  ChartDataResult,
  ChartHooks,
  DrillContext,
  DrillFilter,
  ExploreDatasource,
} from '@strata/charts';
import { errorMessage, isAbortError } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { cellText } from '../drillDetail/drillPayload';
import { ChartRenderer } from '../explore/ChartRenderer';
import { drilledChartExploreUrl, loadDrilledChartData } from './drillByData';
import {
  canEditDrilledChart,
  drillBackTo,
  drillByBreadcrumbs,
  drillByColumns,
  drillByFilters,
  drilledFormData,
  drillFurther,
  groupbyNames,
  usedColumns,
  type DrillByStep,
} from './drillByFormData';
import { drillByColumnOfKey, drillBySubmenu } from './drillBySubmenu';
import { DRILL_BY_TEXTS as T } from './texts';

const BODY_HEIGHT = 460;

type DataState =
  | { status: 'loading' }
  | { status: 'failed'; error: string }
  | { status: 'done'; result: ChartDataResult[] };

/** The right-click menu inside the modal: "Drill by" only, from the point clicked. */
function FurtherDrillMenu({
  x,
  y,
  columns,
  onSelect,
  onClose,
}: {
  x: number;
  y: number;
  columns: ExploreDatasource['columns'];
  onSelect: (column: string) => void;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  return (
    <Dropdown
      open
      menu={{
        items: [drillBySubmenu({ columns, search, onSearch: setSearch })],
        onClick: ({ key }) => {
          const column = drillByColumnOfKey(key);
          if (column) onSelect(column);
        },
      }}
      onOpenChange={(open, info) => {
        if (!open && info.source !== 'menu') onClose();
      }}
      trigger={['contextMenu']}
    >
      <div style={{ position: 'fixed', left: x, top: y, width: 1, height: 1 }} />
    </Dropdown>
  );
}

function ResultsTable({ result }: { result: ChartDataResult | undefined }) {
  const colnames = result?.colnames ?? [];
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      dataSource={result?.data ?? []}
      columns={colnames.map((name, i) => ({
        key: name,
        dataIndex: name,
        title: name,
        ellipsis: true,
        render: (v: unknown) => {
          const text = cellText(v, result?.coltypes[i]);
          return text === null ? (
            <Typography.Text type="secondary" italic>
              N/A
            </Typography.Text>
          ) : (
            text
          );
        },
      }))}
      scroll={{ x: 'max-content', y: BODY_HEIGHT - 100 }}
      pagination={{ pageSize: 50, size: 'small', showSizeChanger: false, hideOnSinglePage: true }}
      data-test="drill-by-table"
    />
  );
}

export default function DrillByModal({
  formData,
  datasource,
  chartName,
  field,
  initialStep,
  onClose,
}: {
  /** The chart's form data (the dashboard's filters already in it). */
  formData: QueryFormData;
  datasource: ExploreDatasource;
  chartName: string;
  /** The form data field a drill replaces. */
  field: string;
  initialStep: DrillByStep;
  onClose: () => void;
}) {
  const user = useCurrentUser();
  const toasts = useToasts();
  const [steps, setSteps] = useState<DrillByStep[]>([initialStep]);
  const [mode, setMode] = useState<'chart' | 'table'>('chart');
  const [data, setData] = useState<DataState>({ status: 'loading' });
  const [menu, setMenu] = useState<{
    x: number;
    y: number;
    filters: DrillFilter[];
    context?: DrillContext;
  } | null>(null);
  const [renderError, setRenderError] = useState<string | null>(null);
  const [opening, setOpening] = useState(false);
  /** The results the chart last reported on screen (`data-drawn`, for tests and screenshots). */
  const [drawnResult, setDrawnResult] = useState<ChartDataResult[] | null>(null);
  const drilled = useMemo(() => drilledFormData(formData, steps, field), [formData, steps, field]);
  const crumbs = drillByBreadcrumbs(formData, field, steps, datasource.columns, chartName);

  useEffect(() => {
    const controller = new AbortController();
    setData({ status: 'loading' });
    setRenderError(null);
    loadDrilledChartData(drilled, controller.signal)
      .then((result) => setData({ status: 'done', result }))
      .catch((e: unknown) => {
        if (!isAbortError(e)) setData({ status: 'failed', error: errorMessage(e) });
      });
    return () => controller.abort();
  }, [drilled]);

  const onContextMenu = useCallback(
    (x: number, y: number, filters: DrillFilter[], context?: DrillContext) =>
      setMenu({ x, y, filters, ...(context ? { context } : {}) }),
    [],
  );
  const hooks = useMemo<ChartHooks>(() => ({ onContextMenu }), [onContextMenu]);
  const furtherField = menu?.context?.drillByField ?? field;
  const furtherColumns = drillByColumns(datasource.columns, drilled, furtherField, [
    ...groupbyNames(formData, furtherField),
    ...usedColumns(steps),
  ]);
  const canEdit = canEditDrilledChart(user);
  const editChart = () => {
    setOpening(true);
    drilledChartExploreUrl(drilled)
      .then((url) => window.open(url, '_blank', 'noopener'))
      .catch((e: unknown) => toasts.addDangerToast(errorMessage(e)))
      .finally(() => setOpening(false));
  };

  const error = data.status === 'failed' ? data.error : renderError;
  const result = data.status === 'done' ? data.result : null;
  return (
    <Modal
      open
      title={T.modalTitle(chartName)}
      width="min(1100px, 95vw)"
      onCancel={onClose}
      maskClosable={false}
      destroyOnHidden
      data-test="drill-by-modal"
      footer={
        <Flex justify="end" gap={8}>
          <Tooltip title={canEdit ? undefined : T.noEditPermission}>
            <Button disabled={!canEdit} loading={opening} onClick={editChart}>
              {T.editChart}
            </Button>
          </Tooltip>
          <Button type="primary" onClick={onClose} data-test="close-drill-by-modal">
            {T.close}
          </Button>
        </Flex>
      }
    >
      <Flex vertical gap={8}>
        <Breadcrumb
          data-test="drill-by-breadcrumbs"
          items={crumbs.map((c, i) => ({
            key: String(i),
            title: c.current ? (
              <span data-test="drill-by-breadcrumb-item">{c.label}</span>
            ) : (
              <Typography.Link
                data-test="drill-by-breadcrumb-item"
                onClick={() => {
                  setMenu(null);
                  setSteps(drillBackTo(steps, i));
                }}
              >
                {c.label}
              </Typography.Link>
            ),
          }))}
        />
        <Radio.Group
          optionType="button"
          size="small"
          value={mode}
          onChange={(e) => setMode(e.target.value as 'chart' | 'table')}
          options={[
            { value: 'chart', label: T.chart },
            { value: 'table', label: T.table },
          ]}
          style={{ alignSelf: 'flex-start' }}
          data-test="drill-by-display-toggle"
        />
        <div style={{ position: 'relative', height: BODY_HEIGHT }} data-test="drill-by-body">
          {error ? (
            <Alert type="error" showIcon message={T.loadError} description={error} />
          ) : data.status === 'loading' ? (
            <Spin style={{ position: 'absolute', inset: 0, margin: 'auto', height: 32 }} />
          ) : result && mode === 'table' ? (
            <ResultsTable result={result[0]} />
          ) : result ? (
            <div
              style={{ width: '100%', height: '100%' }}
              data-test="drill-by-chart"
              data-drawn={drawnResult === result ? 'true' : 'false'}
            >
              <ChartRenderer
                formData={drilled}
                queriesResponse={result}
                datasource={datasource}
                hooks={hooks}
                onRenderFailed={setRenderError}
                onDrawn={() => setDrawnResult(result)}
              />
            </div>
          ) : null}
        </div>
      </Flex>
      {menu ? (
        <FurtherDrillMenu
          x={menu.x}
          y={menu.y}
          columns={furtherColumns}
          onClose={() => setMenu(null)}
          onSelect={(column) => {
            setSteps(
              drillFurther(
                steps,
                column,
                drillByFilters(
                  menu.context?.drillByFilters ?? menu.filters,
                  drilled,
                  datasource.columns,
                ),
                {
                  ...(menu.context?.drillByField ? { field: menu.context.drillByField } : {}),
                  ...(menu.context?.adhocFilterField
                    ? { adhocField: menu.context.adhocFilterField }
                    : {}),
                },
              ),
            );
            setMenu(null);
          }}
        />
      ) : null}
    </Modal>
  );
}
