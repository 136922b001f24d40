/**
 * The table chart: sortable columns, client-side search and paging, cell bars, +/- colours, the
 * conditional formatting colours, a summary row, and cross filters on dimension cells.
 *
 * A plain HTML table rather than antd's Table: antd measures its cells and scrollbars on mount
 * (offsetWidth reads that force a layout of the whole page per table), which cost ~170 ms of
 * main thread for a handful of small tables on a 30-chart dashboard. This one does no layout
 * reads while rendering or mounting: the header and the summary row are sticky cells of one
 * table in a scroll container, the cells are plain elements with shared constant styles, and
 * only long unpaged tables (over 200 rows) use a virtualizer, which observes the scrolling.
 */
import { useMemo, useRef, useState, type CSSProperties, type RefObject } from 'react';
import { CaretDownOutlined, CaretUpOutlined } from '@ant-design/icons';
import { Empty, Input, Pagination } from 'antd';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  barStyle,
  clampPage,
  filterRows,
  nextSort,
  pageRows,
  sortRows,
  type KeyedRow,
  type SortState,
} from './rows.js';
import type { TableColumn, TableProps } from './transformProps.js';
import { CSS_VAR } from '@strata/core';

type Align = TableColumn['align'];

/** Unpaged tables with more rows than this render only the rows in view. */
const VIRTUAL_THRESHOLD = 200;
/** A body row's height: 22 px line, 8 px padding above and below, 1 px border. */
const ROW_HEIGHT = 39;
/** The search box's height with its margin. */
const SEARCH_HEIGHT = 32;

const TABLE_CLASS = 'strata-table-chart';
const ROW_CLASS = 'strata-table-row';
const HOVER_CSS = `.${TABLE_CLASS} tbody tr.${ROW_CLASS}:hover > td { background: #fafafa; }`;

const ROOT_BASE: CSSProperties = {
  display: 'flex',
  flexDirection: 'column',
  overflow: 'hidden',
  boxSizing: 'border-box',
};
const SEARCH_STYLE: CSSProperties = { width: 240, maxWidth: '100%', marginBottom: 8, flex: 'none' };
const SCROLL_STYLE: CSSProperties = { flex: '1 1 auto', minHeight: 0, overflow: 'auto' };
const TABLE_STYLE: CSSProperties = {
  width: 'max-content',
  minWidth: '100%',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontSize: 14,
  color: CSS_VAR.text,
};
const PAGER_ROW_STYLE: CSSProperties = {
  flex: 'none',
  display: 'flex',
  justifyContent: 'flex-end',
  marginTop: 8,
  overflow: 'hidden',
};

const CELL: CSSProperties = {
  padding: '8px 8px',
  borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
  whiteSpace: 'nowrap',
  lineHeight: '22px',
  boxSizing: 'border-box',
};

function byAlign<T>(make: (align: Align) => T): Record<Align, T> {
  return { left: make('left'), center: make('center'), right: make('right') };
}

const HEADER_CELL = byAlign<CSSProperties>((textAlign) => ({
  ...CELL,
  textAlign,
  fontWeight: 600,
  // Solid (sticky: the rows scroll under it): the faint fill laid over the surface.
  background: `linear-gradient(${CSS_VAR.fillAlter}, ${CSS_VAR.fillAlter}), ${CSS_VAR.surface}`,
  position: 'sticky',
  top: 0,
  zIndex: 2,
}));
const BODY_CELL = byAlign<CSSProperties>((textAlign) => ({ ...CELL, textAlign }));
const BODY_CELL_CLICKABLE = byAlign<CSSProperties>((textAlign) => ({
  ...CELL,
  textAlign,
  cursor: 'pointer',
}));
const FOOTER_CELL = byAlign<CSSProperties>((textAlign) => ({
  ...CELL,
  textAlign,
  borderTop: `1px solid ${CSS_VAR.borderSecondary}`,
  background: CSS_VAR.surface,
  position: 'sticky',
  bottom: 0,
  zIndex: 1,
}));
const SORT_BUTTON = byAlign<CSSProperties>((textAlign) => ({
  display: 'flex',
  alignItems: 'center',
  gap: 4,
  width: '100%',
  padding: 0,
  margin: 0,
  border: 'none',
  background: 'none',
  font: 'inherit',
  color: 'inherit',
  textAlign,
  cursor: 'pointer',
}));
const SORT_LABEL: CSSProperties = { flex: '1 1 auto' };
const SORTER: CSSProperties = {
  display: 'inline-flex',
  flexDirection: 'column',
  alignItems: 'center',
  flex: 'none',
  fontSize: 11,
};
const CARET_ACTIVE = '#1677ff';
const CARET_IDLE = '#bfbfbf';
const CARET_UP_ACTIVE: CSSProperties = { color: CARET_ACTIVE };
const CARET_UP_IDLE: CSSProperties = { color: CARET_IDLE };
const CARET_DOWN_ACTIVE: CSSProperties = { color: CARET_ACTIVE, marginTop: '-0.3em' };
const CARET_DOWN_IDLE: CSSProperties = { color: CARET_IDLE, marginTop: '-0.3em' };
const EMPTY_CELL: CSSProperties = { ...CELL, textAlign: 'center', padding: '16px 8px' };

