/**
 * The dataset pane: the dataset's name with its health (certification, warning markdown, the
 * server's health check), and its metrics and columns, searchable.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { useDraggable } from '@dnd-kit/core';
import type { DragItem } from './dnd';
import { Collapse, Empty, Flex, Input, Tooltip, Typography } from 'antd';
import {
  AlertFilled,
  CalculatorOutlined,
  ClockCircleOutlined,
  FieldBinaryOutlined,
  FieldStringOutlined,
  FieldNumberOutlined,
  TableOutlined,
  WarningFilled,
} from '@ant-design/icons';
import { DATASET_TITLE_TOOLTIP_LENGTH, FEATURE_FLAGS, GenericDataType } from '@strata/core';
import { useFeatureFlag } from '../../app/featureFlags';
import type { ExploreDatasource } from '@strata/charts';
import { CertifiedMark } from '../lists/cells';
import { renderMarkdown } from '../dashboard/components/markdown';
import { datasetHealth } from './datasetHealth';

/** The dataset's certification, warning markdown (rendered, raw HTML escaped) and health check. */
function DatasetHealthMarks({ datasource }: { datasource: ExploreDatasource | null }) {
  const health = useMemo(() => datasetHealth(datasource), [datasource]);
  const warning = useMemo(
    () => (health.warningMarkdown ? renderMarkdown(health.warningMarkdown, true) : null),
    [health.warningMarkdown],
  );
  return (
    <>
      {health.certifiedBy ? (
        <span data-test="dataset-certified">
          <CertifiedMark by={health.certifiedBy} details={health.certificationDetails} />
        </span>
      ) : null}
      {warning !== null ? (
        <Tooltip
          title={
            <div
              className="dataset-warning-markdown"
              data-test="dataset-warning-markdown"
              // Sanitised HTML of the markdown (markdown.ts), the markdown's own HTML escaped.
              dangerouslySetInnerHTML={{ __html: warning }}
            />
          }
        >
          <WarningFilled
            style={{ color: '#FCC700', flex: 'none' }}
            aria-label="Dataset warning"
            data-test="dataset-warning"
          />
        </Tooltip>
      ) : null}
      {health.healthCheckMessage ? (
        <Tooltip title={health.healthCheckMessage}>
          <AlertFilled
            style={{ color: '#FCC700', flex: 'none' }}
            aria-label={health.healthCheckMessage}
            data-test="dataset-health-check"
          />
        </Tooltip>
      ) : null}
    </>
  );
}

/**
 * A row of the pane that can be dragged onto a control (unless the ENABLE_EXPLORE_DRAG_AND_DROP
 * flag is off: then the controls are filled by their own pickers only).
 */
function DraggableRow({ id, item, children }: { id: string; item: DragItem; children: ReactNode }) {
  const dnd = useFeatureFlag(FEATURE_FLAGS.ENABLE_EXPLORE_DRAG_AND_DROP);
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({
    id,
    data: item,
    disabled: !dnd,
  });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-test={id}
      data-draggable={dnd ? 'true' : 'false'}
      style={{
        cursor: dnd ? 'grab' : 'default',
        opacity: isDragging ? 0.4 : 1,
        padding: '2px 4px',
        borderRadius: 4,
      }}
    >
      {children}
    </div>
  );
}

function ColumnIcon({ type }: { type: number | null | undefined }) {
  if (type === GenericDataType.TEMPORAL) return <ClockCircleOutlined />;
  if (type === GenericDataType.NUMERIC) return <FieldNumberOutlined />;
  if (type === GenericDataType.BOOLEAN) return <FieldBinaryOutlined />;
  return <FieldStringOutlined />;
}

export function DatasourcePanel({
  datasource,
  name,
  menu,
}: {
  datasource: ExploreDatasource | null;
  name: string;
  menu?: ReactNode;
}) {
  const [search, setSearch] = useState('');
  const q = search.trim().toLowerCase();
  const metrics = useMemo(
    () =>
      (datasource?.metrics ?? []).filter(
        (m) => !q || `${m.metric_name} ${m.verbose_name ?? ''}`.toLowerCase().includes(q),
      ),
    [datasource, q],
  );
  const columns = useMemo(
    () =>
      (datasource?.columns ?? []).filter(
        (c) => !q || `${c.column_name} ${c.verbose_name ?? ''}`.toLowerCase().includes(q),
      ),
    [datasource, q],
  );
  const title = (
    <Typography.Text strong ellipsis style={{ minWidth: 0 }}>
      {name}
    </Typography.Text>
  );
  return (
    <Flex vertical style={{ height: '100%', minHeight: 0 }} data-test="datasource-panel">
      <div style={{ padding: '12px 12px 8px' }}>
        <Flex justify="space-between" align="center" gap={4}>
          <Flex gap={6} align="center" style={{ minWidth: 0 }}>
            <TableOutlined style={{ flex: 'none' }} />
            {name.length > DATASET_TITLE_TOOLTIP_LENGTH ? (
              <Tooltip title={name}>{title}</Tooltip>
            ) : (
              title
            )}
            <DatasetHealthMarks datasource={datasource} />
          </Flex>
          {menu}
        </Flex>
        <Input.Search
          size="small"
          allowClear
          placeholder="Search Metrics & Columns"
          style={{ marginTop: 8 }}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <div style={{ overflow: 'auto', flex: 1, minHeight: 0 }}>
        <Collapse
          size="small"
          bordered={false}
          defaultActiveKey={['metrics', 'columns']}
          items={[
            {
              key: 'metrics',
              label: `Metrics (${metrics.length})`,
              children: metrics.length ? (
                metrics.map((m) => (
                  <DraggableRow
                    key={m.metric_name}
                    id={`metric-${m.metric_name}`}
                    item={{ kind: 'metric', metricName: m.metric_name }}
                  >
                    <Flex gap={6}>
                      <CalculatorOutlined style={{ color: '#888' }} />
                      <Tooltip title={m.expression}>
                        <Typography.Text ellipsis>
                          {m.verbose_name || m.metric_name}
                        </Typography.Text>
                      </Tooltip>
                    </Flex>
                  </DraggableRow>
                ))
              ) : (
                <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No saved metrics found" />
              ),
            },
            {
              key: 'columns',
              label: `Columns (${columns.length})`,
              children: columns.map((c) => (
                <DraggableRow
                  key={c.column_name}
                  id={`column-${c.column_name}`}
                  item={{ kind: 'column', column: c }}
                >
                  <Flex gap={6}>
                    <span style={{ color: '#888' }}>
                      <ColumnIcon type={c.type_generic} />
                    </span>
                    <Tooltip title={c.type ?? undefined}>
                      <Typography.Text ellipsis>{c.verbose_name || c.column_name}</Typography.Text>
                    </Tooltip>
                  </Flex>
                </DraggableRow>
              )),
            },
          ]}
        />
      </div>
    </Flex>
  );
}
