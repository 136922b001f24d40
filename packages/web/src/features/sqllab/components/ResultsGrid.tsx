import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type {
  CSSProperties,
  KeyboardEvent,
  MouseEvent as ReactMouseEvent,
  PointerEvent as ReactPointerEvent,
  ReactNode,
} from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { VirtualItem } from '@tanstack/react-virtual';
import { Button, Input, Spin, theme } from 'antd';
import {
  CaretDownOutlined,
  CaretUpOutlined,
  CloseCircleFilled,
  ExclamationCircleFilled,
  InfoCircleFilled,
  SearchOutlined,
} from '@ant-design/icons';
import { RESULTS_PAGE_ROWS } from '@strata/core';
import type { ResultColumn } from '@strata/core';
import { errorMessage } from '../../../app/api/errors';
import { useToasts } from '../../../app/toasts';
import { useColorScheme } from '../../../app/theme/themeSetting';
import { copyWithToast } from './clipboard';
import { formatCount } from './format';
import styles from './ResultsGrid.module.css';
import { gridFonts, textMeasurer } from './measureText';
import type { GridFonts } from './measureText';
import { useElementSize } from '../useSqlLab';
import {
  RowPager,
  cellDisplay,
  columnKinds,
  columnWidthPlan,
  filterRowIndexes,
  fitColumnWidths,
  nextSort,
  nextWidthSample,
  rowNumberWidth,
  rowSearchTexts,
  rowTop,
  scrollTopForRow,
  scrollWindow,
  sortRowIndexes,
  valueText,
} from './resultsGrid';
import type { ColumnKind, Row, SortState, WidthSample } from './resultsGrid';

export const ROW_HEIGHT = 28;
export const HEADER_HEIGHT = 32;
/** Pages of RESULTS_PAGE_ROWS rows held at most while scrolling a large result. */
export const MAX_CACHED_PAGES = 20;
/** Results up to this many rows are held whole for sorting and filtering. */
export const FULL_HOLD_MAX_ROWS = 100_000;

const FILTER_BAR_HEIGHT = 40;
/** Room under the last row so the notice never covers it. */
const NOTICE_SPACE = 44;
const MIN_COLUMN_WIDTH = 48;
/** Rows per block of the rows layer's anchor (see the rendering of the rows). */
const ANCHOR_BLOCK = 512;
const MAX_COLUMN_WIDTH = 2000;
const CHAR_WIDTH = 7.4;
const estimateTextWidth = (text: string) => text.length * CHAR_WIDTH;
/** Room kept for the row numbers when columns grow to fill the grid (seven digits). */
const ROW_NUMBER_ROOM = 74;
/** Room kept for a vertical scroll bar when columns grow to fill the grid. */
const SCROLLBAR_ROOM = 16;

export interface ResultsGridProps {
  columns: ResultColumn[];
  /** The first rows of the result (from row 0). */
  rows: Array<Record<string, unknown>>;
  /** Rows in the whole result. */
  totalRows: number;
  /**
   * Fetches further rows (pages of RESULTS_PAGE_ROWS) as they scroll into view. A new function
   * each render is fine (the latest is used); the grid starts over when `rows` or `totalRows`
   * change.
   */
  loadRows?: (offset: number, limit: number) => Promise<Array<Record<string, unknown>>>;
  height: number;
  /** Filter text from outside; without it the grid shows its own filter box. */
  searchText?: string;
  /** Which result this is (the query's id): another one is measured again for its widths. */
  resultId?: string;
}

const cx = (...names: Array<string | false | null | undefined>) => names.filter(Boolean).join(' ');

interface ActiveCell {
  row: number;
  col: number;
}

