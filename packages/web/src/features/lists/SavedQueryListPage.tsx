import { useCallback } from 'react';
import { Link, useNavigate } from 'react-router';
import { ConsoleSqlOutlined } from '@ant-design/icons';
import { PATHS } from '../../app/layout/navigation';
import {
  ListView,
  RowActionButton,
  databaseFilter,
  schemaFilter,
  searchFilter,
} from '../../components/ListView';
import { useTaggedList } from '../tags/listParts';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import {
  ExportRowButton,
  exportBulkAction,
  importButton,
  useCanExport,
} from '../imports/ImportExportButtons';
import {
  createdByColumn,
  databaseColumn,
  modifiedColumn,
  schemaColumn,
  sqlColumn,
} from './columns';
import { SORT_BY_CHANGED } from './common';
import type { SavedQueryRow } from './types';

/** The SQL Lab address opening a saved query in a tab. */
export function savedQueryEditorUrl(id: number): string {
  return `${PATHS.sqlLab}?savedQueryId=${id}`;
}

const FILTERS: ListFilterDef[] = [searchFilter('label'), databaseFilter(), schemaFilter()];

const COLUMNS: ListColumn<SavedQueryRow>[] = [
  {
    key: 'label',
    title: 'Name',
    sortKey: 'label',
    render: (row) => (
      <Link to={savedQueryEditorUrl(row.id)} title={row.description || 'Open in SQL Lab'}>
        <strong>{row.label}</strong>
      </Link>
    ),
  },
  databaseColumn<SavedQueryRow>(),
  schemaColumn<SavedQueryRow>(),
  sqlColumn<SavedQueryRow>(),
  createdByColumn<SavedQueryRow>(),
  modifiedColumn<SavedQueryRow>(),
];

const itemName = (row: SavedQueryRow) => row.label;

const exportBulk = exportBulkAction('saved_query');
const importSavedQueries = importButton('saved_query');

export default function SavedQueryListPage() {
  const [columns, filters] = useTaggedList(COLUMNS, FILTERS, 'saved_query_tag_id');
  const navigate = useNavigate();
  const canExport = useCanExport('saved_query');
  const rowActions = useCallback(
    (row: SavedQueryRow) => (
      <>
        <RowActionButton
          title="Open in SQL Lab"
          icon={<ConsoleSqlOutlined />}
          onClick={() => void navigate(savedQueryEditorUrl(row.id))}
        />
        {canExport ? <ExportRowButton resource="saved_query" ids={[row.id]} /> : null}
      </>
    ),
    [navigate, canExport],
  );
  return (
    <ListView<SavedQueryRow>
      resource="saved_query"
      resourceLabel="saved query"
      resourceLabelPlural="saved queries"
      title="Saved queries"
      columns={columns}
      filters={filters}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      bulkDelete
      rowActions={rowActions}
      bulkActions={canExport ? exportBulk : undefined}
      headerActions={importSavedQueries}
      emptyText="No saved queries yet"
    />
  );
}
