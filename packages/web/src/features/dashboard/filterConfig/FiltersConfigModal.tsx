/**
 * Superset's "Add and edit filters" modal: the dashboard's native filters and dividers listed on
 * the left (select, drag or move up/down, remove with a 5 s undo, add a filter or a divider), the
 * selected one edited on the right (a filter's "Settings" and "Scoping" tabs, a divider's title
 * and description). Save hands `native_filter_configuration` to `onSave`; its error stays shown
 * in the modal. The edits themselves are the pure functions of `filterConfigEdits.ts`.
 *
 * Lazy-loadable: the module has no side effects; the modal is the default export.
 */
import {
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type ReactNode,
} from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Collapse,
  Dropdown,
  Flex,
  Input,
  Modal,
  Radio,
  Tabs,
  Tooltip,
  Tree,
  Typography,
} from 'antd';
import { Select } from '../../../components/Select';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  HolderOutlined,
  InfoCircleOutlined,
  PlusOutlined,
  WarningOutlined,
} from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { DashboardLayout } from '@strata/core';
import type { DataMask } from '@strata/charts';
import { api, errorMessage, isAbortError, itemUrl, listUrl } from '../../../app/api';
import { AdhocFilterControl } from '../../explore/controls/AdhocFilterControl';
import { DateFilterControl } from '../../explore/controls/DateFilterControl';
import { SingleValueType } from '../filterBar/filterMasks';
import { DIVIDER_TYPE, NATIVE_FILTER_TYPE, type NativeFilter } from '../nativeFilters';
import {
  DEPENDENT_FILTER_TYPES,
  FILTER_TYPES,
  NO_FILTER_TIME_RANGE,
  PRE_FILTER_TYPES,
  SELECT_CONTROL_DEFAULTS,
  SORTABLE_FILTER_TYPES,
  addItem,
  availableParentFilters,
  buildScopeTree,
  checkedKeysFromScope,
  columnMatchesFilterType,
  defaultScope,
  draftFromFilters,
  emptyDefaultDataMask,
  finalizeRemovals,
  findItem,
  firstInvalidId,
  hasUnsavedChanges,
  isPendingRemoval,
  isScopingAll,
  isValidFilterValue,
  moveItem,
  needsColumn,
  needsDataset,
  nextRemovalExpiry,
  preFilterColumns,
  removeItem,
  restoreItem,
  scopeFromCheckedKeys,
  scopeTreeKeys,
  setFilterDataset,
  setFilterType,
  setSingleValueType,
  suggestParent,
  temporalColumns,
  toConfiguration,
  toNativeFilter,
  updateDivider,
  updateFilter,
  validateDraft,
  type ConfigItemDraft,
  type DividerDraft,
  type FilterColumnInfo,
  type FilterConfigDraft,
  type FilterConfigErrors,
  type FilterDraft,
  type FilterField,
  type ScopeTreeNode,
} from './filterConfigEdits';

export interface FiltersConfigModalProps {
  open: boolean;
  /** The current configuration. */
  filters: NativeFilter[];
  layout: DashboardLayout;
  /** Chart id → name (for the scoping tree). */
  chartNames: Record<number, string>;
  /** Chart id → dataset id (to warn / pre-scope). */
  chartDatasets: Record<number, number>;
  /** Renders the default-value input for a draft (the lead passes the filter bar's control). */
  renderDefaultValue: (
    filter: NativeFilter,
    mask: DataMask | undefined,
    onChange: (mask: DataMask) => void,
  ) => ReactNode;
  /** Stores the configuration (json_metadata's native_filter_configuration); a thrown error's
   * message is shown in the modal, which stays open. */
  onSave: (configuration: unknown[]) => Promise<void>;
  onCancel: () => void;
  /**
   * Asked before a filter or divider is removed: a string is shown in a "Warning" modal and
   * nothing is removed (the spec's delete guard). Optional.
   */
  deleteGuard?: (filter: NativeFilter) => string | null | undefined;
}

/* ------------------------------------------------------------ Superset's texts */

const TEXT = {
  title: 'Add and edit filters',
  addItems: 'Add filters and dividers',
  filter: 'Filter',
  divider: 'Divider',
  untitled: '[untitled]',
  removed: '(Removed)',
  undo: 'Undo?',
  removedFilter: 'You have removed this filter.',
  restoreFilter: 'Restore Filter',
  settings: 'Settings',
  scoping: 'Scoping',
  filterConfiguration: 'Filter Configuration',
  filterSettings: 'Filter Settings',
  filterType: 'Filter Type',
  filterName: 'Filter name',
  dataset: 'Dataset',
  column: 'Column',
  description: 'Description',
  timeFilterInfo:
    'Dashboard time range filters apply to temporal columns defined in the filter section of each chart. Add temporal columns to the chart filters to have this dashboard filter impact those charts.',
  dependsOnOthers: 'Values are dependent on other filters',
  dependsOnOthersTooltip:
    'Values selected in other filters will affect the filter options to only show relevant values',
  dependsOn: 'Values dependent on',
  noAvailableFilters: 'No available filters.',
  preFilter: 'Pre-filter available values',
  preFilterTooltip:
    "Add filter clauses to control the filter's source query, though only in the context of the autocomplete i.e., these conditions do not impact how the filter is applied to the dashboard. This is useful when you want to improve the query's performance by only scanning a subset of the underlying data or limit the available values displayed in the filter.",
  preFilterLabel: 'Pre-filter',
  timeRange: 'Time range',
  timeColumn: 'Time column',
  timeColumnTooltip: 'Time column to apply time range to',
  sortFilterValues: 'Sort filter values',
  sortType: 'Sort type',
  sortAscending: 'Sort ascending',
  sortDescending: 'Sort descending',
  sortMetric: 'Sort Metric',
  sortMetricTooltip: 'If a metric is specified, sorting will be done based on the metric value',
  singleValue: 'Single Value',
  singleValueType: 'Single value type',
  minimum: 'Minimum',
  exact: 'Exact',
  maximum: 'Maximum',
  hasDefaultValue: 'Filter has default value',
  defaultValue: 'Default Value',
  fillRequired: 'Fill all required fields to enable "Default Value"',
  defaultFromFirstItem:
    'Default value set automatically when "Select first filter value by default" is checked',
  defaultWhenRequired: 'Default value must be set when "Filter value is required" is checked',
  defaultWhenChecked: 'Default value must be set when "Filter has default value" is checked',
  applyToAll: 'Apply to all panels',
  applyToSpecific: 'Apply to specific panels',
  onlySelected: 'Only selected panels will be affected by this filter',
  allWithColumn: 'All panels with this column will be affected by this filter',
  incompatibleChart: "This chart might be incompatible with the filter (datasets don't match)",
  title_: 'Title',
  cancel: 'Cancel',
  save: 'Save',
  unsavedChanges: 'There are unsaved changes.',
  sureToCancel: 'Are you sure you want to cancel?',
  keepEditing: 'Keep editing',
  yesCancel: 'Yes, cancel',
  warning: 'Warning',
} as const;

