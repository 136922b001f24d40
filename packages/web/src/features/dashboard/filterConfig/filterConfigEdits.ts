/**
 * The native filter configuration being edited in the "Add and edit filters" modal, as plain
 * data (no React, no fetch). Superset 2.x/3.x behaviour, read from its FiltersConfigModal:
 *
 * - one draft per filter or divider, in the list's order; a removed item stays in the list,
 *   pending, for `FILTER_REMOVAL_UNDO_MS` (it can be restored meanwhile), then
 *   `finalizeRemovals` drops it;
 * - new ids are Superset's: `NATIVE_FILTER-` / `NATIVE_FILTER_DIVIDER-` and 21 random characters;
 * - `validateDraft` gives Superset's messages by item id and field;
 * - `toConfiguration` gives the `native_filter_configuration` array stored in json_metadata
 *   (Superset's field names and shapes, list order, pending removals left out, parents that are
 *   gone dropped, `chartsInScope` and `tabsInScope` computed from the layout);
 * - the scoping tree: the layout's tabs and charts, checked keys from a scope and back
 *   (Superset's `getTreeCheckedItems` / `findFilterScope`).
 */
import { ROOT_ID, type DashboardLayout } from '@strata/core';
import type { DataMask, DatasourceColumn } from '@strata/charts';
import {
  DIVIDER_TYPE,
  NATIVE_FILTER_TYPE,
  chartsInFilterScope,
  type NativeFilter,
  type NativeFilterScope,
  type NativeFilterTarget,
} from '../nativeFilters';
import { ancestors, descendants, tabsHoldingCharts } from '../layout/tree';

/* ------------------------------------------------------------------ constants */

/** How long a removed filter or divider can be restored (Superset's REMOVAL_DELAY_SECS). */
export const FILTER_REMOVAL_UNDO_MS = 5000;

export const NATIVE_FILTER_PREFIX = 'NATIVE_FILTER-';
export const NATIVE_FILTER_DIVIDER_PREFIX = 'NATIVE_FILTER_DIVIDER-';

export type FilterTypeKey =
  'filter_select' | 'filter_range' | 'filter_time' | 'filter_timecolumn' | 'filter_timegrain';

/** The filter types, in Superset's list order, with the names its modal shows. */
export const FILTER_TYPES: readonly { value: FilterTypeKey; label: string }[] = [
  { value: 'filter_select', label: 'Value' },
  { value: 'filter_range', label: 'Numerical range' },
  { value: 'filter_time', label: 'Time range' },
  { value: 'filter_timecolumn', label: 'Time column' },
  { value: 'filter_timegrain', label: 'Time grain' },
];

/** Types that target a dataset (their plugin's `datasourceCount` is 1). */
export const DATASET_FILTER_TYPES: readonly string[] = [
  'filter_select',
  'filter_range',
  'filter_timecolumn',
  'filter_timegrain',
];
/** Types that target a column of the dataset (their plugin has a required `groupby` control). */
export const COLUMN_FILTER_TYPES: readonly string[] = ['filter_select', 'filter_range'];
/** Types whose values may depend on other filters (the modal's "Filter Configuration" panel). */
export const DEPENDENT_FILTER_TYPES: readonly string[] = ['filter_select', 'filter_range'];
/** Types other filters may depend on (Superset's ALLOW_DEPENDENCIES). */
export const PARENT_FILTER_TYPES: readonly string[] = [
  'filter_range',
  'filter_select',
  'filter_time',
];
/** Types with a "Pre-filter available values" section (FILTERS_WITH_ADHOC_FILTERS). */
export const PRE_FILTER_TYPES: readonly string[] = ['filter_select', 'filter_range'];
/** Types with "Sort filter values" (all but the range; the time range has no such panel). */
export const SORTABLE_FILTER_TYPES: readonly string[] = [
  'filter_select',
  'filter_timecolumn',
  'filter_timegrain',
];

/** Superset's GenericDataType numbering (core's enum, as plain numbers). */
const GENERIC_NUMERIC = 0;
const GENERIC_STRING = 1;
const GENERIC_TEMPORAL = 2;
const GENERIC_BOOLEAN = 3;

/** The column types each filter type accepts (Superset's FILTER_SUPPORTED_TYPES). */
export const FILTER_SUPPORTED_COLUMN_TYPES: Readonly<Record<string, readonly number[]>> = {
  filter_select: [GENERIC_BOOLEAN, GENERIC_STRING, GENERIC_NUMERIC, GENERIC_TEMPORAL],
  filter_range: [GENERIC_NUMERIC],
  filter_time: [GENERIC_TEMPORAL],
  filter_timecolumn: [GENERIC_TEMPORAL],
  filter_timegrain: [GENERIC_TEMPORAL],
};

