import { ListView, databaseFilter, schemaFilter, searchFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import {
  createdByColumn,
  databaseColumn,
  modifiedColumn,
  schemaColumn,
  sqlColumn,
} from './columns';
import { SORT_BY_CHANGED } from './common';
import type { SavedQueryRow } from './types';

const FILTERS: ListFilterDef[] = [searchFilter('label'), databaseFilter(), schemaFilter()];

const COLUMNS: ListColumn<SavedQueryRow>[] = [
  {
    key: 'label',
    title: 'Name',
    sortKey: 'label',
    render: (row) => (
      <span title={row.description ?? undefined}>
        <strong>{row.label}</strong>
      </span>
    ),
  },
  databaseColumn<SavedQueryRow>(),
  schemaColumn<SavedQueryRow>(),
  sqlColumn<SavedQueryRow>(),
  createdByColumn<SavedQueryRow>(),
  modifiedColumn<SavedQueryRow>(),
];

const itemName = (row: SavedQueryRow) => row.label;

export default function SavedQueryListPage() {
  return (
    <ListView<SavedQueryRow>
      resource="saved_query"
      resourceLabel="saved query"
      resourceLabelPlural="saved queries"
      title="Saved queries"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      bulkDelete
      emptyText="No saved queries yet"
    />
  );
}
