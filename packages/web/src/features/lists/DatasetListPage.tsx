import { ListView } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { OwnerAvatars } from '../../components/OwnerAvatars';
import { Label, MutedText, PersonText, TitleLink } from './cells';
import { SORT_BY_CHANGED } from './common';
import type { DatasetRow } from './types';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'table_name', opr: 'ct' },
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
  {
    kind: 'async',
    id: 'database',
    label: 'Database',
    col: 'database',
    opr: 'rel_o_m',
    source: 'related',
    column: 'database',
  },
  {
    kind: 'async',
    id: 'schema',
    label: 'Schema',
    col: 'schema',
    opr: 'eq',
    source: 'distinct',
    column: 'schema',
  },
  {
    kind: 'async',
    id: 'owners',
    label: 'Owner',
    col: 'owners',
    opr: 'rel_m_m',
    source: 'related',
    column: 'owners',
  },
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
  {
    key: 'database',
    title: 'Database',
    sortKey: 'database.database_name',
    render: (row) => <MutedText>{row.database?.database_name}</MutedText>,
  },
  {
    key: 'schema',
    title: 'Schema',
    sortKey: 'schema',
    render: (row) => <MutedText>{row.schema}</MutedText>,
  },
  {
    key: 'owners',
    title: 'Owners',
    width: 150,
    render: (row) => <OwnerAvatars owners={row.owners} />,
  },
  {
    key: 'changed_on_delta_humanized',
    title: 'Modified',
    sortKey: 'changed_on_delta_humanized',
    width: 160,
    render: (row) => <MutedText>{row.changed_on_delta_humanized}</MutedText>,
  },
  {
    key: 'changed_by',
    title: 'Modified by',
    sortKey: 'changed_by.first_name',
    width: 170,
    render: (row) => <PersonText person={row.changed_by} />,
  },
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
