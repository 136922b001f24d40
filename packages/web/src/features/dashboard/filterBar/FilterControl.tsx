/**
 * One native filter's control, by `filterType`: a value select (choices from a chart data query,
 * narrowed by the cascade parents' pending masks, searched on the server when `searchAllOptions`),
 * a numerical range (loaded on demand: slider and two number inputs), the time range picker of
 * Explore, a time grain select and a time column select. Each change emits the filter's whole
 * data mask (`filterMasks.ts`); nothing here applies it.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { Spin, Typography } from 'antd';
import { Select } from '../../../components/Select';
import { GenericDataType } from '@strata/core';
import type { ChartDataResult, DataMask, ExploreDatasource, QueryContext } from '@strata/charts';
import { DateFilterControl } from '../../explore/controls/DateFilterControl';
import type { NativeFilter } from '../nativeFilters';
import { choicesFromResult, filterDatasourceKey, selectChoicesQuery } from './choicesQuery';
import {
  choiceLabel,
  filterColumn,
  FILTER_RANGE,
  FILTER_SELECT,
  FILTER_TIME,
  FILTER_TIMECOLUMN,
  FILTER_TIMEGRAIN,
  maskFromValue,
  selectSettings,
  valueFromMask,
  type SelectScalar,
} from './filterMasks';
import { ControlError } from './ControlError';
import { useFilterQuery } from './useFilterQuery';

export interface FilterControlProps {
  filter: NativeFilter;
  datasource: ExploreDatasource | undefined;
  /** The filter's current (pending) mask. */
  mask: DataMask | undefined;
  /** Current masks of the filter's cascade parents (their extraFormData narrows the choices). */
  parentMasks: DataMask[];
  onChange: (mask: DataMask) => void;
  queryData: (ctx: QueryContext) => Promise<ChartDataResult[]>;
}

/** The product's empty-choices text (the filter box's, spec 000). */
export const NO_RESULTS = 'No results found';
/** Superset's texts of a filter control. */
export const NO_DATA = 'No data';
export const NO_TIME_COLUMNS = 'No time columns';
export const LOADING_FILTER_VALUES = 'Loading filter values';
export const NO_DATASET = 'This filter has no dataset.';
/** Server search debounce: the filter box's. */
const SEARCH_DEBOUNCE_MS = 300;

/** Superset's placeholder: "1 option", "{n} options", or the empty text. */
export const optionsPlaceholder = (n: number, empty = NO_DATA) =>
  n === 0 ? empty : n === 1 ? '1 option' : `${n} options`;

/** The range control (slider, number inputs) is loaded when a dashboard has a range filter. */
const RangeFilter = lazy(() => import('./RangeFilter'));

/** A choice's key in the select (values may be numbers, booleans or null). */
const keyOf = (v: SelectScalar) => JSON.stringify(v);
const valueOfKey = (k: string): SelectScalar => JSON.parse(k) as SelectScalar;

function SelectFilter({
  filter,
  datasource,
  mask,
  parentMasks,
  onChange,
  queryData,
}: FilterControlProps) {
  const settings = selectSettings(filter);
  const column = filterColumn(filter);
  const columnType =
    (datasource?.columns.find((c) => c.column_name === column)?.type_generic as
      GenericDataType | null | undefined) ?? null;
  const [typed, setTyped] = useState('');
  const [search, setSearch] = useState('');
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  const serverSearch = settings.searchAllOptions ? search : '';
  const ctx = selectChoicesQuery(filter, { parentMasks, search: serverSearch, columnType });
  const { answer, loading } = useFilterQuery(ctx, queryData);
  const choices = useMemo(() => choicesFromResult(answer?.result, column), [answer, column]);

  const selected = (valueFromMask(filter, mask) as SelectScalar[] | null) ?? [];
  const labels = new Map(choices.map((c) => [keyOf(c.value), c.label]));
  const options = choices.map((c) => ({ value: keyOf(c.value), label: c.label }));
  for (const v of selected) {
    const k = keyOf(v);
    if (!labels.has(k)) options.push({ value: k, label: choiceLabel(v) });
  }

  // "Select first filter value by default": once, when the filter has never had a value.
  const defaulted = useRef(false);
  const unset = mask?.filterState?.value === undefined;
  useEffect(() => {
    if (defaulted.current || !settings.defaultToFirstItem || !unset) return;
    if (!answer?.result || serverSearch) return;
    const first = choices[0];
    if (!first) return;
    defaulted.current = true;
    onChange(maskFromValue(filter, [first.value], first.label));
  }, [settings.defaultToFirstItem, unset, answer, serverSearch, choices, filter, onChange]);

  const emit = (keys: string[]) => {
    const values = keys.map(valueOfKey);
    const words = values.map((v) => labels.get(keyOf(v)) ?? choiceLabel(v)).join(', ');
    onChange(maskFromValue(filter, values, words));
  };
  const resetSearch = () => {
    if (timer.current) clearTimeout(timer.current);
    setTyped('');
    setSearch('');
  };

  if (!ctx) return <ControlError message={NO_DATASET} />;
  const placeholder =
    loading && !answer ? LOADING_FILTER_VALUES : optionsPlaceholder(choices.length);
  const keys = selected.map(keyOf);
  return (
    <>
      <Select
        style={{ width: '100%' }}
        aria-label={filter.name}
        data-test="filter-control-select"
        mode={settings.multiSelect ? 'multiple' : undefined}
        allowClear
        maxTagCount="responsive"
        loading={loading}
        placeholder={placeholder}
        notFoundContent={loading ? <Spin size="small" /> : NO_RESULTS}
        options={options}
        value={settings.multiSelect ? keys : keys[0]}
        showSearch={
          settings.searchAllOptions
            ? {
                filterOption: false,
                searchValue: typed,
                onSearch: (term: string) => {
                  setTyped(term);
                  if (timer.current) clearTimeout(timer.current);
                  timer.current = setTimeout(() => setSearch(term.trim()), SEARCH_DEBOUNCE_MS);
                },
              }
            : {
                filterOption: (input: string, option?: { label?: unknown }) =>
                  String(option?.label ?? '')
                    .toLowerCase()
                    .includes(input.toLowerCase()),
              }
        }
        onBlur={settings.searchAllOptions ? resetSearch : undefined}
        onChange={(v: string | string[] | undefined) => {
          emit(v === undefined ? [] : Array.isArray(v) ? v : [v]);
          if (settings.searchAllOptions && !settings.multiSelect) resetSearch();
        }}
      />
      {answer?.error && !loading ? <ControlError message={answer.error} /> : null}
    </>
  );
}

