/**
 * Collections (the Time-series Table's columns, the Filter Box's filters): a sortable list of
 * items, each edited in a popover by the item control the chart names (`props.controlName`).
 */
import type { ReactNode } from 'react';
import { arrayMove } from '@dnd-kit/sortable';
import type { DatasourceColumn } from '@strata/charts';
import { PopoverItemList } from './PopoverItemList';
import { FilterBoxItemEditor, filterBoxItemLabel, type FilterBoxItem } from './FilterBoxItemEditor';
import { TimeSeriesColumnEditor, timeSeriesColumnLabel } from './TimeSeriesColumnEditor';
import type { ControlProps } from './types';

type Item = { key: string } & Record<string, unknown>;

export const newItemKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().slice(0, 11)
    : Math.random().toString(36).slice(2, 13);

interface ItemKind {
  label: (item: Item) => string;
  addLabel: string;
  editor: (args: {
    item: Item;
    columns: DatasourceColumn[];
    metrics: string[];
    onSave: (item: Item) => void;
    onClose: () => void;
  }) => ReactNode;
}

const KINDS: Record<string, ItemKind> = {
  TimeSeriesColumnControl: {
    label: (item) => timeSeriesColumnLabel(item),
    addLabel: 'Add column',
    editor: ({ item, onSave, onClose }) => (
      <TimeSeriesColumnEditor
        initial={item}
        onSave={(v) => onSave({ ...v, key: item.key })}
        onClose={onClose}
      />
    ),
  },
  FilterBoxItemControl: {
    label: (item) => filterBoxItemLabel(item as unknown as FilterBoxItem),
    addLabel: 'Add filter',
    editor: ({ item, columns, metrics, onSave, onClose }) => (
      <FilterBoxItemEditor
        initial={item as unknown as FilterBoxItem}
        columns={columns}
        metrics={metrics}
        onSave={(v) => onSave({ ...(v as unknown as Item), key: item.key })}
        onClose={onClose}
      />
    ),
  },
};

export function CollectionControl({ control, datasource, onChange }: ControlProps) {
  const items = (Array.isArray(control.value) ? control.value : []) as Item[];
  const kind = KINDS[String(control.props.controlName ?? '')];
  if (!kind) return null;
  const columns = datasource?.columns ?? [];
  return (
    <PopoverItemList
      items={items}
      label={kind.label}
      tagColor={() => 'geekblue'}
      onRemove={(i) => onChange(items.filter((_, j) => j !== i))}
      sortable={control.name}
      onReorder={(from, to) => onChange(arrayMove(items, from, to))}
      addLabel={kind.addLabel}
      addAriaLabel={`${kind.addLabel} to ${control.label}`}
      editor={(index, close) =>
        kind.editor({
          item: index === 'new' ? { key: newItemKey() } : items[index]!,
          columns,
          metrics: (datasource?.metrics ?? []).map((m) => m.metric_name),
          onClose: close,
          onSave: (item) =>
            onChange(
              index === 'new' ? [...items, item] : items.map((x, j) => (j === index ? item : x)),
            ),
        })
      }
    />
  );
}
