import { Button, Checkbox, Col, Empty, Flex, Form, Row, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined, SyncOutlined } from '@ant-design/icons';
import { ADVANCED_DATA_TYPES_FLAG, MESSAGES } from '@strata/core';
import { useBootstrap } from '../../app/BootstrapContext';
import { cellError } from './datasetEdit';
import type { ColumnRow, EditError } from './datasetEdit';
import {
  CheckCell,
  DeleteRowButton,
  DetailField,
  SqlCell,
  TextCell,
  type SqlContext,
} from './EditCells';

type ColumnPatch = Partial<Omit<ColumnRow, 'key' | 'id'>>;
type OnColumnChange = (key: string, patch: ColumnPatch) => void;

/** Description, date format and flags of a column, in its expanded row. */
function ColumnDetails({
  column,
  onChange,
  flags,
}: {
  column: ColumnRow;
  onChange: OnColumnChange;
  flags: boolean;
}) {
  const advancedTypes = useBootstrap().common.feature_flags[ADVANCED_DATA_TYPES_FLAG] === true;
  return (
    <Form layout="vertical" component="div">
      <Row gutter={16}>
        <Col span={flags ? 12 : 24}>
          <DetailField label="Description">
            <TextCell
              label={`Description of ${column.column_name}`}
              value={column.description}
              multiline
              onChange={(description) => onChange(column.key, { description })}
            />
          </DetailField>
          {advancedTypes ? (
            <DetailField label="Advanced data type">
              <TextCell
                label={`Advanced data type of ${column.column_name}`}
                value={column.advanced_data_type ?? ''}
                placeholder="internet_address"
                code
                onChange={(v) =>
                  onChange(column.key, { advanced_data_type: v.trim() === '' ? null : v.trim() })
                }
              />
            </DetailField>
          ) : null}
        </Col>
        {flags ? (
          <Col span={12}>
            <DetailField label="Datetime format">
              <TextCell
                label={`Datetime format of ${column.column_name}`}
                value={column.python_date_format}
                placeholder="%Y-%m-%d"
                code
                onChange={(python_date_format) => onChange(column.key, { python_date_format })}
              />
            </DetailField>
            <Space size="large">
              <Checkbox
                checked={column.filterable}
                onChange={(e) => onChange(column.key, { filterable: e.target.checked })}
              >
                Is filterable
              </Checkbox>
              <Checkbox
                checked={column.groupby}
                onChange={(e) => onChange(column.key, { groupby: e.target.checked })}
              >
                Is dimension
              </Checkbox>
            </Space>
          </Col>
        ) : null}
      </Row>
    </Form>
  );
}

function checkColumn(
  field: 'is_dttm' | 'filterable' | 'groupby' | 'is_active',
  title: string,
  onChange: OnColumnChange,
): TableColumnsType<ColumnRow>[number] {
  return {
    key: field,
    title,
    width: 92,
    align: 'center',
    render: (_: unknown, c) => (
      <CheckCell
        label={`${title}: ${c.column_name}`}
        checked={c[field]}
        onChange={(checked) => onChange(c.key, { [field]: checked })}
      />
    ),
  };
}

