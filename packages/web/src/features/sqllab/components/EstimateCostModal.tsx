import { Alert, Button, Empty, Flex, Modal, Spin, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { valueText } from './resultsGrid';
import { costColumns } from './format';

export interface EstimateCostModalProps {
  open: boolean;
  loading: boolean;
  result: Array<Record<string, unknown>> | null;
  error: string | null;
  onClose: () => void;
}

type CostRow = Record<string, unknown> & { __key: number };

/** The database's cost estimate of the query, as a table. */
export function EstimateCostModal({
  open,
  loading,
  result,
  error,
  onClose,
}: EstimateCostModalProps) {
  const rows: CostRow[] = (result ?? []).map((r, i) => ({ ...r, __key: i }));
  const columns: TableColumnsType<CostRow> = costColumns(result ?? []).map((name) => ({
    key: name,
    title: name,
    dataIndex: name,
    render: (value: unknown) => (
      <span style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
        {value === null || value === undefined ? '' : valueText(value)}
      </span>
    ),
  }));

  let body;
  if (loading) {
    body = (
      <Flex justify="center" align="center" style={{ minHeight: 120 }}>
        <Spin description="Estimating the cost…">
          <div style={{ width: 200, height: 60 }} />
        </Spin>
      </Flex>
    );
  } else if (error) {
    body = (
      <Alert type="error" showIcon title="The cost could not be estimated" description={error} />
    );
  } else if (rows.length === 0 || columns.length === 0) {
    body = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No cost estimate" />;
  } else {
    body = (
      <Table<CostRow>
        size="small"
        rowKey="__key"
        columns={columns}
        dataSource={rows}
        pagination={rows.length > 20 ? { pageSize: 20, size: 'small' } : false}
        scroll={{ x: 'max-content' }}
      />
    );
  }

  return (
    <Modal
      open={open}
      title="Query cost estimate"
      onCancel={onClose}
      width={720}
      footer={
        <Button type="primary" onClick={onClose}>
          Close
        </Button>
      }
    >
      {body}
    </Modal>
  );
}