/** The select filter's control defaults (its DEFAULT_FORM_DATA). */
export const SELECT_CONTROL_DEFAULTS: Readonly<Record<string, boolean>> = {
  enableEmptyFilter: false,
  defaultToFirstItem: false,
  multiSelect: true,
  searchAllOptions: false,
  inverseSelection: false,
};

/** Superset's "no time range" value (a pre-filter time range left at it does not count). */
export const NO_FILTER_TIME_RANGE = 'No filter';

/** Superset's validation messages, verbatim. */
export const FILTER_CONFIG_MESSAGES = {
  nameRequired: 'Name is required',
  titleRequired: 'Title is required',
  datasetRequired: 'Dataset is required',
  columnRequired: 'Column is required',
  defaultValueRequired: 'Default value is required',
  preFilterRequired: 'Pre-filter is required',
  cyclicDependency: 'Cyclic dependency detected',
} as const;

/* ---------------------------------------------------------------------- types */

/** A native filter as the modal edits it: the stored fields, flattened where the form is. */
export interface FilterDraft {
  id: string;
  type: typeof NATIVE_FILTER_TYPE;
  name: string;
  filterType: string;
  description: string;
  /** The target dataset (`targets[0].datasetId`). */
  datasetId?: number;
  /** An imported target's dataset uuid, kept while the dataset is not changed. */
  datasetUuid?: string;
  /** The target column (`targets[0].column.name`). */
  column?: string;
  columnDisplayName?: string;
  controlValues: Record<string, unknown>;
  defaultDataMask: DataMask;
  /** "Filter has default value" is checked. */
  hasDefaultValue: boolean;
  cascadeParentIds: string[];
  scope: NativeFilterScope;
  /** "Pre-filter available values" is checked. */
  preFilter: boolean;
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
  sortMetric?: string | null;
  /** The user changed the scope: a dataset change no longer pre-scopes it. */
  scopeTouched?: boolean;
  /** Created in this session (not in the stored configuration). */
  isNew?: boolean;
}

/** A divider of the filter bar: a title and a description. */
export interface DividerDraft {
  id: string;
  type: typeof DIVIDER_TYPE;
  title: string;
  description: string;
  isNew?: boolean;
}

export type ConfigItemDraft = FilterDraft | DividerDraft;

/** The whole configuration being edited. */
export interface FilterConfigDraft {
  /** Filters and dividers in the list's order, those pending removal included. */
  items: ConfigItemDraft[];
  /** Ids pending removal → when they were removed (ms). */
  removed: Record<string, number>;
}

export type FilterField =
  'name' | 'title' | 'dataset' | 'column' | 'defaultDataMask' | 'cascadeParentIds' | 'time_range';

/** Validation errors by item id, then by field. */
export type FilterConfigErrors = Record<string, Partial<Record<FilterField, string>>>;

/* ------------------------------------------------------------------- ids, new */

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';
const ID_LENGTH = 21;

/** 21 random characters of nanoid's alphabet, from crypto.getRandomValues. */
export function randomIdSuffix(): string {
  const bytes = new Uint8Array(ID_LENGTH);
  globalThis.crypto.getRandomValues(bytes);
  let out = '';
  // 64 symbols: the low 6 bits of each byte pick one without bias.
  for (const b of bytes) out += ID_ALPHABET[b & 63];
  return out;
}

/** A new id for a filter or a divider, different from every id in `taken`. */
export function newItemId(
  kind: typeof NATIVE_FILTER_TYPE | typeof DIVIDER_TYPE,
  taken: Iterable<string> = [],
  random: () => string = randomIdSuffix,
): string {
  const used = new Set(taken);
  const prefix = kind === DIVIDER_TYPE ? NATIVE_FILTER_DIVIDER_PREFIX : NATIVE_FILTER_PREFIX;
  for (;;) {
    const id = `${prefix}${random()}`;
    if (!used.has(id)) return id;
  }
}

/** The data mask of a filter without a default value. */
export function emptyDefaultDataMask(): DataMask {
  return { filterState: { value: null }, extraFormData: {} };
}

/** The scope of a filter that applies to the whole dashboard, minus `excluded` charts. */
export function defaultScope(excluded: readonly number[] = []): NativeFilterScope {
  return { rootPath: [ROOT_ID], excluded: [...excluded] };
}

/** A new filter with Superset's defaults (a Value filter on the whole dashboard). */
export function newFilter(
  kind: typeof NATIVE_FILTER_TYPE,
  taken?: Iterable<string>,
  random?: () => string,
): FilterDraft;
/** A new divider with an empty title. */
export function newFilter(
  kind: typeof DIVIDER_TYPE,
  taken?: Iterable<string>,
  random?: () => string,
): DividerDraft;
export function newFilter(
  kind: typeof NATIVE_FILTER_TYPE | typeof DIVIDER_TYPE,
  taken?: Iterable<string>,
  random?: () => string,
): ConfigItemDraft;
export function newFilter(
  kind: typeof NATIVE_FILTER_TYPE | typeof DIVIDER_TYPE,
  taken: Iterable<string> = [],
  random: () => string = randomIdSuffix,
): ConfigItemDraft {
  const id = newItemId(kind, taken, random);
  if (kind === DIVIDER_TYPE) {
    return { id, type: DIVIDER_TYPE, title: '', description: '', isNew: true };
  }
  return {
    id,
    type: NATIVE_FILTER_TYPE,
    name: '',
    filterType: 'filter_select',
    description: '',
    controlValues: { ...SELECT_CONTROL_DEFAULTS },
    defaultDataMask: emptyDefaultDataMask(),
    hasDefaultValue: false,
    cascadeParentIds: [],
    scope: defaultScope(),
    preFilter: false,
    isNew: true,
  };
}

