/**
 * Filters: labels of the chosen adhoc filters (click to edit, × to remove, a warning icon on
 * filters inherited from a dashboard) and "+ Add filter"; the popover has the Simple tab
 * (subject, operator, comparator with the spec's rules) and the Custom SQL tab (WHERE/HAVING).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Flex, Radio, Tabs, Tooltip, Typography } from 'antd';
import { Select } from '../../../components/Select';
import { SqlExpressionEditor } from '../../../components/SqlExpressionEditor';
import { WarningOutlined } from '@ant-design/icons';
import { FEATURE_FLAGS, MESSAGES, type AdhocFilter, type FilterOperator } from '@strata/core';
import type { ControlState, DatasourceColumn, ExploreDatasource } from '@strata/charts';
import {
  comparatorForOperator,
  engineRulesOf,
  hasComparator,
  isTemporal,
  operatorForSubject,
  operatorsFor,
  operatorsForAdvancedType,
  suggestionOptions,
  type FilterEngineRules,
} from './filterRules';
import { DateFilterControl } from './DateFilterControl';
import { useColumnValues } from './useColumnValues';
import { useFeatureFlag } from '../../../app/featureFlags';
import { useAdvancedDataType } from './useAdvancedDataType';
import { arrayMove } from '@dnd-kit/sortable';
import { onFilterDrop } from '../filterDrop';
import { PopoverItemList, type OpenRequest } from './PopoverItemList';
import { datasetNames, isUnknownFilter } from '../datasetCompat';
import { INCOMPATIBLE_TAG_COLOR, IncompatibleLabel } from './IncompatibleLabel';
import type { ControlProps } from './types';

/** A filter's label: "region IN (CA, NY)", "num > 10", the SQL, … */
export function filterLabel(f: AdhocFilter): string {
  if (f.expressionType === 'SQL') return f.sqlExpression ?? '';
  const c = f.comparator;
  const value = Array.isArray(c)
    ? `(${c.join(', ')})`
    : c === null || c === undefined
      ? ''
      : String(c);
  return [f.subject, f.operator, value].filter((x) => x !== '' && x != null).join(' ');
}

function isValid(f: AdhocFilter): boolean {
  if (f.expressionType === 'SQL') return !!f.sqlExpression?.trim();
  if (!f.subject || !f.operator) return false;
  if (!hasComparator(f.operator as FilterOperator)) return true;
  const c = f.comparator;
  return Array.isArray(c) ? c.length > 0 : c !== null && c !== undefined && c !== '';
}

/** The time range picker's control state for a TEMPORAL_RANGE filter's comparator. */
function timeRangeControl(comparator: unknown): ControlState {
  return {
    name: 'adhoc_filter_time_range',
    type: 'DateFilterControl',
    value: typeof comparator === 'string' && comparator ? comparator : 'No filter',
    label: 'Filter value',
    validationErrors: [],
    visible: true,
    renderTrigger: false,
    props: {},
  };
}

