import { Alert, Button, Flex, Skeleton, Tooltip, Typography } from 'antd';
import {
  CaretDownOutlined,
  CaretRightOutlined,
  CloseOutlined,
  CopyOutlined,
  EyeOutlined,
  KeyOutlined,
  LinkOutlined,
  TableOutlined,
  ThunderboltOutlined,
} from '@ant-design/icons';
import { useToasts } from '../../app/toasts';
import { copyWithToast } from './components/clipboard';
import { columnKeyKinds, keyDescriptions, partitionLines } from './tableMeta';
import { useSqlLabDispatch, useSqlLabSelector } from './store/hooks';
import { fallbackSelectStar, removeTable, runPreview, setTableExpanded } from './store/tableThunks';
import { southTabShown } from './store/uiSlice';
import type { TableColumnMeta, TablePanel } from './types';
import { CSS_VAR } from '@strata/core';

const KEY_ICONS = {
  pk: <KeyOutlined style={{ color: '#d48806' }} />,
  fk: <LinkOutlined style={{ color: '#1677ff' }} />,
  index: <ThunderboltOutlined style={{ color: '#8c8c8c' }} />,
} as const;

const KEY_LABELS = { pk: 'Primary key', fk: 'Foreign key', index: 'Indexed' } as const;

function ColumnRow({ column, panel }: { column: TableColumnMeta; panel: TablePanel }) {
  const kinds = columnKeyKinds(column, panel);
  const first = kinds[0];
  return (
    <Flex
      align="center"
      gap={6}
      style={{ padding: '2px 4px', fontSize: 12, lineHeight: '20px' }}
      title={column.comment ?? undefined}
    >
      <span style={{ width: 14, display: 'inline-flex', justifyContent: 'center' }}>
        {first ? (
          <Tooltip title={keyDescriptions(column, panel).join('; ')}>
            <span aria-label={KEY_LABELS[first]}>{KEY_ICONS[first]}</span>
          </Tooltip>
        ) : null}
      </span>
      <span
        style={{
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          fontWeight: kinds.includes('pk') ? 600 : undefined,
        }}
      >
        {column.name}
      </span>
      <Typography.Text
        type="secondary"
        style={{
          fontSize: 11,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          maxWidth: 110,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
        }}
        title={column.longType ?? column.type ?? undefined}
      >
        {column.type ?? ''}
      </Typography.Text>
    </Flex>
  );
}

/** A table's metadata panel: columns with key icons, SELECT * copy, preview, collapse, remove. */
export function TablePanelCard({ panel }: { panel: TablePanel }) {
  const dispatch = useSqlLabDispatch();
  const toasts = useToasts();
  const previewDisabled = useSqlLabSelector(
    (s) => s.databases.byId[panel.dbId]?.disable_data_preview === true,
  );
  const selectStar = panel.selectStar ?? fallbackSelectStar(panel.schema, panel.name);
  const toggle = () => void dispatch(setTableExpanded(panel.id, !panel.expanded));

  const showPreview = () => {
    if (panel.dataPreviewQueryId) {
      dispatch(southTabShown({ editorId: panel.queryEditorId, tab: `preview:${panel.id}` }));
    } else {
      void dispatch(runPreview(panel.id));
    }
  };

  return (
    <section
      aria-label={`Table ${panel.name}`}
      style={{
        border: `1px solid ${CSS_VAR.borderSecondary}`,
        borderRadius: 6,
        background: CSS_VAR.surface,
      }}
    >
      <Flex align="center" gap={4} style={{ padding: '4px 4px 4px 2px' }}>
        <Button
          type="text"
          size="small"
          aria-label={panel.expanded ? 'Collapse' : 'Expand'}
          aria-expanded={panel.expanded}
          icon={panel.expanded ? <CaretDownOutlined /> : <CaretRightOutlined />}
          onClick={toggle}
        />
        <TableOutlined style={{ color: '#1f7a8c' }} />
        <span
          onClick={toggle}
          style={{ flex: 1, minWidth: 0, cursor: 'pointer', overflow: 'hidden' }}
          title={panel.schema ? `${panel.schema}.${panel.name}` : panel.name}
        >
          <Typography.Text strong ellipsis style={{ display: 'block', fontSize: 13 }}>
            {panel.name}
          </Typography.Text>
        </span>
        <Tooltip title="Copy SELECT statement">
          <Button
            type="text"
            size="small"
            aria-label="Copy SELECT statement"
            icon={<CopyOutlined />}
            onClick={() => void copyWithToast(selectStar, toasts)}
          />
        </Tooltip>
        {previewDisabled ? null : (
          <Tooltip title="Show the data preview">
            <Button
              type="text"
              size="small"
              aria-label="Show data preview"
              icon={<EyeOutlined />}
              onClick={showPreview}
            />
          </Tooltip>
        )}
        <Tooltip title="Remove table">
          <Button
            type="text"
            size="small"
            aria-label="Remove table"
            icon={<CloseOutlined />}
            onClick={() => void dispatch(removeTable(panel.id))}
          />
        </Tooltip>
      </Flex>
      {panel.expanded ? (
        <div style={{ padding: '0 8px 8px', borderTop: `1px solid ${CSS_VAR.borderSecondary}` }}>
          {panel.isMetadataLoading ? (
            <Skeleton active title={false} paragraph={{ rows: 4 }} style={{ paddingTop: 8 }} />
          ) : panel.error ? (
            <Alert type="error" showIcon message={panel.error} style={{ marginTop: 8 }} />
          ) : (
            <>
              <Typography.Text
                type="secondary"
                style={{ fontSize: 11, display: 'block', padding: '4px 4px 2px' }}
              >
                {panel.schema ? `${panel.schema} · ` : ''}
                {panel.columns.length} {panel.columns.length === 1 ? 'column' : 'columns'}
              </Typography.Text>
              {panel.columns.map((c) => (
                <ColumnRow key={c.name} column={c} panel={panel} />
              ))}
              {partitionLines(panel.partitions).map((line) => (
                <Typography.Text
                  key={line}
                  type="secondary"
                  style={{ fontSize: 11, display: 'block', padding: '6px 4px 0' }}
                >
                  {line}
                </Typography.Text>
              ))}
              {panel.indexes.length > 0 ? (
                <Typography.Text
                  type="secondary"
                  style={{ fontSize: 11, display: 'block', padding: '6px 4px 0' }}
                >
                  Indexes:{' '}
                  {panel.indexes
                    .map((i) => `${i.name ?? 'index'} (${(i.column_names ?? []).join(', ')})`)
                    .join('; ')}
                </Typography.Text>
              ) : null}
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