/* ----------------------------------------------------------- reading, writing */

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return !!v && typeof v === 'object' && !Array.isArray(v);
}

/**
 * Whether a default value is set: not null, undefined, '' or an empty list; for a range, at
 * least one bound (Superset's `isValidFilterValue`).
 */
export function isValidFilterValue(value: unknown, isRange: boolean): boolean {
  if (isRange) {
    return Array.isArray(value) && value.some((v) => v !== null && v !== undefined && v !== '');
  }
  if (value === null || value === undefined || value === '') return false;
  if (Array.isArray(value)) return value.length > 0;
  return true;
}

function maskValue(mask: DataMask | undefined): unknown {
  return isPlainObject(mask?.filterState) ? mask.filterState.value : undefined;
}

/** A stored (parsed) filter or divider as a draft. */
export function draftFromFilter(filter: NativeFilter): ConfigItemDraft {
  if (filter.type === DIVIDER_TYPE) {
    return {
      id: filter.id,
      type: DIVIDER_TYPE,
      title: filter.name,
      description: filter.description,
    };
  }
  const target: NativeFilterTarget = filter.targets[0] ?? {};
  const draft: FilterDraft = {
    id: filter.id,
    type: NATIVE_FILTER_TYPE,
    name: filter.name,
    filterType: filter.filterType || 'filter_select',
    description: filter.description,
    controlValues: { ...filter.controlValues },
    defaultDataMask: { ...filter.defaultDataMask },
    hasDefaultValue: isValidFilterValue(
      maskValue(filter.defaultDataMask),
      filter.filterType === 'filter_range',
    ),
    cascadeParentIds: [...filter.cascadeParentIds],
    scope: { rootPath: [...filter.scope.rootPath], excluded: [...filter.scope.excluded] },
    preFilter:
      (Array.isArray(filter.adhoc_filters) && filter.adhoc_filters.length > 0) ||
      (!!filter.time_range && filter.time_range !== NO_FILTER_TIME_RANGE),
  };
  if (target.datasetId !== undefined) draft.datasetId = target.datasetId;
  if (target.datasetUuid !== undefined) draft.datasetUuid = target.datasetUuid;
  if (target.column) {
    draft.column = target.column.name;
    if (target.column.displayName !== undefined)
      draft.columnDisplayName = target.column.displayName;
  }
  if (filter.adhoc_filters !== undefined) draft.adhoc_filters = filter.adhoc_filters;
  if (filter.time_range !== undefined) draft.time_range = filter.time_range;
  if (filter.granularity_sqla !== undefined) draft.granularity_sqla = filter.granularity_sqla;
  if (filter.sortMetric !== undefined) draft.sortMetric = filter.sortMetric;
  return draft;
}

/** The configuration being edited, from the stored one. */
export function draftFromFilters(filters: readonly NativeFilter[]): FilterConfigDraft {
  return { items: filters.map(draftFromFilter), removed: {} };
}

/** The target a filter draft stores (Superset's `targets[0]`). */
function draftTarget(draft: FilterDraft): NativeFilterTarget {
  const target: NativeFilterTarget = {};
  if (!DATASET_FILTER_TYPES.includes(draft.filterType)) return target;
  if (draft.datasetId !== undefined) target.datasetId = draft.datasetId;
  if (draft.datasetUuid !== undefined) target.datasetUuid = draft.datasetUuid;
  const hasDataset = target.datasetId !== undefined || target.datasetUuid !== undefined;
  if (hasDataset && draft.column && COLUMN_FILTER_TYPES.includes(draft.filterType)) {
    target.column = { name: draft.column };
    if (draft.columnDisplayName !== undefined) target.column.displayName = draft.columnDisplayName;
  }
  return target;
}

/** Whether the draft's default value is in use (checked, or required, and not "first item"). */
export function usesDefaultValue(draft: FilterDraft): boolean {
  if (draft.controlValues.defaultToFirstItem === true) return false;
  return draft.hasDefaultValue || draft.controlValues.enableEmptyFilter === true;
}

/** The default data mask that is stored for a draft (empty when no default value is used). */
function storedDefaultDataMask(draft: FilterDraft): DataMask {
  return usesDefaultValue(draft) ? draft.defaultDataMask : emptyDefaultDataMask();
}

