import { useEffect, useState } from 'react';
import type { Ref } from 'react';
import { Flex, Input, Select, Typography } from 'antd';
import type { InputRef } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { SEARCH_DEBOUNCE_MS, useRelatedOptions } from './useRelatedOptions';
import type {
  AsyncSelectFilterDef,
  FilterSelection,
  ListFilterDef,
  SearchFilterDef,
  SelectFilterDef,
} from './types';

/** Delay before typed text is applied (search box and option search). */
export { SEARCH_DEBOUNCE_MS };
const CONTROL_WIDTH = 220;

type OnFilterChange = (id: string, selection: FilterSelection | null) => void;

function SearchFilter({
  def,
  selection,
  onChange,
  inputRef,
}: {
  def: SearchFilterDef;
  selection: FilterSelection | undefined;
  onChange: OnFilterChange;
  inputRef?: Ref<InputRef>;
}) {
  const applied = selection ? String(selection.value) : '';
  const [text, setText] = useState(applied);
  const [seen, setSeen] = useState(applied);
  if (applied !== seen) {
    // The URL changed elsewhere (back/forward, a cleared filter): show what it says.
    setSeen(applied);
    setText(applied);
  }

  useEffect(() => {
    if (text.trim() === applied.trim()) return undefined;
    const timer = setTimeout(() => {
      onChange(def.id, text.trim() === '' ? null : { value: text.trim() });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, applied, def.id, onChange]);

  return (
    <Input
      ref={inputRef}
      id={`filter-${def.id}`}
      aria-label={def.label}
      placeholder={def.placeholder ?? 'Type a value'}
      prefix={<SearchOutlined />}
      allowClear
      value={text}
      onChange={(e) => setText(e.target.value)}
      onPressEnter={() => {
        if (text.trim() !== applied.trim()) {
          onChange(def.id, text.trim() === '' ? null : { value: text.trim() });
        }
      }}
      style={{ width: CONTROL_WIDTH }}
    />
  );
}

function SelectFilter({
  def,
  selection,
  onChange,
}: {
  def: SelectFilterDef;
  selection: FilterSelection | undefined;
  onChange: OnFilterChange;
}) {
  const index = selection ? def.options.findIndex((o) => o.value === selection.value) : -1;
  return (
    <Select<string>
      id={`filter-${def.id}`}
      aria-label={def.label}
      placeholder="Select or type a value"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      value={index >= 0 ? String(index) : undefined}
      options={def.options.map((o, i) => ({ label: o.label, value: String(i) }))}
      onChange={(key) => {
        const option = key === undefined ? undefined : def.options[Number(key)];
        onChange(def.id, option ? { value: option.value, label: option.label } : null);
      }}
      style={{ width: CONTROL_WIDTH }}
    />
  );
}

interface LabeledValue {
  value: string | number;
  label: string;
}

function AsyncSelectFilter({
  resource,
  def,
  selection,
  onChange,
}: {
  resource: string;
  def: AsyncSelectFilterDef;
  selection: FilterSelection | undefined;
  onChange: OnFilterChange;
}) {
  const [open, setOpen] = useState(false);
  const [searchText, setSearchText] = useState('');
  const { options, loading, loadError } = useRelatedOptions(
    resource,
    def.source,
    def.column,
    open,
    searchText,
  );

  const value: LabeledValue | undefined =
    selection === undefined
      ? undefined
      : {
          value: typeof selection.value === 'boolean' ? String(selection.value) : selection.value,
          label: selection.label ?? String(selection.value),
        };

  return (
    <Select<LabeledValue>
      id={`filter-${def.id}`}
      aria-label={def.label}
      placeholder="Select or type a value"
      allowClear
      labelInValue
      loading={loading}
      value={value}
      options={options}
      showSearch={{ onSearch: setSearchText, filterOption: false, searchValue: searchText }}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setSearchText('');
      }}
      onChange={(next) => {
        onChange(
          def.id,
          next ? { value: next.value, label: String(next.label ?? next.value) } : null,
        );
      }}
      notFoundContent={loading ? 'Loading…' : loadError || 'No results'}
      style={{ width: CONTROL_WIDTH }}
    />
  );
}

export interface FilterBarProps {
  resource: string;
  filters: ListFilterDef[];
  selections: Record<string, FilterSelection>;
  onChange: OnFilterChange;
  /** Gets the first search box, for the `/` shortcut. */
  searchRef?: Ref<InputRef>;
}

/** The filters above a list: text searches and selects. */
export function FilterBar({ resource, filters, selections, onChange, searchRef }: FilterBarProps) {
  if (filters.length === 0) return null;
  const firstSearch = filters.find((f) => f.kind === 'search');
  return (
    <Flex wrap gap={16} align="flex-end" style={{ marginBottom: 16 }} role="search">
      {filters.map((def) => (
        <Flex vertical gap={4} key={def.id}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            <label htmlFor={`filter-${def.id}`}>{def.label}</label>
          </Typography.Text>
          {def.kind === 'search' ? (
            <SearchFilter
              def={def}
              selection={selections[def.id]}
              onChange={onChange}
              inputRef={def === firstSearch ? searchRef : undefined}
            />
          ) : def.kind === 'select' ? (
            <SelectFilter def={def} selection={selections[def.id]} onChange={onChange} />
          ) : (
            <AsyncSelectFilter
              resource={resource}
              def={def}
              selection={selections[def.id]}
              onChange={onChange}
            />
          )}
        </Flex>
      ))}
    </Flex>
  );
}
