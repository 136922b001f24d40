/**
 * One Filter Box filter (spec 001: column, label, default value, sort metric, ascending,
 * multiple, search all options, and Required — the inverse of clearable).
 */
import { useState } from 'react';
import { Button, Checkbox, Flex, Form, Input, Select } from 'antd';
import type { DatasourceColumn, FilterBoxItem } from '@strata/charts';

export type { FilterBoxItem };

export function filterBoxItemLabel(item: FilterBoxItem): string {
  return item.label || item.column || 'Untitled filter';
}

export function FilterBoxItemEditor({
  initial,
  columns,
  metrics = [],
  onSave,
  onClose,
}: {
  initial: FilterBoxItem;
  columns: DatasourceColumn[];
  metrics?: string[];
  onSave: (item: FilterBoxItem) => void;
  onClose: () => void;
}) {
  const [item, setItem] = useState<FilterBoxItem>({
    asc: true,
    multiple: true,
    clearable: true,
    searchAllOptions: false,
    ...initial,
  });
  const set = (patch: Partial<FilterBoxItem>) => setItem({ ...item, ...patch });
  const row = (label: string, node: React.ReactNode, help?: string) => (
    <Form.Item label={label} tooltip={help} style={{ marginBottom: 8 }}>
      {node}
    </Form.Item>
  );
  return (
    <Form layout="vertical" style={{ width: 300 }} data-test="filter-box-item-editor">
      {row(
        'Column',
        <Select
          size="small"
          showSearch
          aria-label="Column"
          placeholder="Select a column"
          value={item.column ?? null}
          options={columns
            .filter((c) => c.filterable !== false)
            .map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }))}
          onChange={(v: string) => set({ column: v })}
        />,
      )}
      {row(
        'Label',
        <Input
          size="small"
          aria-label="Label"
          value={item.label ?? ''}
          onChange={(e) => set({ label: e.target.value })}
        />,
      )}
      {row(
        'Default',
        <Input
          size="small"
          aria-label="Default"
          value={item.defaultValue ?? ''}
          onChange={(e) => set({ defaultValue: e.target.value })}
        />,
        'Use semicolons (;) to separate multiple values',
      )}
      {row(
        'Sort metric',
        <Select
          size="small"
          allowClear
          aria-label="Sort metric"
          placeholder="The column's values"
          value={typeof item.metric === 'string' ? item.metric : null}
          options={metrics.map((m) => ({ value: m, label: m }))}
          onChange={(v: string | undefined) => set({ metric: v ?? null })}
        />,
        'Metric to sort the results by',
      )}
      <Flex vertical gap={4} style={{ marginBottom: 8 }}>
        <Checkbox checked={item.asc !== false} onChange={(e) => set({ asc: e.target.checked })}>
          Sort ascending
        </Checkbox>
        <Checkbox
          checked={item.multiple !== false}
          onChange={(e) => set({ multiple: e.target.checked })}
        >
          Allow multiple selections
        </Checkbox>
        <Checkbox
          checked={item.searchAllOptions === true}
          onChange={(e) => set({ searchAllOptions: e.target.checked })}
        >
          Search all filter options
        </Checkbox>
        <Checkbox
          checked={item.clearable === false}
          onChange={(e) => set({ clearable: !e.target.checked })}
        >
          Required
        </Checkbox>
      </Flex>
      <Flex justify="end" gap={8}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!item.column}
          onClick={() => {
            onSave(item);
            onClose();
          }}
        >
          Save
        </Button>
      </Flex>
    </Form>
  );
}