/** The select filter's checkboxes, in Superset's order, with their labels and descriptions. */
const SELECT_CONTROLS: readonly { name: string; label: string; description?: string }[] = [
  {
    name: 'enableEmptyFilter',
    label: 'Filter value is required',
    description: 'User must select a value before applying the filter',
  },
  {
    name: 'defaultToFirstItem',
    label: 'Select first filter value by default',
    description:
      'When using this option, default value can’t be set. Using this option may impact the load times for your dashboard.',
  },
  { name: 'multiSelect', label: 'Can select multiple values' },
  {
    name: 'searchAllOptions',
    label: 'Dynamically search all filter values',
    description:
      'By default, each filter loads at most 1000 choices at the initial page load. Check this box if you have more than 1000 filter values and want to enable dynamically searching that loads filter values as users type (may add stress to your database).',
  },
  { name: 'inverseSelection', label: 'Inverse selection', description: 'Exclude selected values' },
];
/** Controls whose change resets the default value (`resetConfig`). */
const RESET_DEFAULT_CONTROLS = ['multiSelect', 'defaultToFirstItem'];

/** Superset's SingleValueType of a range filter. */
const SINGLE_VALUE_TYPES = [
  { value: SingleValueType.Minimum, label: TEXT.minimum },
  { value: SingleValueType.Exact, label: TEXT.exact },
  { value: SingleValueType.Maximum, label: TEXT.maximum },
];

const LIST_WIDTH = 200;
const MODAL_WIDTH = 880;

/* ------------------------------------------------------------------ datasets */

interface DatasetOption {
  id: number;
  table_name: string;
  schema?: string | null;
  database?: { database_name?: string } | null;
}

interface DatasetInfo {
  id: number;
  table_name: string;
  columns: FilterColumnInfo[];
  metrics: { metric_name: string; verbose_name?: string | null }[];
}

type LoadDataset = (id: number) => Promise<DatasetInfo>;

/** `GET /api/v1/dataset/?q=…`: datasets whose name contains `search`, by name. */
function datasetSearchUrl(search: string): string {
  const text = search.trim();
  return listUrl('dataset', {
    ...(text ? { filters: [{ col: 'table_name', opr: 'ct', value: text }] } : {}),
    order_column: 'table_name',
    order_direction: 'asc',
    page: 0,
    page_size: 100,
  });
}

/** A dataset's details, once per modal and dataset. */
function useDatasetLoader(): LoadDataset {
  const cache = useRef(new Map<number, Promise<DatasetInfo>>());
  return useCallback((id: number) => {
    let pending = cache.current.get(id);
    if (!pending) {
      pending = api
        .get<{ result: Partial<DatasetInfo> & { id: number } }>(itemUrl('dataset', id))
        .then(({ result }) => ({
          id: result.id,
          table_name: result.table_name ?? String(id),
          columns: result.columns ?? [],
          metrics: result.metrics ?? [],
        }));
      pending.catch(() => cache.current.delete(id));
      cache.current.set(id, pending);
    }
    return pending;
  }, []);
}

function useDataset(
  load: LoadDataset,
  id: number | undefined,
): { dataset?: DatasetInfo; error?: string; loading: boolean } {
  const [state, setState] = useState<{ id?: number; dataset?: DatasetInfo; error?: string }>({});
  useEffect(() => {
    if (id === undefined) return;
    let live = true;
    load(id).then(
      (dataset) => live && setState({ id, dataset }),
      (e: unknown) => live && setState({ id, error: errorMessage(e) }),
    );
    return () => {
      live = false;
    };
  }, [load, id]);
  if (id === undefined) return { loading: false };
  if (state.id !== id) return { loading: true };
  return { dataset: state.dataset, error: state.error, loading: false };
}

function DatasetSelect({
  value,
  label,
  onChange,
  status,
}: {
  value: number | undefined;
  label: string | undefined;
  onChange: (id: number | undefined) => void;
  status?: 'error';
}) {
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<DatasetOption[]>([]);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      setLoading(true);
      api
        .get<{ result: DatasetOption[] }>(datasetSearchUrl(search), { signal: controller.signal })
        .then((r) => {
          setOptions(r.result ?? []);
          setError(null);
        })
        .catch((e: unknown) => {
          if (!isAbortError(e)) setError(errorMessage(e));
        })
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, 250);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [search]);
  const selectOptions = options.map((d) => ({
    value: d.id,
    label: d.table_name,
    title: [d.database?.database_name, d.schema, d.table_name].filter(Boolean).join('.'),
  }));
  if (value !== undefined && !selectOptions.some((o) => o.value === value)) {
    selectOptions.unshift({ value, label: label ?? String(value), title: label ?? '' });
  }
  return (
    <>
      <Select
        aria-label={TEXT.dataset}
        style={{ width: '100%' }}
        value={value}
        status={status}
        loading={loading}
        options={selectOptions}
        showSearch={{ onSearch: setSearch, filterOption: false, searchValue: search }}
        onChange={(v: number) => {
          setSearch('');
          onChange(v);
        }}
        notFoundContent={error ?? undefined}
      />
    </>
  );
}

