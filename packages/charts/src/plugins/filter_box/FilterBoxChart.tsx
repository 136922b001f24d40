/**
 * The Filter Box: a time range, time grain and time column picker when asked, and one select per
 * filter (choices from the server, a case-insensitive contains search — on the server when the
 * filter searches all options), applied at once or with the Apply button.
 */
import { Button, Flex, Select, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import type { FilterValue } from './filterItems.js';
import {
  filterBoxMask,
  type FilterBoxFilter,
  type FilterBoxProps,
  type FilterChoice,
} from './transformProps.js';

const TIME_RANGES = [
  'No filter',
  'Last day',
  'Last week',
  'Last month',
  'Last quarter',
  'Last year',
  'previous calendar week',
  'previous calendar month',
  'previous calendar year',
];
const NO_RESULTS = 'No results found';
const SEARCH_DEBOUNCE_MS = 300;

type Selected = Record<string, FilterValue | FilterValue[]>;

function FilterSelect({
  filter,
  value,
  onChange,
  search,
}: {
  filter: FilterBoxFilter;
  value: FilterValue | FilterValue[];
  onChange: (v: FilterValue | FilterValue[]) => void;
  search?: FilterBoxProps['search'];
}) {
  const [found, setFound] = useState<FilterChoice[] | null>(null);
  const [loading, setLoading] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef('');
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const serverSearch = filter.searchAllOptions && search;
  const choices = found ?? filter.choices;
  const options = choices.map((c) => ({
    value: c.value as string | number,
    label: c.metric ? `${c.label} (${c.metric})` : c.label,
  }));
  return (
    <Select
      size="small"
      style={{ width: '100%' }}
      aria-label={filter.label}
      mode={filter.multiple ? 'multiple' : undefined}
      allowClear={filter.clearable}
      placeholder={`Type or Select [${filter.label}]`}
      notFoundContent={NO_RESULTS}
      loading={loading}
      value={(value ?? (filter.multiple ? [] : null)) as never}
      options={options}
      showSearch={{
        filterOption: serverSearch
          ? false
          : (input, option) =>
              String(option?.label ?? '')
                .toLowerCase()
                .includes(input.toLowerCase()),
        onSearch: serverSearch
          ? (term) => {
              latest.current = term;
              if (timer.current) clearTimeout(timer.current);
              if (!term) {
                setFound(null);
                return;
              }
              timer.current = setTimeout(() => {
                setLoading(true);
                search(filter.column, term)
                  .then((r) => latest.current === term && setFound(r))
                  .catch(() => latest.current === term && setFound([]))
                  .finally(() => setLoading(false));
              }, SEARCH_DEBOUNCE_MS);
            }
          : undefined,
      }}
      onChange={(v) =>
        onChange((v ?? (filter.multiple ? [] : null)) as FilterValue | FilterValue[])
      }
    />
  );
}

export default function FilterBoxChart(props: FilterBoxProps) {
  const { width, height, filters, dateFilter, showTimeGrain, showTimeColumn, instantFiltering } =
    props;
  // Its own filter state's choices (what the dashboard filters by), else the defaults.
  const initial: Selected = props.initialValues;
  const [selected, setSelected] = useState<Selected>(initial);
  const { initialTime } = props;
  const [timeRange, setTimeRange] = useState(initialTime.time_range);
  const [grain, setGrain] = useState<string | null>(initialTime.time_grain_sqla);
  const [timeColumn, setTimeColumn] = useState<string | null>(initialTime.granularity_sqla);
  const [dirty, setDirty] = useState(false);
  useEffect(() => setSelected(initial), [initial]);
  // The time settings follow the filter state when it changes from outside (cleared, reloaded).
  const timeKey = JSON.stringify(initialTime);
  useEffect(() => {
    setTimeRange(initialTime.time_range);
    setGrain(initialTime.time_grain_sqla);
    setTimeColumn(initialTime.granularity_sqla);
    // The key stands for the object's values.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [timeKey]);
  const emit = (
    next: Selected,
    time = { time_range: timeRange, time_grain_sqla: grain, granularity_sqla: timeColumn },
  ) => {
    props.onApply?.(filterBoxMask(filters, next, time));
    setDirty(false);
  };
  const change = (next: Selected, time?: Parameters<typeof emit>[1]) => {
    setSelected(next);
    if (instantFiltering) emit(next, time);
    else setDirty(true);
  };
  const time = () => ({
    time_range: timeRange,
    time_grain_sqla: grain,
    granularity_sqla: timeColumn,
  });
  const label = (text: string) => (
    <Typography.Text strong style={{ fontSize: 12 }}>
      {text}
    </Typography.Text>
  );
  return (
    <div style={{ width, height, overflow: 'auto', padding: 4 }} data-test="filter-box">
      <Flex vertical gap={10}>
        {dateFilter ? (
          <div>
            {label('Time range')}
            <Select
              size="small"
              style={{ width: '100%' }}
              aria-label="Time range"
              value={timeRange}
              options={TIME_RANGES.map((r) => ({ value: r, label: r }))}
              onChange={(v: string) => {
                setTimeRange(v);
                change(selected, { ...time(), time_range: v });
              }}
            />
          </div>
        ) : null}
        {showTimeGrain ? (
          <div>
            {label('Time grain')}
            <Select
              size="small"
              allowClear
              style={{ width: '100%' }}
              aria-label="Time grain"
              placeholder="Time grain"
              value={grain}
              options={props.timeGrains.map(([value, text]) => ({ value, label: text }))}
              onChange={(v: string | undefined) => {
                setGrain(v ?? null);
                change(selected, { ...time(), time_grain_sqla: v ?? null });
              }}
            />
          </div>
        ) : null}
        {showTimeColumn ? (
          <div>
            {label('Time column')}
            <Select
              size="small"
              allowClear
              style={{ width: '100%' }}
              aria-label="Time column"
              placeholder="Time column"
              value={timeColumn}
              options={props.timeColumns.map((c) => ({ value: c, label: c }))}
              onChange={(v: string | undefined) => {
                setTimeColumn(v ?? null);
                change(selected, { ...time(), granularity_sqla: v ?? null });
              }}
            />
          </div>
        ) : null}
        {filters.map((f) => (
          <div key={f.column}>
            {label(f.label)}
            <FilterSelect
              filter={f}
              value={selected[f.column] ?? (f.multiple ? [] : null)}
              onChange={(v) => change({ ...selected, [f.column]: v })}
              {...(props.search ? { search: props.search } : {})}
            />
          </div>
        ))}
        {!instantFiltering ? (
          <Button size="small" type="primary" disabled={!dirty} onClick={() => emit(selected)}>
            Apply
          </Button>
        ) : null}
      </Flex>
    </div>
  );
}