function FilterEditor({
  initial,
  seed,
  columns,
  datasource,
  engine,
  onSave,
  onClose,
}: {
  initial: AdhocFilter | null;
  /** A new filter's starting point (a column dropped on the control). */
  seed?: AdhocFilter | null;
  columns: DatasourceColumn[];
  datasource: ExploreDatasource | null;
  engine: FilterEngineRules;
  onSave: (f: AdhocFilter) => void;
  onClose: () => void;
}) {
  const [f, setF] = useState<AdhocFilter>(
    initial ??
      seed ?? {
        expressionType: 'SIMPLE',
        clause: 'WHERE',
        subject: null,
        operator: null,
        comparator: null,
      },
  );
  const column = columns.find((c) => c.column_name === f.subject);
  const operator = (f.operator ?? null) as FilterOperator | null;
  const advancedOn = useFeatureFlag(FEATURE_FLAGS.ENABLE_ADVANCED_DATA_TYPES);
  const temporalRange = useFeatureFlag(FEATURE_FLAGS.GENERIC_CHART_AXES);
  const advanced = useAdvancedDataType(
    f.expressionType === 'SIMPLE' ? column?.advanced_data_type : null,
    f.comparator,
    advancedOn,
  );
  const clause = f.clause === 'HAVING' ? 'HAVING' : 'WHERE';
  const plainOps = operatorsFor(column, clause, engine, temporalRange);
  const [search, setSearch] = useState('');
  // Superset asks for values only on a WHERE filter of a dataset with filter_select on.
  const suggestions = useColumnValues(
    datasource,
    typeof f.subject === 'string' ? f.subject : null,
    search,
    f.expressionType === 'SIMPLE' &&
      clause === 'WHERE' &&
      datasource?.filter_select !== false &&
      operator !== null &&
      hasComparator(operator) &&
      operator !== 'TEMPORAL_RANGE',
  );
  const options = suggestionOptions(suggestions.values, search);
  // Spec 001 §5: with advanced data types, the operator must be one the server allowed.
  const ops = advanced.type ? operatorsForAdvancedType(plainOps, advanced.operators) : plainOps;
  const changed = JSON.stringify(f) !== JSON.stringify(initial);
  // A type's error (or a failed call) invalidates the tab, as Superset's validHandler does.
  const advancedInvalid =
    advanced.type !== null &&
    f.expressionType === 'SIMPLE' &&
    (advanced.errorMessage !== '' || (operator !== null && !ops.includes(operator)));
  const advancedNote = advanced.type ? (
    <Typography.Text
      type={advanced.errorMessage ? 'danger' : 'secondary'}
      style={{ fontSize: 12 }}
      data-test="advanced-data-type-value"
    >
      {advanced.errorMessage || advanced.displayValue}
    </Typography.Text>
  ) : null;
  return (
    <div
      style={{ minWidth: 320, minHeight: 240, display: 'flex', flexDirection: 'column' }}
      data-test="filter-editor"
    >
      <Tabs
        size="small"
        activeKey={f.expressionType}
        onChange={(k) =>
          setF(
            k === 'SQL'
              ? {
                  expressionType: 'SQL',
                  clause: f.clause ?? 'WHERE',
                  sqlExpression: f.expressionType === 'SQL' ? f.sqlExpression : '',
                }
              : {
                  expressionType: 'SIMPLE',
                  // Kept: a HAVING filter's Simple tab says to use Custom SQL (Superset).
                  clause: f.clause ?? 'WHERE',
                  subject: null,
                  operator: null,
                  comparator: null,
                },
          )
        }
        items={[
          {
            key: 'SIMPLE',
            label: 'Simple',
            children: (
              <Flex vertical gap={8}>
                <Select
                  size="small"
                  aria-label="Filter column"
                  showSearch
                  placeholder={
                    clause === 'WHERE'
                      ? `${columns.length} column(s)`
                      : 'To filter on a metric, use Custom SQL tab.'
                  }
                  notFoundContent="No such column found. To filter on a metric, try the Custom SQL tab."
                  value={typeof f.subject === 'string' ? f.subject : null}
                  options={columns.map((c) => ({
                    value: c.column_name,
                    label: c.verbose_name || c.column_name,
                  }))}
                  onChange={(subject: string) => {
                    const col = columns.find((c) => c.column_name === subject);
                    const op = operatorForSubject(col, operator, engine, temporalRange);
                    setSearch('');
                    setF({
                      ...f,
                      subject,
                      clause: 'WHERE',
                      operator: op,
                      comparator: comparatorForOperator(op, f.comparator),
                    } as AdhocFilter);
                  }}
                />
                <Select
                  size="small"
                  aria-label="Operator"
                  placeholder={`${ops.length} operator(s)`}
                  // Every operator in view at once (at most 16): no scrolling for the last ones.
                  virtual={false}
                  listHeight={400}
                  classNames={{ popup: { root: 'filter-operators-popup' } }}
                  value={operator}
                  options={ops.map((o) => ({ value: o, label: o }))}
                  onChange={(op: FilterOperator) => {
                    setSearch('');
                    setF({
                      ...f,
                      operator: op,
                      comparator: comparatorForOperator(op, f.comparator),
                    } as AdhocFilter);
                  }}
                />
                {operator && hasComparator(operator) ? (
                  operator === 'TEMPORAL_RANGE' ? (
                    <DateFilterControl
                      control={timeRangeControl(f.comparator)}
                      datasource={datasource}
                      onChange={(v) => setF({ ...f, comparator: v } as AdhocFilter)}
                    />
                  ) : operator === 'IN' || operator === 'NOT IN' ? (
                    <Select
                      size="small"
                      mode="tags"
                      aria-label="Filter values"
                      placeholder="Filter value (case sensitive)"
                      value={(Array.isArray(f.comparator) ? f.comparator : []) as string[]}
                      options={options}
                      filterOption={false}
                      searchValue={search}
                      onSearch={setSearch}
                      loading={suggestions.loading}
                      notFoundContent={suggestions.loading ? 'Loading…' : 'Type a value here'}
                      onChange={(v: Array<string | number>) => {
                        setSearch('');
                        setF({ ...f, comparator: v } as AdhocFilter);
                      }}
                    />
                  ) : (
                    <Select
                      size="small"
                      showSearch
                      allowClear
                      aria-label="Filter value"
                      placeholder="Filter value (case sensitive)"
                      value={
                        f.comparator === null || f.comparator === undefined || f.comparator === ''
                          ? null
                          : (f.comparator as string | number)
                      }
                      options={options}
                      filterOption={false}
                      searchValue={search}
                      onSearch={setSearch}
                      loading={suggestions.loading}
                      notFoundContent={suggestions.loading ? 'Loading…' : 'Type a value here'}
                      onChange={(v: string | number | undefined) => {
                        setSearch('');
                        setF({ ...f, comparator: v ?? '' } as AdhocFilter);
                      }}
                    />
                  )
                ) : null}
                {advancedNote}
              </Flex>
            ),
          },
          {
            key: 'SQL',
            label: 'Custom SQL',
            children: (
              <Flex vertical gap={8}>
                <Radio.Group
                  size="small"
                  optionType="button"
                  value={f.clause ?? 'WHERE'}
                  options={['WHERE', 'HAVING']}
                  onChange={(e) => setF({ ...f, clause: e.target.value as 'WHERE' | 'HAVING' })}
                />
                <SqlExpressionEditor
                  ariaLabel="Custom SQL filter"
                  columns={columns}
                  database={datasource?.database}
                  value={f.expressionType === 'SQL' ? (f.sqlExpression ?? '') : ''}
                  onChange={(sql) => setF((cur) => ({ ...cur, sqlExpression: sql }))}
                />
              </Flex>
            ),
          },
        ]}
      />
      <Flex justify="end" gap={8} style={{ marginTop: 'auto' }}>
        <Button size="small" onClick={onClose}>
          Close
        </Button>
        <Button
          size="small"
          type="primary"
          disabled={!isValid(f) || !changed || advancedInvalid}
          onClick={() => {
            onSave(f);
            onClose();
          }}
        >
          Save
        </Button>
      </Flex>
    </div>
  );
}

