import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Input, Progress, Tooltip, Typography, theme } from 'antd';
import {
  BarChartOutlined,
  CopyOutlined,
  DotChartOutlined,
  DownloadOutlined,
  RedoOutlined,
  SaveOutlined,
  SearchOutlined,
  StopOutlined,
  WarningFilled,
} from '@ant-design/icons';
import type { QueryDto, QueryResultsPayload, SqlLabError } from '@strata/core';
import { useToasts } from '../../../app/toasts';
import { copyWithToast } from './clipboard';
import { formatDuration, formatElapsed, rowsLabel } from './format';
import { ResultsGrid } from './ResultsGrid';
import styles from './ResultsGrid.module.css';
import {
  affectedRowsText,
  elapsedMs,
  errorLocation,
  errorLocationText,
  failureMessages,
  limitMessage,
  resultPhase,
} from './resultSet';
import { toTsv } from './resultsGrid';
import { KEYBOARD_SHORTCUTS } from './shortcuts';
import { CSS_VAR } from '@strata/core';

export interface ResultSetProps {
  query: QueryDto | null;
  results: QueryResultsPayload | null;
  /** Results are being fetched. */
  loading: boolean;
  error?: string | null;
  errors?: SqlLabError[];
  height: number;
  onStop?: () => void;
  onRerun?: () => void;
  loadRows?: (offset: number, limit: number) => Promise<Array<Record<string, unknown>>>;
  csvUrl?: string | null;
  canCreateDataset?: boolean;
  onCreateChart?: () => void;
  /** Added: Explore on the query itself, without saving a dataset (Ctrl/⌘-click: new tab). */
  onExplore?: (event: MouseEvent) => void;
  onSaveDataset?: () => void;
  /** A table's data preview: a simpler toolbar (no limit note, chart or dataset buttons). */
  isPreview?: boolean;
  /** Added: the configured maximum of rows (SQL_MAX_ROW), to name the configuration's cut. */
  maxRow?: number;
  /** Added: "Query in a new tab" for a table or view a CREATE TABLE AS made. */
  onQueryTable?: (schema: string | null, table: string) => void;
}

/** Height of the toolbar above the grid. */
export const RESULT_TOOLBAR_HEIGHT = 40;

const MONOSPACE =
  "ui-monospace, SFMono-Regular, 'SF Mono', Menlo, Consolas, 'Liberation Mono', monospace";

/** Below this toolbar width the buttons show their icons only. */
const COMPACT_TOOLBAR_WIDTH = 880;
/** From this width on, the limit note is written out beside the row count. */
const WIDE_TOOLBAR_WIDTH = 1280;

/** A callback ref and the width of its element, followed as it resizes. */
function useWidth(): [(el: HTMLElement | null) => void, number | null] {
  const [width, setWidth] = useState<number | null>(null);
  const observer = useRef<ResizeObserver | null>(null);
  const ref = useCallback((el: HTMLElement | null) => {
    observer.current?.disconnect();
    observer.current = null;
    if (!el) return;
    setWidth(el.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    observer.current = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.current.observe(el);
  }, []);
  return [ref, width];
}

/** A stopwatch from the query's start (or from its first showing) until its end. */
function ElapsedTimer({ start, end }: { start: number | null; end: number | null }) {
  const [shownAt] = useState(() => Date.now());
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (end !== null) return undefined;
    const timer = setInterval(() => setNow(Date.now()), 100);
    return () => clearInterval(timer);
  }, [end]);
  const ms = elapsedMs({ startDttm: start ?? shownAt, endDttm: end }, now);
  return (
    <span style={{ fontVariantNumeric: 'tabular-nums', fontFamily: MONOSPACE }}>
      {formatElapsed(ms)}
    </span>
  );
}

