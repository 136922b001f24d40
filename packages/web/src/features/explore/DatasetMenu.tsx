/**
 * The dataset control's menu (spec 001 §2): Edit dataset (owners only, with the spec's tooltip
 * otherwise), Swap dataset (a searchable, paged list; a name leads to a confirmation), View in
 * SQL Lab (users allowed the query editor); for virtual datasets, Query preview. On a SQL Lab
 * query (datasource type "query"): Query preview (with Save as Dataset), View in SQL Lab and Save
 * as dataset (the shared Save or Overwrite Dataset dialog).
 */
import { Suspense, lazy, useEffect, useState } from 'react';
import { Alert, Button, Dropdown, Flex, Input, Modal, Table, Tooltip, Typography } from 'antd';
import { MoreOutlined } from '@ant-design/icons';
import { risonEncode, type QueryFormData } from '@strata/core';
import type { ExploreDatasource } from '@strata/charts';
import { api, errorMessage } from '../../app/api';
import { useCurrentUser } from '../../app/BootstrapContext';
import { mayUseSqlLab } from '../../app/layout/navigation';
import { useToasts } from '../../app/toasts';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import type { Person } from '../../components/people';
import { defaultDatasetName, SaveDatasetModal } from '../../components/SaveDatasetModal';
import { canEditDataset } from '../datasets/access';
import {
  datasetColumnsOf,
  datasetMenuKeys,
  isQueryDatasource,
  sqlLabFormFields,
  type DatasetMenuKey,
} from './queryDatasource';
import { CSS_VAR } from '@strata/core';

const DatasetEditModal = lazy(() => import('../datasets/DatasetEditModal'));

export const SWAP_MODAL_HEIGHT = 540;
const OWNER_EDIT_TOOLTIP =
  'You must be a dataset owner in order to edit. Please reach out to a dataset owner to request modifications or edit access.';

export interface ExploreDataset extends ExploreDatasource {
  table_name?: string;
  schema?: string | null;
  sql?: string | null;
  /** The database (a query's datasource: where the dataset is saved). */
  database?: { id: number; database_name?: string } | null;
  /** Owner ids (the dataset payload) or owner objects. */
  owners?: Array<number | { id: number; first_name?: string; last_name?: string }>;
}

interface DatasetRow {
  id: number;
  table_name: string;
  kind: string;
  schema: string | null;
  database: { database_name: string } | null;
  owners: Person[];
}

/** Opens a query in SQL Lab in a new tab (the form post SQL Lab takes; see sqlLabFormFields). */
export async function openInSqlLab(source: Record<string, string>): Promise<void> {
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = '/superset/sqllab/';
  form.target = '_blank';
  const fields = { ...source, csrf_token: await api.csrfToken() };
  for (const [name, value] of Object.entries(fields)) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.appendChild(input);
  }
  document.body.appendChild(form);
  form.submit();
  form.remove();
}

/** The Swap dataset dialog (also opened by the "Missing dataset" warning's button). */
export function SwapDatasetModal({
  onClose,
  onChosen,
}: {
  onClose: () => void;
  onChosen: (id: number) => void;
}) {
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<{
    rows: DatasetRow[];
    count: number;
    loading: boolean;
    error: string | null;
  }>({
    rows: [],
    count: 0,
    loading: true,
    error: null,
  });
  const [confirm, setConfirm] = useState<DatasetRow | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const q = risonEncode({
      page,
      page_size: 20,
      order_column: 'table_name',
      order_direction: 'asc',
      ...(search.trim()
        ? { filters: [{ col: 'table_name', opr: 'ct', value: search.trim() }] }
        : {}),
    });
    setData((d) => ({ ...d, loading: true }));
    const timer = setTimeout(() => {
      api
        .get<{ result: DatasetRow[]; count: number }>(
          `/api/v1/dataset/?q=${encodeURIComponent(q)}`,
          { signal: controller.signal },
        )
        .then((r) => setData({ rows: r.result, count: r.count, loading: false, error: null }))
        .catch((e: unknown) =>
          setData({ rows: [], count: 0, loading: false, error: errorMessage(e) }),
        );
    }, 250);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search, page]);
  return (
    <Modal
      open
      title="Swap dataset"
      onCancel={onClose}
      footer={confirm ? undefined : null}
      width={860}
      okText="Proceed"
      onOk={() => confirm && onChosen(confirm.id)}
      cancelText="Cancel"
      styles={{ body: { height: SWAP_MODAL_HEIGHT - 110, overflow: 'auto' } }}
    >
      {confirm ? (
        <Alert
          type="warning"
          showIcon
          message={`Change the dataset to ${confirm.table_name}?`}
          description="Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset."
        />
      ) : (
        <Flex vertical gap={8}>
          <Alert
            type="warning"
            showIcon
            message="Changing the dataset may break the chart if the chart relies on columns or metadata that does not exist in the target dataset"
          />
          <Input.Search
            placeholder="Search / Filter"
            allowClear
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
            aria-label="Search / Filter"
          />
          {data.error ? <Alert type="error" message={data.error} /> : null}
          <Table<DatasetRow>
            size="small"
            rowKey="id"
            loading={data.loading}
            dataSource={data.rows}
            pagination={{
              current: page + 1,
              pageSize: 20,
              total: data.count,
              size: 'small',
              onChange: (p) => setPage(p - 1),
              showSizeChanger: false,
            }}
            columns={[
              {
                key: 'name',
                title: 'Name',
                render: (_, r) => (
                  <Typography.Link onClick={() => setConfirm(r)}>{r.table_name}</Typography.Link>
                ),
              },
              {
                key: 'kind',
                title: 'Type',
                render: (_, r) => (r.kind === 'virtual' ? 'Virtual' : 'Physical'),
              },
              { key: 'schema', title: 'Schema', dataIndex: 'schema' },
              { key: 'db', title: 'Connection', render: (_, r) => r.database?.database_name ?? '' },
              {
                key: 'owners',
                title: 'Owners',
                render: (_, r) => <OwnerAvatars owners={r.owners} />,
              },
            ]}
          />
        </Flex>
      )}
    </Modal>
  );
}