/** The physical columns: labels, temporal flags and formats; names and types come from the source. */
export function ColumnsTab({
  columns,
  onChange,
  onSync,
  syncing,
}: {
  columns: ColumnRow[];
  onChange: OnColumnChange;
  onSync: () => void;
  syncing: boolean;
}) {
  const tableColumns: TableColumnsType<ColumnRow> = [
    {
      key: 'column_name',
      title: 'Column',
      render: (_: unknown, c) => <Typography.Text strong>{c.column_name}</Typography.Text>,
    },
    {
      key: 'verbose_name',
      title: 'Label',
      width: 200,
      render: (_: unknown, c) => (
        <TextCell
          label={`Label of ${c.column_name}`}
          value={c.verbose_name}
          onChange={(verbose_name) => onChange(c.key, { verbose_name })}
        />
      ),
    },
    {
      key: 'type',
      title: 'Type',
      width: 130,
      render: (_: unknown, c) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {c.type || '–'}
        </Typography.Text>
      ),
    },
    checkColumn('is_dttm', 'Is temporal', onChange),
    {
      key: 'python_date_format',
      title: 'Datetime format',
      width: 150,
      render: (_: unknown, c) => (
        <TextCell
          label={`Datetime format of ${c.column_name}`}
          value={c.python_date_format}
          placeholder={c.is_dttm ? '%Y-%m-%d' : undefined}
          code
          onChange={(python_date_format) => onChange(c.key, { python_date_format })}
        />
      ),
    },
    checkColumn('filterable', 'Is filterable', onChange),
    checkColumn('groupby', 'Is dimension', onChange),
    checkColumn('is_active', 'Is active', onChange),
  ];
  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          {columns.length} {columns.length === 1 ? 'column' : 'columns'} from the source. Expand a
          row for its description.
        </Typography.Text>
        <Button icon={<SyncOutlined />} loading={syncing} onClick={onSync}>
          Sync columns from source
        </Button>
      </Flex>
      <Table<ColumnRow>
        rowKey="key"
        size="small"
        columns={tableColumns}
        dataSource={columns}
        pagination={false}
        expandable={{
          expandedRowRender: (c) => <ColumnDetails column={c} onChange={onChange} flags={false} />,
        }}
      />
    </div>
  );
}

/** Columns defined by a SQL expression: add, edit and delete. */
export function CalculatedColumnsTab({
  columns,
  errors,
  onAdd,
  onChange,
  onRemove,
  sql,
}: {
  columns: ColumnRow[];
  errors: EditError[];
  /** What the SQL expressions complete. */
  sql: SqlContext;
  onAdd: () => void;
  onChange: OnColumnChange;
  onRemove: (key: string) => void;
}) {
  const err = (c: ColumnRow, field: string) => cellError(errors, 'calculated', c.key, field);
  const tableColumns: TableColumnsType<ColumnRow> = [
    {
      key: 'column_name',
      title: 'Column',
      width: 180,
      render: (_: unknown, c) => (
        <TextCell
          label={`Column name of ${c.column_name || 'new column'}`}
          value={c.column_name}
          error={err(c, 'column_name')}
          onChange={(column_name) => onChange(c.key, { column_name })}
        />
      ),
    },
    {
      key: 'expression',
      title: 'SQL expression',
      render: (_: unknown, c) => (
        <SqlCell
          label={`SQL expression of ${c.column_name}`}
          value={c.expression}
          sql={sql}
          placeholder="e.g. price * quantity"
          error={err(c, 'expression')}
          onChange={(expression) => onChange(c.key, { expression })}
        />
      ),
    },
    {
      key: 'type',
      title: 'Data type',
      width: 120,
      render: (_: unknown, c) => (
        <TextCell
          label={`Data type of ${c.column_name}`}
          value={c.type}
          placeholder="e.g. NUMERIC"
          code
          onChange={(type) => onChange(c.key, { type })}
        />
      ),
    },
    {
      key: 'verbose_name',
      title: 'Label',
      width: 160,
      render: (_: unknown, c) => (
        <TextCell
          label={`Label of ${c.column_name}`}
          value={c.verbose_name}
          onChange={(verbose_name) => onChange(c.key, { verbose_name })}
        />
      ),
    },
    checkColumn('is_dttm', 'Is temporal', onChange),
    {
      key: 'actions',
      title: '',
      width: 48,
      render: (_: unknown, c) => (
        <DeleteRowButton label={`Delete column ${c.column_name}`} onClick={() => onRemove(c.key)} />
      ),
    },
  ];
  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          Expand a row for its description, datetime format and flags.
        </Typography.Text>
        <Button icon={<PlusOutlined />} onClick={onAdd}>
          Add item
        </Button>
      </Flex>
      <Table<ColumnRow>
        rowKey="key"
        size="small"
        columns={tableColumns}
        dataSource={columns}
        pagination={false}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noSavedExpressions} />
          ),
        }}
        expandable={{
          expandedRowRender: (c) => <ColumnDetails column={c} onChange={onChange} flags />,
        }}
      />
    </div>
  );
}
