/**
 * The Time-series Table: a row per series, a column per configured entry — numbers coloured by
 * their bounds, the lag errors in grey, and sparklines drawn as SVG with a hover read-out.
 */
import { Empty, Tooltip } from 'antd';
import { useState } from 'react';
import type { Point } from './columns.js';
import type { TimeTableColumnView, TimeTableProps } from './transformProps.js';
import { CSS_VAR } from '@strata/core';

const cellStyle = {
  padding: '6px 10px',
  borderBottom: `1px solid ${CSS_VAR.borderSecondary}`,
} as const;

function Sparkline({ points, column }: { points: Point[]; column: TimeTableColumnView }) {
  const [hover, setHover] = useState<number | null>(null);
  const { width, height, showYAxis, yAxisBounds } = column;
  const values = points.map((p) => p.value).filter((v): v is number => v !== null);
  if (values.length === 0) return <span style={{ color: '#999' }}>N/A</span>;
  const min = yAxisBounds[0] ?? Math.min(...values);
  const max = yAxisBounds[1] ?? Math.max(...values);
  const axis = showYAxis ? 44 : 0;
  const w = width - axis;
  const x = (i: number) =>
    axis + (points.length > 1 ? (i / (points.length - 1)) * (w - 4) + 2 : w / 2);
  const y = (v: number) =>
    max === min ? height / 2 : height - 4 - ((v - min) / (max - min)) * (height - 8);
  const path = points
    .map((p, i) => (p.value === null ? null : `${x(i).toFixed(1)},${y(p.value).toFixed(1)}`))
    .filter(Boolean)
    .join(' ');
  const active = hover !== null ? points[hover] : undefined;
  return (
    <Tooltip
      open={active !== undefined}
      title={active ? `${column.formatTime(active.time)}: ${column.formatValue(active.value)}` : ''}
    >
      <svg
        width={width}
        height={height}
        role="img"
        aria-label="Sparkline"
        onMouseLeave={() => setHover(null)}
        onMouseMove={(e) => {
          const box = e.currentTarget.getBoundingClientRect();
          const rel = (e.clientX - box.left - axis) / Math.max(1, w);
          setHover(Math.min(points.length - 1, Math.max(0, Math.round(rel * (points.length - 1)))));
        }}
      >
        {showYAxis ? (
          <g fontSize={9} style={{ fill: CSS_VAR.textSecondary }}>
            <text x={0} y={10}>
              {column.formatValue(max)}
            </text>
            <text x={0} y={height - 2}>
              {column.formatValue(min)}
            </text>
          </g>
        ) : null}
        <polyline points={path} fill="none" stroke="#1FA8C9" strokeWidth={1.5} />
        {active && active.value !== null ? (
          <circle cx={x(hover!)} cy={y(active.value)} r={3} fill="#1FA8C9" />
        ) : null}
      </svg>
    </Tooltip>
  );
}

export default function TimeTableChart({
  width,
  height,
  empty,
  rowHeader,
  columns,
  rows,
}: TimeTableProps) {
  if (empty) return <Empty description="No results were returned for this query" />;
  return (
    <div style={{ width, height, overflow: 'auto' }} data-test="time-table">
      <table style={{ borderCollapse: 'collapse', fontSize: 13, width: '100%' }}>
        <thead>
          <tr style={{ background: CSS_VAR.fillAlter }}>
            <th style={{ ...cellStyle, textAlign: 'left' }}>{rowHeader}</th>
            {columns.map((c) => (
              <th
                key={c.key}
                style={{ ...cellStyle, textAlign: c.colType === 'spark' ? 'left' : 'right' }}
              >
                {c.tooltip ? (
                  <Tooltip title={c.tooltip}>
                    <span style={{ borderBottom: '1px dotted #999' }}>{c.label}</span>
                  </Tooltip>
                ) : (
                  c.label
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label}>
              <td style={{ ...cellStyle, fontWeight: 600 }}>
                {row.href ? (
                  <a href={row.href} target="_blank" rel="noopener noreferrer">
                    {row.label}
                  </a>
                ) : (
                  row.label
                )}
              </td>
              {row.cells.map((cell, i) => {
                const column = columns[i]!;
                if (cell.result.kind === 'spark')
                  return (
                    <td key={column.key} style={cellStyle}>
                      <Sparkline points={cell.result.points} column={column} />
                    </td>
                  );
                return (
                  <td
                    key={column.key}
                    style={{
                      ...cellStyle,
                      textAlign: 'right',
                      fontVariantNumeric: 'tabular-nums',
                      color: cell.result.kind === 'error' ? '#999' : cell.color,
                      whiteSpace: cell.result.kind === 'error' ? 'normal' : 'nowrap',
                    }}
                  >
                    {cell.text}
                  </td>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
