/**
 * Customize columns (the Table's column_config): one row per column of the table; a click opens
 * its settings — width and alignment for all, number format and cell bars for numbers, date
 * format for times. The value is `{ [column]: settings }`, empty settings removed.
 */
import { useState } from 'react';
import {
  AutoComplete,
  Button,
  Checkbox,
  Flex,
  Form,
  InputNumber,
  Radio,
  Slider,
  Typography,
} from 'antd';
import {
  ClockCircleOutlined,
  DownOutlined,
  FieldNumberOutlined,
  FieldStringOutlined,
  UpOutlined,
} from '@ant-design/icons';
import { MESSAGES } from '@strata/core';
import type { ConfigurableColumn } from '@strata/charts';
import { columnConfigPage, FRACTION_DIGITS } from './columnConfigPaging';
import { ControlPopover } from './ControlPopover';
import type { ControlProps } from './types';

type Settings = Record<string, unknown>;

const NUMBER_FORMATS = ['SMART_NUMBER', ',d', ',.1f', ',.2f', '.1%', '.2%', '.3s', '$,.2f'];
const DATE_FORMATS = [
  'smart_date',
  '%Y-%m-%d',
  '%Y-%m-%d %H:%M:%S',
  '%d/%m/%Y',
  '%m/%d/%Y',
  '%b %d, %Y',
];

/** Drops empty settings (so an untouched column leaves no trace in the form data). */
export function cleanSettings(s: Settings): Settings {
  return Object.fromEntries(
    Object.entries(s).filter(([, v]) => v !== undefined && v !== null && v !== ''),
  );
}

function SettingsEditor({
  column,
  initial,
  onSave,
  onClose,
}: {
  column: ConfigurableColumn;
  initial: Settings;
  onSave: (s: Settings) => void;
  onClose: () => void;
}) {
  const [s, setS] = useState<Settings>(initial);
  const set = (patch: Settings) => setS({ ...s, ...patch });
  const formatSelect = (field: string, choices: string[], label: string) => (
    <Form.Item label={label} style={{ marginBottom: 8 }}>
      <AutoComplete
        size="small"
        allowClear
        aria-label={label}
        placeholder="Default"
        value={(s[field] as string | undefined) ?? ''}
        options={choices.map((f) => ({ value: f, label: f }))}
        filterOption={(input, option) =>
          String(option?.value ?? '')
            .toLowerCase()
            .includes(input.toLowerCase())
        }
        onChange={(v: string | undefined) => set({ [field]: v || null })}
      />
    </Form.Item>
  );
  return (
    <Form layout="vertical" style={{ width: 280 }} data-test="column-config-editor">
      <Typography.Text strong>{column.name}</Typography.Text>
      {column.kind === 'numeric'
        ? formatSelect('d3NumberFormat', NUMBER_FORMATS, 'Number format')
        : null}
      {column.kind === 'temporal'
        ? formatSelect('d3TimeFormat', DATE_FORMATS, 'Date format')
        : null}
      {column.kind === 'numeric' ? (
        <Form.Item
          label="Fraction digits"
          tooltip="Number of decimal digits to round numbers to"
          style={{ marginBottom: 8 }}
        >
          <Slider
            {...FRACTION_DIGITS}
            aria-label="Fraction digits"
            value={typeof s.fractionDigits === 'number' ? s.fractionDigits : FRACTION_DIGITS.max}
            onChange={(v: number) => set({ fractionDigits: v === FRACTION_DIGITS.max ? null : v })}
          />
        </Form.Item>
      ) : null}
      <Form.Item label="Min width" style={{ marginBottom: 8 }}>
        <InputNumber
          size="small"
          min={0}
          aria-label="Min width"
          placeholder="Auto"
          value={(s.columnWidth as number | undefined) ?? null}
          onChange={(v) => set({ columnWidth: v ?? null })}
          style={{ width: '100%' }}
        />
      </Form.Item>
      <Form.Item label="Text align" style={{ marginBottom: 8 }}>
        <Radio.Group
          size="small"
          value={s.horizontalAlign ?? null}
          onChange={(e) => set({ horizontalAlign: e.target.value })}
          options={[
            { value: 'left', label: 'Left' },
            { value: 'center', label: 'Center' },
            { value: 'right', label: 'Right' },
          ]}
          optionType="button"
        />
      </Form.Item>
      {column.kind === 'numeric' ? (
        <Checkbox
          checked={s.showCellBars !== false}
          onChange={(e) => set({ showCellBars: e.target.checked ? null : false })}
          style={{ marginBottom: 8 }}
        >
          Show cell bars
        </Checkbox>
      ) : null}
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          onClick={() => {
            onSave(cleanSettings(s));
            onClose();
          }}
        >
          Save
        </Button>
      </Flex>
    </Form>
  );
}

const ICONS = {
  numeric: <FieldNumberOutlined />,
  temporal: <ClockCircleOutlined />,
  string: <FieldStringOutlined />,
};

export function ColumnConfigControl({ control, onChange }: ControlProps) {
  const value = (control.value && typeof control.value === 'object' ? control.value : {}) as Record<
    string,
    Settings
  >;
  const columns = (control.props.columnsToConfigure as ConfigurableColumn[] | undefined) ?? [];
  const [open, setOpen] = useState<string | null>(null);
  const [showAll, setShowAll] = useState(false);
  if (columns.length === 0)
    return (
      <Typography.Text type="secondary">Add columns or metrics to customize them.</Typography.Text>
    );
  const { shown, hasToggle } = columnConfigPage(columns, showAll);
  return (
    <Flex vertical gap={2} data-test="column-config">
      {shown.map((c) => {
        const set = Object.keys(value[c.name] ?? {}).length > 0;
        return (
          <ControlPopover
            key={c.name}
            open={open === c.name}
            trigger="click"
            destroyOnHidden
            onOpenChange={(o) => setOpen(o ? c.name : null)}
            content={
              <SettingsEditor
                column={c}
                initial={value[c.name] ?? {}}
                onClose={() => setOpen(null)}
                onSave={(settings) => {
                  const next = { ...value };
                  if (Object.keys(settings).length) next[c.name] = settings;
                  else delete next[c.name];
                  onChange(next);
                }}
              />
            }
          >
            <Button
              size="small"
              type="text"
              style={{ justifyContent: 'flex-start' }}
              icon={ICONS[c.kind]}
            >
              <span style={{ fontWeight: set ? 600 : 400 }}>{c.name}</span>
            </Button>
          </ControlPopover>
        );
      })}
      {hasToggle ? (
        <Button
          size="small"
          type="link"
          icon={showAll ? <UpOutlined /> : <DownOutlined />}
          onClick={() => setShowAll(!showAll)}
          data-test="column-config-toggle"
        >
          {showAll ? MESSAGES.showLessColumns : MESSAGES.showAllColumns}
        </Button>
      ) : null}
    </Flex>
  );
}
