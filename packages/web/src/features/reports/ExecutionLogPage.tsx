/**
 * `/alert/{id}/log` and `/report/{id}/log` (Superset's ExecutionLogList): the runs of one alert
 * or report, newest first: state, scheduled and start times, duration, the alert's value and the
 * error message; a link back to the list.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { ArrowLeftOutlined } from '@ant-design/icons';
import type { ReportLogItem, ReportShow, ReportType } from '@strata/core';
import { errorMessage, isAbortError } from '../../app/api';
import { ListView } from '../../components/ListView';
import type { ListColumn } from '../../components/ListView';
import { NotFound } from '../../components/StatusResult';
import { MutedText } from '../lists/cells';
import { StateIcon } from './components/StateIcon';
import { describeCron } from './cron';
import {
  REPORT_LOG_SORT,
  STATE_LABELS,
  durationText,
  formatDateTime,
  listPathOf,
  reportIdParam,
  reportTypeOfPath,
} from './reportList';
import { fetchReport, reportLogResource } from './reportsApi';

function logColumns(type: ReportType): ListColumn<ReportLogItem>[] {
  const columns: ListColumn<ReportLogItem>[] = [
    {
      key: 'state',
      title: 'State',
      sortKey: 'state',
      width: 150,
      render: (row) => (
        <span style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
          <StateIcon state={row.state} type={type} />
          <span>{STATE_LABELS[row.state]}</span>
        </span>
      ),
    },
    {
      key: 'scheduled_dttm',
      title: 'Scheduled at (UTC)',
      sortKey: 'scheduled_dttm',
      width: 190,
      render: (row) => <MutedText>{formatDateTime(row.scheduled_dttm, 'UTC')}</MutedText>,
    },
    {
      key: 'start_dttm',
      title: 'Start at (UTC)',
      sortKey: 'start_dttm',
      width: 190,
      render: (row) => <MutedText>{formatDateTime(row.start_dttm, 'UTC')}</MutedText>,
    },
    {
      key: 'duration',
      title: 'Duration',
      width: 120,
      render: (row) => <MutedText>{durationText(row.start_dttm, row.end_dttm)}</MutedText>,
    },
  ];
  if (type === 'Alert') {
    columns.push({
      key: 'value',
      title: 'Value',
      sortKey: 'value',
      width: 100,
      align: 'right',
      render: (row) => <MutedText>{row.value === null ? '' : String(row.value)}</MutedText>,
    });
  }
  columns.push({
    key: 'error_message',
    title: 'Error message',
    sortKey: 'error_message',
    render: (row) =>
      row.error_message ? (
        <Tooltip title={row.error_message} styles={{ root: { maxWidth: 560 } }}>
          <Typography.Text
            type="danger"
            style={{
              display: 'inline-block',
              maxWidth: 420,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
              verticalAlign: 'middle',
            }}
          >
            {row.error_message}
          </Typography.Text>
        </Tooltip>
      ) : (
        <MutedText />
      ),
  });
  return columns;
}

const NO_FILTERS: never[] = [];
const itemName = (row: ReportLogItem) => row.uuid;

export default function ExecutionLogPage() {
  const params = useParams();
  const { pathname } = useLocation();
  const type = reportTypeOfPath(pathname);
  const id = reportIdParam(params.id);
  const [report, setReport] = useState<ReportShow | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (id === null) return undefined;
    const controller = new AbortController();
    fetchReport(id, controller.signal)
      .then(setReport)
      .catch((e: unknown) => {
        if (!isAbortError(e)) setError(errorMessage(e));
      });
    return () => controller.abort();
  }, [id]);

  const columns = useMemo(() => logColumns(type), [type]);
  if (id === null) return <NotFound />;
  const back = listPathOf(type);
  return (
    <Flex vertical gap={8}>
      <Link to={back} data-test="log-back">
        <ArrowLeftOutlined /> Back to all {type === 'Alert' ? 'alerts' : 'reports'}
      </Link>
      <ListView<ReportLogItem>
        resource={reportLogResource(id)}
        resourceLabel="execution log"
        title={report ? `${report.name}: execution log` : 'Execution log'}
        titleExtra={
          report ? (
            <Flex align="center" gap={8}>
              <Tag>{report.type}</Tag>
              <Typography.Text type="secondary">
                {report.active ? 'Active' : 'Inactive'} ·{' '}
                {describeCron(report.crontab) ?? report.crontab} ({report.timezone})
              </Typography.Text>
            </Flex>
          ) : error ? (
            <Typography.Text type="danger">{error}</Typography.Text>
          ) : null
        }
        columns={columns}
        filters={NO_FILTERS}
        defaultSort={REPORT_LOG_SORT}
        itemName={itemName}
        deletable={false}
        emptyText="No runs yet"
      />
    </Flex>
  );
}
