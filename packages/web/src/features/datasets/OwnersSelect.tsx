import { useState } from 'react';
import { Select } from '../../components/Select';
import { useRelatedOptions } from '../../components/ListView/useRelatedOptions';
import type { OwnerOption } from './datasetEdit';

/**
 * Owners of an item: users from `related/owners`, searched as one types (another related
 * column, e.g. a dashboard's `roles`, with `column`).
 */
export function OwnersSelect({
  id,
  resource,
  column = 'owners',
  placeholder = 'Select owners',
  value,
  onChange,
}: {
  id?: string;
  resource: string;
  column?: string;
  placeholder?: string;
  value: OwnerOption[];
  onChange: (owners: OwnerOption[]) => void;
}) {
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const related = useRelatedOptions(resource, 'related', column, open, search);
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
      placeholder={placeholder}
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
