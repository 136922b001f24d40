/**
 * `/alert/list/` and `/report/list/` (Superset's AlertReportList): one list per type with the
 * Alerts | Reports tabs, the last run, schedule, notification methods, owners, an active switch
 * and the row actions (execution log, edit, delete); the add/edit modal is loaded when opened.
 */
import { Suspense, lazy, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Switch, Tabs, Tooltip, Typography } from 'antd';
import { EditOutlined, FileTextOutlined, PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import type { ReportListItem, ReportType } from '@strata/core';
import { useCurrentUser } from '../../app/BootstrapContext';
import { useToasts } from '../../app/toasts';
import { ListView, RowActionButton, addButton, useItemModal } from '../../components/ListView';
import type { ListColumn } from '../../components/ListView';
import { createdByColumn, modifiedColumn, ownersColumn } from '../lists/columns';
import { RecipientIcons } from './components/RecipientIcons';
import { StateIcon } from './components/StateIcon';
import {
  REPORT_LIST_FILTERS,
  REPORT_LIST_SORT,
  canEditReport,
  formatDateTime,
  listPathOf,
  logPathOf,
  relativeTime,
  reportTypeOfPath,
  typeFilter,
} from './reportList';
import { REPORT_RESOURCE, setReportActive } from './reportsApi';

const AlertReportModal = lazy(() => import('./components/AlertReportModal'));

const TAB_ITEMS = [
  { key: 'Alert', label: 'Alerts' },
  { key: 'Report', label: 'Reports' },
];

const itemName = (row: ReportListItem) => row.name;

export default function AlertReportListPage() {
  const { pathname } = useLocation();
  const type = reportTypeOfPath(pathname);
  // A new list per type: its selection, modal and switches start afresh.
  return <ReportList key={type} type={type} />;
}

function ReportList({ type }: { type: ReportType }) {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const toasts = useToasts();
  const modal = useItemModal<ReportListItem>();
  const noun = type === 'Alert' ? 'alert' : 'report';

  // Switches flipped here, shown at once; reverted when the server refuses.
  const [active, setActive] = useState<Record<number, boolean>>({});
  useEffect(() => setActive({}), [modal.reloadToken]);
  const toggle = useCallback(
    async (row: ReportListItem, next: boolean) => {
      setActive((a) => ({ ...a, [row.id]: next }));
      try {
        await setReportActive(row.id, next);
      } catch {
        setActive((a) => ({ ...a, [row.id]: !next }));
        toasts.addDangerToast(MESSAGES.reportToggleError);
      }
    },
    [toasts],
  );

  // "5 minutes ago" stays true while the page is open.
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const baseFilters = useMemo(() => [typeFilter(type)], [type]);
  const columns = useMemo<ListColumn<ReportListItem>[]>(
    () => [
      {
        key: 'last_eval_dttm',
        title: 'Last run',
        sortKey: 'last_eval_dttm',
        width: 170,
        render: (row) => (
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
            <StateIcon state={row.last_state} type={row.type} />
            {row.last_eval_dttm ? (
              <Tooltip title={formatDateTime(row.last_eval_dttm)}>
                <Typography.Text type="secondary">
                  {relativeTime(row.last_eval_dttm, now)}
                </Typography.Text>
              </Tooltip>
            ) : null}
          </span>
        ),
      },
      {
        key: 'name',
        title: 'Name',
        sortKey: 'name',
        render: (row) => <Typography.Text strong>{row.name}</Typography.Text>,
      },
      {
        key: 'crontab_humanized',
        title: 'Schedule',
        sortKey: 'crontab_humanized',
        render: (row) => (
          <Tooltip
            title={
              <span>
                <code>{row.crontab}</code> ({row.timezone})
              </span>
            }
          >
            <span data-test="report-schedule">{row.crontab_humanized}</span>
          </Tooltip>
        ),
      },
      {
        key: 'recipients',
        title: 'Notification method',
        width: 150,
        render: (row) => <RecipientIcons recipients={row.recipients} />,
      },
      createdByColumn<ReportListItem>(),
      ownersColumn<ReportListItem>(),
      modifiedColumn<ReportListItem>(),
      {
        key: 'active',
        title: 'Active',
        sortKey: 'active',
        width: 90,
        render: (row) => (
          <Switch
            size="small"
            aria-label={`${row.name} is active`}
            data-test="toggle-active"
            checked={active[row.id] ?? row.active}
            disabled={!canEditReport(row, user)}
            onChange={(next) => void toggle(row, next)}
          />
        ),
      },
    ],
    [active, toggle, user, now],
  );

  const plus = (label: string) => addButton(label, () => modal.show(null));
  return (
    <>
      <ListView<ReportListItem>
        resource={REPORT_RESOURCE}
        resourceLabel={noun}
        title="Alerts & reports"
        titleExtra={
          <Tabs
            activeKey={type}
            items={TAB_ITEMS}
            onChange={(key) => void navigate(listPathOf(key as ReportType))}
            tabBarStyle={{ margin: 0 }}
            data-test="alert-report-tabs"
          />
        }
        baseFilters={baseFilters}
        columns={columns}
        filters={REPORT_LIST_FILTERS}
        defaultSort={REPORT_LIST_SORT}
        itemName={itemName}
        bulkDelete
        rowDeletable={(row) => canEditReport(row, user)}
        rowActions={(row, { canWrite }) => (
          <>
            <RowActionButton
              title="Execution log"
              icon={<FileTextOutlined />}
              onClick={() => void navigate(logPathOf(row.type, row.id))}
            />
            {canWrite && canEditReport(row, user) ? (
              <RowActionButton
                title="Edit"
                icon={<EditOutlined />}
                onClick={() => modal.show(row)}
              />
            ) : null}
          </>
        )}
        headerActions={plus(type === 'Alert' ? 'Alert' : 'Report')}
        reloadToken={modal.reloadToken}
        emptyText={`No ${noun}s yet`}
        emptyExtra={({ canWrite }) =>
          canWrite ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => modal.show(null)}>
              {type === 'Alert' ? 'Alert' : 'Report'}
            </Button>
          ) : null
        }
      />
      {modal.modalProps.open ? (
        <Suspense fallback={null}>
          <AlertReportModal key={modal.key} {...modal.modalProps} type={type} />
        </Suspense>
      ) : null}
    </>
  );
}
