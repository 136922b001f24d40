import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { Tooltip } from 'antd';
import { ConsoleSqlOutlined } from '@ant-design/icons';
import { PATHS } from '../../app/layout/navigation';
import {
  ListView,
  RowActionButton,
  databaseFilter,
  relatedFilter,
  searchFilter,
} from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { Label, MutedText, PersonText } from './cells';
import { databaseColumn, schemaColumn, sqlColumn, textColumn } from './columns';
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
  databaseFilter(),
  relatedFilter('user', 'User', 'rel_o_m'),
  searchFilter('sql', { label: 'Search by query text' }),
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
  textColumn<QueryRow>('tab_name', 'Tab name'),
  databaseColumn<QueryRow>(),
  schemaColumn<QueryRow>(),
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
  sqlColumn<QueryRow>(),
];

const itemName = (row: QueryRow) => String(row.tab_name ?? row.id);

/** The SQL Lab address opening a past query's SQL in a new tab. */
export function queryEditorUrl(id: number | string): string {
  return `${PATHS.sqlLab}?queryId=${encodeURIComponent(String(id))}`;
}

export default function QueryHistoryPage() {
  const navigate = useNavigate();
  const rowActions = useCallback(
    (row: QueryRow) => (
      <RowActionButton
        title="Open query in SQL Lab"
        icon={<ConsoleSqlOutlined />}
        onClick={() => void navigate(queryEditorUrl(row.id))}
      />
    ),
    [navigate],
  );
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
      rowActions={rowActions}
      emptyText="No queries yet"
    />
  );
}
