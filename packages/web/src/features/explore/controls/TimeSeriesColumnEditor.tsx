/**
 * One Time-series Table column (spec 001: label, tooltip, type time / contrib / spark / avg,
 * width, height, time lag, time ratio, comparison type, show y-axis, y-axis bounds, colour
 * bounds, number and date formats); the fields shown follow the type, as in Superset.
 */
import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select } from 'antd';
import {
  COL_TYPES,
  COMPARISON_TYPES,
  type ColType,
  type ComparisonType,
  type TimeSeriesColumn,
} from '@strata/charts';

const TYPE_LABELS = Object.fromEntries(COL_TYPES) as Record<string, string>;

export function timeSeriesColumnLabel(item: Record<string, unknown>): string {
  const label = typeof item.label === 'string' && item.label ? item.label : 'Untitled column';
  const type = TYPE_LABELS[String(item.colType ?? '')];
  return type ? `${label} (${type})` : label;
}

type Bounds = [number | null, number | null];

function BoundsInput({
  value,
  onChange,
  name,
}: {
  value: Bounds;
  onChange: (b: Bounds) => void;
  name: string;
}) {
  return (
    <Flex gap={6}>
      <InputNumber
        size="small"
        placeholder="Min"
        aria-label={`${name} min`}
        value={value[0]}
        onChange={(v) => onChange([v ?? null, value[1]])}
        style={{ flex: 1 }}
      />
      <InputNumber
        size="small"
        placeholder="Max"
        aria-label={`${name} max`}
        value={value[1]}
        onChange={(v) => onChange([value[0], v ?? null])}
        style={{ flex: 1 }}
      />
    </Flex>
  );
}

export function TimeSeriesColumnEditor({
  initial,
  onSave,
  onClose,
}: {
  initial: Record<string, unknown>;
  onSave: (c: TimeSeriesColumn) => void;
  onClose: () => void;
}) {
  const [c, setC] = useState<TimeSeriesColumn>({
    key: String(initial.key ?? ''),
    label: '',
    tooltip: '',
    colType: '',
    width: '',
    height: '',
    timeLag: '',
    timeRatio: '',
    comparisonType: '',
    showYAxis: false,
    yAxisBounds: [null, null],
    bounds: [null, null],
    d3format: '',
    dateFormat: '',
    ...(initial as Partial<TimeSeriesColumn>),
  });
  const set = (patch: Partial<TimeSeriesColumn>) => setC({ ...c, ...patch });
  const item = (label: string, node: React.ReactNode, help?: string) => (
    <Form.Item label={label} tooltip={help} style={{ marginBottom: 8 }}>
      {node}
    </Form.Item>
  );
  const numberText = (
    field: 'width' | 'height' | 'timeLag' | 'timeRatio',
    label: string,
    help?: string,
  ) =>
    item(
      label,
      <Input
        size="small"
        aria-label={label}
        value={c[field] === undefined ? '' : String(c[field])}
        onChange={(e) => set({ [field]: e.target.value })}
      />,
      help,
    );
  const invalid = ['width', 'height', 'timeLag', 'timeRatio'].some((f) => {
    const v = c[f as keyof TimeSeriesColumn];
    return typeof v === 'string' && v.trim() !== '' && !Number.isFinite(Number(v));
  });
  return (
    <Form layout="vertical" style={{ width: 320 }} data-test="time-series-column-editor">
      {item(
        'Label',
        <Input
          size="small"
          aria-label="Label"
          value={c.label}
          onChange={(e) => set({ label: e.target.value })}
        />,
      )}
      {item(
        'Tooltip',
        <Input
          size="small"
          aria-label="Tooltip"
          value={c.tooltip}
          onChange={(e) => set({ tooltip: e.target.value })}
        />,
      )}
      {item(
        'Type',
        <Select
          size="small"
          aria-label="Type"
          value={c.colType || null}
          placeholder="Select ..."
          options={COL_TYPES.map(([value, label]) => ({ value, label }))}
          onChange={(v: ColType) => set({ colType: v })}
        />,
      )}
      {c.colType === 'spark' ? (
        <>
          <Flex gap={8}>
            <div style={{ flex: 1 }}>{numberText('width', 'Width', 'Width of the sparkline')}</div>
            <div style={{ flex: 1 }}>
              {numberText('height', 'Height', 'Height of the sparkline')}
            </div>
          </Flex>
          {numberText('timeRatio', 'Time ratio', 'Number of periods to ratio against')}
          {item(
            'Show Y-axis',
            <Checkbox
              checked={c.showYAxis === true}
              onChange={(e) => set({ showYAxis: e.target.checked })}
            >
              Show Y-axis on the sparkline
            </Checkbox>,
          )}
          {item(
            'Y-axis bounds',
            <BoundsInput
              name="Y-axis bounds"
              value={c.yAxisBounds ?? [null, null]}
              onChange={(b) => set({ yAxisBounds: b })}
            />,
            'Manually set min/max values for the y-axis.',
          )}
          {item(
            'Date format',
            <Input
              size="small"
              aria-label="Date format"
              value={c.dateFormat}
              onChange={(e) => set({ dateFormat: e.target.value })}
            />,
            'Optional d3 date format string',
          )}
        </>
      ) : null}
      {c.colType === 'time' ? (
        <>
          {numberText(
            'timeLag',
            'Time lag',
            'Number of periods to compare against. You can use negative numbers to compare from the beginning of the time range.',
          )}
          {item(
            'Type',
            <Select
              size="small"
              aria-label="Comparison type"
              value={c.comparisonType || null}
              placeholder="Select ..."
              options={COMPARISON_TYPES.map(([value, label]) => ({ value, label }))}
              onChange={(v: ComparisonType) => set({ comparisonType: v })}
            />,
            'Type of comparison, value difference or percentage',
          )}
        </>
      ) : null}
      {c.colType === 'avg'
        ? numberText('timeRatio', 'Time ratio', 'Number of periods to average')
        : null}
      {c.colType && c.colType !== 'spark' ? (
        <>
          {item(
            'Color bounds',
            <BoundsInput
              name="Color bounds"
              value={c.bounds ?? [null, null]}
              onChange={(b) => set({ bounds: b })}
            />,
            'Number bounds used for color encoding, from red at the min to green at the max. Enter only a min or only a max for a single threshold.',
          )}
          {item(
            'Number format',
            <Input
              size="small"
              aria-label="Number format"
              value={c.d3format}
              onChange={(e) => set({ d3format: e.target.value })}
            />,
            'Optional d3 number format string',
          )}
        </>
      ) : null}
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!c.colType || invalid}
          onClick={() => {
            onSave(c);
            onClose();
          }}
        >
          Save
        </Button>
      </Flex>
    </Form>
  );
}