interface BodyOptions {
  columns: TableColumn[];
  alignPositiveNegative: boolean;
  colorPositiveNegative: boolean;
  cellColor: TableProps['cellColor'];
  onDimensionClick: TableProps['onDimensionClick'];
  isSelected: TableProps['isSelected'];
  onRowContextMenu: TableProps['onRowContextMenu'];
}

function renderRow({ key, row }: KeyedRow, o: BodyOptions) {
  const onMenu = o.onRowContextMenu;
  return (
    <tr
      key={key}
      className={ROW_CLASS}
      onContextMenu={
        onMenu
          ? (e) => {
              e.preventDefault();
              onMenu(row, e.clientX, e.clientY);
            }
          : undefined
      }
    >
      {o.columns.map((c) => {
        const v = row[c.key];
        const dimension = c.kind === 'dimension';
        const clickable = dimension && o.onDimensionClick !== undefined;
        const base = (clickable ? BODY_CELL_CLICKABLE : BODY_CELL)[c.align];
        const picked = dimension && o.isSelected?.(c.key, v) === true;
        const bg = picked ? '#d6eef3' : o.cellColor(c.key, v);
        const bar = c.showCellBars && typeof v === 'number';
        const negative = o.colorPositiveNegative && !dimension && typeof v === 'number' && v < 0;
        const style =
          bar || bg || negative || picked
            ? {
                ...base,
                ...(bar ? barStyle(c, v, o.alignPositiveNegative) : null),
                ...(bg ? { background: bg } : null),
                ...(negative ? { color: '#E04355' } : null),
                ...(picked ? { fontWeight: 600 } : null),
              }
            : base;
        const onClick = o.onDimensionClick;
        return (
          <td
            key={c.key}
            style={style}
            data-selected={picked ? 'true' : undefined}
            onClick={clickable && onClick ? () => onClick(c.key, v) : undefined}
          >
            {c.format(v)}
          </td>
        );
      })}
    </tr>
  );
}

/** The body of a long unpaged table: the rows in view between two spacer rows. */
function VirtualBody({
  rows,
  scrollRef,
  viewHeight,
  options,
}: {
  rows: readonly KeyedRow[];
  scrollRef: RefObject<HTMLDivElement | null>;
  viewHeight: number;
  options: BodyOptions;
}) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
    // The view's size is known from the props: the first render shows the right rows.
    initialRect: { width: 0, height: viewHeight },
    getItemKey: (i) => rows[i]?.key ?? i,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0];
  const last = items[items.length - 1];
  const before = first ? first.start : 0;
  const after = last ? virtualizer.getTotalSize() - last.end : virtualizer.getTotalSize();
  return (
    <tbody>
      {before > 0 ? (
        <tr aria-hidden="true">
          <td colSpan={options.columns.length} style={{ height: before, padding: 0 }} />
        </tr>
      ) : null}
      {items.map((item) => {
        const row = rows[item.index];
        return row ? renderRow(row, options) : null;
      })}
      {after > 0 ? (
        <tr aria-hidden="true">
          <td colSpan={options.columns.length} style={{ height: after, padding: 0 }} />
        </tr>
      ) : null}
    </tbody>
  );
}

