import {
  ListView,
  databaseFilter,
  ownersFilter,
  schemaFilter,
  searchFilter,
} from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
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

export default function DatasetListPage() {
  return (
    <ListView<DatasetRow>
      resource="dataset"
      resourceLabel="dataset"
      title="Datasets"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      bulkDelete
      emptyText="No datasets yet"
    />
  );
}