/**
 * A filter draft as a `NativeFilter` (what the filter bar's controls take), its scope as
 * edited and no saved `chartsInScope`.
 */
export function toNativeFilter(draft: ConfigItemDraft): NativeFilter {
  if (draft.type === DIVIDER_TYPE) {
    return {
      id: draft.id,
      type: DIVIDER_TYPE,
      name: draft.title,
      filterType: '',
      description: draft.description,
      targets: [],
      controlValues: {},
      defaultDataMask: {},
      cascadeParentIds: [],
      scope: { rootPath: [], excluded: [] },
    };
  }
  const filter: NativeFilter = {
    id: draft.id,
    type: NATIVE_FILTER_TYPE,
    name: draft.name,
    filterType: draft.filterType,
    description: draft.description,
    targets: [draftTarget(draft)],
    controlValues: { ...draft.controlValues },
    defaultDataMask: draft.defaultDataMask,
    cascadeParentIds: [...draft.cascadeParentIds],
    scope: draft.scope,
  };
  if (draft.controlValues.defaultToFirstItem === true) filter.requiredFirst = true;
  if (draft.sortMetric !== undefined) filter.sortMetric = draft.sortMetric;
  if (draft.preFilter && PRE_FILTER_TYPES.includes(draft.filterType)) {
    if (draft.adhoc_filters !== undefined) filter.adhoc_filters = draft.adhoc_filters;
    if (draft.time_range !== undefined) filter.time_range = draft.time_range;
    if (draft.granularity_sqla !== undefined) filter.granularity_sqla = draft.granularity_sqla;
  }
  return filter;
}

/* ------------------------------------------------------------- list editing */

export function isPendingRemoval(draft: FilterConfigDraft, id: string): boolean {
  return Object.hasOwn(draft.removed, id);
}

/** The items not pending removal, in order. */
export function activeItems(draft: FilterConfigDraft): ConfigItemDraft[] {
  return draft.items.filter((item) => !isPendingRemoval(draft, item.id));
}

export function findItem(draft: FilterConfigDraft, id: string): ConfigItemDraft | undefined {
  return draft.items.find((item) => item.id === id);
}

/** Appends a new filter or divider (its id unique in the list); returns the draft and the item. */
export function addItem(
  draft: FilterConfigDraft,
  kind: typeof NATIVE_FILTER_TYPE | typeof DIVIDER_TYPE,
  random?: () => string,
): { draft: FilterConfigDraft; item: ConfigItemDraft } {
  const item = newFilter(
    kind,
    draft.items.map((i) => i.id),
    random,
  );
  return { draft: { ...draft, items: [...draft.items, item] }, item };
}

/** Changes fields of one filter draft (dividers: `updateDivider`). */
export function updateFilter(
  draft: FilterConfigDraft,
  id: string,
  patch: Partial<Omit<FilterDraft, 'id' | 'type'>>,
): FilterConfigDraft {
  return {
    ...draft,
    items: draft.items.map((item) =>
      item.id === id && item.type === NATIVE_FILTER_TYPE ? { ...item, ...patch } : item,
    ),
  };
}

export function updateDivider(
  draft: FilterConfigDraft,
  id: string,
  patch: Partial<Pick<DividerDraft, 'title' | 'description'>>,
): FilterConfigDraft {
  return {
    ...draft,
    items: draft.items.map((item) =>
      item.id === id && item.type === DIVIDER_TYPE ? { ...item, ...patch } : item,
    ),
  };
}

/** Marks an item removed at `now` (ms): it stays listed, restorable, until finalized. */
export function removeItem(draft: FilterConfigDraft, id: string, now: number): FilterConfigDraft {
  if (!findItem(draft, id) || isPendingRemoval(draft, id)) return draft;
  return { ...draft, removed: { ...draft.removed, [id]: now } };
}

/** Brings back an item pending removal. */
export function restoreItem(draft: FilterConfigDraft, id: string): FilterConfigDraft {
  if (!isPendingRemoval(draft, id)) return draft;
  const removed = { ...draft.removed };
  delete removed[id];
  return { ...draft, removed };
}

/** Drops the items removed at least `FILTER_REMOVAL_UNDO_MS` before `now`. */
export function finalizeRemovals(draft: FilterConfigDraft, now: number): FilterConfigDraft {
  const expired = new Set(
    Object.entries(draft.removed)
      .filter(([, at]) => now - at >= FILTER_REMOVAL_UNDO_MS)
      .map(([id]) => id),
  );
  if (expired.size === 0) return draft;
  const removed = { ...draft.removed };
  for (const id of expired) delete removed[id];
  return { items: draft.items.filter((item) => !expired.has(item.id)), removed };
}

