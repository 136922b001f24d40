import { useEffect, useState } from 'react';
import { Button, Empty, Flex, Modal, Table, Tag, Tooltip, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { DeleteOutlined, EditOutlined, EyeOutlined, PlusSquareOutlined } from '@ant-design/icons';
import type { QueryResultsPayload } from '@strata/core';
import { errorMessage } from '../../app/api';
import { formatQueryTime, queryStatus } from '../lists/queryHistory';
import { ResultSet } from './components/ResultSet';
import { durationText, isRunning } from './queries';
import { useSqlLabDispatch } from './store/hooks';
import { readResults, removeQuery } from './store/queryThunks';
import { addEditor, updateEditor } from './store/tabThunks';
import type { SqlLabQuery } from './types';

const MONO = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace';

/** A past query's results in a dialog (read by key, not kept). */
function ResultsDialog({ query, onClose }: { query: SqlLabQuery | null; onClose: () => void }) {
  const dispatch = useSqlLabDispatch();
  const [state, setState] = useState<{
    id: string | null;
    results: QueryResultsPayload | null;
    error: string | null;
  }>({ id: null, results: null, error: null });
  const id = query?.id ?? null;
  useEffect(() => {
    if (id === null) return;
    let alive = true;
    dispatch(readResults(id))
      .then((results) => {
        if (alive) setState({ id, results, error: null });
      })
      .catch((e: unknown) => {
        if (alive) setState({ id, results: null, error: errorMessage(e) });
      });
    return () => {
      alive = false;
    };
  }, [dispatch, id]);
  const current = state.id === id;
  return (
    <Modal
      open={query !== null}
      onCancel={onClose}
      footer={null}
      width="min(1200px, 90vw)"
      title={
        query ? `Results of “${query.tab || 'query'}” · ${formatQueryTime(query.startDttm)}` : ''
      }
      destroyOnHidden
    >
      {query ? (
        <ResultSet
          query={query}
          results={current ? state.results : null}
          loading={!current}
          error={
            current
              ? (state.error ??
                (query.state === 'failed' ? query.errorMessage : null) ??
                (state.results === null && query.state === 'success'
                  ? 'The results of this query are no longer kept. Run it again to see them.'
                  : null))
              : null
          }
          errors={query.errors}
          height={460}
        />
      ) : null}
    </Modal>
  );
}

/** The tab's queries, newest first: state, time, duration, rows, SQL, and what to do with them. */
export function QueryHistory({
  editorId,
  queries,
  height,
}: {
  editorId: string;
  queries: SqlLabQuery[];
  height: number;
}) {
  const dispatch = useSqlLabDispatch();
  const [viewing, setViewing] = useState<SqlLabQuery | null>(null);
  const [now, setNow] = useState(() => Date.now());
  const anyRunning = queries.some((q) => isRunning(q.state));
  useEffect(() => {
    if (!anyRunning) return undefined;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [anyRunning]);

  const columns: TableColumnsType<SqlLabQuery> = [
    {
      key: 'state',
      title: 'State',
      width: 104,
      render: (_: unknown, q) => {
        const s = queryStatus(q.state);
        return (
          <Tag color={s.color} style={{ marginInlineEnd: 0 }}>
            {s.label}
          </Tag>
        );
      },
    },
    {
      key: 'started',
      title: 'Started',
      width: 168,
      render: (_: unknown, q) => (
        <Typography.Text style={{ fontSize: 12 }}>
          {formatQueryTime(q.startDttm) || '–'}
        </Typography.Text>
      ),
    },
    {
      key: 'duration',
      title: 'Duration',
      width: 96,
      align: 'right',
      render: (_: unknown, q) => (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {durationText(q.startDttm, q.endDttm, isRunning(q.state) ? now : undefined) || '–'}
        </Typography.Text>
      ),
    },
    {
      key: 'rows',
      title: 'Rows',
      width: 84,
      align: 'right',
      render: (_: unknown, q) =>
        q.rows !== null ? (
          q.rows.toLocaleString('en-US')
        ) : (
          <Typography.Text type="secondary">–</Typography.Text>
        ),
    },
    {
      key: 'sql',
      title: 'SQL',
      render: (_: unknown, q) => (
        <Tooltip
          title={
            <pre style={{ margin: 0, whiteSpace: 'pre-wrap', fontFamily: MONO, fontSize: 12 }}>
              {q.sql}
            </pre>
          }
          styles={{ root: { maxWidth: 640 } }}
          placement="topLeft"
        >
          <Typography.Text
            ellipsis
            style={{ fontFamily: MONO, fontSize: 12, display: 'block', maxWidth: '100%' }}
          >
            {q.sql.replace(/\s+/g, ' ').trim()}
          </Typography.Text>
        </Tooltip>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 150,
      render: (_: unknown, q) => (
        <Flex gap={2}>
          <Tooltip title="View the results">
            <Button
              type="text"
              size="small"
              aria-label="View results"
              icon={<EyeOutlined />}
              disabled={q.state !== 'success'}
              onClick={() => setViewing(q)}
            />
          </Tooltip>
          <Tooltip title="Put this SQL in the editor">
            <Button
              type="text"
              size="small"
              aria-label="Edit in the editor"
              icon={<EditOutlined />}
              onClick={() => dispatch(updateEditor(editorId, { sql: q.sql }))}
            />
          </Tooltip>
          <Tooltip title="Open in a new tab">
            <Button
              type="text"
              size="small"
              aria-label="Open in a new tab"
              icon={<PlusSquareOutlined />}
              onClick={() =>
                void dispatch(
                  addEditor({ dbId: q.dbId, schema: q.schema, catalog: q.catalog, sql: q.sql }),
                )
              }
            />
          </Tooltip>
          <Tooltip title="Remove from the history">
            <Button
              type="text"
              size="small"
              aria-label="Remove from history"
              icon={<DeleteOutlined />}
              disabled={isRunning(q.state)}
              onClick={() => void dispatch(removeQuery(editorId, q.id))}
            />
          </Tooltip>
        </Flex>
      ),
    },
  ];

  if (queries.length === 0) {
    return (
      <Empty
        image={Empty.PRESENTED_IMAGE_SIMPLE}
        description="No queries run in this tab yet"
        style={{ marginTop: 24 }}
      />
    );
  }

  return (
    <>
      <Table<SqlLabQuery>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={queries}
        pagination={false}
        tableLayout="fixed"
        scroll={{ y: Math.max(80, height - 40) }}
      />
      <ResultsDialog query={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
