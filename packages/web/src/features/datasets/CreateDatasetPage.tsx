import { useMemo, useState } from 'react';
import type { CSSProperties } from 'react';
import { Link, useNavigate } from 'react-router';
import {
  Alert,
  Breadcrumb,
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Select,
  Spin,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { TableColumnsType } from 'antd';
import {
  EyeOutlined,
  KeyOutlined,
  SearchOutlined,
  TableOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import type { InfoResponse, ListResponse } from '@strata/core';
import { ApiError, api, errorMessage, infoUrl, resourceBase } from '../../app/api';
import { PATHS } from '../../app/layout/navigation';
import { useToasts } from '../../app/toasts';
import { usePageTitle } from '../../app/usePageTitle';
import { listStateToSearch } from '../../components/ListView';
import { Forbidden } from '../../components/StatusResult';
import { SORT_BY_CHANGED } from '../lists/common';
import {
  columnKeyLabels,
  createDatasetPayload,
  defaultSchema,
  existingDatasetsUrl,
  exposedDatabasesUrl,
  filterTables,
  schemasUrl,
  serverMessages,
  tableMetadataUrl,
  tablesUrl,
} from './createDataset';
import type { DatabaseOption, TableColumn, TableMetadata, TableOption } from './createDataset';
import { useUrlData } from './useUrlData';
import { CSS_VAR } from '@strata/core';

const LABEL: CSSProperties = { display: 'block', fontSize: 12, marginBottom: 4 };

const PREVIEW_COLUMNS: TableColumnsType<TableColumn> = [
  {
    key: 'name',
    title: 'Column name',
    render: (_: unknown, c) => <Typography.Text strong>{c.name}</Typography.Text>,
  },
  {
    key: 'type',
    title: 'Data type',
    render: (_: unknown, c) => <Typography.Text code>{c.type ?? '–'}</Typography.Text>,
  },
  {
    key: 'keys',
    title: 'Keys',
    width: 180,
    render: (_: unknown, c) =>
      columnKeyLabels(c).map((label) => (
        <Tag key={label} icon={label === 'PK' ? <KeyOutlined /> : undefined}>
          {label}
        </Tag>
      )),
  },
];

/** A link to the Datasets list searching for a name. */
function datasetListLink(name: string): string {
  const search = listStateToSearch(
    { pageIndex: 0, sort: SORT_BY_CHANGED, filters: { search: { value: name } } },
    SORT_BY_CHANGED,
  );
  return `${PATHS.datasets}?${search}`;
}

function TableList({
  tables,
  selected,
  existing,
  onSelect,
}: {
  tables: TableOption[];
  selected: string | null;
  existing: Set<string>;
  onSelect: (name: string) => void;
}) {
  return (
    <div
      role="listbox"
      aria-label="Tables"
      style={{ maxHeight: 440, overflowY: 'auto', margin: '0 -8px' }}
    >
      {tables.map((t) => {
        const active = t.value === selected;
        return (
          <div
            key={t.value}
            role="option"
            aria-selected={active}
            aria-label={t.value}
            tabIndex={0}
            title={`${t.value} (${t.type === 'view' ? 'view' : 'table'})`}
            onClick={() => onSelect(t.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' || e.key === ' ') {
                e.preventDefault();
                onSelect(t.value);
              }
            }}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '5px 8px',
              borderRadius: 4,
              cursor: 'pointer',
              background: active ? '#e6f4f7' : undefined,
              fontWeight: active ? 600 : undefined,
            }}
          >
            {t.type === 'view' ? (
              <EyeOutlined aria-label="View" style={{ color: '#5c7cfa' }} />
            ) : (
              <TableOutlined aria-label="Table" style={{ color: '#1f7a8c' }} />
            )}
            <span
              style={{
                flex: 1,
                overflow: 'hidden',
                textOverflow: 'ellipsis',
                whiteSpace: 'nowrap',
              }}
            >
              {t.value}
            </span>
            {existing.has(t.value) ? (
              <Tag color="gold" style={{ marginInlineEnd: 0 }}>
                dataset
              </Tag>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}

/** The empty right panel: what to do first. */
function SourceHint() {
  return (
    <Empty
      style={{ marginTop: 96 }}
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <Typography.Title level={5}>Select dataset source</Typography.Title>
          <Typography.Text type="secondary">
            Choose a database, a schema and a table on the left to preview its columns, then create
            a dataset from it.
          </Typography.Text>
        </>
      }
    />
  );
}

/** No database to pick from: where to connect one. */
function NoDatabases() {
  return (
    <Empty
      image={Empty.PRESENTED_IMAGE_SIMPLE}
      description={
        <>
          <div>No databases available</div>
          <Link to={PATHS.databases}>Connect a database</Link>
        </>
      }
    />
  );
}

/** `/dataset/add/`: pick a table of a database and create a dataset on it. */
export default function CreateDatasetPage() {
  usePageTitle('New dataset');
  const navigate = useNavigate();
  const { addSuccessToast, addDangerToast } = useToasts();
  const [databaseId, setDatabaseId] = useState<number | null>(null);
  const [chosenSchema, setChosenSchema] = useState<string | null>(null);
  const [table, setTable] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [creating, setCreating] = useState(false);

  const info = useUrlData<InfoResponse>(infoUrl('dataset'));
  const databases = useUrlData<ListResponse<DatabaseOption>>(exposedDatabasesUrl());
  const schemas = useUrlData<{ result: string[] }>(
    databaseId !== null ? schemasUrl(databaseId) : null,
  );
  const schemaList = useMemo(() => schemas.data?.result ?? [], [schemas.data]);
  const schema = chosenSchema ?? defaultSchema(schemaList);
  const tables = useUrlData<{ count: number; result: TableOption[] }>(
    databaseId !== null && schema !== null ? tablesUrl(databaseId, schema) : null,
  );
  const existing = useUrlData<ListResponse<{ id: number; table_name: string }>>(
    databaseId !== null && schema !== null ? existingDatasetsUrl(databaseId, schema) : null,
  );
  const metadata = useUrlData<TableMetadata>(
    databaseId !== null && table !== null ? tableMetadataUrl(databaseId, table, schema) : null,
  );

  const tableList = useMemo(() => tables.data?.result ?? [], [tables.data]);
  const shownTables = useMemo(() => filterTables(tableList, search), [tableList, search]);
  const existingNames = useMemo(
    () => new Set((existing.data?.result ?? []).map((d) => d.table_name)),
    [existing.data],
  );
  const alreadyExists = table !== null && existingNames.has(table);

  if (info.data && !(info.data.permissions ?? []).includes('can_write')) return <Forbidden />;

  const create = async () => {
    if (databaseId === null || table === null) return;
    setCreating(true);
    try {
      await api.post(
        `${resourceBase('dataset')}/`,
        createDatasetPayload({ databaseId, schema, table }),
      );
      addSuccessToast(MESSAGES.datasetSaved);
      void navigate(PATHS.datasets);
    } catch (e) {
      addDangerToast(MESSAGES.datasetSaveError);
      const reasons = e instanceof ApiError ? serverMessages(e.body) : [];
      addDangerToast(reasons.length > 0 ? reasons.join('; ') : errorMessage(e));
      setCreating(false);
    }
  };

  const databaseOptions = (databases.data?.result ?? []).map((d) => ({
    value: d.id,
    label: d.database_name,
  }));
  const noDatabases = databases.data !== null && databaseOptions.length === 0;

  let preview;
  if (table === null) {
    preview = <SourceHint />;
  } else if (metadata.loading) {
    preview = (
      <Flex justify="center" style={{ padding: 96 }}>
        <Spin />
      </Flex>
    );
  } else if (metadata.error) {
    preview = <Alert type="error" showIcon title={metadata.error} />;
  } else {
    const columns = metadata.data?.columns ?? [];
    preview = (
      <>
        <Flex align="baseline" gap={12} style={{ marginBottom: 12 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {tableList.find((t) => t.value === table)?.type === 'view' ? (
              <EyeOutlined aria-label="View" style={{ marginRight: 8 }} />
            ) : (
              <TableOutlined aria-label="Table" style={{ marginRight: 8 }} />
            )}
            {table}
          </Typography.Title>
          <Typography.Text type="secondary">
            {columns.length} {columns.length === 1 ? 'column' : 'columns'}
          </Typography.Text>
        </Flex>
        {alreadyExists ? (
          <Alert
            type="warning"
            showIcon
            icon={<WarningOutlined />}
            style={{ marginBottom: 12 }}
            title="This table already has a dataset associated with it. You can only associate one dataset with a table."
            action={<Link to={datasetListLink(table)}>View dataset</Link>}
          />
        ) : null}
        <Table<TableColumn>
          rowKey="name"
          size="small"
          columns={PREVIEW_COLUMNS}
          dataSource={columns}
          pagination={false}
          scroll={{ y: 460 }}
        />
      </>
    );
  }

  return (
    <div>
      <Breadcrumb
        style={{ marginBottom: 8 }}
        items={[{ title: <Link to={PATHS.datasets}>Datasets</Link> }, { title: 'New dataset' }]}
      />
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        New dataset
      </Typography.Title>
      <Flex gap={16} align="stretch" wrap>
        <Card variant="borderless" style={{ width: 320, flex: '0 0 320px' }}>
          {databases.error ? <Alert type="error" showIcon title={databases.error} /> : null}
          {noDatabases ? (
            <NoDatabases />
          ) : (
            <Flex vertical gap={16}>
              <div>
                <label htmlFor="dataset-database" style={LABEL}>
                  Database
                </label>
                <Select<number>
                  id="dataset-database"
                  style={{ width: '100%' }}
                  placeholder="Select database or type to search databases"
                  loading={databases.loading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={databaseOptions}
                  value={databaseId ?? undefined}
                  onChange={(id) => {
                    setDatabaseId(id);
                    setChosenSchema(null);
                    setTable(null);
                    setSearch('');
                  }}
                />
              </div>
              <div>
                <label htmlFor="dataset-schema" style={LABEL}>
                  Schema
                </label>
                <Select<string>
                  id="dataset-schema"
                  style={{ width: '100%' }}
                  placeholder="Select schema or type to search schemas"
                  disabled={databaseId === null}
                  loading={schemas.loading}
                  showSearch={{ optionFilterProp: 'label' }}
                  options={schemaList.map((s) => ({ value: s, label: s }))}
                  value={schema ?? undefined}
                  notFoundContent={schemas.error ?? undefined}
                  onChange={(s) => {
                    setChosenSchema(s);
                    setTable(null);
                    setSearch('');
                  }}
                />
              </div>
              {schema !== null ? (
                <div>
                  <Input
                    aria-label="Search tables"
                    placeholder="Search tables"
                    prefix={<SearchOutlined />}
                    allowClear
                    value={search}
                    onChange={(e) => setSearch(e.target.value)}
                    style={{ marginBottom: 8 }}
                  />
                  {tables.loading ? (
                    <Flex justify="center" style={{ padding: 24 }}>
                      <Spin size="small" />
                    </Flex>
                  ) : tables.error ? (
                    <Alert type="error" showIcon title={tables.error} />
                  ) : (
                    <>
                      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                        {shownTables.length === tableList.length
                          ? `${tableList.length} ${tableList.length === 1 ? 'table' : 'tables'}`
                          : `${shownTables.length} of ${tableList.length} tables`}
                      </Typography.Text>
                      {shownTables.length === 0 ? (
                        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No tables" />
                      ) : (
                        <TableList
                          tables={shownTables}
                          selected={table}
                          existing={existingNames}
                          onSelect={setTable}
                        />
                      )}
                    </>
                  )}
                </div>
              ) : null}
            </Flex>
          )}
        </Card>
        <Card variant="borderless" style={{ flex: '1 1 480px', minWidth: 0, minHeight: 480 }}>
          {preview}
        </Card>
      </Flex>
      <Flex
        justify="flex-end"
        gap={8}
        style={{ marginTop: 16, paddingTop: 12, borderTop: `1px solid ${CSS_VAR.borderSecondary}` }}
      >
        <Button onClick={() => void navigate(PATHS.datasets)}>Cancel</Button>
        <Button
          type="primary"
          loading={creating}
          disabled={table === null || alreadyExists || metadata.loading}
          onClick={() => void create()}
        >
          Create dataset
        </Button>
      </Flex>
    </div>
  );
}