/** When the next pending removal expires (ms), if any. */
export function nextRemovalExpiry(draft: FilterConfigDraft): number | undefined {
  const times = Object.values(draft.removed);
  return times.length ? Math.min(...times) + FILTER_REMOVAL_UNDO_MS : undefined;
}

/** Moves the item at `from` to `to` (indices in `items`); out-of-range moves change nothing. */
export function moveItem(draft: FilterConfigDraft, from: number, to: number): FilterConfigDraft {
  const n = draft.items.length;
  if (from === to || from < 0 || to < 0 || from >= n || to >= n) return draft;
  const items = [...draft.items];
  const [moved] = items.splice(from, 1);
  items.splice(to, 0, moved!);
  return { ...draft, items };
}

/**
 * A filter's dataset changed: the column, the default value and the pre-filter's time column
 * are reset (Superset does the same); a new filter whose scope the user has not touched is
 * scoped to the whole dashboard minus the charts on another dataset (`chartDatasets`).
 */
export function setFilterDataset(
  draft: FilterConfigDraft,
  id: string,
  datasetId: number | undefined,
  chartDatasets: Readonly<Record<number, number>> = {},
): FilterConfigDraft {
  const item = findItem(draft, id);
  if (!item || item.type !== NATIVE_FILTER_TYPE) return draft;
  if (item.datasetId === datasetId && item.datasetUuid === undefined) return draft;
  const next: FilterDraft = {
    ...item,
    column: undefined,
    columnDisplayName: undefined,
    datasetUuid: undefined,
    datasetId,
    defaultDataMask: emptyDefaultDataMask(),
    granularity_sqla: undefined,
    sortMetric: undefined,
  };
  if (item.isNew && !item.scopeTouched) {
    next.scope = defaultScope(
      datasetId === undefined ? [] : chartsOnOtherDatasets(datasetId, chartDatasets),
    );
  }
  return { ...draft, items: draft.items.map((i) => (i.id === id ? next : i)) };
}

/** The charts whose dataset is known and is not `datasetId` (Superset's initially excluded). */
export function chartsOnOtherDatasets(
  datasetId: number,
  chartDatasets: Readonly<Record<number, number>>,
): number[] {
  return Object.entries(chartDatasets)
    .filter(([, ds]) => ds !== datasetId)
    .map(([chart]) => Number(chart))
    .sort((a, b) => a - b);
}

/**
 * A filter's type changed: the column and the default value are reset; a Value filter gets the
 * select defaults for controls it does not have yet, other types keep only the controls they
 * have ("Filter value is required", the sort order, a range's single value).
 */
export function setFilterType(
  draft: FilterConfigDraft,
  id: string,
  filterType: string,
): FilterConfigDraft {
  const item = findItem(draft, id);
  if (!item || item.type !== NATIVE_FILTER_TYPE || item.filterType === filterType) return draft;
  const previous = item.controlValues;
  let controlValues: Record<string, unknown>;
  if (filterType === 'filter_select') {
    controlValues = { ...SELECT_CONTROL_DEFAULTS, ...previous };
  } else {
    // Only the controls the new type has are kept.
    controlValues = { enableEmptyFilter: previous.enableEmptyFilter === true };
    if (SORTABLE_FILTER_TYPES.includes(filterType) && typeof previous.sortAscending === 'boolean')
      controlValues.sortAscending = previous.sortAscending;
    if (filterType === 'filter_range' && previous.enableSingleValue !== undefined)
      controlValues.enableSingleValue = previous.enableSingleValue;
  }
  return updateFilter(draft, id, {
    filterType,
    column: undefined,
    columnDisplayName: undefined,
    defaultDataMask: emptyDefaultDataMask(),
    controlValues,
  });
}

/**
 * A range filter's "Single value type" changed (undefined: "Single Value" unchecked, a two-sided
 * range): the default value is reset, as Superset does, so no default of another shape is kept
 * (a two-sided default under Exact, a minimum under Maximum). Other filters are not changed.
 */
export function setSingleValueType(
  draft: FilterConfigDraft,
  id: string,
  type: number | undefined,
): FilterConfigDraft {
  const item = findItem(draft, id);
  if (!item || item.type !== NATIVE_FILTER_TYPE || item.filterType !== 'filter_range') return draft;
  if (item.controlValues.enableSingleValue === type) return draft;
  const controlValues = { ...item.controlValues };
  if (type === undefined) delete controlValues.enableSingleValue;
  else controlValues.enableSingleValue = type;
  return updateFilter(draft, id, { controlValues, defaultDataMask: emptyDefaultDataMask() });
}

/* ------------------------------------------------------------- dependencies */

/** Whether following parents from `filterId` comes back to a filter already on the way. */
export function hasCircularDependency(
  dependencyMap: ReadonlyMap<string, readonly string[]>,
  filterId: string,
  trace: readonly string[] = [],
): boolean {
  if (trace.includes(filterId)) return true;
  const parents = dependencyMap.get(filterId);
  return !!parents?.some((p) => hasCircularDependency(dependencyMap, p, [...trace, filterId]));
}

