/** A chart's rows as a plain table ("View as table" in the chart menu), 50 rows a page. */
import { Table } from 'antd';

export default function ChartDataTable({
  rows,
  columns,
}: {
  rows: Array<Record<string, unknown>>;
  columns: string[];
}) {
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      dataSource={rows}
      columns={columns.map((c) => ({
        key: c,
        dataIndex: c,
        title: c,
        render: (v: unknown) => (v === null || v === undefined ? 'N/A' : String(v)),
      }))}
      scroll={{ x: 'max-content', y: 420 }}
      pagination={{ pageSize: 50, size: 'small' }}
    />
  );
}
