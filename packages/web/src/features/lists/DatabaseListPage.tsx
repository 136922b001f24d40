import { Suspense, lazy, useCallback } from 'react';
import { EditOutlined } from '@ant-design/icons';
import {
  ListView,
  RowActionButton,
  addButton,
  searchFilter,
  useItemModal,
  yesNoFilter,
} from '../../components/ListView';
import type { ListColumn, ListFilterDef, ListViewContext } from '../../components/ListView';
import {
  ExportRowButton,
  exportBulkAction,
  importButton,
  useCanExport,
} from '../imports/ImportExportButtons';
import { BooleanMark, MutedText } from './cells';
import { createdByColumn, modifiedColumn } from './columns';
import { SORT_BY_CHANGED } from './common';
import type { DatabaseRow } from './types';

const FILTERS: ListFilterDef[] = [
  searchFilter('database_name'),
  yesNoFilter('expose_in_sqllab', 'Expose in SQL Lab'),
  yesNoFilter('allow_run_async', 'AQE'),
];

const flag = (key: keyof DatabaseRow & string, title: string): ListColumn<DatabaseRow> => ({
  key,
  title,
  sortKey: key,
  width: 110,
  align: 'center',
  render: (row) => <BooleanMark value={row[key] === true} />,
});

const COLUMNS: ListColumn<DatabaseRow>[] = [
  {
    key: 'database_name',
    title: 'Name',
    sortKey: 'database_name',
    render: (row) => <strong>{row.database_name}</strong>,
  },
  { key: 'backend', title: 'Backend', render: (row) => <MutedText>{row.backend}</MutedText> },
  flag('allow_run_async', 'AQE'),
  flag('allow_dml', 'DML'),
  flag('allow_file_upload', 'CSV upload'),
  flag('expose_in_sqllab', 'Expose in SQL Lab'),
  createdByColumn<DatabaseRow>(),
  modifiedColumn<DatabaseRow>('Last modified'),
];

const itemName = (row: DatabaseRow) => row.database_name;

const DatabaseModal = lazy(() => import('../databases/DatabaseModal'));
const importDatabases = importButton('database');
const exportBulk = exportBulkAction('database');

export default function DatabaseListPage() {
  const formModal = useItemModal<DatabaseRow>();
  const openForm = formModal.show;
  const canExport = useCanExport('database');
  const rowActions = useCallback(
    (row: DatabaseRow, context: ListViewContext) => (
      <>
        {context.canWrite ? (
          <RowActionButton title="Edit" icon={<EditOutlined />} onClick={() => openForm(row)} />
        ) : null}
        {canExport ? <ExportRowButton resource="database" ids={[row.id]} /> : null}
      </>
    ),
    [openForm, canExport],
  );
  const addDatabase = addButton('Database', () => openForm(null));
  return (
    <>
      <ListView<DatabaseRow>
        resource="database"
        resourceLabel="database"
        title="Databases"
        columns={COLUMNS}
        filters={FILTERS}
        defaultSort={SORT_BY_CHANGED}
        itemName={itemName}
        reloadToken={formModal.reloadToken}
        rowActions={rowActions}
        // Bulk select for export only: databases are deleted one at a time, as in Superset.
        bulkActions={canExport ? exportBulk : undefined}
        headerActions={(context) => (
          <>
            {importDatabases(context)}
            {addDatabase(context)}
          </>
        )}
        emptyText="No databases yet"
      />
      {formModal.key > 0 ? (
        <Suspense fallback={null}>
          <DatabaseModal key={formModal.key} {...formModal.modalProps} />
        </Suspense>
      ) : null}
    </>
  );
}