/* ------------------------------------------------------------- small pieces */

function FieldLabel({ children, tooltip }: { children: ReactNode; tooltip?: string }) {
  return (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {children}
      {tooltip ? (
        <Tooltip title={tooltip}>
          <InfoCircleOutlined style={{ marginLeft: 4 }} />
        </Tooltip>
      ) : null}
    </Typography.Text>
  );
}

function Field({
  label,
  tooltip,
  error,
  required,
  children,
  style,
}: {
  label?: ReactNode;
  tooltip?: string;
  error?: string;
  required?: boolean;
  children: ReactNode;
  style?: CSSProperties;
}) {
  return (
    <div style={{ marginBottom: 12, ...style }}>
      {label ? (
        <div style={{ marginBottom: 4 }}>
          <FieldLabel tooltip={tooltip}>
            {label}
            {required ? <span style={{ color: '#ff4d4f', marginLeft: 2 }}>*</span> : null}
          </FieldLabel>
        </div>
      ) : null}
      {children}
      {error ? (
        <div role="alert" style={{ color: '#ff4d4f', fontSize: 12, marginTop: 2 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}

/** A checkbox whose content shows while it is checked (Superset's CollapsibleControl). */
function CollapsibleCheck({
  title,
  tooltip,
  checked,
  disabled,
  onChange,
  children,
}: {
  title: string;
  tooltip?: string;
  checked: boolean;
  disabled?: boolean;
  onChange: (checked: boolean) => void;
  children?: ReactNode;
}) {
  return (
    <div style={{ marginBottom: 8 }}>
      <Checkbox checked={checked} disabled={disabled} onChange={(e) => onChange(e.target.checked)}>
        {title}
        {tooltip ? (
          <Tooltip title={tooltip}>
            <InfoCircleOutlined style={{ marginLeft: 4 }} />
          </Tooltip>
        ) : null}
      </Checkbox>
      {checked && children ? <div style={{ margin: '8px 0 0 24px' }}>{children}</div> : null}
    </div>
  );
}

function itemTitle(item: ConfigItemDraft): string {
  const text = item.type === DIVIDER_TYPE ? item.title : item.name;
  return text.trim() || TEXT.untitled;
}

/* ----------------------------------------------------------------- the list */

function SortableRow({
  item,
  index,
  count,
  active,
  removed,
  errored,
  onSelect,
  onRemove,
  onRestore,
  onMove,
}: {
  item: ConfigItemDraft;
  index: number;
  count: number;
  active: boolean;
  removed: boolean;
  errored: boolean;
  onSelect: () => void;
  onRemove: () => void;
  onRestore: () => void;
  onMove: (to: number) => void;
}) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: item.id,
  });
  return (
    <div
      ref={setNodeRef}
      role="tab"
      tabIndex={0}
      aria-selected={active}
      data-test="filter-title"
      onClick={onSelect}
      onKeyDown={(e) => {
        if (e.target === e.currentTarget && (e.key === 'Enter' || e.key === ' ')) {
          e.preventDefault();
          onSelect();
        }
      }}
      style={{
        display: 'flex',
        alignItems: 'center',
        gap: 4,
        padding: '6px 8px',
        borderRadius: 4,
        cursor: 'pointer',
        background: active ? 'rgba(0, 0, 0, 0.06)' : undefined,
        opacity: isDragging ? 0.5 : 1,
        transform: CSS.Translate.toString(transform),
        transition,
      }}
    >
      <span {...attributes} {...listeners} style={{ cursor: 'grab', color: '#999' }}>
        <HolderOutlined />
      </span>
      <span
        style={{
          flex: 1,
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: removed ? '#bbb' : errored ? '#ff4d4f' : undefined,
          fontStyle: item.type === DIVIDER_TYPE ? 'italic' : undefined,
        }}
        title={itemTitle(item)}
      >
        {removed ? TEXT.removed : itemTitle(item)}
      </span>
      {removed ? (
        <Typography.Link
          data-test="undo-button"
          onClick={(e) => {
            e.stopPropagation();
            onRestore();
          }}
        >
          {TEXT.undo}
        </Typography.Link>
      ) : (
        <>
          <Button
            type="text"
            size="small"
            aria-label="Move up"
            icon={<ArrowUpOutlined />}
            disabled={index === 0}
            onClick={(e) => {
              e.stopPropagation();
              onMove(index - 1);
            }}
          />
          <Button
            type="text"
            size="small"
            aria-label="Move down"
            icon={<ArrowDownOutlined />}
            disabled={index === count - 1}
            onClick={(e) => {
              e.stopPropagation();
              onMove(index + 1);
            }}
          />
          <Button
            type="text"
            size="small"
            aria-label="Remove"
            icon={<DeleteOutlined />}
            onClick={(e) => {
              e.stopPropagation();
              onRemove();
            }}
          />
        </>
      )}
    </div>
  );
}

function ItemList({
  draft,
  currentId,
  erroredIds,
  onSelect,
  onAdd,
  onRemove,
  onRestore,
  onMove,
}: {
  draft: FilterConfigDraft;
  currentId: string | undefined;
  erroredIds: ReadonlySet<string>;
  onSelect: (id: string) => void;
  onAdd: (kind: typeof NATIVE_FILTER_TYPE | typeof DIVIDER_TYPE) => void;
  onRemove: (id: string) => void;
  onRestore: (id: string) => void;
  onMove: (from: number, to: number) => void;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const ids = draft.items.map((i) => i.id);
  const onDragEnd = (event: DragEndEvent) => {
    const { active, over } = event;
    if (!over || active.id === over.id) return;
    onMove(ids.indexOf(String(active.id)), ids.indexOf(String(over.id)));
  };
  return (
    <div style={{ display: 'flex', flexDirection: 'column', height: '100%' }}>
      {/* Click only: with hover too, a click right after the pointer arrived closed the menu the
          hover had just opened. */}
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: NATIVE_FILTER_TYPE, label: TEXT.filter },
            { key: DIVIDER_TYPE, label: TEXT.divider },
          ],
          onClick: ({ key }) => onAdd(key === DIVIDER_TYPE ? DIVIDER_TYPE : NATIVE_FILTER_TYPE),
        }}
      >
        <Button type="link" icon={<PlusOutlined />} style={{ justifyContent: 'flex-start' }}>
          {TEXT.addItems}
        </Button>
      </Dropdown>
      <div role="tablist" aria-orientation="vertical" style={{ flex: 1, overflowY: 'auto' }}>
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={ids} strategy={verticalListSortingStrategy}>
            {draft.items.map((item, index) => (
              <SortableRow
                key={item.id}
                item={item}
                index={index}
                count={draft.items.length}
                active={item.id === currentId}
                removed={isPendingRemoval(draft, item.id)}
                errored={erroredIds.has(item.id)}
                onSelect={() => onSelect(item.id)}
                onRemove={() => onRemove(item.id)}
                onRestore={() => onRestore(item.id)}
                onMove={(to) => onMove(index, to)}
              />
            ))}
          </SortableContext>
        </DndContext>
      </div>
    </div>
  );
}

