import { Select } from 'antd';
import { getColumnLabel, type QueryColumn } from '@strata/core';
import type { DatasourceColumn } from '@strata/charts';
import type { ControlProps } from './types';

/** Columns of the dataset, one or many; adhoc (SQL) columns already chosen stay listed. */
export function ColumnSelectControl({ control, onChange }: ControlProps) {
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
  return (
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
      onChange={(v: string | string[] | undefined) => {
        if (multi) onChange(((v as string[] | undefined) ?? []).map(toValue));
        else onChange(v === undefined || v === null ? null : toValue(v as string));
      }}
    />
  );
}
