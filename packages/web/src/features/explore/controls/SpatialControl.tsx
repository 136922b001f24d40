/**
 * Geo position (spec 000 §2; Superset's SpatialControl): a popover with three ways to give a
 * point — longitude and latitude columns, one delimited column (optionally latitude first), or a
 * geohash column (optionally reversed). The trigger shows the columns, or "Invalid lat/long
 * configuration" while the chosen way lacks a column.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Button, Checkbox, Flex, Radio, Select, Typography } from 'antd';
import { AimOutlined } from '@ant-design/icons';
import {
  SPATIAL_TYPES,
  spatialError,
  spatialLabel,
  spatialValueOf,
  type SpatialType,
  type SpatialValue,
} from '@strata/charts';
import { ControlPopover } from './ControlPopover';
import type { ControlProps } from './types';

export function SpatialControl({ control, datasource, onChange }: ControlProps) {
  const [open, setOpen] = useState(false);
  const columns = datasource?.columns ?? [];
  const options = columns.map((c) => ({
    value: c.column_name,
    label: c.verbose_name || c.column_name,
  }));
  const first = columns[0]?.column_name;
  const unset = control.value === null || control.value === undefined;
  // A new control starts on the dataset's first column (Superset's); a column the user
  // cleared stays empty, and the label says the configuration is invalid.
  const value = spatialValueOf(control.value, unset ? first : undefined);
  const error = spatialError(value);
  useEffect(() => {
    if (unset && first) onChange(spatialValueOf(null, first));
  }, [unset, first, onChange]);
  const set = (patch: Partial<SpatialValue>) => onChange(spatialValueOf({ ...value, ...patch }));
  const setType = (type: SpatialType) => onChange(spatialValueOf({ ...value, type }, first));
  const column = (key: 'latCol' | 'lonCol' | 'lonlatCol' | 'geohashCol', label: string) => (
    <Select
      size="small"
      showSearch
      optionFilterProp="label"
      aria-label={label}
      placeholder={label}
      allowClear
      value={value[key] ?? null}
      options={options}
      onChange={(v: string | undefined) => set({ [key]: v })}
      style={{ width: '100%' }}
    />
  );
  const reverse = (
    <Checkbox
      checked={value.reverseCheckbox === true}
      onChange={(e) => set({ reverseCheckbox: e.target.checked })}
    >
      Reverse lat/long
    </Checkbox>
  );
  const section = (type: SpatialType, body: ReactNode) => (
    <div
      key={type}
      style={{
        padding: 8,
        borderRadius: 4,
        border: `1px solid ${value.type === type ? '#1FA8C9' : '#f0f0f0'}`,
      }}
    >
      <Radio value={type}>{SPATIAL_TYPES.find(([t]) => t === type)?.[1]}</Radio>
      {value.type === type ? (
        <Flex vertical gap={6} style={{ marginTop: 6 }}>
          {body}
        </Flex>
      ) : null}
    </div>
  );
  return (
    <ControlPopover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      destroyOnHidden
      content={
        <Radio.Group
          value={value.type}
          onChange={(e) => setType(e.target.value as SpatialType)}
          style={{ width: 300 }}
          data-test="spatial-editor"
        >
          <Flex vertical gap={8}>
            {section(
              'latlong',
              <Flex gap={6}>
                <Flex vertical style={{ flex: 1 }}>
                  <Typography.Text type="secondary">Longitude</Typography.Text>
                  {column('lonCol', 'Longitude')}
                </Flex>
                <Flex vertical style={{ flex: 1 }}>
                  <Typography.Text type="secondary">Latitude</Typography.Text>
                  {column('latCol', 'Latitude')}
                </Flex>
              </Flex>,
            )}
            {section(
              'delimited',
              <>
                {column('lonlatCol', 'Column')}
                {reverse}
              </>,
            )}
            {section(
              'geohash',
              <>
                {column('geohashCol', 'Column')}
                {reverse}
              </>,
            )}
          </Flex>
        </Radio.Group>
      }
    >
      <Button
        size="small"
        icon={<AimOutlined />}
        danger={error !== null}
        style={{ width: '100%', justifyContent: 'flex-start' }}
        data-test="spatial-label"
      >
        {spatialLabel(value)}
      </Button>
    </ControlPopover>
  );
}