/* -------------------------------------------------------------- right panes */

function RemovedItem({ onRestore }: { onRestore: () => void }) {
  return (
    <Flex vertical align="center" justify="center" gap={12} style={{ height: 400 }}>
      <Typography.Text type="secondary">{TEXT.removedFilter}</Typography.Text>
      <Button type="primary" data-test="restore-filter-button" onClick={onRestore}>
        {TEXT.restoreFilter}
      </Button>
    </Flex>
  );
}

function DividerForm({
  divider,
  errors,
  onChange,
}: {
  divider: DividerDraft;
  errors: Partial<Record<FilterField, string>>;
  onChange: (patch: Partial<Pick<DividerDraft, 'title' | 'description'>>) => void;
}) {
  return (
    <div style={{ padding: 16 }}>
      <Field label={TEXT.title_} required error={errors.title}>
        <Input
          aria-label={TEXT.title_}
          value={divider.title}
          status={errors.title ? 'error' : undefined}
          onChange={(e) => onChange({ title: e.target.value })}
        />
      </Field>
      <Field label={TEXT.description}>
        <Input.TextArea
          aria-label={TEXT.description}
          rows={4}
          value={divider.description}
          onChange={(e) => onChange({ description: e.target.value })}
        />
      </Field>
    </div>
  );
}

interface FilterFormProps {
  filter: FilterDraft;
  draft: FilterConfigDraft;
  errors: Partial<Record<FilterField, string>>;
  tab: string;
  onTab: (tab: string) => void;
  patch: (patch: Partial<Omit<FilterDraft, 'id' | 'type'>>, fields: FilterField[]) => void;
  onType: (filterType: string) => void;
  /** The range filter's single value type changed (undefined: a two-sided range). */
  onSingleValue: (type: number | undefined) => void;
  onDataset: (datasetId: number | undefined) => void;
  loadDataset: LoadDataset;
  layout: DashboardLayout;
  chartNames: Record<number, string>;
  chartDatasets: Record<number, number>;
  scopingMode: 'all' | 'specific';
  onScopingMode: (mode: 'all' | 'specific') => void;
  renderDefaultValue: FiltersConfigModalProps['renderDefaultValue'];
}

