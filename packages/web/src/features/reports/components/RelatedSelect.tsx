import { useState } from 'react';
import { Select } from 'antd';
import { useRelatedOptions } from '../../../components/ListView/useRelatedOptions';
import { REPORT_RESOURCE } from '../reportsApi';
import type { Option } from '../reportForm';

/**
 * One item of the report resource's `related/{column}` (chart, dashboard, database), searched
 * as one types.
 */
export function RelatedSelect({
  id,
  column,
  placeholder,
  value,
  onChange,
  status,
}: {
  id: string;
  column: 'chart' | 'dashboard' | 'database';
  placeholder: string;
  value: Option | null;
  onChange: (value: Option | null) => void;
  status?: 'error';
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const related = useRelatedOptions(REPORT_RESOURCE, 'related', column, open, search);
  const options = related.options.map((o) => ({ value: Number(o.value), label: o.label }));
  // The chosen item stays shown before the options load.
  if (value && !options.some((o) => o.value === value.value)) options.unshift(value);
  return (
    <Select<Option>
      id={id}
      labelInValue
      allowClear
      status={status}
      placeholder={placeholder}
      loading={related.loading}
      value={value ?? undefined}
      options={options}
      showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      onChange={(next) =>
        onChange(
          next ? { value: Number(next.value), label: String(next.label ?? next.value) } : null,
        )
      }
      notFoundContent={related.loading ? 'Loading…' : related.loadError || 'No results'}
      style={{ width: '100%' }}
    />
  );
}
