/** A fixed value or a metric (spec 001 §3 "Fixed-or-metric value"; default fixed 5). */
import { Flex, InputNumber, Radio, Select } from 'antd';
import { getMetricLabel, type QueryMetric } from '@strata/core';
import type { DatasourceMetric } from '@strata/charts';
import type { ControlProps } from './types';

interface FixedOrMetric {
  type: 'fix' | 'metric';
  value: number | string | QueryMetric | null;
}

export function FixedOrMetricControl({ control, datasource, onChange }: ControlProps) {
  const v = (control.value ?? { type: 'fix', value: 5 }) as FixedOrMetric;
  const metrics: DatasourceMetric[] = datasource?.metrics ?? [];
  return (
    <Flex vertical gap={6}>
      <Radio.Group
        size="small"
        optionType="button"
        value={v.type}
        onChange={(e) =>
          onChange({
            type: e.target.value as 'fix' | 'metric',
            value: e.target.value === 'fix' ? 5 : null,
          })
        }
        options={[
          { value: 'fix', label: 'Fixed' },
          { value: 'metric', label: 'Based on a metric' },
        ]}
      />
      {v.type === 'fix' ? (
        <InputNumber
          size="small"
          value={typeof v.value === 'number' ? v.value : Number(v.value ?? 5)}
          onChange={(n) => onChange({ type: 'fix', value: n ?? 0 })}
          aria-label={control.label}
        />
      ) : (
        <Select
          size="small"
          aria-label={control.label}
          value={v.value === null ? null : getMetricLabel(v.value as QueryMetric)}
          options={metrics.map((m) => ({
            value: m.metric_name,
            label: m.verbose_name || m.metric_name,
          }))}
          onChange={(m: string) => onChange({ type: 'metric', value: m })}
        />
      )}
    </Flex>
  );
}
