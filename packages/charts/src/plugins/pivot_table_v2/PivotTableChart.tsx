/**
 * The pivot table: column headers (one row per column attribute, groups spanning their columns,
 * subtotal and total columns), row headers (one column per row attribute, groups spanning their
 * rows), the cells, and the totals row; sticky headers inside a scrolling box.
 */
import { Empty } from 'antd';
import { useMemo, type CSSProperties, type MouseEvent } from 'react';
import { headerCells, type Key } from './pivot.js';
import type { PivotTableProps } from './transformProps.js';
import { CSS_VAR } from '@strata/core';

const border = '1px solid #E0E0E0';
const th: CSSProperties = {
  background: CSS_VAR.fillAlter,
  border,
  padding: '4px 8px',
  fontWeight: 600,
  textAlign: 'left',
  whiteSpace: 'nowrap',
};
const td: CSSProperties = {
  border,
  padding: '4px 8px',
  textAlign: 'right',
  whiteSpace: 'nowrap',
  fontVariantNumeric: 'tabular-nums',
};
const totalStyle: CSSProperties = { fontWeight: 600, background: CSS_VAR.fillAlter };

export default function PivotTableChart(props: PivotTableProps) {
  const { width, height, empty, rowAttrs, colAttrs, model, rowTotals, colTotals } = props;
  const { formatCell, cellColor, totalLabel, onCellContextMenu, onHeaderContextMenu } = props;
  /** A right click's handler (the browser's own menu kept when the chart has no drill menu). */
  const menu = (open: ((x: number, y: number) => void) | undefined) =>
    open
      ? (e: MouseEvent) => {
          e.preventDefault();
          open(e.clientX, e.clientY);
        }
      : undefined;
  const rowHeaders = useMemo(
    () => headerCells(model.rowKeys, rowAttrs.length),
    [model, rowAttrs.length],
  );
  const colHeaders = useMemo(
    () => headerCells(model.colKeys, colAttrs.length),
    [model, colAttrs.length],
  );
  if (empty) return <Empty description="No results were returned for this query" />;
  const showRowTotals = rowTotals && colAttrs.length > 0;
  const showColTotals = colTotals && rowAttrs.length > 0;
  const headerRows = Math.max(colAttrs.length, 1) + (rowAttrs.length > 0 ? 1 : 0);
  const cell = (row: Key, col: Key, strong: boolean, key: string) => {
    const v = model.value(row, col);
    const bg = cellColor(row, col, v);
    return (
      <td
        key={key}
        style={{ ...td, ...(strong ? totalStyle : {}), ...(bg ? { background: bg } : {}) }}
        onContextMenu={menu(onCellContextMenu && ((x, y) => onCellContextMenu(row, col, x, y)))}
      >
        {formatCell(v)}
      </td>
    );
  };
  return (
    <div style={{ width, height, overflow: 'auto' }} data-test="pivot-table">
      <table style={{ borderCollapse: 'collapse', fontSize: 12 }}>
        <thead>
          {colAttrs.map((attr, level) => (
            <tr key={attr}>
              {rowAttrs.length > 0 && level === 0 ? (
                <th colSpan={rowAttrs.length} rowSpan={colAttrs.length} style={th} />
              ) : null}
              <th style={{ ...th, textAlign: 'right' }}>{attr}</th>
              {model.colKeys.map((_, i) => {
                const c = colHeaders[i]![level];
                if (!c) return null;
                return (
                  <th
                    key={i}
                    colSpan={c.span}
                    rowSpan={
                      c.depthSpan +
                      (level + c.depthSpan === colAttrs.length && rowAttrs.length > 0 ? 1 : 0)
                    }
                    style={c.subtotal ? { ...th, ...totalStyle } : th}
                    onContextMenu={menu(
                      onHeaderContextMenu && ((x, y) => onHeaderContextMenu('col', c.key, x, y)),
                    )}
                  >
                    {c.label}
                  </th>
                );
              })}
              {showRowTotals && level === 0 ? (
                <th rowSpan={headerRows} style={{ ...th, ...totalStyle }}>
                  {totalLabel}
                </th>
              ) : null}
            </tr>
          ))}
          {rowAttrs.length > 0 ? (
            <tr>
              {rowAttrs.map((attr) => (
                <th key={attr} style={th}>
                  {attr}
                </th>
              ))}
              <th style={th} />
              {colAttrs.length === 0 ? <th style={th} /> : null}
            </tr>
          ) : null}
        </thead>
        <tbody>
          {model.rowKeys.map((row, r) => {
            const subtotal = row.length < rowAttrs.length;
            return (
              <tr key={JSON.stringify(row)}>
                {rowHeaders[r]!.map((h, level) =>
                  h ? (
                    <th
                      key={level}
                      rowSpan={h.span}
                      colSpan={h.depthSpan + (level + h.depthSpan === rowAttrs.length ? 1 : 0)}
                      style={h.subtotal ? { ...th, ...totalStyle } : th}
                      onContextMenu={menu(
                        onHeaderContextMenu && ((x, y) => onHeaderContextMenu('row', h.key, x, y)),
                      )}
                    >
                      {h.label}
                    </th>
                  ) : null,
                )}
                {rowAttrs.length === 0 ? <th style={th} /> : null}
                {model.colKeys.map((col, c) =>
                  cell(row, col, subtotal || col.length < colAttrs.length, String(c)),
                )}
                {showRowTotals ? cell(row, [], true, 'total') : null}
              </tr>
            );
          })}
          {showColTotals ? (
            <tr>
              <th colSpan={rowAttrs.length + 1} style={{ ...th, ...totalStyle }}>
                {totalLabel}
              </th>
              {model.colKeys.map((col, c) => cell([], col, true, String(c)))}
              {showRowTotals ? cell([], [], true, 'total') : null}
            </tr>
          ) : null}
        </tbody>
      </table>
    </div>
  );
}