/** Parents of each filter not pending removal. */
function dependencyMap(draft: FilterConfigDraft): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const item of activeItems(draft)) {
    if (item.type === NATIVE_FILTER_TYPE) map.set(item.id, item.cascadeParentIds);
  }
  return map;
}

/** The filters another filter may depend on: active, of a parent type, not itself. */
export function availableParentFilters(draft: FilterConfigDraft, filterId: string): FilterDraft[] {
  return activeItems(draft).filter(
    (item): item is FilterDraft =>
      item.type === NATIVE_FILTER_TYPE &&
      item.id !== filterId &&
      PARENT_FILTER_TYPES.includes(item.filterType),
  );
}

/**
 * A parent to suggest when "Values are dependent on other filters" is checked: the first
 * available one that makes no cycle, else the first available one (Superset's suggestion).
 */
export function suggestParent(draft: FilterConfigDraft, filterId: string): string | undefined {
  const candidates = availableParentFilters(draft, filterId).map((f) => f.id);
  const map = dependencyMap(draft);
  const own = map.get(filterId) ?? [];
  const found = candidates.find((c) => {
    if (own.includes(c)) return false;
    const trial = new Map(map);
    trial.set(filterId, [...own, c]);
    return !hasCircularDependency(trial, filterId);
  });
  return found ?? candidates[0];
}

/** The parents a filter keeps when saved: active filters of a parent type only. */
function keptParents(draft: FilterConfigDraft, filter: FilterDraft): string[] {
  if (!DEPENDENT_FILTER_TYPES.includes(filter.filterType)) return [];
  const allowed = new Set(availableParentFilters(draft, filter.id).map((f) => f.id));
  return filter.cascadeParentIds.filter((id) => allowed.has(id));
}

/* ------------------------------------------------------------------ columns */

/** What the modal needs of a dataset column (`GET /api/v1/dataset/{id}`). */
export interface FilterColumnInfo {
  column_name: string;
  verbose_name?: string | null;
  filterable?: boolean | null;
  is_dttm?: boolean | null;
  type_generic?: number | null;
  type?: string | null;
  expression?: string | null;
}

/**
 * The columns a pre-filter clause may use (Superset passes the dataset's filterable columns to
 * the adhoc filter control), in the shape Explore's filter control reads.
 */
export function preFilterColumns(columns: readonly FilterColumnInfo[]): DatasourceColumn[] {
  return columns
    .filter((c) => c.filterable !== false)
    .map((c) => {
      const column: DatasourceColumn = {
        column_name: c.column_name,
        is_dttm: c.is_dttm === true,
        filterable: true,
      };
      if (c.verbose_name !== undefined) column.verbose_name = c.verbose_name;
      if (c.type_generic !== undefined) column.type_generic = c.type_generic;
      if (c.type !== undefined) column.type = c.type;
      if (c.expression !== undefined) column.expression = c.expression;
      return column;
    });
}

/**
 * Whether a column can be a filter's column: filterable, and of a type the filter type takes
 * (a column of unknown type is offered; Superset's `doesColumnMatchFilterType`).
 */
export function columnMatchesFilterType(filterType: string, column: FilterColumnInfo): boolean {
  if (column.filterable === false) return false;
  const supported = FILTER_SUPPORTED_COLUMN_TYPES[filterType];
  const type = column.type_generic;
  if (!supported || type === null || type === undefined) return true;
  return supported.includes(type);
}

/** The temporal columns (a pre-filter's time column). */
export function temporalColumns(columns: readonly FilterColumnInfo[]): FilterColumnInfo[] {
  return columns.filter((c) => c.is_dttm === true || c.type_generic === GENERIC_TEMPORAL);
}

/* --------------------------------------------------------------- validation */

/** Whether a filter type needs a dataset, a column. */
export const needsDataset = (filterType: string): boolean =>
  DATASET_FILTER_TYPES.includes(filterType);
export const needsColumn = (filterType: string): boolean =>
  COLUMN_FILTER_TYPES.includes(filterType);

/**
 * Superset's checks of every item not pending removal: a filter needs a name, a dataset for
 * dataset-backed types, a column for Value and Numerical range, a default value when "Filter
 * has default value" or "Filter value is required" is checked (unless "Select first filter value
 * by default" is), a pre-filter when "Pre-filter available values" is checked, and no cyclic
 * dependency; a divider needs a title.
 */
