import { useMemo, type ReactNode } from 'react';
import { Tag } from 'antd';
import { Select } from '../../../components/Select';
import { SortableContext, arrayMove, horizontalListSortingStrategy } from '@dnd-kit/sortable';
import { getColumnLabel, type QueryColumn } from '@strata/core';
import type { DatasourceColumn } from '@strata/charts';
import { datasetNames, isUnknownColumn } from '../datasetCompat';
import { INCOMPATIBLE_TAG_COLOR, IncompatibleLabel } from './IncompatibleLabel';
import { SortableTag } from './PopoverItemList';
import type { ControlProps } from './types';

/**
 * Columns of the dataset, one or many; adhoc (SQL) columns already chosen stay listed, and so do
 * columns the dataset lacks, marked; chosen columns can be dragged to a new place.
 */
export function ColumnSelectControl({ control, datasource, onChange }: ControlProps) {
  const options = (control.props.options as DatasourceColumn[] | undefined) ?? [];
  const multi = control.props.multi === true;
  const value = control.value as QueryColumn | QueryColumn[] | null | undefined;
  const list = Array.isArray(value) ? value : value == null ? [] : [value];
  const known = new Set(options.map((c) => c.column_name));
  const adhoc = list.filter((c) => typeof c !== 'string' || !known.has(c));
  const selectOptions = [
    ...options.map((c) => ({
      value: c.column_name,
      label: c.verbose_name || c.column_name,
    })),
    ...adhoc.map((c) => ({ value: getColumnLabel(c), label: getColumnLabel(c) })),
  ];
  const toValue = (label: string): QueryColumn =>
    adhoc.find((c) => getColumnLabel(c) === label) ?? label;
  const labels = list.map(getColumnLabel);
  // Columns the dataset lacks stay chosen, marked (datasetCompat.ts).
  const names = useMemo(() => datasetNames(datasource), [datasource]);
  const unknown = new Set(list.filter((c) => isUnknownColumn(c, names)).map(getColumnLabel));
  const shown = (label: ReactNode, tagValue: unknown) =>
    unknown.has(String(tagValue)) ? (
      <IncompatibleLabel kind="column">{label}</IncompatibleLabel>
    ) : (
      label
    );
  const ids = labels.map((_, i) => `${control.name}:item:${i}`);
  const reorder = (from: number, to: number) => onChange(arrayMove(list, from, to));
  const select = (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={control.label}
      mode={multi ? 'multiple' : undefined}
      allowClear
      showSearch
      placeholder={multi ? 'Drop columns here or click' : 'Drop a column here or click'}
      value={
        multi ? list.map(getColumnLabel) : list[0] === undefined ? null : getColumnLabel(list[0])
      }
      options={selectOptions}
      optionFilterProp="label"
      status={!multi && unknown.size > 0 ? 'warning' : undefined}
      labelRender={multi ? undefined : ({ label, value: v }) => shown(label, v)}
      onChange={(v: string | string[] | undefined) => {
        if (multi) onChange(((v as string[] | undefined) ?? []).map(toValue));
        else onChange(v === undefined || v === null ? null : toValue(v as string));
      }}
      tagRender={
        multi
          ? ({ label, value: tagValue, closable, onClose }) => {
              const index = labels.indexOf(String(tagValue));
              return (
                <SortableTag
                  id={ids[index] ?? `${control.name}:tag:${String(tagValue)}`}
                  item={
                    index >= 0 ? { kind: 'item', control: control.name, index, reorder } : undefined
                  }
                >
                  <Tag
                    closable={closable}
                    onClose={onClose}
                    color={unknown.has(String(tagValue)) ? INCOMPATIBLE_TAG_COLOR : undefined}
                    onMouseDown={(e) => e.stopPropagation()}
                    style={{ marginInlineEnd: 4, cursor: 'grab' }}
                  >
                    {shown(label, tagValue)}
                  </Tag>
                </SortableTag>
              );
            }
          : undefined
      }
    />
  );
  return multi ? (
    <SortableContext items={ids} strategy={horizontalListSortingStrategy}>
      {select}
    </SortableContext>
  ) : (
    select
  );
}