function TimeFilter({ filter, mask, onChange }: FilterControlProps) {
  const value = valueFromMask(filter, mask);
  return (
    <DateFilterControl
      datasource={null}
      control={{
        name: 'time_range',
        type: 'DateFilterControl',
        label: filter.name,
        value: typeof value === 'string' ? value : 'No filter',
        validationErrors: [],
        visible: true,
        renderTrigger: false,
        props: {},
      }}
      onChange={(v) => onChange(maskFromValue(filter, v))}
    />
  );
}

function TimeGrainFilter({ filter, datasource, mask, onChange }: FilterControlProps) {
  const grains = datasource?.time_grain_sqla ?? [];
  const value = valueFromMask(filter, mask);
  const current = Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  return (
    <Select
      style={{ width: '100%' }}
      aria-label={filter.name}
      data-test="filter-control-select"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={optionsPlaceholder(grains.length)}
      notFoundContent={NO_RESULTS}
      options={grains.map(([duration, name]) => ({ value: duration, label: name }))}
      value={current}
      onChange={(v: string | undefined) =>
        onChange(maskFromValue(filter, v ?? null, grains.find(([d]) => d === v)?.[1]))
      }
    />
  );
}

function TimeColumnFilter({ filter, datasource, mask, onChange }: FilterControlProps) {
  const columns = (datasource?.columns ?? []).filter(
    (c) => c.is_dttm === true || c.type_generic === GenericDataType.TEMPORAL,
  );
  const value = valueFromMask(filter, mask);
  const current = Array.isArray(value) && typeof value[0] === 'string' ? value[0] : undefined;
  return (
    <Select
      style={{ width: '100%' }}
      aria-label={filter.name}
      data-test="filter-control-select"
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={optionsPlaceholder(columns.length, NO_TIME_COLUMNS)}
      notFoundContent={NO_RESULTS}
      options={columns.map((c) => ({
        value: c.column_name,
        label: c.verbose_name || c.column_name,
      }))}
      value={current}
      onChange={(v: string | undefined) => onChange(maskFromValue(filter, v ?? null))}
    />
  );
}

/** A control while its code loads. */
const Loading = () => <Spin size="small" />;

/**
 * The control of one native filter (see the file comment). An unknown filter type says so; a
 * value or range filter without a dataset id says that.
 */
export function FilterControl(props: FilterControlProps): JSX.Element {
  switch (props.filter.filterType) {
    case FILTER_SELECT:
      return <SelectFilter {...props} />;
    case FILTER_RANGE:
      return filterDatasourceKey(props.filter) ? (
        <Suspense fallback={<Loading />}>
          <RangeFilter {...props} />
        </Suspense>
      ) : (
        <ControlError message={NO_DATASET} />
      );
    case FILTER_TIME:
      return <TimeFilter {...props} />;
    case FILTER_TIMEGRAIN:
      return <TimeGrainFilter {...props} />;
    case FILTER_TIMECOLUMN:
      return <TimeColumnFilter {...props} />;
    default:
      return (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {`Unsupported filter type: ${props.filter.filterType || 'none'}`}
        </Typography.Text>
      );
  }
}
