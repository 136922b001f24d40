import { Button, Col, Empty, Flex, Form, Row, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import { cellError } from './datasetEdit';
import type { EditError, MetricRow } from './datasetEdit';
import { DeleteRowButton, DetailField, SqlCell, TextCell, type SqlContext } from './EditCells';

type MetricPatch = Partial<Omit<MetricRow, 'key' | 'id'>>;

/** The dataset's metrics: edit, add and delete. Details (description, certification…) expand. */
export function MetricsTab({
  metrics,
  errors,
  onAdd,
  onChange,
  onRemove,
  sql,
}: {
  metrics: MetricRow[];
  errors: EditError[];
  /** What the SQL expressions complete. */
  sql: SqlContext;
  onAdd: () => void;
  onChange: (key: string, patch: MetricPatch) => void;
  onRemove: (key: string) => void;
}) {
  const err = (m: MetricRow, field: string) => cellError(errors, 'metrics', m.key, field);
  const columns: TableColumnsType<MetricRow> = [
    {
      key: 'metric_name',
      title: 'Metric key',
      width: 200,
      render: (_: unknown, m) => (
        <TextCell
          label={`Metric key of ${m.metric_name || 'new metric'}`}
          value={m.metric_name}
          error={err(m, 'metric_name')}
          onChange={(metric_name) => onChange(m.key, { metric_name })}
        />
      ),
    },
    {
      key: 'verbose_name',
      title: 'Label',
      width: 180,
      render: (_: unknown, m) => (
        <TextCell
          label={`Label of ${m.metric_name}`}
          value={m.verbose_name}
          onChange={(verbose_name) => onChange(m.key, { verbose_name })}
        />
      ),
    },
    {
      key: 'expression',
      title: 'SQL expression',
      render: (_: unknown, m) => (
        <SqlCell
          label={`SQL expression of ${m.metric_name}`}
          value={m.expression}
          sql={sql}
          placeholder="e.g. SUM(amount)"
          error={err(m, 'expression')}
          onChange={(expression) => onChange(m.key, { expression })}
        />
      ),
    },
    {
      key: 'd3format',
      title: 'D3 format',
      width: 120,
      render: (_: unknown, m) => (
        <TextCell
          label={`D3 format of ${m.metric_name}`}
          value={m.d3format}
          placeholder=",.2f"
          code
          onChange={(d3format) => onChange(m.key, { d3format })}
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      width: 48,
      render: (_: unknown, m) => (
        <DeleteRowButton label={`Delete metric ${m.metric_name}`} onClick={() => onRemove(m.key)} />
      ),
    },
  ];

  return (
    <div>
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary">
          Expand a row for the description, warning and certification.
        </Typography.Text>
        <Button icon={<PlusOutlined />} onClick={onAdd}>
          Add item
        </Button>
      </Flex>
      <Table<MetricRow>
        rowKey="key"
        size="small"
        columns={columns}
        dataSource={metrics}
        pagination={false}
        locale={{
          emptyText: (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={MESSAGES.noSavedMetrics} />
          ),
        }}
        expandable={{
          expandedRowRender: (m) => (
            <Form layout="vertical" component="div">
              <Row gutter={16}>
                <Col span={12}>
                  <DetailField label="Description">
                    <TextCell
                      label={`Description of ${m.metric_name}`}
                      value={m.description}
                      multiline
                      onChange={(description) => onChange(m.key, { description })}
                    />
                  </DetailField>
                  <DetailField label="Warning">
                    <TextCell
                      label={`Warning of ${m.metric_name}`}
                      value={m.warning_text}
                      multiline
                      onChange={(warning_text) => onChange(m.key, { warning_text })}
                    />
                  </DetailField>
                </Col>
                <Col span={12}>
                  <DetailField label="Certified by">
                    <TextCell
                      label={`Certified by of ${m.metric_name}`}
                      value={m.certified_by}
                      onChange={(certified_by) => onChange(m.key, { certified_by })}
                    />
                  </DetailField>
                  <DetailField label="Certification details">
                    <TextCell
                      label={`Certification details of ${m.metric_name}`}
                      value={m.certification_details}
                      onChange={(certification_details) =>
                        onChange(m.key, { certification_details })
                      }
                    />
                  </DetailField>
                </Col>
              </Row>
            </Form>
          ),
        }}
      />
    </div>
  );
}