export function AdhocFilterControl({ control, datasource, onChange }: ControlProps) {
  // LATEST PARTITION would need the table's partition column (table_extra); no shipped engine
  // compiles it (engine_information.supports_latest_partition), so none is looked up.
  const engineInformation = datasource?.database?.engine_information;
  const engine = useMemo(() => engineRulesOf(engineInformation, null), [engineInformation]);
  const temporalRange = useFeatureFlag(FEATURE_FLAGS.GENERIC_CHART_AXES);
  const filters = (Array.isArray(control.value) ? control.value : []) as AdhocFilter[];
  const columns = ((control.props.columns as DatasourceColumn[] | undefined) ?? []).filter(
    (c) => c.filterable !== false,
  );
  const [seed, setSeed] = useState<AdhocFilter | null>(null);
  const [openRequest, setOpenRequest] = useState<OpenRequest | null>(null);
  useEffect(
    () =>
      onFilterDrop((name, column) => {
        if (name !== control.name) return;
        setSeed({
          expressionType: 'SIMPLE',
          clause: 'WHERE',
          subject: column.column_name,
          operator: operatorForSubject(column, null, engine, temporalRange),
          comparator: isTemporal(column) && temporalRange ? 'No filter' : null,
        });
        setOpenRequest({ index: 'new', nonce: Date.now() });
      }),
    [control.name, engine, temporalRange],
  );
  const reorder = (from: number, to: number) => onChange(arrayMove(filters, from, to));
  const names = useMemo(() => datasetNames(datasource), [datasource]);
  return (
    <PopoverItemList
      items={filters}
      resizable
      sortable={control.name}
      onReorder={reorder}
      openRequest={openRequest}
      onEditorClosed={() => setSeed(null)}
      label={(f) => (
        <>
          {f.isExtra ? (
            <Tooltip title={MESSAGES.inheritedFilter}>
              <WarningOutlined style={{ color: '#FCC700', marginRight: 4 }} />
            </Tooltip>
          ) : null}
          {isUnknownFilter(f, names) ? (
            <IncompatibleLabel kind="filter">{filterLabel(f)}</IncompatibleLabel>
          ) : (
            filterLabel(f)
          )}
        </>
      )}
      tagColor={(f) => (isUnknownFilter(f, names) ? INCOMPATIBLE_TAG_COLOR : undefined)}
      onRemove={(i) => onChange(filters.filter((_, j) => j !== i))}
      addLabel="Add filter"
      editor={(index, close) => (
        <FilterEditor
          initial={index === 'new' ? null : (filters[index] ?? null)}
          seed={index === 'new' ? seed : null}
          columns={columns}
          datasource={datasource}
          engine={engine}
          onClose={close}
          onSave={(f) =>
            onChange(
              index === 'new' ? [...filters, f] : filters.map((x, i) => (i === index ? f : x)),
            )
          }
        />
      )}
    />
  );
}
