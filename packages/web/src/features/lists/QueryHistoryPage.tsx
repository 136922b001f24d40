import { Tooltip } from 'antd';
import { ListView } from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { Label, MutedText, PersonText, SqlPreview } from './cells';
import { QUERY_STATUSES, formatQueryTime, queryDuration, queryStatus } from './queryHistory';
import type { QueryRow } from './types';

const FILTERS: ListFilterDef[] = [
  {
    kind: 'select',
    id: 'status',
    label: 'State',
    col: 'status',
    opr: 'eq',
    options: QUERY_STATUSES.map((s) => ({ label: s.label, value: s.value })),
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
    id: 'user',
    label: 'User',
    col: 'user',
    opr: 'rel_o_m',
    source: 'related',
    column: 'user',
  },
  { kind: 'search', id: 'search', label: 'Search by query text', col: 'sql', opr: 'ct' },
];

const SORT: SortState = { column: 'changed_on', direction: 'desc' };

const COLUMNS: ListColumn<QueryRow>[] = [
  {
    key: 'status',
    title: 'State',
    sortKey: 'status',
    width: 110,
    render: (row) => {
      const status = queryStatus(row.status);
      return <Label color={status.color}>{status.label}</Label>;
    },
  },
  {
    key: 'start_time',
    title: 'Time',
    sortKey: 'start_time',
    width: 190,
    render: (row) => {
      const duration = queryDuration(row.start_time, row.end_time);
      return (
        <Tooltip title={duration ? `Duration: ${duration}` : undefined}>
          <span>{formatQueryTime(row.start_time) || '–'}</span>
        </Tooltip>
      );
    },
  },
  {
    key: 'tab_name',
    title: 'Tab name',
    sortKey: 'tab_name',
    render: (row) => <MutedText>{row.tab_name}</MutedText>,
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
    key: 'user',
    title: 'User',
    render: (row) => <PersonText person={row.user} />,
  },
  {
    key: 'rows',
    title: 'Rows',
    sortKey: 'rows',
    align: 'right',
    width: 90,
    render: (row) => <MutedText>{row.rows ?? undefined}</MutedText>,
  },
  { key: 'sql', title: 'SQL', render: (row) => <SqlPreview sql={row.sql} /> },
];

const itemName = (row: QueryRow) => String(row.tab_name ?? row.id);

export default function QueryHistoryPage() {
  return (
    <ListView<QueryRow>
      resource="query"
      resourceLabel="query"
      resourceLabelPlural="queries"
      title="Query history"
      columns={COLUMNS}
      filters={FILTERS}
      defaultSort={SORT}
      itemName={itemName}
      deletable={false}
      emptyText="No queries yet"
    />
  );
}