export function validateDraft(draft: FilterConfigDraft): FilterConfigErrors {
  const errors: FilterConfigErrors = {};
  const add = (id: string, field: FilterField, message: string) => {
    (errors[id] ??= {})[field] ??= message;
  };
  const deps = new Map<string, string[]>();
  for (const item of activeItems(draft)) {
    if (item.type === NATIVE_FILTER_TYPE) deps.set(item.id, keptParents(draft, item));
  }
  for (const item of activeItems(draft)) {
    if (item.type === DIVIDER_TYPE) {
      if (!item.title.trim()) add(item.id, 'title', FILTER_CONFIG_MESSAGES.titleRequired);
      continue;
    }
    if (!item.name.trim()) add(item.id, 'name', FILTER_CONFIG_MESSAGES.nameRequired);
    if (needsDataset(item.filterType) && item.datasetId === undefined && !item.datasetUuid) {
      add(item.id, 'dataset', FILTER_CONFIG_MESSAGES.datasetRequired);
    }
    if (needsColumn(item.filterType) && !item.column) {
      add(item.id, 'column', FILTER_CONFIG_MESSAGES.columnRequired);
    }
    if (
      usesDefaultValue(item) &&
      !isValidFilterValue(maskValue(item.defaultDataMask), item.filterType === 'filter_range')
    ) {
      add(item.id, 'defaultDataMask', FILTER_CONFIG_MESSAGES.defaultValueRequired);
    }
    if (item.preFilter && PRE_FILTER_TYPES.includes(item.filterType)) {
      const hasTimeRange = !!item.time_range && item.time_range !== NO_FILTER_TIME_RANGE;
      const hasAdhoc = Array.isArray(item.adhoc_filters) && item.adhoc_filters.length > 0;
      if (!hasTimeRange && !hasAdhoc) {
        add(item.id, 'time_range', FILTER_CONFIG_MESSAGES.preFilterRequired);
      }
    }
    if (hasCircularDependency(deps, item.id)) {
      add(item.id, 'cascadeParentIds', FILTER_CONFIG_MESSAGES.cyclicDependency);
    }
  }
  return errors;
}

/** The first item in list order that has an error. */
export function firstInvalidId(
  draft: FilterConfigDraft,
  errors: FilterConfigErrors,
): string | undefined {
  return activeItems(draft).find((item) => errors[item.id])?.id;
}

/* ------------------------------------------------------------------- saving */

/**
 * The `native_filter_configuration` to store: the items not pending removal, in list order,
 * in Superset's shapes — a divider `{id, type, scope, title, description}`, a filter with its
 * controls, target, default data mask (empty when no default value is used), parents still
 * present, scope, and `chartsInScope` / `tabsInScope` computed from `layout`.
 */
export function toConfiguration(
  draft: FilterConfigDraft,
  layout: DashboardLayout,
): Record<string, unknown>[] {
  return activeItems(draft).map((item) => {
    if (item.type === DIVIDER_TYPE) {
      return {
        id: item.id,
        type: DIVIDER_TYPE,
        scope: defaultScope(),
        title: item.title.trim(),
        description: item.description.trim(),
      };
    }
    const scope: NativeFilterScope = {
      rootPath: [...item.scope.rootPath],
      excluded: [...item.scope.excluded],
    };
    const filter = { ...toNativeFilter(item), scope };
    const inScope = chartsInFilterScope(filter, layout);
    const entry: Record<string, unknown> = {
      id: item.id,
      controlValues: { ...item.controlValues },
      name: item.name.trim(),
      filterType: item.filterType,
      targets: [draftTarget(item)],
      defaultDataMask: storedDefaultDataMask(item),
      cascadeParentIds: keptParents(draft, item),
      scope,
      type: NATIVE_FILTER_TYPE,
      description: item.description.trim(),
      chartsInScope: [...inScope].sort((a, b) => a - b),
      tabsInScope: tabsHoldingCharts(layout, inScope),
    };
    if (filter.requiredFirst) entry.requiredFirst = true;
    if (item.sortMetric !== undefined && item.sortMetric !== '') entry.sortMetric = item.sortMetric;
    if (filter.adhoc_filters !== undefined) entry.adhoc_filters = filter.adhoc_filters;
    if (filter.time_range !== undefined) entry.time_range = filter.time_range;
    if (filter.granularity_sqla !== undefined) entry.granularity_sqla = filter.granularity_sqla;
    return entry;
  });
}

/** Whether the configuration differs from the one the modal opened with. */
export function hasUnsavedChanges(
  draft: FilterConfigDraft,
  initial: FilterConfigDraft,
  layout: DashboardLayout,
): boolean {
  if (Object.keys(draft.removed).length > 0) return true;
  return (
    JSON.stringify(toConfiguration(draft, layout)) !==
    JSON.stringify(toConfiguration(initial, layout))
  );
}

/* ------------------------------------------------------------------ scoping */

/** A node of the scoping tree (antd Tree's `treeData` shape). */
export interface ScopeTreeNode {
  key: string;
  title: string;
  kind: 'ROOT' | 'TAB' | 'CHART';
  chartId?: number;
  children: ScopeTreeNode[];
}

/** The scoping tree root's title (Superset's). */
export const ALL_PANELS_TITLE = 'All panels';