const MENU_LABELS: Record<Exclude<DatasetMenuKey, 'edit'>, string> = {
  swap: 'Swap dataset',
  preview: 'Query preview',
  sqllab: 'View in SQL Lab',
  save_dataset: 'Save as dataset',
};

export function DatasetMenu({
  dataset,
  onSwapped,
  onEdited,
  formData,
}: {
  dataset: ExploreDataset;
  onSwapped: (id: number) => void;
  onEdited: () => void;
  /** The chart's form data: a query saved as a dataset reopens Explore on it with this chart. */
  formData?: QueryFormData;
}) {
  const user = useCurrentUser();
  const toasts = useToasts();
  const [modal, setModal] = useState<'edit' | 'swap' | 'preview' | 'save_dataset' | null>(null);
  const editable = canEditDataset(
    user,
    (dataset.owners ?? []).map((o) => (typeof o === 'number' ? { id: o } : o)),
  );
  const isQuery = isQueryDatasource(dataset);
  const sqlLabFields = sqlLabFormFields(dataset);
  const viewInSqlLab = () =>
    void openInSqlLab(sqlLabFields).catch((e: unknown) => toasts.addDangerToast(errorMessage(e)));
  const items = datasetMenuKeys(dataset, mayUseSqlLab(user)).map((k) =>
    k === 'edit'
      ? {
          key: k,
          disabled: !editable,
          label: editable ? (
            'Edit dataset'
          ) : (
            <Tooltip title={OWNER_EDIT_TOOLTIP}>Edit dataset</Tooltip>
          ),
        }
      : { key: k, label: MENU_LABELS[k] },
  );
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key: k }) => {
            if (k === 'sqllab') viewInSqlLab();
            else setModal(k as 'edit' | 'swap' | 'preview' | 'save_dataset');
          },
        }}
      >
        <Button
          type="text"
          size="small"
          icon={<MoreOutlined />}
          aria-label="Dataset menu"
          data-test="dataset-menu"
        />
      </Dropdown>
      {modal === 'swap' ? (
        <SwapDatasetModal
          onClose={() => setModal(null)}
          onChosen={(id) => {
            setModal(null);
            onSwapped(id);
          }}
        />
      ) : null}
      {modal === 'edit' ? (
        <Suspense fallback={null}>
          <DatasetEditModal
            open
            item={{ id: dataset.id, table_name: dataset.table_name ?? dataset.name ?? '' }}
            onClose={() => setModal(null)}
            onSaved={() => {
              setModal(null);
              onEdited();
            }}
          />
        </Suspense>
      ) : null}
      {modal === 'preview' ? (
        <Modal
          open
          title="Query preview"
          onCancel={() => setModal(null)}
          footer={[
            ...(isQuery
              ? [
                  <Button key="save" onClick={() => setModal('save_dataset')}>
                    Save as Dataset
                  </Button>,
                ]
              : []),
            <Button key="sqllab" onClick={viewInSqlLab}>
              Open in SQL Lab
            </Button>,
            <Button key="close" type="primary" onClick={() => setModal(null)}>
              Close
            </Button>,
          ]}
        >
          <pre
            style={{
              background: CSS_VAR.layout,
              padding: 12,
              maxHeight: 400,
              overflow: 'auto',
              whiteSpace: 'pre-wrap',
              overflowWrap: 'anywhere',
            }}
            data-test="query-preview-sql"
          >
            {dataset.sql}
          </pre>
        </Modal>
      ) : null}
      {isQuery && dataset.database ? (
        <SaveDatasetModal
          open={modal === 'save_dataset'}
          onClose={() => setModal(null)}
          dbId={dataset.database.id}
          schema={dataset.schema ?? null}
          sql={dataset.sql ?? ''}
          columns={datasetColumnsOf(dataset.columns)}
          defaultName={defaultDatasetName(dataset.name)}
          openInNewWindow={false}
          formData={formData ?? null}
        />
      ) : null}
    </>
  );
}
