/**
 * Settings → Action log (Superset's "Action Log", admins only): the event log, newest first,
 * filtered by user, action and time.
 */
import { useState } from 'react';
import { Typography } from 'antd';
import { AdminOnly } from '../../components/AdminOnly';
import { ListView, distinctFilter, relatedFilter } from '../../components/ListView';
import type { ListColumn, ListFilterDef, SortState } from '../../components/ListView';
import { MutedText, SqlPreview } from '../lists/cells';
import { formatDateTime } from '../reports/reportList';
import { LOG_RESOURCE, type LogRow } from './actionLogApi';
import { durationText, logUserName, timeSinceOptions } from './timeFilter';

const SORT: SortState = { column: 'dttm', direction: 'desc' };
const itemName = (r: LogRow) => r.action;

const COLUMNS: ListColumn<LogRow>[] = [
  {
    key: 'user',
    title: 'User',
    sortKey: 'user.username',
    width: 170,
    render: (r) => <MutedText>{logUserName(r.user)}</MutedText>,
  },
  {
    key: 'action',
    title: 'Action',
    sortKey: 'action',
    render: (r) => <Typography.Text code>{r.action}</Typography.Text>,
  },
  {
    key: 'dttm',
    title: 'Time',
    sortKey: 'dttm',
    width: 180,
    render: (r) => <MutedText>{formatDateTime(r.dttm)}</MutedText>,
  },
  {
    key: 'dashboard_id',
    title: 'Dashboard',
    sortKey: 'dashboard_id',
    width: 110,
    align: 'right',
    render: (r) => <MutedText>{r.dashboard_id ?? ''}</MutedText>,
  },
  {
    key: 'slice_id',
    title: 'Chart',
    sortKey: 'slice_id',
    width: 90,
    align: 'right',
    render: (r) => <MutedText>{r.slice_id ?? ''}</MutedText>,
  },
  {
    key: 'duration_ms',
    title: 'Duration',
    sortKey: 'duration_ms',
    width: 110,
    align: 'right',
    render: (r) => <MutedText>{durationText(r.duration_ms)}</MutedText>,
  },
  {
    key: 'json',
    title: 'Details',
    responsive: ['xl'],
    render: (r) => <SqlPreview sql={r.json} />,
  },
];

function ActionLogList() {
  // The time choices count back from the page's opening; the list keeps the chosen moment.
  const [filters] = useState<ListFilterDef[]>(() => [
    relatedFilter('user', 'User', 'rel_o_m'),
    distinctFilter('action', 'Action'),
    {
      kind: 'select',
      id: 'since',
      label: 'Time',
      col: 'dttm',
      opr: 'gt',
      options: timeSinceOptions(new Date()),
    },
  ]);
  return (
    <ListView<LogRow>
      resource={LOG_RESOURCE}
      resourceLabel="log"
      title="Action log"
      columns={COLUMNS}
      filters={filters}
      defaultSort={SORT}
      itemName={itemName}
      deletable={false}
      emptyText="No events"
    />
  );
}

export default function ActionLogPage() {
  return (
    <AdminOnly title="Action log">
      <ActionLogList />
    </AdminOnly>
  );
}
