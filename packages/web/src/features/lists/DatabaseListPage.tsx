import { ListView } from '../../components/ListView';
import type { ListColumn, ListFilterDef } from '../../components/ListView';
import { BooleanMark, MutedText, PersonText } from './cells';
import { SORT_BY_CHANGED, YES_NO } from './common';
import type { DatabaseRow } from './types';

const FILTERS: ListFilterDef[] = [
  { kind: 'search', id: 'search', label: 'Name', col: 'database_name', opr: 'ct' },
  {
    kind: 'select',
    id: 'expose_in_sqllab',
    label: 'Expose in SQL Lab',
    col: 'expose_in_sqllab',
    opr: 'eq',
    options: YES_NO,
  },
  {
    kind: 'select',
    id: 'allow_run_async',
    label: 'AQE',
    col: 'allow_run_async',
    opr: 'eq',
    options: YES_NO,
  },
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
  {
    key: 'created_by',
    title: 'Created by',
    sortKey: 'created_by.first_name',
    render: (row) => <PersonText person={row.created_by} />,
  },
  {
    key: 'changed_on_delta_humanized',
    title: 'Last modified',
    sortKey: 'changed_on_delta_humanized',
    width: 160,
    render: (row) => <MutedText>{row.changed_on_delta_humanized}</MutedText>,
  },
];

const itemName = (row: DatabaseRow) => row.database_name;

export default function DatabaseListPage() {
  return (
    <ListView<DatabaseRow>
      resource="database"
      resourceLabel="database"
      title="Databases"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT_BY_CHANGED}
      itemName={itemName}
      emptyText="No databases yet"
    />
  );
}