/** Grey rows where the results will be, the grid's size and look, so nothing moves. */
function GridSkeleton({ height }: { height: number }) {
  const { token } = theme.useToken();
  const rows = Math.max(1, Math.floor((height - 34) / 28));
  const vars = {
    '--rg-skeleton': token.colorFillSecondary,
    '--rg-skeleton-light': token.colorFillQuaternary,
  } as CSSProperties;
  return (
    <div
      aria-busy
      aria-label="Loading results"
      style={{
        ...vars,
        height,
        overflow: 'hidden',
        border: `1px solid ${token.colorBorderSecondary}`,
        borderRadius: token.borderRadius,
      }}
    >
      <div
        style={{
          height: 32,
          background: CSS_VAR.fillAlter,
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      />
      {Array.from({ length: rows }, (_, i) => (
        <div
          key={i}
          style={{ display: 'flex', gap: 16, height: 28, alignItems: 'center', padding: '0 12px' }}
        >
          {[30, 120, 90, 160, 80].map((w, k) => (
            <span key={k} className={styles.skeleton} style={{ width: w }} />
          ))}
        </div>
      ))}
    </div>
  );
}

/** A message in the middle of the panel. */
function Centered({ height, children }: { height: number; children: ReactNode }) {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ height, padding: 16 }}>
      {children}
    </Flex>
  );
}

function RerunButton({ onRerun }: { onRerun?: () => void }) {
  return onRerun ? (
    <Button size="small" icon={<RedoOutlined />} onClick={onRerun}>
      Run again
    </Button>
  ) : null;
}

/**
 * The Results panel of one query: progress and a Stop button while it runs, the database's
 * message when it fails, and the rows with their toolbar when it succeeds.
 */