function FilterForm(props: FilterFormProps) {
  const { filter, errors, patch } = props;
  const { dataset, error: datasetError } = useDataset(props.loadDataset, filter.datasetId);
  const hasDataset = needsDataset(filter.filterType);
  const hasColumn = needsColumn(filter.filterType);
  const nativeFilter = useMemo(() => toNativeFilter(filter), [filter]);
  const controls = filter.controlValues;
  const required = controls.enableEmptyFilter === true;
  const firstItem = controls.defaultToFirstItem === true;
  const defaultChecked = !firstItem && (required || filter.hasDefaultValue);
  const setControl = (name: string, value: unknown, extra: Partial<FilterDraft> = {}) =>
    patch({ controlValues: { ...filter.controlValues, [name]: value }, ...extra }, [
      'defaultDataMask',
    ]);

  const columnOptions = (dataset?.columns ?? [])
    .filter((c) => columnMatchesFilterType(filter.filterType, c))
    .map((c) => ({ value: c.column_name, label: c.verbose_name || c.column_name }));
  const adhocColumns = useMemo(() => preFilterColumns(dataset?.columns ?? []), [dataset]);
  // Superset offers the pre-filter's time range when the dataset has a temporal column (or is
  // not loaded yet).
  const showTimeRange = !dataset || temporalColumns(dataset.columns).length > 0;
  const timeColumnOptions = temporalColumns(dataset?.columns ?? []).map((c) => ({
    value: c.column_name,
    label: c.verbose_name || c.column_name,
  }));
  const metricOptions = (dataset?.metrics ?? []).map((m) => ({
    value: m.metric_name,
    label: m.verbose_name || m.metric_name,
  }));

  const parents = availableParentFilters(props.draft, filter.id);
  const canDepend = DEPENDENT_FILTER_TYPES.includes(filter.filterType);
  const hasPreFilter = hasDataset && PRE_FILTER_TYPES.includes(filter.filterType);
  const canSort = SORTABLE_FILTER_TYPES.includes(filter.filterType);
  const isRange = filter.filterType === 'filter_range';
  const sorting = typeof controls.sortAscending === 'boolean';
  const hasTimeRange = !!filter.time_range && filter.time_range !== NO_FILTER_TIME_RANGE;
  const filled =
    !hasDataset ||
    ((filter.datasetId !== undefined || !!filter.datasetUuid) && (!hasColumn || !!filter.column));

  let defaultTooltip: string | undefined;
  if (firstItem) defaultTooltip = TEXT.defaultFromFirstItem;
  else if (required) defaultTooltip = TEXT.defaultWhenRequired;
  else if (filter.hasDefaultValue) defaultTooltip = TEXT.defaultWhenChecked;

  const configurationPanel = (
    <>
      {canDepend && (parents.length > 0 || filter.cascadeParentIds.length > 0) ? (
        <CollapsibleCheck
          title={TEXT.dependsOnOthers}
          tooltip={TEXT.dependsOnOthersTooltip}
          checked={filter.cascadeParentIds.length > 0}
          onChange={(checked) => {
            const suggestion = checked ? suggestParent(props.draft, filter.id) : undefined;
            patch({ cascadeParentIds: suggestion ? [suggestion] : [] }, ['cascadeParentIds']);
          }}
        >
          <Field label={TEXT.dependsOn} error={errors.cascadeParentIds}>
            {parents.length === 0 ? (
              <Typography.Text>{TEXT.noAvailableFilters}</Typography.Text>
            ) : (
              <Select
                mode="multiple"
                aria-label={TEXT.dependsOn}
                style={{ width: '100%' }}
                status={errors.cascadeParentIds ? 'error' : undefined}
                value={filter.cascadeParentIds}
                options={[
                  ...parents.map((p) => ({ value: p.id, label: itemTitle(p) })),
                  ...filter.cascadeParentIds
                    .filter((id) => !parents.some((p) => p.id === id))
                    .map((id) => ({ value: id, label: `(deleted or invalid type)` })),
                ]}
                onChange={(ids: string[]) => patch({ cascadeParentIds: ids }, ['cascadeParentIds'])}
              />
            )}
          </Field>
        </CollapsibleCheck>
      ) : null}
      {hasPreFilter ? (
        <CollapsibleCheck
          title={TEXT.preFilter}
          tooltip={TEXT.preFilterTooltip}
          checked={filter.preFilter}
          onChange={(checked) =>
            patch(
              checked
                ? { preFilter: true, time_range: filter.time_range ?? NO_FILTER_TIME_RANGE }
                : {
                    preFilter: false,
                    time_range: undefined,
                    adhoc_filters: undefined,
                    granularity_sqla: undefined,
                  },
              ['time_range'],
            )
          }
        >
          {/* "Pre-filter is required" (a clause or a time range) is shown once, under the clauses. */}
          <Field label={TEXT.preFilterLabel} required={!hasTimeRange} error={errors.time_range}>
            <div data-test="pre-filter-clauses">
              <AdhocFilterControl
                datasource={null}
                control={{
                  name: 'adhoc_filters',
                  type: 'AdhocFilterControl',
                  label: TEXT.preFilterLabel,
                  value: filter.adhoc_filters ?? [],
                  validationErrors: [],
                  visible: true,
                  renderTrigger: false,
                  props: { columns: adhocColumns },
                }}
                onChange={(v) =>
                  patch({ adhoc_filters: Array.isArray(v) ? v : [] }, ['time_range'])
                }
              />
            </div>
          </Field>
          {showTimeRange ? (
            <Field label={TEXT.timeRange} required={!filter.adhoc_filters?.length}>
              <DateFilterControl
                datasource={null}
                control={{
                  name: 'time_range',
                  type: 'DateFilterControl',
                  label: TEXT.timeRange,
                  value: filter.time_range ?? NO_FILTER_TIME_RANGE,
                  validationErrors: [],
                  visible: true,
                  renderTrigger: false,
                  props: {},
                }}
                onChange={(v) =>
                  patch({ time_range: typeof v === 'string' ? v : undefined }, ['time_range'])
                }
              />
            </Field>
          ) : null}
          {hasTimeRange ? (
            <Field label={TEXT.timeColumn} tooltip={TEXT.timeColumnTooltip}>
              <Select
                allowClear
                aria-label={TEXT.timeColumn}
                style={{ width: '100%' }}
                value={filter.granularity_sqla}
                options={timeColumnOptions}
                onChange={(v: string | undefined) => patch({ granularity_sqla: v }, [])}
              />
            </Field>
          ) : null}
        </CollapsibleCheck>
      ) : null}
      {canSort ? (
        <CollapsibleCheck
          title={TEXT.sortFilterValues}
          checked={sorting}
          onChange={(checked) => {
            const next = { ...filter.controlValues };
            if (checked) next.sortAscending = true;
            else delete next.sortAscending;
            patch({ controlValues: next, ...(checked ? {} : { sortMetric: undefined }) }, []);
          }}
        >
          <Field label={TEXT.sortType}>
            <Radio.Group
              value={controls.sortAscending}
              options={[
                { value: true, label: TEXT.sortAscending },
                { value: false, label: TEXT.sortDescending },
              ]}
              onChange={(e) =>
                patch(
                  { controlValues: { ...filter.controlValues, sortAscending: e.target.value } },
                  [],
                )
              }
            />
          </Field>
          {hasColumn && metricOptions.length > 0 ? (
            <Field label={TEXT.sortMetric} tooltip={TEXT.sortMetricTooltip}>
              <Select
                allowClear
                aria-label="Sort metric"
                style={{ width: '100%' }}
                value={filter.sortMetric ?? undefined}
                options={metricOptions}
                onChange={(v: string | undefined) => patch({ sortMetric: v }, [])}
              />
            </Field>
          ) : null}
        </CollapsibleCheck>
      ) : null}
      {isRange ? (
        <CollapsibleCheck
          title={TEXT.singleValue}
          checked={controls.enableSingleValue !== undefined}
          onChange={(checked) => props.onSingleValue(checked ? SingleValueType.Exact : undefined)}
        >
          <Field label={TEXT.singleValueType}>
            <Radio.Group
              value={controls.enableSingleValue}
              options={SINGLE_VALUE_TYPES}
              onChange={(e) => props.onSingleValue(e.target.value as number)}
            />
          </Field>
        </CollapsibleCheck>
      ) : null}
    </>
  );

  const settingsPanel = (
    <>
      <Field label={TEXT.description}>
        <Input.TextArea
          aria-label={TEXT.description}
          value={filter.description}
          onChange={(e) => patch({ description: e.target.value }, [])}
        />
      </Field>
      <CollapsibleCheck
        title={TEXT.hasDefaultValue}
        tooltip={defaultTooltip}
        checked={defaultChecked}
        disabled={required || firstItem}
        onChange={(checked) =>
          patch(
            checked
              ? { hasDefaultValue: true }
              : { hasDefaultValue: false, defaultDataMask: emptyDefaultDataMask() },
            ['defaultDataMask'],
          )
        }
      >
        <Field label={TEXT.defaultValue} required error={errors.defaultDataMask}>
          {filled ? (
            props.renderDefaultValue(nativeFilter, filter.defaultDataMask, (mask) =>
              patch({ defaultDataMask: mask }, ['defaultDataMask']),
            )
          ) : (
            <Typography.Text type="secondary">{TEXT.fillRequired}</Typography.Text>
          )}
        </Field>
      </CollapsibleCheck>
      {(filter.filterType === 'filter_select'
        ? SELECT_CONTROLS
        : SELECT_CONTROLS.filter((c) => c.name === 'enableEmptyFilter')
      ).map((control) => {
        const fallback = SELECT_CONTROL_DEFAULTS[control.name] ?? false;
        const checked =
          typeof controls[control.name] === 'boolean' ? controls[control.name] === true : fallback;
        return (
          <div key={control.name} style={{ marginBottom: 8 }}>
            <Checkbox
              checked={checked}
              onChange={(e) => {
                const value = e.target.checked;
                const extra: Partial<FilterDraft> = {};
                if (RESET_DEFAULT_CONTROLS.includes(control.name)) {
                  extra.defaultDataMask = emptyDefaultDataMask();
                }
                if (control.name === 'defaultToFirstItem' && value) extra.hasDefaultValue = false;
                if (control.name === 'enableEmptyFilter') {
                  extra.hasDefaultValue =
                    value ||
                    isValidFilterValue(
                      filter.defaultDataMask.filterState?.value,
                      filter.filterType === 'filter_range',
                    );
                }
                setControl(control.name, value, extra);
              }}
            >
              {control.label}
              {control.description ? (
                <Tooltip title={control.description}>
                  <InfoCircleOutlined style={{ marginLeft: 4 }} />
                </Tooltip>
              ) : null}
            </Checkbox>
          </div>
        );
      })}
    </>
  );

  const settingsTab = (
    <div style={{ padding: '0 16px 16px' }}>
      <Flex gap={16}>
        <Field label={TEXT.filterType} style={{ flex: 1 }}>
          <Select
            aria-label="Filter type"
            style={{ width: '100%' }}
            value={filter.filterType}
            options={FILTER_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            onChange={(v: string) => props.onType(v)}
          />
        </Field>
        <Field label={TEXT.filterName} required error={errors.name} style={{ flex: 1 }}>
          <Input
            aria-label={TEXT.filterName}
            value={filter.name}
            status={errors.name ? 'error' : undefined}
            onChange={(e) => patch({ name: e.target.value }, ['name'])}
          />
        </Field>
      </Flex>
      {filter.filterType === 'filter_time' ? (
        <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
          {TEXT.timeFilterInfo}
        </Typography.Paragraph>
      ) : null}
      {hasDataset ? (
        <Flex gap={16}>
          <Field
            label={TEXT.dataset}
            required
            error={errors.dataset ?? datasetError}
            style={{ flex: 1 }}
          >
            <DatasetSelect
              value={filter.datasetId}
              label={dataset?.table_name ?? filter.datasetUuid}
              status={errors.dataset ? 'error' : undefined}
              onChange={props.onDataset}
            />
          </Field>
          {hasColumn ? (
            <Field label={TEXT.column} required error={errors.column} style={{ flex: 1 }}>
              <Select
                aria-label={TEXT.column}
                style={{ width: '100%' }}
                showSearch={{ optionFilterProp: 'label' }}
                value={filter.column}
                status={errors.column ? 'error' : undefined}
                options={
                  filter.column && !columnOptions.some((o) => o.value === filter.column)
                    ? [{ value: filter.column, label: filter.column }, ...columnOptions]
                    : columnOptions
                }
                onChange={(v: string) =>
                  patch(
                    {
                      column: v,
                      columnDisplayName: undefined,
                      defaultDataMask: emptyDefaultDataMask(),
                    },
                    ['column'],
                  )
                }
              />
            </Field>
          ) : null}
        </Flex>
      ) : null}
      <Collapse
        defaultActiveKey={['configuration', 'settings']}
        items={[
          ...(filter.filterType !== 'filter_time'
            ? [
                {
                  key: 'configuration',
                  label: TEXT.filterConfiguration,
                  forceRender: true,
                  children: configurationPanel,
                },
              ]
            : []),
          {
            key: 'settings',
            label: TEXT.filterSettings,
            forceRender: true,
            children: settingsPanel,
          },
        ]}
      />
    </div>
  );

  return (
    <Tabs
      activeKey={props.tab}
      onChange={props.onTab}
      centered
      items={[
        { key: 'configuration', label: TEXT.settings, children: settingsTab },
        {
          key: 'scoping',
          label: TEXT.scoping,
          children: (
            <ScopingPane
              filter={filter}
              layout={props.layout}
              chartNames={props.chartNames}
              chartDatasets={props.chartDatasets}
              mode={props.scopingMode}
              onMode={props.onScopingMode}
              onScope={(scope) => patch({ scope, scopeTouched: true }, [])}
            />
          ),
        },
      ]}
    />
  );
}

interface AntTreeNode {
  key: string;
  title: ReactNode;
  children: AntTreeNode[];
}

function ScopingPane({
  filter,
  layout,
  chartNames,
  chartDatasets,
  mode,
  onMode,
  onScope,
}: {
  filter: FilterDraft;
  layout: DashboardLayout;
  chartNames: Record<number, string>;
  chartDatasets: Record<number, number>;
  mode: 'all' | 'specific';
  onMode: (mode: 'all' | 'specific') => void;
  onScope: (scope: FilterDraft['scope']) => void;
}) {
  const tree = useMemo(() => buildScopeTree(layout, chartNames), [layout, chartNames]);
  const expandAll = useMemo(() => scopeTreeKeys(tree), [tree]);
  const checkedKeys = useMemo(
    () => checkedKeysFromScope(filter.scope, layout),
    [filter.scope, layout],
  );
  const datasetId = filter.datasetId;
  const toAnt = useCallback(
    (node: ScopeTreeNode): AntTreeNode => {
      const incompatible =
        node.kind === 'CHART' &&
        datasetId !== undefined &&
        node.chartId !== undefined &&
        chartDatasets[node.chartId] !== undefined &&
        chartDatasets[node.chartId] !== datasetId;
      return {
        key: node.key,
        title: incompatible ? (
          <span>
            {node.title}
            <Tooltip title={TEXT.incompatibleChart}>
              <WarningOutlined style={{ marginLeft: 6, color: '#faad14' }} />
            </Tooltip>
          </span>
        ) : (
          node.title
        ),
        children: node.children.map(toAnt),
      };
    },
    [chartDatasets, datasetId],
  );
  const treeData = useMemo(() => [toAnt(tree)], [toAnt, tree]);
  return (
    <div style={{ padding: '0 16px 16px' }}>
      <Radio.Group
        value={mode}
        onChange={(e) => {
          const next = e.target.value as 'all' | 'specific';
          onMode(next);
          if (next === 'all') onScope(defaultScope());
        }}
        options={[
          { value: 'all', label: TEXT.applyToAll },
          { value: 'specific', label: TEXT.applyToSpecific },
        ]}
      />
      <div style={{ margin: '8px 0' }}>
        <Typography.Text type="secondary">
          {mode === 'specific' ? TEXT.onlySelected : TEXT.allWithColumn}
        </Typography.Text>
      </div>
      {mode === 'specific' ? (
        <Tree
          checkable
          selectable={false}
          defaultExpandedKeys={expandAll}
          checkedKeys={checkedKeys}
          treeData={treeData}
          onCheck={(checked) => {
            const keys = Array.isArray(checked) ? checked : checked.checked;
            onScope(scopeFromCheckedKeys(keys.map(String), layout));
          }}
        />
      ) : null}
    </div>
  );
}

/* ------------------------------------------------------------------ the modal */

/** Fields an edit touches (their errors then show). */
type Touched = Record<string, Partial<Record<FilterField, true>>>;

function visibleErrors(
  errors: FilterConfigErrors,
  touched: Touched,
  attempted: boolean,
): FilterConfigErrors {
  if (attempted) return errors;
  const out: FilterConfigErrors = {};
  for (const [id, fields] of Object.entries(errors)) {
    for (const [field, message] of Object.entries(fields) as [FilterField, string][]) {
      if (touched[id]?.[field]) (out[id] ??= {})[field] = message;
    }
  }
  return out;
}

function ConfigModal({
  filters,
  layout,
  chartNames,
  chartDatasets,
  renderDefaultValue,
  onSave,
  onCancel,
  deleteGuard,
}: FiltersConfigModalProps) {
  const [initial] = useState(() => draftFromFilters(filters));
  // A dashboard without filters opens on a new one (Superset's createNewOnOpen).
  const [draft, setDraft] = useState(() =>
    initial.items.length > 0 ? initial : addItem(initial, NATIVE_FILTER_TYPE).draft,
  );
  const [selectedId, setSelectedId] = useState<string | undefined>(undefined);
  const [tab, setTab] = useState('configuration');
  const [scopingModes, setScopingModes] = useState<Record<string, 'all' | 'specific'>>({});
  const [touched, setTouched] = useState<Touched>({});
  const [attempted, setAttempted] = useState(false);
  const [confirmingCancel, setConfirmingCancel] = useState(false);
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const loadDataset = useDatasetLoader();

  // Removed items disappear once their undo window is over.
  const expiry = nextRemovalExpiry(draft);
  useEffect(() => {
    if (expiry === undefined) return;
    const timer = window.setTimeout(
      () => setDraft((d) => finalizeRemovals(d, Date.now())),
      Math.max(0, expiry - Date.now()),
    );
    return () => window.clearTimeout(timer);
  }, [expiry]);

  const current =
    (selectedId !== undefined ? findItem(draft, selectedId) : undefined) ?? draft.items[0];
  const errors = useMemo(() => validateDraft(draft), [draft]);
  const shown = visibleErrors(errors, touched, attempted);
  const erroredIds = useMemo(() => new Set(Object.keys(shown)), [shown]);

  const edit = (next: (d: FilterConfigDraft) => FilterConfigDraft) => {
    setDraft(next);
    setConfirmingCancel(false);
  };
  const touch = (id: string, fields: FilterField[]) => {
    if (fields.length === 0) return;
    setTouched((t) => ({
      ...t,
      [id]: { ...t[id], ...Object.fromEntries(fields.map((f) => [f, true])) },
    }));
  };

  const select = (id: string) => {
    setSelectedId(id);
    setTab('configuration');
  };

  const handleSave = async () => {
    const now = validateDraft(draft);
    if (Object.keys(now).length > 0) {
      setAttempted(true);
      const first = firstInvalidId(draft, now);
      if (first) select(first);
      return;
    }
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(toConfiguration(draft, layout));
    } catch (e) {
      setSaveError(errorMessage(e));
    } finally {
      setSaving(false);
    }
  };

  const handleCancel = () => {
    if (saving) return;
    if (hasUnsavedChanges(draft, initial, layout)) setConfirmingCancel(true);
    else onCancel();
  };

  const footer = confirmingCancel ? (
    <Alert
      type="warning"
      title={TEXT.unsavedChanges}
      description={TEXT.sureToCancel}
      style={{ textAlign: 'left' }}
      action={
        <Flex gap={8}>
          <Button size="small" onClick={() => setConfirmingCancel(false)}>
            {TEXT.keepEditing}
          </Button>
          <Button
            size="small"
            type="primary"
            data-test="native-filter-modal-confirm-cancel-button"
            onClick={onCancel}
          >
            {TEXT.yesCancel}
          </Button>
        </Flex>
      }
    />
  ) : (
    <Flex justify="flex-end" gap={8}>
      <Button data-test="native-filter-modal-cancel-button" onClick={handleCancel}>
        {TEXT.cancel}
      </Button>
      <Button
        type="primary"
        data-test="native-filter-modal-save-button"
        loading={saving}
        disabled={Object.keys(shown).length > 0}
        onClick={() => void handleSave()}
      >
        {TEXT.save}
      </Button>
    </Flex>
  );

  let pane: ReactNode = null;
  if (current && isPendingRemoval(draft, current.id)) {
    pane = <RemovedItem onRestore={() => edit((d) => restoreItem(d, current.id))} />;
  } else if (current?.type === DIVIDER_TYPE) {
    pane = (
      <DividerForm
        key={current.id}
        divider={current}
        errors={shown[current.id] ?? {}}
        onChange={(p) => {
          edit((d) => updateDivider(d, current.id, p));
          if ('title' in p) touch(current.id, ['title']);
        }}
      />
    );
  } else if (current?.type === NATIVE_FILTER_TYPE) {
    const id = current.id;
    pane = (
      <FilterForm
        key={id}
        filter={current}
        draft={draft}
        errors={shown[id] ?? {}}
        tab={tab}
        onTab={setTab}
        patch={(p, fields) => {
          edit((d) => updateFilter(d, id, p));
          touch(id, fields);
        }}
        onType={(filterType) => edit((d) => setFilterType(d, id, filterType))}
        onSingleValue={(type) => {
          edit((d) => setSingleValueType(d, id, type));
          touch(id, ['defaultDataMask']);
        }}
        onDataset={(datasetId) => {
          edit((d) => setFilterDataset(d, id, datasetId, chartDatasets));
          touch(id, ['dataset']);
        }}
        loadDataset={loadDataset}
        layout={layout}
        chartNames={chartNames}
        chartDatasets={chartDatasets}
        scopingMode={scopingModes[id] ?? (isScopingAll(current.scope) ? 'all' : 'specific')}
        onScopingMode={(mode) => setScopingModes((m) => ({ ...m, [id]: mode }))}
        renderDefaultValue={renderDefaultValue}
      />
    );
  }

  return (
    <Modal
      open
      title={TEXT.title}
      width={MODAL_WIDTH}
      centered
      mask={{ closable: false }}
      onCancel={handleCancel}
      footer={footer}
      data-test="filter-modal"
      styles={{ body: { padding: 0 } }}
    >
      <Modal
        open={warning !== null}
        title={TEXT.warning}
        onOk={() => setWarning(null)}
        onCancel={() => setWarning(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
      >
        {warning}
      </Modal>
      {saveError ? (
        <Alert
          type="error"
          showIcon
          title={saveError}
          closable={{ onClose: () => setSaveError(null) }}
          style={{ marginBottom: 8 }}
        />
      ) : null}
      <div style={{ display: 'flex', height: 'min(700px, calc(100vh - 220px))' }}>
        <div
          style={{
            width: LIST_WIDTH,
            flex: 'none',
            borderRight: '1px solid rgba(0, 0, 0, 0.06)',
            paddingRight: 8,
          }}
        >
          <ItemList
            draft={draft}
            currentId={current?.id}
            erroredIds={erroredIds}
            onSelect={select}
            onAdd={(kind) => {
              const { draft: next, item } = addItem(draft, kind);
              edit(() => next);
              select(item.id);
            }}
            onRemove={(id) => {
              const item = findItem(draft, id);
              const refusal = item && deleteGuard ? deleteGuard(toNativeFilter(item)) : undefined;
              if (typeof refusal === 'string' && refusal) setWarning(refusal);
              else edit((d) => removeItem(d, id, Date.now()));
            }}
            onRestore={(id) => edit((d) => restoreItem(d, id))}
            onMove={(from, to) => edit((d) => moveItem(d, from, to))}
          />
        </div>
        <div style={{ flex: 1, minWidth: 0, overflowY: 'auto' }}>{pane}</div>
      </div>
    </Modal>
  );
}

/**
 * The "Add and edit filters" modal. Each opening starts from `filters`; nothing is kept
 * between openings.
 */
export function FiltersConfigModal(props: FiltersConfigModalProps) {
  if (!props.open) return null;
  return <ConfigModal {...props} />;
}

export default FiltersConfigModal;
