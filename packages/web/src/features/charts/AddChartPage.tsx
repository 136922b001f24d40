/**
 * "Create a new chart" (`/chart/add/`): choose a dataset (the ones the user may read, searched
 * on the server) and a chart type (the gallery's search), then Explore opens on them.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Empty, Flex, Input, Select, Steps, Typography } from 'antd';
import { chartRegistry } from '@strata/charts';
import { risonEncode } from '@strata/core';
import { api, errorMessage } from '../../app/api';
import { usePageTitle } from '../../app/usePageTitle';
import { galleryItems } from '../explore/gallery';
import { CSS_VAR } from '@strata/core';
import { usePictureTone } from '../../app/theme/usePictureTone';

interface DatasetOption {
  value: number;
  text: string;
}

/** Explore's address for a dataset and chart type. */
export function exploreUrlFor(datasetId: number, vizType: string): string {
  const p = new URLSearchParams({
    datasource_id: String(datasetId),
    datasource_type: 'table',
    viz_type: vizType,
  });
  return `/explore/?${p.toString()}`;
}

export default function AddChartPage() {
  usePageTitle('Create a new chart');
  const pictureTone = usePictureTone();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<DatasetOption[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [dataset, setDataset] = useState<number | null>(null);
  const [vizType, setVizType] = useState<string>('table');
  const [vizSearch, setVizSearch] = useState('');
  useEffect(() => {
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setLoading(true);
      const q = risonEncode({ filter: search, page: 0, page_size: 50 });
      api
        .get<{ result: DatasetOption[] }>(
          `/api/v1/chart/related/datasource?q=${encodeURIComponent(q)}`,
          {
            signal: controller.signal,
          },
        )
        .then((r) => {
          setOptions(r.result);
          setError(null);
        })
        .catch((e: unknown) => {
          if (!controller.signal.aborted) setError(errorMessage(e));
        })
        .finally(() => !controller.signal.aborted && setLoading(false));
    }, 200);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);
  const plugins = useMemo(
    () => galleryItems(chartRegistry.list(), { kind: 'all' }, vizSearch),
    [vizSearch],
  );
  const create = () => dataset !== null && navigate(exploreUrlFor(dataset, vizType));
  return (
    <div style={{ maxWidth: 1100, margin: '0 auto' }} data-test="add-chart">
      <Typography.Title level={3}>Create a new chart</Typography.Title>
      <Card>
        <Steps
          direction="vertical"
          current={dataset === null ? 0 : 1}
          items={[
            {
              title: 'Choose a dataset',
              description: (
                <Select
                  showSearch
                  allowClear
                  aria-label="Dataset"
                  placeholder="Choose a dataset"
                  style={{ width: 420, marginTop: 8 }}
                  filterOption={false}
                  loading={loading}
                  onSearch={setSearch}
                  value={dataset}
                  onChange={(v: number | undefined) => setDataset(v ?? null)}
                  options={options.map((o) => ({ value: o.value, label: o.text }))}
                  notFoundContent={error ?? (loading ? 'Loading…' : 'No datasets')}
                />
              ),
            },
            {
              title: 'Choose chart type',
              description: (
                <Flex vertical gap={12} style={{ marginTop: 8 }}>
                  <Input.Search
                    allowClear
                    placeholder="Search all charts"
                    aria-label="Search all charts"
                    value={vizSearch}
                    onChange={(e) => setVizSearch(e.target.value)}
                    style={{ width: 320 }}
                  />
                  {plugins.length === 0 ? (
                    <Empty
                      image={Empty.PRESENTED_IMAGE_SIMPLE}
                      description="No chart types match"
                    />
                  ) : (
                    <div
                      style={{
                        display: 'grid',
                        gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
                        gap: 12,
                      }}
                    >
                      {plugins.map((p) => (
                        <button
                          key={p.vizType}
                          type="button"
                          data-test={`add-viztype-${p.vizType}`}
                          onClick={() => setVizType(p.vizType)}
                          onDoubleClick={() => {
                            setVizType(p.vizType);
                            if (dataset !== null) navigate(exploreUrlFor(dataset, p.vizType));
                          }}
                          style={{
                            border: `2px solid ${vizType === p.vizType ? '#1FA8C9' : '#f0f0f0'}`,
                            borderRadius: 6,
                            background: CSS_VAR.surface,
                            padding: 6,
                            cursor: 'pointer',
                            textAlign: 'center',
                          }}
                        >
                          {p.metadata.thumbnail ? (
                            <img
                              alt=""
                              src={`data:image/svg+xml;utf8,${encodeURIComponent(p.metadata.thumbnail)}`}
                              style={{ width: '100%', borderRadius: 4, ...pictureTone }}
                            />
                          ) : null}
                          <div style={{ fontSize: 12, marginTop: 4 }}>{p.metadata.name}</div>
                        </button>
                      ))}
                    </div>
                  )}
                </Flex>
              ),
            },
          ]}
        />
        <Flex justify="end">
          <Button
            type="primary"
            disabled={dataset === null}
            onClick={create}
            data-test="add-chart-create"
          >
            Create new chart
          </Button>
        </Flex>
      </Card>
    </div>
  );
}
