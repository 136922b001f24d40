/**
 * The table: sortable columns, client-side search and paging, cell bars, +/- colours, the
 * conditional formatting colours, a summary row, and cross filters on dimension cells.
 */
import { useMemo, useState } from 'react';
import { Empty, Input, Table } from 'antd';
import type { TableColumn, TableProps } from './transformProps.js';

function compare(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return -1;
  if (b === null || b === undefined) return 1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function barStyle(col: TableColumn, value: number, alignPn: boolean): React.CSSProperties {
  if (!col.range) return {};
  const [min, max] = col.range;
  const span = alignPn
    ? Math.max(Math.abs(min), Math.abs(max))
    : Math.max(max, 0) - Math.min(min, 0);
  if (span === 0) return {};
  const width = (Math.abs(value) / span) * 100;
  const left = alignPn
    ? 50
    : value < 0
      ? ((value - Math.min(min, 0)) / span) * 100
      : (-Math.min(min, 0) / span) * 100;
  const color = value < 0 ? 'rgba(224,67,85,0.25)' : 'rgba(31,168,201,0.25)';
  const start = alignPn ? (value < 0 ? 50 - width / 2 : 50) : left;
  const w = alignPn ? width / 2 : width;
  return {
    background: `linear-gradient(to right, transparent ${start}%, ${color} ${start}%, ${color} ${start + w}%, transparent ${start + w}%)`,
  };
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
  } = props;
  const [search, setSearch] = useState('');
  const rows = useMemo(() => {
    const q = search.trim().toLowerCase();
    const filtered = q
      ? data.filter((r) => columns.some((c) => c.format(r[c.key]).toLowerCase().includes(q)))
      : data;
    return filtered.map((r, i) => ({ ...r, __key: i }));
  }, [data, columns, search]);
  const searchHeight = includeSearch ? 40 : 0;
  const pagerHeight = pageSize > 0 && rows.length > pageSize ? 48 : 0;
  if (columns.length === 0) return <Empty description="No columns" />;
  return (
    <div style={{ width, height, overflow: 'hidden' }} data-test="table-chart">
      {includeSearch ? (
        <Input.Search
          size="small"
          allowClear
          placeholder={`Search ${rows.length} records`}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          style={{ width: 240, marginBottom: 8 }}
          aria-label="Search table"
        />
      ) : null}
      <Table<Record<string, unknown>>
        size="small"
        rowKey="__key"
        dataSource={rows}
        virtual={pageSize === 0 && rows.length > 200}
        scroll={{
          x: 'max-content',
          y: Math.max(80, height - searchHeight - pagerHeight - 40 - (totals ? 36 : 0)),
        }}
        pagination={pageSize > 0 ? { pageSize, size: 'small', showSizeChanger: false } : false}
        columns={columns.map((c) => ({
          key: c.key,
          dataIndex: c.key,
          title: c.label,
          align: c.align,
          ...(c.width ? { width: c.width } : {}),
          sorter: (a, b) => compare(a[c.key], b[c.key]),
          onCell: (row) => {
            const v = row[c.key];
            const picked = c.kind === 'dimension' && isSelected?.(c.key, v) === true;
            const bg = picked ? '#d6eef3' : cellColor(c.key, v);
            return {
              style: {
                ...(c.showCellBars && typeof v === 'number'
                  ? barStyle(c, v, alignPositiveNegative)
                  : {}),
                ...(bg ? { background: bg } : {}),
                ...(colorPositiveNegative &&
                c.kind !== 'dimension' &&
                typeof v === 'number' &&
                v < 0
                  ? { color: '#E04355' }
                  : {}),
                cursor: onDimensionClick && c.kind === 'dimension' ? 'pointer' : undefined,
                ...(picked ? { fontWeight: 600 } : {}),
              },
              ...(picked ? { 'data-selected': 'true' } : {}),
              onClick:
                onDimensionClick && c.kind === 'dimension'
                  ? () => onDimensionClick(c.key, v)
                  : undefined,
            };
          },
          render: (v: unknown) => c.format(v),
        }))}
        summary={
          totals
            ? () => (
                <Table.Summary fixed>
                  <Table.Summary.Row>
                    {columns.map((c, i) => (
                      <Table.Summary.Cell key={c.key} index={i} align={c.align}>
                        <strong>
                          {i === 0 && c.kind === 'dimension'
                            ? 'Summary'
                            : c.kind === 'dimension'
                              ? ''
                              : c.format(totals[c.key])}
                        </strong>
                      </Table.Summary.Cell>
                    ))}
                  </Table.Summary.Row>
                </Table.Summary>
              )
            : undefined
        }
      />
    </div>
  );
}
