import { Suspense, lazy, useCallback, useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { EditOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import { useCurrentUser } from '../../app/BootstrapContext';
import { PATHS } from '../../app/layout/navigation';
import {
  ListView,
  RowActionButton,
  addButton,
  databaseFilter,
  ownersFilter,
  schemaFilter,
  searchFilter,
  useItemModal,
} from '../../components/ListView';
import type { ListColumn, ListFilterDef, ListViewContext } from '../../components/ListView';
import { canEditDataset } from '../datasets/access';
import {
  ExportRowButton,
  exportBulkAction,
  importButton,
  useCanExport,
} from '../imports/ImportExportButtons';

const exportBulk = exportBulkAction('dataset');
import { UploadFileButton } from '../uploads/UploadMenus';
import { useUploads } from '../uploads/UploadsProvider';
import { Label, TitleLink } from './cells';
import {
  databaseColumn,
  modifiedByColumn,
  modifiedColumn,
  ownersColumn,
  schemaColumn,
} from './columns';
import { SORT_BY_CHANGED } from './common';
import type { DatasetRow } from './types';

const FILTERS: ListFilterDef[] = [
  searchFilter('table_name'),
  {
    kind: 'select',
    id: 'type',
    label: 'Type',
    col: 'sql',
    opr: 'dataset_is_null_or_empty',
    options: [
      { label: 'Physical', value: true },
      { label: 'Virtual', value: false },
    ],
  },
  databaseFilter(),
  schemaFilter(),
  ownersFilter(),
];

const COLUMNS: ListColumn<DatasetRow>[] = [
  {
    key: 'table_name',
    title: 'Name',
    sortKey: 'table_name',
    render: (row) => <TitleLink href={row.explore_url}>{row.table_name}</TitleLink>,
  },
  {
    key: 'kind',
    title: 'Type',
    width: 100,
    render: (row) => (
      <Label color={row.kind === 'virtual' ? 'purple' : 'default'}>
        {row.kind === 'virtual' ? 'Virtual' : 'Physical'}
      </Label>
    ),
  },
  databaseColumn<DatasetRow>(),
  schemaColumn<DatasetRow>(),
  ownersColumn<DatasetRow>(),
  modifiedColumn<DatasetRow>(),
  modifiedByColumn<DatasetRow>(),
];

const itemName = (row: DatasetRow) => row.table_name;

const DatasetEditModal = lazy(() => import('../datasets/DatasetEditModal'));
const importDatasets = importButton('dataset');

export default function DatasetListPage() {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const editModal = useItemModal<DatasetRow>();
  const openEditor = editModal.show;
  // The dataset's edit_url (`/tablemodelview/edit/{id}`, also the legacy editor link of the
  // edit dialog): the list with that dataset's editor open.
  const editId = Number(useParams().id);
  useEffect(() => {
    if (Number.isInteger(editId) && editId > 0) openEditor({ id: editId, table_name: '' });
  }, [editId, openEditor]);
  const uploads = useUploads();
  const { checkDatabases } = uploads;
  useEffect(() => checkDatabases(), [checkDatabases]);
  const addDataset = addButton('Dataset', () => void navigate(PATHS.datasetAdd));
  const headerActions = (context: ListViewContext) => (
    <>
      <UploadFileButton />
      {importDatasets(context)}
      {addDataset(context)}
    </>
  );
  const canExport = useCanExport('dataset');
  const rowActions = useCallback(
    (row: DatasetRow, context: ListViewContext) => {
      const exportAction = canExport ? <ExportRowButton resource="dataset" ids={[row.id]} /> : null;
      if (!context.canWrite) return exportAction;
      const allowed = canEditDataset(user, row.owners);
      return (
        <>
          <RowActionButton
            title={allowed ? 'Edit' : MESSAGES.datasetOwnerRequired}
            icon={<EditOutlined />}
            disabled={!allowed}
            onClick={() => openEditor(row)}
          />
          {exportAction}
        </>
      );
    },
    [user, openEditor, canExport],
  );
  return (
    <>
      <ListView<DatasetRow>
        resource="dataset"
        resourceLabel="dataset"
        title="Datasets"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT_BY_CHANGED}
        itemName={itemName}
        bulkDelete
        reloadToken={editModal.reloadToken + uploads.completed}
        rowActions={rowActions}
        bulkActions={canExport ? exportBulk : undefined}
        headerActions={headerActions}
        emptyText="No datasets yet"
      />
      {editModal.key > 0 ? (
        <Suspense fallback={null}>
          <DatasetEditModal key={editModal.key} {...editModal.modalProps} />
        </Suspense>
      ) : null}
    </>
  );
}
