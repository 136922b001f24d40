/** Under the chart: the rows behind it (Results) and the dataset's rows (Samples). */
import { useEffect, useState } from 'react';
import { Alert, Button, Table, Tabs } from 'antd';
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
      // Large results scroll in a virtual list (only the visible rows are in the page).
      virtual={result.data.length > 500}
      pagination={
        result.data.length > 500 ? false : { pageSize: 50, size: 'small', showSizeChanger: false }
      }
      scroll={{ x: result.data.length > 500 ? 1000 : 'max-content', y: 180 }}
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

/**
 * Closed until asked for (as in Superset): the tabs alone; a tab opens the pane, the same tab
 * (or Collapse) closes it. Rows are only laid out while it is open.
 */
export function DataPane({
  formData,
  queriesResponse,
}: {
  formData: QueryFormData;
  queriesResponse: ChartDataResult[] | null;
}) {
  const [tab, setTab] = useState('results');
  const [open, setOpen] = useState(false);
  return (
    <Tabs
      size="small"
      activeKey={tab}
      onTabClick={(key) => {
        if (key === tab) setOpen((o) => !o);
        else {
          setTab(key);
          setOpen(true);
        }
      }}
      tabBarExtraContent={
        <Button type="link" size="small" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
          {open ? 'Collapse' : 'Show data'}
        </Button>
      }
      items={[
        {
          key: 'results',
          label: 'Results',
          children:
            open && tab === 'results' ? <ResultTable result={queriesResponse?.[0]} /> : null,
        },
        {
          key: 'samples',
          label: 'Samples',
          children: open && tab === 'samples' ? <Samples formData={formData} /> : null,
        },
      ]}
    />
  );
}
