/**
 * "Drill to detail", loaded on demand: the right-click menu of a chart's data point ("Drill to
 * detail", "Drill to detail by {value}") and the modal listing the dataset's rows behind the
 * chart (its filters, the dashboard's, and the point's drill filters as removable tags), 50 a
 * page from `POST /datasource/samples`.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Dropdown, Modal, Table, Tag, Typography, type MenuProps } from 'antd';
import type { QueryFormData } from '@strata/core';
import type { DrillFilter } from '@strata/charts';
import { api, errorMessage } from '../../app/api';
import {
  cellText,
  drillByLabel,
  drillFilterLabel,
  drillPayload,
  rowCountLabel,
} from './drillPayload';
import type { DrillByMenu } from '../drillBy/useDrillBy';
import type { DrillUiState } from './useDrillDetail';

export const DRILL_PAGE_SIZE = 50;

interface SamplesResult {
  colnames: string[];
  coltypes: number[];
  data: Array<Record<string, unknown>>;
  total_count: number;
  page: number;
}

export function DrillContextMenu({
  x,
  y,
  filters,
  detail = true,
  drillBy,
  onSelect,
  onClose,
}: {
  x: number;
  y: number;
  filters: DrillFilter[];
  /** The "Drill to detail" entries are shown (the chart and the user may drill to detail). */
  detail?: boolean;
  /** The "Drill by" submenu, when the chart and the user may drill by. */
  drillBy?: DrillByMenu | null;
  onSelect: (filters: DrillFilter[]) => void;
  onClose: () => void;
}) {
  const items: MenuProps['items'] = [
    ...(detail
      ? [
          { key: 'all', label: 'Drill to detail' },
          ...filters.map((f, i) => ({ key: `f${i}`, label: drillByLabel(f) })),
          ...(filters.length > 1 ? [{ key: 'by-all', label: 'Drill to detail by all' }] : []),
        ]
      : []),
    ...(drillBy ? [drillBy.item] : []),
  ];
  return (
    <Dropdown
      open
      menu={{
        items,
        onClick: ({ key }) => {
          if (drillBy?.onClick(key)) onClose();
          else if (key === 'all') onSelect([]);
          else if (key === 'by-all') onSelect(filters);
          else onSelect([filters[Number(key.slice(1))]!]);
        },
      }}
      onOpenChange={(open, info) => {
        // A click on an entry closes through onClick (which opens the modal), not here.
        if (!open && info.source !== 'menu') onClose();
      }}
      trigger={['contextMenu']}
    >
      <div
        style={{ position: 'fixed', left: x, top: y, width: 1, height: 1 }}
        data-test="drill-context-menu-anchor"
      />
    </Dropdown>
  );
}

export function DrillDetailModal({
  formData,
  datasourceId,
  chartName,
  initialFilters,
  onClose,
}: {
  formData: QueryFormData;
  datasourceId: number;
  chartName: string;
  initialFilters: DrillFilter[];
  onClose: () => void;
}) {
  const [filters, setFilters] = useState(initialFilters);
  const [page, setPage] = useState(1);
  const [result, setResult] = useState<SamplesResult | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const payload = useMemo(() => drillPayload(formData, filters), [formData, filters]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    setError(null);
    const qs = `datasource_type=table&datasource_id=${datasourceId}&force=false&page=${page}&per_page=${DRILL_PAGE_SIZE}`;
    api
      .post<{ result: SamplesResult }>(`/datasource/samples?${qs}`, payload)
      .then((res) => {
        if (live) setResult(res.result);
      })
      .catch((e: unknown) => {
        if (live) {
          setResult(null);
          setError(errorMessage(e));
        }
      })
      .finally(() => {
        if (live) setLoading(false);
      });
    return () => {
      live = false;
    };
  }, [datasourceId, page, payload]);

  const columns = (result?.colnames ?? []).map((name, i) => ({
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
  }));
  return (
    <Modal
      open
      title={`Drill to detail: ${chartName}`}
      footer={null}
      width="min(1100px, 95vw)"
      onCancel={onClose}
      destroyOnHidden
      data-test="drill-detail-modal"
    >
      <div
        style={{ display: 'flex', alignItems: 'center', gap: 8, minHeight: 28, marginBottom: 8 }}
      >
        <div style={{ flex: 1, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
          {filters.map((f, i) => (
            <Tag
              key={`${f.col}-${i}`}
              closable
              onClose={(e) => {
                e.preventDefault();
                setFilters(filters.filter((_, j) => j !== i));
                setPage(1);
              }}
              data-test="drill-filter-tag"
            >
              {drillFilterLabel(f)}
            </Tag>
          ))}
        </div>
        {result ? (
          <Typography.Text type="secondary" data-test="drill-row-count">
            {rowCountLabel(result.total_count)}
          </Typography.Text>
        ) : null}
      </div>
      {error ? <Alert type="error" showIcon message={error} style={{ marginBottom: 8 }} /> : null}
      <Table
        size="small"
        loading={loading}
        rowKey={(_, i) => String(i)}
        dataSource={result?.data ?? []}
        columns={columns}
        scroll={{ x: 'max-content', y: 440 }}
        locale={{ emptyText: error ? ' ' : 'No rows were returned for this dataset' }}
        pagination={{
          current: page,
          pageSize: DRILL_PAGE_SIZE,
          total: result?.total_count ?? 0,
          showSizeChanger: false,
          size: 'small',
          hideOnSinglePage: true,
          onChange: (p) => setPage(p),
        }}
        data-test="drill-detail-table"
      />
    </Modal>
  );
}

/** The menu or the modal, as the chart's drill state says (the module React.lazy loads). */
export default function DrillDetail({
  state,
  formData,
  datasourceId,
  chartName,
  detail,
  drillBy,
  onChange,
}: {
  state: DrillUiState;
  formData: QueryFormData;
  datasourceId: number;
  chartName: string;
  detail: boolean;
  drillBy: DrillByMenu | null;
  onChange: (state: DrillUiState | null) => void;
}) {
  if (state.kind === 'menu')
    return (
      <DrillContextMenu
        x={state.x}
        y={state.y}
        filters={state.filters}
        detail={detail}
        drillBy={drillBy}
        onSelect={(filters) => onChange({ kind: 'modal', filters })}
        onClose={() => onChange(null)}
      />
    );
  return (
    <DrillDetailModal
      formData={formData}
      datasourceId={datasourceId}
      chartName={chartName}
      initialFilters={state.filters}
      onClose={() => onChange(null)}
    />
  );
}