export default function TableChart(props: TableProps) {
  const {
    width,
    height,
    columns,
    data,
    totals,
    pageSize,
    includeSearch,
    alignPositiveNegative,
    colorPositiveNegative,
    cellColor,
    onDimensionClick,
    isSelected,
    onRowContextMenu,
  } = props;
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<SortState | null>(null);
  const [page, setPage] = useState(1);
  const scrollRef = useRef<HTMLDivElement>(null);
  const filtered = useMemo(() => filterRows(data, columns, search), [data, columns, search]);
  const rows = useMemo(() => sortRows(filtered, sort), [filtered, sort]);
  const paged = pageSize > 0 && rows.length > pageSize;
  const current = clampPage(page, rows.length, pageSize);
  const virtual = pageSize === 0 && rows.length > VIRTUAL_THRESHOLD;
  const rootStyle = useMemo(() => ({ ...ROOT_BASE, width, height }), [width, height]);

  if (columns.length === 0)
    return (
      <div style={rootStyle} data-test="table-chart">
        <Empty description="No columns" />
      </div>
    );

  const options: BodyOptions = {
    columns,
    alignPositiveNegative,
    colorPositiveNegative,
    cellColor,
    onDimensionClick,
    isSelected,
    onRowContextMenu,
  };
  const visible = paged ? pageRows(rows, current, pageSize) : rows;
  return (
    <div style={rootStyle} data-test="table-chart">
      <style>{HOVER_CSS}</style>
      {includeSearch ? (
        <Input.Search
          size="small"
          allowClear
          placeholder={`Search ${rows.length} records`}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            setPage(1);
          }}
          style={SEARCH_STYLE}
          aria-label="Search table"
        />
      ) : null}
      <div ref={scrollRef} style={SCROLL_STYLE}>
        <table className={TABLE_CLASS} style={TABLE_STYLE}>
          <thead>
            <tr>
              {columns.map((c) => {
                const order = sort?.key === c.key ? sort.order : null;
                const base = HEADER_CELL[c.align];
                return (
                  <th
                    key={c.key}
                    scope="col"
                    style={c.width ? { ...base, width: c.width, minWidth: c.width } : base}
                    aria-sort={
                      order === 'ascend'
                        ? 'ascending'
                        : order === 'descend'
                          ? 'descending'
                          : undefined
                    }
                  >
                    <button
                      type="button"
                      style={SORT_BUTTON[c.align]}
                      onClick={() => {
                        setSort((s) => nextSort(s, c.key));
                        setPage(1);
                      }}
                    >
                      <span style={SORT_LABEL}>{c.label}</span>
                      <span style={SORTER} aria-hidden="true">
                        <CaretUpOutlined
                          style={order === 'ascend' ? CARET_UP_ACTIVE : CARET_UP_IDLE}
                        />
                        <CaretDownOutlined
                          style={order === 'descend' ? CARET_DOWN_ACTIVE : CARET_DOWN_IDLE}
                        />
                      </span>
                    </button>
                  </th>
                );
              })}
            </tr>
          </thead>
          {virtual ? (
            <VirtualBody
              rows={rows}
              scrollRef={scrollRef}
              viewHeight={Math.max(0, height - (includeSearch ? SEARCH_HEIGHT : 0))}
              options={options}
            />
          ) : (
            <tbody>
              {visible.length === 0 ? (
                <tr>
                  <td colSpan={columns.length} style={EMPTY_CELL}>
                    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No data" />
                  </td>
                </tr>
              ) : (
                visible.map((r) => renderRow(r, options))
              )}
            </tbody>
          )}
          {totals ? (
            <tfoot>
              <tr>
                {columns.map((c, i) => (
                  <td key={c.key} style={FOOTER_CELL[c.align]}>
                    <strong>
                      {i === 0 && c.kind === 'dimension'
                        ? 'Summary'
                        : c.kind === 'dimension'
                          ? ''
                          : c.format(totals[c.key])}
                    </strong>
                  </td>
                ))}
              </tr>
            </tfoot>
          ) : null}
        </table>
      </div>
      {paged ? (
        <div style={PAGER_ROW_STYLE}>
          <Pagination
            size="small"
            current={current}
            pageSize={pageSize}
            total={rows.length}
            showSizeChanger={false}
            onChange={(p) => {
              setPage(p);
              // Back to the first row of the new page (a write, not a layout read).
              if (scrollRef.current) scrollRef.current.scrollTop = 0;
            }}
          />
        </div>
      ) : null}
    </div>
  );
}
