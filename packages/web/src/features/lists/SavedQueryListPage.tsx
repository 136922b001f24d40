import { ListView } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { MutedText, PersonText, SqlPreview } from './cells';
import { SORT_BY_CHANGED } from './common';
import type { SavedQueryRow } from './types';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'label', opr: 'ct' },
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
];

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
  { key: 'sql', title: 'SQL', render: (row) => <SqlPreview sql={row.sql} /> },
  {
    key: 'created_by',
    title: 'Created by',
    sortKey: 'created_by.first_name',
    render: (row) => <PersonText person={row.created_by} />,
  },
  {
    key: 'changed_on_delta_humanized',
    title: 'Modified',
    sortKey: 'changed_on_delta_humanized',
    width: 160,
    render: (row) => <MutedText>{row.changed_on_delta_humanized}</MutedText>,
  },
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
