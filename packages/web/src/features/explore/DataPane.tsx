/** Under the chart: the rows behind it (Results) and the dataset's rows (Samples). */
import { useEffect, useState } from 'react';
import { Alert, Table, Tabs } from 'antd';
import type { QueryFormData } from '@strata/core';
import type { ChartDataResult } from '@strata/charts';
import { errorMessage, isAbortError } from '../../app/api';
import { runChartQuery } from './runChartQuery';

function ResultTable({ result }: { result: ChartDataResult | undefined }) {
  if (!result) return null;
  return (
    <Table
      size="small"
      rowKey={(_, i) => String(i)}
      dataSource={result.data}
      pagination={{ pageSize: 50, size: 'small', showSizeChanger: false }}
      scroll={{ x: 'max-content', y: 220 }}
      columns={result.colnames.map((c) => ({
        key: c,
        dataIndex: c,
        title: c,
        render: (v: unknown, _row, index) =>
          result.coltypes[result.colnames.indexOf(c)] === 2 && typeof v === 'number' ? (
            new Date(v).toISOString().slice(0, 19).replace('T', ' ')
          ) : v === null ? (
            <i style={{ color: '#999' }}>N/A</i>
          ) : typeof v === 'object' ? (
            JSON.stringify(v)
          ) : (
            String(v) + (index < 0 ? '' : '')
          ),
      }))}
    />
  );
}

function Samples({ formData }: { formData: QueryFormData }) {
  const [state, setState] = useState<{ result?: ChartDataResult; error?: string }>({});
  useEffect(() => {
    const controller = new AbortController();
    runChartQuery(formData, controller.signal, { resultType: 'samples' })
      .then((r) => setState({ result: r[0] }))
      .catch((e: unknown) => !isAbortError(e) && setState({ error: errorMessage(e) }));
    return () => controller.abort();
  }, [formData.datasource, formData]);
  if (state.error) return <Alert type="error" showIcon message={state.error} />;
  return <ResultTable result={state.result} />;
}

export function DataPane({
  formData,
  queriesResponse,
}: {
  formData: QueryFormData;
  queriesResponse: ChartDataResult[] | null;
}) {
  const [tab, setTab] = useState('results');
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onChange={setTab}
      items={[
        {
          key: 'results',
          label: 'Results',
          children: <ResultTable result={queriesResponse?.[0]} />,
        },
        {
          key: 'samples',
          label: 'Samples',
          children: tab === 'samples' ? <Samples formData={formData} /> : null,
        },
      ]}
    />
  );
}