interface GridRowProps {
  index: number;
  top: number;
  width: number;
  /** Undefined while its page is on its way. */
  row: Row | undefined;
  rowNumber: number;
  rowNumWidth: number;
  /** Its page could not be loaded. */
  failed: boolean;
  columns: VirtualItem[];
  names: string[];
  kinds: ColumnKind[];
  /** A text's width in the cell font (measured, or estimated from its length). */
  measure: (text: string) => number;
  /** The active cell's column when it is in this row. */
  activeCol: number | null;
  cellId: (row: number, col: number) => string;
  onCellMouseDown: (row: number, col: number, e: ReactMouseEvent) => void;
  onCellDoubleClick: (value: unknown) => void;
}

/**
 * One row: memoized, so scrolling renders only the rows that come into view (rows that stay keep
 * their props unless the grid scrolls a scaled spacer).
 */
const GridRow = memo(function GridRow({
  index,
  top,
  width,
  row,
  rowNumber,
  rowNumWidth,
  failed,
  columns,
  names,
  kinds,
  measure,
  activeCol,
  cellId,
  onCellMouseDown,
  onCellDoubleClick,
}: GridRowProps) {
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      className={cx(styles.row, index % 2 === 1 && styles.odd)}
      style={{ width, minWidth: '100%', top, height: ROW_HEIGHT }}
    >
      <div role="rowheader" className={styles.rowNumber} style={{ width: rowNumWidth }}>
        {formatCount(rowNumber)}
      </div>
      {columns.map(({ index: c, start, size }) => {
        const isActive = activeCol === c;
        const common = {
          role: 'gridcell',
          'aria-colindex': c + 2,
          id: isActive ? cellId(index, c) : undefined,
          'aria-selected': isActive || undefined,
          style: { left: start, width: size },
        } as const;
        if (!row) {
          return (
            <div key={c} {...common} className={styles.cell} aria-busy={!failed}>
              <span className={failed ? styles.skeletonFailed : styles.skeleton} />
            </div>
          );
        }
        const value = row[names[c] ?? ''];
        const shown = cellDisplay(value);
        // Cut by the column's width (padding and border: 21px): the full value shows on hover.
        const overflowing = shown.truncated || measure(shown.text) > size - 21;
        return (
          <div
            key={c}
            {...common}
            className={cx(
              styles.cell,
              kinds[c] === 'number' && styles.numeric,
              shown.isNull && styles.null,
              isActive && styles.activeCell,
            )}
            title={
              overflowing && !shown.isNull
                ? `${shown.text}${shown.truncated ? '…' : ''}`
                : undefined
            }
            onMouseDown={(e) => onCellMouseDown(index, c, e)}
            onDoubleClick={() => onCellDoubleClick(value)}
          >
            {shown.text}
          </div>
        );
      })}
    </div>
  );
});

/** The grid's solid tints in each theme (antd's fills are translucent; sticky cells need solid). */
const SOLID = {
  light: { stripe: '#fbfcfc', headerBg: '#f7f9fa', hover: '#eef6f7', activeBg: '#e1eff2' },
  dark: { stripe: '#181c1e', headerBg: '#1d2225', hover: '#1a2b30', activeBg: '#16363d' },
} as const;

/**
 * A virtualized results grid: only the rows and columns in view are in the DOM, further rows
 * are fetched page by page as they come into view (an LRU cache bounds what is held), headers
 * stick, columns can be sorted, filtered and resized, and cells copied.
 */
