/**
 * Edit mode's side panel: "Charts" (the charts the user can see, searchable, each draggable onto
 * the layout; "Create new chart") and "Layout elements" (tabs, row, column, header, markdown,
 * divider), dragged onto the drop slots of the layout.
 */
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { Button, Empty, Flex, Input, Spin, Tabs, Typography } from 'antd';
import {
  BorderHorizontalOutlined,
  ColumnWidthOutlined,
  FileMarkdownOutlined,
  FontSizeOutlined,
  LineOutlined,
  PlusOutlined,
  TableOutlined,
} from '@ant-design/icons';
import { useDraggable } from '@dnd-kit/core';
import { formatMessage, MESSAGES, type ComponentMeta, type ComponentType } from '@strata/core';
import { api, errorMessage } from '../../../app/api';
import { useToasts } from '../../../app/toasts';
import { searchBuilderCharts, type BuilderChart } from '../builderCharts';
import type { LayoutDragItem } from './dnd';
import { CSS_VAR } from '@strata/core';

type ChartRow = BuilderChart;

function NewItem({
  id,
  item,
  children,
}: {
  id: string;
  item: LayoutDragItem;
  children: ReactNode;
}) {
  const { setNodeRef, attributes, listeners, isDragging } = useDraggable({ id, data: item });
  return (
    <div
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      data-test={id}
      style={{
        cursor: 'grab',
        opacity: isDragging ? 0.5 : 1,
        padding: '8px 10px',
        border: `1px solid ${CSS_VAR.borderSecondary}`,
        borderRadius: 4,
        background: CSS_VAR.surface,
      }}
    >
      {children}
    </div>
  );
}

const ELEMENTS: Array<{ type: ComponentType; label: string; icon: ReactNode }> = [
  { type: 'TABS', label: 'Tabs', icon: <TableOutlined /> },
  { type: 'ROW', label: 'Row', icon: <BorderHorizontalOutlined /> },
  { type: 'COLUMN', label: 'Column', icon: <ColumnWidthOutlined /> },
  { type: 'HEADER', label: 'Header', icon: <FontSizeOutlined /> },
  { type: 'MARKDOWN', label: 'Text', icon: <FileMarkdownOutlined /> },
  { type: 'DIVIDER', label: 'Divider', icon: <LineOutlined /> },
];

function ChartsTab({ placed }: { placed: ReadonlySet<number> }) {
  const [search, setSearch] = useState('');
  const [rows, setRows] = useState<ChartRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const toasts = useToasts();
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      searchBuilderCharts(api, search, controller.signal)
        .then((result) => {
          setRows(result);
          setError(null);
        })
        .catch((e: unknown) => {
          if (controller.signal.aborted) return;
          // Superset's SliceAdder: the panel's note, and a toast with the reason.
          setError(MESSAGES.couldNotFetchSavedCharts);
          toasts.addDangerToast(formatMessage(MESSAGES.errorFetchingSavedCharts, errorMessage(e)));
        });
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, toasts]);
  const list = useMemo(() => rows ?? [], [rows]);
  return (
    <Flex vertical gap={8} style={{ height: '100%' }}>
      <Flex gap={8}>
        <Input.Search
          allowClear
          size="small"
          placeholder="Filter your charts"
          aria-label="Filter your charts"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Button size="small" icon={<PlusOutlined />} href="/chart/add/" target="_blank">
          Create new chart
        </Button>
      </Flex>
      {error ? <Typography.Text type="danger">{error}</Typography.Text> : null}
      {rows === null ? (
        <Spin />
      ) : list.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No charts" />
      ) : (
        <Flex vertical gap={6} style={{ overflow: 'auto', flex: 1 }}>
          {list.map((c) => (
            <NewItem
              key={c.id}
              id={`new-chart-${c.id}`}
              item={{
                kind: 'new',
                type: 'CHART',
                meta: { chartId: c.id, sliceName: c.slice_name } satisfies ComponentMeta,
              }}
            >
              <Typography.Text strong ellipsis style={{ display: 'block' }}>
                {c.slice_name}
              </Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {c.viz_type}
                {c.datasource_name_text ? ` · ${c.datasource_name_text}` : ''}
                {placed.has(c.id) ? ' · on the dashboard' : ''}
              </Typography.Text>
            </NewItem>
          ))}
        </Flex>
      )}
    </Flex>
  );
}

/** The builder panel's width: the grid is zoomed out by this much while editing. */
export const BUILDER_PANEL_WIDTH = 320;

export function BuilderPanel({ placedCharts }: { placedCharts: ReadonlySet<number> }) {
  return (
    <div
      style={{
        width: BUILDER_PANEL_WIDTH,
        flex: `0 0 ${BUILDER_PANEL_WIDTH}px`,
        boxSizing: 'border-box',
        background: CSS_VAR.surface,
        borderLeft: `1px solid ${CSS_VAR.borderSecondary}`,
        padding: '8px 16px',
        height: '100%',
      }}
      data-test="dashboard-builder"
    >
      <Tabs
        items={[
          { key: 'charts', label: 'Charts', children: <ChartsTab placed={placedCharts} /> },
          {
            key: 'layout',
            label: 'Layout elements',
            children: (
              <Flex vertical gap={6}>
                {ELEMENTS.map((e) => (
                  <NewItem
                    key={e.type}
                    id={`new-${e.type.toLowerCase()}`}
                    item={{ kind: 'new', type: e.type }}
                  >
                    <Flex gap={8} align="center">
                      {e.icon}
                      {e.label}
                    </Flex>
                  </NewItem>
                ))}
              </Flex>
            ),
          },
        ]}
      />
    </div>
  );
}