/**
 * The layout as the scoping tree: the dashboard root, then the tabs and charts under it (other
 * components are walked through, not shown); tabs without charts are left out. Charts are
 * named by `chartNames`, else their layout name, else their id.
 */
export function buildScopeTree(
  layout: DashboardLayout,
  chartNames: Readonly<Record<number, string>> = {},
  rootTitle: string = ALL_PANELS_TITLE,
): ScopeTreeNode {
  const root: ScopeTreeNode = { key: ROOT_ID, title: rootTitle, kind: 'ROOT', children: [] };
  const seen = new Set<string>([ROOT_ID]);
  const visit = (id: string, parent: ScopeTreeNode): void => {
    for (const childId of layout[id]?.children ?? []) {
      const child = layout[childId];
      if (!child || seen.has(childId)) continue;
      seen.add(childId);
      if (child.type === 'CHART') {
        const chartId = child.meta?.chartId;
        const name =
          child.meta?.sliceNameOverride ||
          (typeof chartId === 'number' ? chartNames[chartId] : undefined) ||
          child.meta?.sliceName ||
          (typeof chartId === 'number' ? String(chartId) : child.id);
        const node: ScopeTreeNode = { key: child.id, title: name, kind: 'CHART', children: [] };
        if (typeof chartId === 'number') node.chartId = chartId;
        parent.children.push(node);
      } else if (child.type === 'TAB') {
        const title =
          (typeof child.meta?.text === 'string' && child.meta.text) ||
          (typeof child.meta?.defaultText === 'string' && child.meta.defaultText) ||
          child.id;
        const node: ScopeTreeNode = { key: child.id, title, kind: 'TAB', children: [] };
        visit(childId, node);
        if (node.children.length) parent.children.push(node);
      } else {
        visit(childId, parent);
      }
    }
  };
  visit(ROOT_ID, root);
  return root;
}

/** Every key of a tree (for expanding it all). */
export function scopeTreeKeys(node: ScopeTreeNode): string[] {
  return [node.key, ...node.children.flatMap(scopeTreeKeys)];
}

/** Whether a scope is the whole dashboard with nothing excluded ("Apply to all panels"). */
export function isScopingAll(scope: NativeFilterScope): boolean {
  return scope.rootPath[0] === ROOT_ID && scope.excluded.length === 0;
}

/**
 * The checked chart keys (layout ids) of a scope: the charts at or below a root path component
 * (`ROOT_ID`: the whole attached layout) that are not excluded.
 */
export function checkedKeysFromScope(scope: NativeFilterScope, layout: DashboardLayout): string[] {
  const excluded = new Set(scope.excluded);
  const out = new Set<string>();
  for (const root of scope.rootPath) {
    if (!layout[root]) continue;
    for (const id of [root, ...descendants(layout, root)]) {
      const c = layout[id];
      const chartId = c?.meta?.chartId;
      if (c?.type === 'CHART' && typeof chartId === 'number' && !excluded.has(chartId)) {
        out.add(id);
      }
    }
  }
  return [...out];
}

/** The tree path of a component: the dashboard root, then the tabs above it, outermost first. */
function treePath(layout: DashboardLayout, id: string): string[] {
  return [ROOT_ID, ...ancestors(layout, id).filter((a) => layout[a]?.type === 'TAB')];
}

/**
 * The scope of checked keys (Superset's `findFilterScope`): only chart keys count; every checked
 * chart's tree path is cut at the depth of the shallowest one, the components found there are
 * the root path, and the unchecked charts below them are excluded. Every chart checked: the
 * whole dashboard (where Superset would list the top-level tabs), so charts added later are in
 * scope too. No chart checked: an empty scope.
 */
export function scopeFromCheckedKeys(
  checkedKeys: readonly string[],
  layout: DashboardLayout,
): NativeFilterScope {
  const chartKeys = checkedKeys.filter((k) => layout[k]?.type === 'CHART');
  if (chartKeys.length === 0) return { rootPath: [], excluded: [] };
  const every = checkedKeysFromScope(defaultScope(), layout);
  if (every.every((k) => chartKeys.includes(k))) return defaultScope();
  const paths = chartKeys.map((k) => treePath(layout, k));
  const depth = Math.min(...paths.map((p) => p.length));
  const rootPath = [...new Set(paths.map((p) => p[depth - 1]!))];
  const checked = new Set(chartKeys);
  const checkedCharts = new Set(chartKeys.map((k) => layout[k]?.meta?.chartId));
  const roots = new Set(rootPath);
  const excluded = new Set<number>();
  for (const component of Object.values(layout)) {
    if (component?.type !== 'CHART' || checked.has(component.id)) continue;
    const chartId = component.meta?.chartId;
    if (typeof chartId !== 'number' || checkedCharts.has(chartId)) continue;
    if (treePath(layout, component.id).some((p) => roots.has(p))) excluded.add(chartId);
  }
  return { rootPath, excluded: [...excluded].sort((a, b) => a - b) };
}