export function ResultsGrid({
  columns,
  rows,
  totalRows,
  loadRows,
  height,
  searchText,
  resultId = '',
}: ResultsGridProps) {
  const { token } = theme.useToken();
  const solid = SOLID[useColorScheme()];
  const toasts = useToasts();
  const gridId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [, setTick] = useState(0);

  // Rows and pages -------------------------------------------------------------------------
  // The latest loader, so a new function each render (an inline arrow) does not start over.
  const loadRef = useRef(loadRows);
  useLayoutEffect(() => {
    loadRef.current = loadRows;
  });
  const canLoad = loadRows !== undefined;
  const pager = useMemo(
    () =>
      new RowPager({
        initialRows: rows,
        totalRows,
        pageSize: RESULTS_PAGE_ROWS,
        maxPages: MAX_CACHED_PAGES,
        loadRows: canLoad
          ? (offset, limit) => {
              const load = loadRef.current;
              return load ? load(offset, limit) : Promise.resolve([]);
            }
          : undefined,
        onChange: () => setTick((t) => t + 1),
      }),
    [rows, totalRows, canLoad],
  );
  useEffect(() => {
    pager.activate();
    return () => pager.dispose();
  }, [pager]);
  const version = pager.version;

  const names = useMemo(() => columns.map((c) => c.column_name), [columns]);
  const columnsKey = names.join('\u0000');
  const kinds = useMemo(() => columnKinds(columns, rows), [columns, rows]);

  // Sorting and filtering ------------------------------------------------------------------
  const [sortState, setSortState] = useState<{ key: string; sort: SortState | null }>({
    key: columnsKey,
    sort: null,
  });
  const sort = sortState.key === columnsKey ? sortState.sort : null;
  const [ownFilter, setOwnFilter] = useState('');
  const filter = useDeferredValue((searchText ?? ownFilter).trim());
  const filtering = filter !== '';
  const active = sort !== null || filtering;

  const complete = pager.complete;
  const canHoldAll = !complete && loadRows !== undefined && totalRows <= FULL_HOLD_MAX_ROWS;
  const [holdError, setHoldError] = useState<{ pager: RowPager; message: string } | null>(null);
  const holdFailed = holdError !== null && holdError.pager === pager;
  const loadingAll = active && canHoldAll && !holdFailed;
  const partial = active && !complete && !loadingAll;

  useEffect(() => {
    if (!active || !canHoldAll || holdFailed) return undefined;
    let cancelled = false;
    pager.loadAll().catch((e: unknown) => {
      if (!cancelled) setHoldError({ pager, message: errorMessage(e) });
    });
    return () => {
      cancelled = true;
    };
  }, [active, canHoldAll, holdFailed, pager]);

  const source = useMemo(
    () => (active && !loadingAll ? pager.contiguousRows() : null),
    // `version`: the rows held change as pages arrive.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [active, loadingAll, pager, version],
  );
  const searchTexts = useMemo(
    () => (source && filtering ? rowSearchTexts(source, names) : null),
    [source, filtering, names],
  );
  const viewIndexes = useMemo(() => {
    if (!source) return null;
    let indexes: number[] | undefined = filtering
      ? filterRowIndexes(source, names, filter, searchTexts ?? undefined)
      : undefined;
    if (sort) {
      const k = names.indexOf(sort.column);
      indexes = sortRowIndexes(source, sort.column, sort.direction, kinds[k] ?? 'string', indexes);
    }
    return indexes ?? source.map((_, i) => i);
  }, [source, filtering, filter, searchTexts, sort, names, kinds]);

  const displayCount = viewIndexes ? viewIndexes.length : pager.reachableRows;
  const rowAt = (i: number): Row | undefined =>
    viewIndexes ? source?.[viewIndexes[i] ?? -1] : pager.row(i);
  const rowNumberAt = (i: number): number => (viewIndexes ? (viewIndexes[i] ?? i) + 1 : i + 1);

  // Column widths --------------------------------------------------------------------------
  // Sized once per result from its first rows, so the columns do not jump while the rest of
  // the rows stream in; another result (query or columns) or a first non-empty batch sizes again.
  const sampleKey = `${resultId}\u0001${columnsKey}`;
  const [widthSample, setWidthSample] = useState<WidthSample>({ key: sampleKey, rows });
  const nextSample = nextWidthSample(widthSample, sampleKey, rows);
  if (nextSample !== widthSample) setWidthSample(nextSample);
  const sampleRowsForWidth = nextSample.rows;
  const { width: scrollerWidth } = useElementSize(scrollRef);
  const [fonts, setFonts] = useState<GridFonts | null>(null);
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el) setFonts(gridFonts(el));
  }, []);
  const measureCell = useMemo(
    () => (fonts ? textMeasurer(fonts.cell) : null) ?? estimateTextWidth,
    [fonts],
  );
  const plan = useMemo(() => {
    const measureHeader = fonts ? textMeasurer(fonts.header) : null;
    return columnWidthPlan(
      columns,
      sampleRowsForWidth,
      { measure: measureCell, measureHeader: measureHeader ?? undefined },
      columnKinds(columns, sampleRowsForWidth),
    );
  }, [columns, sampleRowsForWidth, fonts, measureCell]);
  const [resized, setResized] = useState<{ key: string; widths: Record<number, number> }>({
    key: columnsKey,
    widths: {},
  });
  const fitted = useMemo(
    // The room right of the row numbers (as wide as they may get, so a growing row count
    // moves nothing), less a vertical scroll bar's width.
    () => fitColumnWidths(plan, scrollerWidth - ROW_NUMBER_ROOM - SCROLLBAR_ROOM),
    [plan, scrollerWidth],
  );
  const widths = useMemo(
    () => fitted.map((w, i) => (resized.key === columnsKey ? resized.widths[i] : undefined) ?? w),
    [fitted, resized, columnsKey],
  );
  const rowNumWidth = rowNumberWidth(pager.reachableRows, CHAR_WIDTH);

  // Scrolling ------------------------------------------------------------------------------
  const ownFilterBar = searchText === undefined;
  const scrollerHeight = Math.max(0, height - (ownFilterBar ? FILTER_BAR_HEIGHT : 0));
  const [clientHeight, setClientHeight] = useState<number | null>(null);
  const viewport = Math.max(
    ROW_HEIGHT,
    (clientHeight ?? Math.max(0, scrollerHeight - 2)) - HEADER_HEIGHT,
  );
  const [scrollTop, setScrollTop] = useState(0);
  const win = scrollWindow({
    count: displayCount,
    rowHeight: ROW_HEIGHT,
    viewport,
    scrollTop,
    overscan: 6,
  });

  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (!el || typeof ResizeObserver === 'undefined') return undefined;
    const observer = new ResizeObserver(() => setClientHeight(el.clientHeight));
    observer.observe(el);
    setClientHeight(el.clientHeight);
    return () => observer.disconnect();
  }, []);

  // A new order or filter starts at the top.
  useLayoutEffect(() => {
    const el = scrollRef.current;
    if (el && el.scrollTop !== 0) el.scrollTop = 0;
    setScrollTop(0);
  }, [sort, filter, pager]);

  // Pages in view (after the scrolling settles a little).
  const natural = viewIndexes === null;
  useEffect(() => {
    if (!natural || win.last < 0) return undefined;
    const timer = setTimeout(() => pager.ensureRange(win.first, win.last), 60);
    return () => clearTimeout(timer);
  }, [natural, pager, win.first, win.last]);

  const getItemKey = useCallback((i: number) => `${i}:${widths[i] ?? 0}`, [widths]);
  const columnVirtualizer = useVirtualizer({
    horizontal: true,
    count: columns.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => widths[i] ?? 120,
    getItemKey,
    overscan: 3,
    paddingStart: rowNumWidth,
    scrollPaddingStart: rowNumWidth,
  });
  const virtualColumns = columnVirtualizer.getVirtualItems();
  const totalWidth = columnVirtualizer.getTotalSize();

  // The active cell ------------------------------------------------------------------------
  const [active_, setActive] = useState<ActiveCell | null>(null);
  const activeCell =
    active_ && active_.row < displayCount && active_.col < columns.length ? active_ : null;
  const cellId = useCallback((row: number, col: number) => `${gridId}-r${row}-c${col}`, [gridId]);

  const copyValue = useCallback(
    (value: unknown) => {
      void copyWithToast(value === null || value === undefined ? '' : valueText(value), toasts);
    },
    [toasts],
  );
  const onCellMouseDown = useCallback((row: number, col: number, e: ReactMouseEvent) => {
    // A double click copies the value; it should not also select a word.
    if (e.detail > 1) e.preventDefault();
    setActive({ row, col });
  }, []);

  const bringIntoView = (cell: ActiveCell) => {
    const el = scrollRef.current;
    if (!el) return;
    const top = scrollTopForRow(cell.row, ROW_HEIGHT, viewport, win);
    if (top !== null) el.scrollTop = top;
    columnVirtualizer.scrollToIndex(cell.col, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.target !== e.currentTarget || displayCount === 0 || columns.length === 0) return;
    const mod = e.ctrlKey || e.metaKey;
    if (mod && (e.key === 'c' || e.key === 'C')) {
      const selection = typeof window !== 'undefined' ? window.getSelection()?.toString() : '';
      if (!activeCell || selection) return;
      e.preventDefault();
      copyValue(rowAt(activeCell.row)?.[names[activeCell.col] ?? '']);
      return;
    }
    if (e.key === 'Escape') {
      setActive(null);
      return;
    }
    const page = Math.max(1, Math.floor(viewport / ROW_HEIGHT) - 1);
    const firstInView = Math.min(displayCount - 1, Math.ceil(win.virtualTop / ROW_HEIGHT));
    let { row, col } = activeCell ?? { row: firstInView, col: 0 };
    if (activeCell) {
      switch (e.key) {
        case 'ArrowDown':
          row += 1;
          break;
        case 'ArrowUp':
          row -= 1;
          break;
        case 'ArrowRight':
          col += 1;
          break;
        case 'ArrowLeft':
          col -= 1;
          break;
        case 'PageDown':
          row += page;
          break;
        case 'PageUp':
          row -= page;
          break;
        case 'Home':
          col = 0;
          if (mod) row = 0;
          break;
        case 'End':
          col = columns.length - 1;
          if (mod) row = displayCount - 1;
          break;
        default:
          return;
      }
    } else if (
      !['ArrowDown', 'ArrowUp', 'ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(e.key)
    ) {
      return;
    }
    e.preventDefault();
    const next = {
      row: Math.min(displayCount - 1, Math.max(0, row)),
      col: Math.min(columns.length - 1, Math.max(0, col)),
    };
    setActive(next);
    bringIntoView(next);
  };

  // Sorting and resizing -------------------------------------------------------------------
  const toggleSort = (column: string) => {
    setSortState({ key: columnsKey, sort: nextSort(sort, column) });
    setActive(null);
  };

  const resizing = useRef<{ index: number; startX: number; startWidth: number } | null>(null);
  const [resizingIndex, setResizingIndex] = useState<number | null>(null);
  const setWidth = (index: number, width: number | null) =>
    setResized((r) => {
      const current = r.key === columnsKey ? { ...r.widths } : {};
      if (width === null) delete current[index];
      else
        current[index] = Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
      return { key: columnsKey, widths: current };
    });
  const onResizeDown = (index: number) => (e: ReactPointerEvent<HTMLDivElement>) => {
    e.preventDefault();
    e.stopPropagation();
    e.currentTarget.setPointerCapture(e.pointerId);
    resizing.current = { index, startX: e.clientX, startWidth: widths[index] ?? 120 };
    setResizingIndex(index);
  };
  const onResizeMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    const r = resizing.current;
    if (r) setWidth(r.index, r.startWidth + e.clientX - r.startX);
  };
  const onResizeEnd = () => {
    resizing.current = null;
    setResizingIndex(null);
  };

  // Rendering ------------------------------------------------------------------------------
  const notices: ReactNode[] = [];
  if (loadingAll) {
    notices.push(
      <span key="all">
        <Spin size="small" style={{ marginRight: 8 }} />
        Loading all {formatCount(totalRows)} rows to sort and filter them…
      </span>,
    );
  }
  let noticeTone: 'info' | 'loading' | 'warning' | 'error' = loadingAll ? 'loading' : 'info';
  if (partial && source) {
    noticeTone = 'warning';
    const reason = holdFailed
      ? ` (the other rows could not be loaded: ${holdError?.message ?? ''})`
      : '';
    notices.push(
      <span key="partial">
        {`Sorting and filtering apply to the ${formatCount(source.length)} rows loaded so far, not to all ${formatCount(totalRows)} rows${reason}.`}
      </span>,
    );
  }
  if (filtering && viewIndexes && source) {
    notices.push(
      <span key="matches">
        {formatCount(viewIndexes.length)} of {formatCount(source.length)} rows match
      </span>,
    );
  }
  if (natural && !canLoad && totalRows > rows.length) {
    notices.push(
      <span key="held">
        {`Showing the first ${formatCount(rows.length)} of ${formatCount(totalRows)} rows.`}
      </span>,
    );
  }
  if (natural && pager.error) {
    noticeTone = 'error';
    notices.push(
      <span key="error">
        Rows could not be loaded: {pager.error}{' '}
        <Button size="small" type="link" onClick={() => pager.retry()} style={{ padding: 0 }}>
          Retry
        </Button>
      </span>,
    );
  }

  const canvasHeight = HEADER_HEIGHT + win.spacerHeight + (notices.length ? NOTICE_SPACE : 0);
  const rowWidth: CSSProperties = { width: totalWidth, minWidth: '100%' };

  // Rows sit in a layer placed at an anchor row that changes only every ANCHOR_BLOCK rows: the
  // rows keep their places inside it (and stay memoized) while the layer alone moves.
  const anchor = Math.floor(Math.max(0, win.first) / ANCHOR_BLOCK) * ANCHOR_BLOCK;
  const layerTop = HEADER_HEIGHT + rowTop(anchor, ROW_HEIGHT, win, scrollTop);
  const bodyRows: ReactNode[] = [];
  for (let i = win.first; i <= win.last; i += 1) {
    const row = rowAt(i);
    bodyRows.push(
      <GridRow
        key={i}
        index={i}
        top={(i - anchor) * ROW_HEIGHT}
        width={totalWidth}
        row={row}
        rowNumber={rowNumberAt(i)}
        rowNumWidth={rowNumWidth}
        failed={!row && natural && pager.status(i) === 'error'}
        columns={virtualColumns}
        names={names}
        kinds={kinds}
        measure={measureCell}
        activeCol={activeCell?.row === i ? activeCell.col : null}
        cellId={cellId}
        onCellMouseDown={onCellMouseDown}
        onCellDoubleClick={copyValue}
      />,
    );
  }

  // Solid colours only: the sticky row numbers must hide the cells scrolling under them.
  const cssVars = {
    '--rg-text': token.colorText,
    '--rg-text-tertiary': token.colorTextTertiary,
    '--rg-bg': token.colorBgContainer,
    '--rg-stripe': solid.stripe,
    '--rg-header-bg': solid.headerBg,
    '--rg-border': token.colorBorderSecondary,
    '--rg-border-light': token.colorSplit,
    '--rg-hover': solid.hover,
    '--rg-header-hover': token.colorFillSecondary,
    '--rg-primary': token.colorPrimary,
    '--rg-focus': token.colorPrimaryBorder,
    '--rg-active-bg': solid.activeBg,
    '--rg-null': token.colorTextQuaternary,
    '--rg-skeleton': token.colorFillSecondary,
    '--rg-skeleton-light': token.colorFillQuaternary,
    '--rg-notice-bg': token.colorBgElevated,
    '--rg-notice-border': token.colorBorder,
    '--rg-error-bg': token.colorErrorBg,
    '--rg-error-border': token.colorErrorBorder,
    '--rg-warning-bg': token.colorWarningBg,
    '--rg-warning-border': token.colorWarningBorder,
    '--rg-row-height': `${ROW_HEIGHT}px`,
    height,
  } as CSSProperties;

  return (
    <div className={styles.root} style={cssVars}>
      {ownFilterBar ? (
        <div className={styles.filterBar}>
          <Input
            allowClear
            prefix={<SearchOutlined />}
            placeholder="Filter results"
            aria-label="Filter results"
            value={ownFilter}
            onChange={(e) => setOwnFilter(e.target.value)}
            style={{ width: 260 }}
          />
        </div>
      ) : null}
      <div
        ref={scrollRef}
        className={styles.scroller}
        role="grid"
        aria-label="Query results"
        aria-rowcount={displayCount + 1}
        aria-colcount={columns.length + 1}
        aria-activedescendant={activeCell ? cellId(activeCell.row, activeCell.col) : undefined}
        tabIndex={0}
        onScroll={(e) => {
          const top = e.currentTarget.scrollTop;
          if (top !== scrollTop) setScrollTop(top);
        }}
        onKeyDown={onKeyDown}
      >
        <div className={styles.canvas} style={{ width: totalWidth, height: canvasHeight }}>
          <div
            className={styles.header}
            role="row"
            aria-rowindex={1}
            style={{ ...rowWidth, height: HEADER_HEIGHT }}
          >
            <div className={styles.corner} role="columnheader" style={{ width: rowNumWidth }}>
              #
            </div>
            {virtualColumns.map((vc) => {
              const column = columns[vc.index];
              if (!column) return null;
              const name = column.column_name;
              const sorted = sort?.column === name ? sort.direction : null;
              const numeric = kinds[vc.index] === 'number';
              return (
                <div
                  key={vc.index}
                  role="columnheader"
                  aria-colindex={vc.index + 2}
                  aria-sort={
                    sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : 'none'
                  }
                  className={styles.headerCell}
                  style={{ left: vc.start, width: vc.size }}
                >
                  <button
                    type="button"
                    className={cx(styles.headerButton, numeric && styles.numeric)}
                    title={`${name}${column.type ? ` · ${column.type}` : ''}\nClick to sort`}
                    onClick={() => toggleSort(name)}
                  >
                    <span className={styles.headerLabel}>{name}</span>
                    {sorted === 'asc' ? (
                      <CaretUpOutlined className={styles.sortMark} aria-label="sorted ascending" />
                    ) : sorted === 'desc' ? (
                      <CaretDownOutlined
                        className={styles.sortMark}
                        aria-label="sorted descending"
                      />
                    ) : (
                      <CaretUpOutlined className={styles.sortMarkIdle} aria-hidden />
                    )}
                  </button>
                  <div
                    className={cx(styles.resizer, resizingIndex === vc.index && styles.resizing)}
                    role="separator"
                    aria-orientation="vertical"
                    aria-label={`Resize ${name}`}
                    title="Drag to resize; double-click to fit"
                    onPointerDown={onResizeDown(vc.index)}
                    onPointerMove={onResizeMove}
                    onPointerUp={onResizeEnd}
                    onPointerCancel={onResizeEnd}
                    onDoubleClick={() => setWidth(vc.index, null)}
                  />
                </div>
              );
            })}
          </div>
          <div className={styles.rowsLayer} style={{ top: layerTop, width: totalWidth }}>
            {bodyRows}
          </div>
          {displayCount === 0 && !loadingAll ? (
            <div className={styles.emptyView} style={{ top: HEADER_HEIGHT }}>
              {filtering ? `No rows match “${filter}”` : 'No rows'}
            </div>
          ) : null}
        </div>
      </div>
      {notices.length ? (
        <div
          className={cx(
            styles.notice,
            noticeTone === 'warning' && styles.noticeWarning,
            noticeTone === 'error' && styles.noticeError,
          )}
          role="status"
          aria-live="polite"
        >
          {noticeTone === 'error' ? (
            <CloseCircleFilled style={{ color: token.colorError }} />
          ) : noticeTone === 'warning' ? (
            <ExclamationCircleFilled style={{ color: token.colorWarning }} />
          ) : noticeTone === 'info' ? (
            <InfoCircleFilled style={{ color: token.colorPrimary }} />
          ) : null}
          <span>
            {notices.map((n, k) => (
              <span key={k}>
                {k > 0 ? ' · ' : null}
                {n}
              </span>
            ))}
          </span>
        </div>
      ) : null}
    </div>
  );
}
