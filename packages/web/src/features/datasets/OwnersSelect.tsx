import { useEffect, useState } from 'react';
import { Select } from 'antd';
import type { RelatedResponse } from '@strata/core';
import { api, errorMessage, isAbortError, relatedUrl } from '../../app/api';
import { SEARCH_DEBOUNCE_MS } from '../../components/ListView/FilterBar';
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
  const [options, setOptions] = useState<OwnerOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState('');

  useEffect(() => {
    if (!open) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(
      () => {
        setLoading(true);
        api
          .get<RelatedResponse>(relatedUrl(resource, 'related', 'owners', search), {
            signal: controller.signal,
          })
          .then((res) => {
            setOptions(
              (res.result ?? []).map((r) => ({ value: Number(r.value), label: String(r.text) })),
            );
            setLoadError('');
          })
          .catch((e: unknown) => {
            if (isAbortError(e)) return;
            setOptions([]);
            setLoadError(errorMessage(e));
          })
          .finally(() => {
            if (!controller.signal.aborted) setLoading(false);
          });
      },
      search ? SEARCH_DEBOUNCE_MS : 0,
    );
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [open, search, resource]);

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
