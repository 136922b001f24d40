import { useState } from 'react';
import { Select } from 'antd';
import { useRelatedOptions } from '../../components/ListView/useRelatedOptions';
import type { OwnerOption } from './datasetEdit';

/** Owners of an item: users from `related/owners`, searched as one types. */
export function OwnersSelect({
  id,
  resource,
  value,
  onChange,
}: {
  id?: string;
  resource: string;
  value: OwnerOption[];
  onChange: (owners: OwnerOption[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const related = useRelatedOptions(resource, 'related', 'owners', open, search);
  const { loading, loadError } = related;
  const options: OwnerOption[] = related.options.map((o) => ({
    value: Number(o.value),
    label: o.label,
  }));

  return (
    <Select<OwnerOption[]>
      id={id}
      mode="multiple"
      labelInValue
      allowClear
      placeholder="Select owners"
      loading={loading}
      value={value}
      options={options}
      showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearch('');
      }}
      onChange={(next) =>
        onChange(
          (next ?? []).map((o) => ({ value: Number(o.value), label: String(o.label ?? o.value) })),
        )
      }
      notFoundContent={loading ? 'Loading…' : loadError || 'No results'}
      style={{ width: '100%' }}
    />
  );
}