export function ResultSet({
  query,
  results,
  loading,
  error,
  errors,
  height,
  onStop,
  onRerun,
  loadRows,
  csvUrl,
  canCreateDataset = false,
  onCreateChart,
  onExplore,
  onSaveDataset,
  isPreview = false,
  maxRow,
  onQueryTable,
}: ResultSetProps) {
  const { token } = theme.useToken();
  const toasts = useToasts();
  const [searchText, setSearchText] = useState('');
  const phase = resultPhase(query, results, loading, error);
  const columns = results?.columns ?? [];
  const data = results?.data ?? [];
  const names = useMemo(() => (results?.columns ?? []).map((c) => c.column_name), [results]);
  const [widthRef, width] = useWidth();
  const compact = width !== null && width < COMPACT_TOOLBAR_WIDTH;

  const box: CSSProperties = { height, overflow: 'hidden', minWidth: 0 };

  if (phase === 'empty') {
    return (
      <div style={box}>
        <Centered height={height}>
          <Empty
            image={Empty.PRESENTED_IMAGE_SIMPLE}
            description={
              <span>
                Run a query to see its results here{' '}
                <Typography.Text type="secondary">
                  ({KEYBOARD_SHORTCUTS[0]?.keys ?? 'Ctrl + Enter'})
                </Typography.Text>
              </span>
            }
          />
        </Centered>
      </div>
    );
  }

  if (phase === 'loading') {
    return (
      <div style={box}>
        <div style={{ height: RESULT_TOOLBAR_HEIGHT }}>
          <Typography.Text type="secondary">Fetching results…</Typography.Text>
        </div>
        <GridSkeleton height={height - RESULT_TOOLBAR_HEIGHT} />
      </div>
    );
  }

  if (phase === 'running' && query) {
    const waiting = query.state === 'pending' || query.state === 'scheduled';
    const label =
      query.state === 'fetching' ? 'Fetching results' : waiting ? 'Waiting to run' : 'Running';
    return (
      <div style={box}>
        <Centered height={height}>
          <div style={{ width: 'min(480px, 90%)' }}>
            <Progress
              percent={Math.min(100, Math.max(0, query.progress ?? 0))}
              status="active"
              showInfo={query.progress > 0}
              aria-label="Query progress"
            />
          </div>
          <Flex align="center" gap={12}>
            <Typography.Text type="secondary" role="status">
              {label}…
            </Typography.Text>
            <ElapsedTimer start={query.startDttm} end={null} />
            {onStop ? (
              <Button danger icon={<StopOutlined />} onClick={onStop}>
                Stop
              </Button>
            ) : null}
          </Flex>
        </Centered>
      </div>
    );
  }

  if (phase === 'failed') {
    const allErrors = errors && errors.length > 0 ? errors : undefined;
    const messages = failureMessages(allErrors, error ?? query?.errorMessage ?? null);
    const location = errorLocation(allErrors);
    return (
      <div style={{ ...box, overflow: 'auto' }}>
        <Alert
          type="error"
          showIcon
          title={query && query.state === 'failed' ? 'Database error' : 'Error'}
          description={
            <div>
              {messages.map((m, i) => (
                <pre
                  key={i}
                  style={{
                    margin: i === 0 ? 0 : '8px 0 0',
                    fontFamily: MONOSPACE,
                    fontSize: 12,
                    whiteSpace: 'pre-wrap',
                    wordBreak: 'break-word',
                  }}
                >
                  {m}
                </pre>
              ))}
              {location ? (
                <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
                  {errorLocationText(location)}
                </Typography.Text>
              ) : null}
            </div>
          }
          action={<RerunButton onRerun={onRerun} />}
        />
      </div>
    );
  }

  if (phase === 'stopped') {
    return (
      <div style={box}>
        <Alert
          type="warning"
          showIcon
          title="Query was stopped"
          action={<RerunButton onRerun={onRerun} />}
        />
      </div>
    );
  }

  if (phase === 'timed_out') {
    return (
      <div style={box}>
        <Alert
          type="error"
          showIcon
          title="The query timed out"
          description={
            query?.errorMessage ||
            'The query ran longer than the time allowed. Add filters or a LIMIT, or ask your administrator about the timeout.'
          }
          action={<RerunButton onRerun={onRerun} />}
        />
      </div>
    );
  }

  if (phase === 'no_results' || !query || !results) {
    return (
      <div style={box}>
        <Centered height={height}>
          <Typography.Text type="secondary">
            The results of this query are not loaded.
          </Typography.Text>
          <RerunButton onRerun={onRerun} />
        </Centered>
      </div>
    );
  }

  // Success --------------------------------------------------------------------------------

  if (query.ctas && query.tempTable) {
    const kind = query.ctas_method === 'VIEW' ? 'View' : 'Table';
    const name = `${query.tempSchema ? `${query.tempSchema}.` : ''}${query.tempTable}`;
    const table = query.tempTable;
    return (
      <div style={box}>
        <Alert
          type="info"
          showIcon
          title={
            <span>
              {kind} <strong>{name}</strong> was created
            </span>
          }
          action={
            onQueryTable ? (
              <Button size="small" onClick={() => onQueryTable(query.tempSchema, table)}>
                Query in a new tab
              </Button>
            ) : null
          }
        />
      </div>
    );
  }

  const duration =
    query.startDttm !== null && query.endDttm !== null
      ? formatDuration(elapsedMs(query, query.endDttm))
      : '';

  if (columns.length === 0) {
    const affected = query.rows ?? null;
    return (
      <div style={box}>
        <Alert
          type="success"
          showIcon
          title={affected !== null ? affectedRowsText(affected) : 'The statement ran successfully.'}
          description={duration ? `Ran in ${duration}.` : undefined}
        />
      </div>
    );
  }

  const totalRows = Math.max(results.total_rows ?? 0, data.length);
  if (totalRows === 0) {
    return (
      <div style={box}>
        <Alert
          type="warning"
          showIcon
          title="The query returned no data"
          description={duration ? `Ran in ${duration}.` : undefined}
        />
      </div>
    );
  }

  // A long query shows its first rows while the rest streams in: no totals, exports or
  // datasets until it ends.
  const streaming = phase === 'streaming';
  const rowCount = streaming ? Math.max(totalRows, query.rows ?? 0) : (query.rows ?? totalRows);
  const limitNote =
    isPreview || streaming
      ? null
      : limitMessage({
          rows: rowCount,
          limitingFactor: query.limitingFactor,
          maxRow,
          limit: query.limit,
        });
  const countText = streaming
    ? `${rowsLabel(rowCount)} so far`
    : isPreview
      ? rowsLabel(rowCount)
      : `${rowsLabel(rowCount)} returned`;
  const copyTitle =
    data.length < totalRows
      ? `Copy the first ${rowsLabel(data.length)} to the clipboard`
      : 'Copy to Clipboard';

  const label = (text: string) => (compact ? null : text);
  return (
    <div style={box} ref={widthRef}>
      <Flex
        align="center"
        gap={8}
        style={{
          height: RESULT_TOOLBAR_HEIGHT,
          paddingBottom: 8,
          boxSizing: 'border-box',
          minWidth: 0,
        }}
      >
        <Tooltip title={limitNote ? `${countText}. ${limitNote}` : countText}>
          <Typography.Text strong style={{ whiteSpace: 'nowrap', flex: 'none' }}>
            {limitNote ? (
              <WarningFilled style={{ color: token.colorWarning, marginRight: 6 }} />
            ) : null}
            {countText}
          </Typography.Text>
        </Tooltip>
        {streaming ? (
          <Flex align="center" gap={8} style={{ flex: 'none' }} role="status">
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              Fetching…
            </Typography.Text>
            <ElapsedTimer start={query.startDttm} end={null} />
            {onStop ? (
              <Button size="small" danger icon={<StopOutlined />} onClick={onStop}>
                Stop
              </Button>
            ) : null}
          </Flex>
        ) : null}
        {duration && !compact && !streaming ? (
          <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap', flex: 'none' }}>
            in {duration}
          </Typography.Text>
        ) : null}
        <div style={{ flex: '1 1 auto', minWidth: 0 }}>
          {/* Written out only where it fits; the warning mark's tooltip always says it. */}
          {limitNote && width !== null && width >= WIDE_TOOLBAR_WIDTH ? (
            <Typography.Text
              type="secondary"
              ellipsis={{ tooltip: limitNote }}
              style={{ fontSize: 12, maxWidth: '100%' }}
            >
              {limitNote}
            </Typography.Text>
          ) : null}
        </div>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder="Filter results"
          aria-label="Filter results"
          value={searchText}
          onChange={(e) => setSearchText(e.target.value)}
          style={{ width: compact ? 160 : 200, flex: 'none' }}
        />
        <Tooltip title={copyTitle}>
          <Button
            icon={<CopyOutlined />}
            aria-label="Copy to Clipboard"
            onClick={() => void copyWithToast(toTsv(names, data), toasts)}
          >
            {label('Copy')}
          </Button>
        </Tooltip>
        {csvUrl && !streaming ? (
          <Tooltip title="Download to CSV">
            <Button icon={<DownloadOutlined />} href={csvUrl} aria-label="Download to CSV">
              {label('CSV')}
            </Button>
          </Tooltip>
        ) : null}
        {canCreateDataset && !isPreview && !streaming && onCreateChart ? (
          <Tooltip title={compact ? 'Create chart' : undefined}>
            <Button icon={<BarChartOutlined />} onClick={onCreateChart} aria-label="Create chart">
              {label('Create chart')}
            </Button>
          </Tooltip>
        ) : null}
        {!isPreview && !streaming && onExplore ? (
          <Tooltip
            title={compact ? 'Explore' : 'Explore the results as a chart, without saving a dataset'}
          >
            <Button icon={<DotChartOutlined />} onClick={onExplore} aria-label="Explore">
              {label('Explore')}
            </Button>
          </Tooltip>
        ) : null}
        {canCreateDataset && !isPreview && !streaming && onSaveDataset ? (
          <Tooltip title={compact ? 'Save dataset' : undefined}>
            <Button icon={<SaveOutlined />} onClick={onSaveDataset} aria-label="Save dataset">
              {label('Save dataset')}
            </Button>
          </Tooltip>
        ) : null}
      </Flex>
      <ResultsGrid
        columns={columns}
        rows={data}
        totalRows={totalRows}
        loadRows={loadRows}
        height={height - RESULT_TOOLBAR_HEIGHT}
        searchText={searchText}
        resultId={query.id}
      />
    </div>
  );
}
