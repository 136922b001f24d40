/**
 * Native filters on the dashboard, as plain data (no React, no fetch): how Superset's
 * `json_metadata.native_filter_configuration` and the dashboard's data mask become the
 * `extra_form_data` each chart receives.
 *
 * - `parseNativeFilters` reads the stored configuration tolerantly (a corrupt entry is skipped
 *   and reported, never thrown).
 * - `chartsInFilterScope` gives the charts a filter applies to: its saved `chartsInScope`, or
 *   else the charts under its `scope.rootPath` in the layout minus `scope.excluded`.
 * - `initialDataMask` is Superset's load rule: every native filter starts from its
 *   `defaultDataMask`, and a mask from the address or a stored filter state wins, part by part.
 * - `nativeExtraFormData` merges, in configuration order, the `extraFormData` of the filters in
 *   a chart's scope with Superset's rule (`combineExtraFormData`): list keys are appended, time
 *   keys are overridden by the later filter.
 * - `parseNativeFiltersParam` reads the rison `native_filters` URL parameter.
 * - `appliedNativeFilters` says, in words, which filters currently apply and with what value.
 *
 * Matching a filter's target dataset against the chart's dataset is done elsewhere: the scope
 * here is purely the layout's.
 */
import {
  EXTRA_FORM_DATA_APPEND_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS,
  EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS,
  NO_TIME_RANGE,
  ROOT_ID,
  risonDecode,
  type DashboardLayout,
  type ExtraFormData,
} from '@strata/core';
import type { DataMask } from '@strata/charts';
import { tabsHoldingCharts } from './layout/tree';

export const NATIVE_FILTER_TYPE = 'NATIVE_FILTER';
export const DIVIDER_TYPE = 'DIVIDER';
export type NativeFilterKind = typeof NATIVE_FILTER_TYPE | typeof DIVIDER_TYPE;

/** A column (and its dataset) a filter targets; time filters have an empty target. */
export interface NativeFilterTarget {
  datasetId?: number;
  datasetUuid?: string;
  column?: { name: string; displayName?: string };
}

/** Where a filter applies: layout component ids (`ROOT_ID` is the whole dashboard), minus charts. */
export interface NativeFilterScope {
  rootPath: string[];
  excluded: number[];
}

/** One entry of `native_filter_configuration`, read into a known shape. */
export interface NativeFilter {
  id: string;
  type: NativeFilterKind;
  /** The filter's name (a divider's title). */
  name: string;
  /** `filter_select`, `filter_range`, `filter_time`, ...; empty for a divider. */
  filterType: string;
  description: string;
  targets: NativeFilterTarget[];
  controlValues: Record<string, unknown>;
  defaultDataMask: DataMask;
  cascadeParentIds: string[];
  scope: NativeFilterScope;
  /** The charts in scope as Superset saved them, when it did. */
  chartsInScope?: number[];
  tabsInScope?: string[];
  requiredFirst?: boolean;
  sortMetric?: string | null;
  adhoc_filters?: unknown[];
  time_range?: string;
  granularity_sqla?: string;
}

/** A data mask with the id it is stored under (a native filter id, or a chart id for a cross filter). */
export type DataMaskWithId = DataMask & { id: string };

/** A filter currently applied, in words. */
export interface AppliedNativeFilter {
  id: string;
  name: string;
  value: string;
}

type PlainObject = Record<string, unknown>;

export const isPlainObject = (v: unknown): v is PlainObject =>
  !!v && typeof v === 'object' && !Array.isArray(v);

const CHART_ID_KEY = /^[1-9][0-9]*$/;

/** Superset's display of a null value. */
const NULL_DISPLAY = 'N/A';

function toInteger(v: unknown): number | null {
  if (typeof v === 'number' && Number.isInteger(v)) return v;
  if (typeof v === 'string' && /^-?[0-9]+$/.test(v.trim())) return Number(v);
  return null;
}

function integers(v: unknown): number[] {
  if (!Array.isArray(v)) return [];
  const out: number[] = [];
  for (const item of v) {
    const n = toInteger(item);
    if (n !== null) out.push(n);
  }
  return out;
}

function strings(v: unknown): string[] {
  return Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : [];
}

/**
 * A data mask read from untrusted data: only the parts that are objects, and the 2021 URL
 * format's `currentState` taken as `filterState`. Null when the value is not an object.
 */
function readDataMask(v: unknown): DataMask | null {
  if (!isPlainObject(v)) return null;
  const mask: DataMask = {};
  if (isPlainObject(v.extraFormData)) mask.extraFormData = v.extraFormData;
  if (isPlainObject(v.filterState)) mask.filterState = v.filterState;
  else if (isPlainObject(v.currentState)) mask.filterState = v.currentState;
  if (isPlainObject(v.ownState)) mask.ownState = v.ownState;
  return mask;
}

function readTarget(v: unknown): NativeFilterTarget | null {
  if (!isPlainObject(v)) return null;
  const target: NativeFilterTarget = {};
  const datasetId = toInteger(v.datasetId);
  if (datasetId !== null) target.datasetId = datasetId;
  if (typeof v.datasetUuid === 'string') target.datasetUuid = v.datasetUuid;
  if (isPlainObject(v.column) && typeof v.column.name === 'string') {
    target.column = { name: v.column.name };
    if (typeof v.column.displayName === 'string') target.column.displayName = v.column.displayName;
  }
  return target;
}

function readScope(v: unknown): NativeFilterScope | null {
  if (!isPlainObject(v) || !Array.isArray(v.rootPath)) return null;
  return { rootPath: strings(v.rootPath), excluded: integers(v.excluded) };
}

/** How an entry is called in a problem sentence: its name when it has one, else its position. */
function describeEntry(entry: PlainObject, index: number): string {
  const label = typeof entry.name === 'string' && entry.name ? entry.name : entry.title;
  return typeof label === 'string' && label
    ? `Native filter ${index + 1} ("${label}")`
    : `Native filter ${index + 1}`;
}

/**
 * Reads `native_filter_configuration`. Entries that are not objects or have no string id are
 * skipped, a repeated id keeps its first entry, a missing `type` means a filter (Superset's
 * oldest configurations), and a filter without a readable scope applies to the whole dashboard.
 * Dividers are kept (type `DIVIDER`) so the filter bar can show them; they never filter.
 */
export function parseNativeFilters(raw: unknown): { filters: NativeFilter[]; problems: string[] } {
  const filters: NativeFilter[] = [];
  const problems: string[] = [];
  if (raw === null || raw === undefined) return { filters, problems };
  if (!Array.isArray(raw)) {
    problems.push('The native filter configuration is not a list: no native filters are used.');
    return { filters, problems };
  }
  const seen = new Set<string>();
  raw.forEach((entry: unknown, index) => {
    if (!isPlainObject(entry)) {
      problems.push(`Native filter ${index + 1} is not an object and is ignored.`);
      return;
    }
    const what = describeEntry(entry, index);
    if (typeof entry.id !== 'string' || !entry.id) {
      problems.push(`${what} has no id and is ignored.`);
      return;
    }
    const id = entry.id;
    if (seen.has(id)) {
      problems.push(`${what} repeats the id ${id} and is ignored.`);
      return;
    }
    seen.add(id);

    let type: NativeFilterKind = NATIVE_FILTER_TYPE;
    if (entry.type === DIVIDER_TYPE) type = DIVIDER_TYPE;
    else if (entry.type !== undefined && entry.type !== NATIVE_FILTER_TYPE) {
      problems.push(`${what} has an unknown type (${String(entry.type)}): it is read as a filter.`);
    }

    const description = typeof entry.description === 'string' ? entry.description : '';
    if (type === DIVIDER_TYPE) {
      const title = typeof entry.title === 'string' ? entry.title : entry.name;
      filters.push({
        id,
        type,
        name: typeof title === 'string' ? title : '',
        filterType: '',
        description,
        targets: [],
        controlValues: {},
        defaultDataMask: {},
        cascadeParentIds: [],
        scope: { rootPath: [], excluded: [] },
      });
      return;
    }

    let scope = readScope(entry.scope);
    if (!scope) {
      problems.push(`${what} has no valid scope: it applies to the whole dashboard.`);
      scope = { rootPath: [ROOT_ID], excluded: [] };
    }
    const targets = Array.isArray(entry.targets)
      ? entry.targets.map(readTarget).filter((t): t is NativeFilterTarget => t !== null)
      : [];
    const filter: NativeFilter = {
      id,
      type,
      name: typeof entry.name === 'string' && entry.name ? entry.name : id,
      filterType: typeof entry.filterType === 'string' ? entry.filterType : '',
      description,
      targets,
      controlValues: isPlainObject(entry.controlValues) ? entry.controlValues : {},
      defaultDataMask: readDataMask(entry.defaultDataMask) ?? {},
      cascadeParentIds: strings(entry.cascadeParentIds),
      scope,
    };
    if (Array.isArray(entry.chartsInScope)) filter.chartsInScope = integers(entry.chartsInScope);
    if (Array.isArray(entry.tabsInScope)) filter.tabsInScope = strings(entry.tabsInScope);
    if (typeof entry.requiredFirst === 'boolean') filter.requiredFirst = entry.requiredFirst;
    if (typeof entry.sortMetric === 'string' || entry.sortMetric === null)
      filter.sortMetric = entry.sortMetric;
    if (Array.isArray(entry.adhoc_filters)) filter.adhoc_filters = entry.adhoc_filters;
    if (typeof entry.time_range === 'string') filter.time_range = entry.time_range;
    if (typeof entry.granularity_sqla === 'string')
      filter.granularity_sqla = entry.granularity_sqla;
    filters.push(filter);
  });
  return { filters, problems };
}

/** The chart ids of the CHART components at or below `start` (children followed, cycles cut). */
function chartsBelow(layout: DashboardLayout, start: string, out: Set<number>): void {
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const component = layout[id];
    if (!component) continue;
    const chartId = component.meta?.chartId;
    if (component.type === 'CHART' && typeof chartId === 'number') out.add(chartId);
    if (Array.isArray(component.children)) stack.push(...component.children);
  }
}

/**
 * The charts a filter applies to: every chart under a `scope.rootPath` component (`ROOT_ID`:
 * every chart of the layout), found by following children or by a chart's `parents` naming the
 * component (Superset's own test), minus `scope.excluded`; the saved `chartsInScope` list only
 * when the scope has no root path. A root path naming a missing component adds nothing;
 * dividers apply nowhere.
 */
export function chartsInFilterScope(filter: NativeFilter, layout: DashboardLayout): Set<number> {
  // Asked for every chart of the page on each filter change: computed once per layout.
  let byFilter = scopeCache.get(layout);
  if (!byFilter) {
    byFilter = new WeakMap();
    scopeCache.set(layout, byFilter);
  }
  let scope = byFilter.get(filter);
  if (!scope) {
    scope = computeChartsInScope(filter, layout);
    byFilter.set(filter, scope);
  }
  return scope;
}

/** Filter scopes by layout and filter (both kept as immutable values by the page). */
const scopeCache = new WeakMap<DashboardLayout, WeakMap<NativeFilter, Set<number>>>();

function computeChartsInScope(filter: NativeFilter, layout: DashboardLayout): Set<number> {
  if (filter.type === DIVIDER_TYPE) return new Set();
  // The scope decides (Superset derives `chartsInScope` from it); a saved list can be stale (a
  // layout changed since, or a bundle from another instance with its chart ids), so it is used
  // only when there is no root path.
  if (filter.scope.rootPath.length === 0) return new Set(filter.chartsInScope ?? []);
  const found = new Set<number>();
  const roots = new Set(filter.scope.rootPath);
  for (const root of roots) {
    if (root === ROOT_ID) {
      for (const c of Object.values(layout)) {
        if (c?.type === 'CHART' && typeof c.meta?.chartId === 'number') found.add(c.meta.chartId);
      }
    } else {
      chartsBelow(layout, root, found);
    }
  }
  for (const c of Object.values(layout)) {
    if (c?.type !== 'CHART' || typeof c.meta?.chartId !== 'number') continue;
    if (c.parents?.some((p) => roots.has(p))) found.add(c.meta.chartId);
  }
  for (const excluded of filter.scope.excluded) found.delete(excluded);
  return found;
}

/**
 * The data mask a dashboard opens with (Superset's hydration rule). Each native filter gets
 * empty parts, then its `defaultDataMask`'s parts, then the parts of the mask `fromUrl` has for
 * it (the `native_filters` parameter, a `native_filters_key` or permalink state): a part present
 * there wins, a part missing there keeps the default. Masks in `fromUrl` under other ids are kept
 * only for chart ids (cross filters: a positive integer); masks of removed filters, dividers and
 * anything else are dropped.
 */
export function initialDataMask(
  filters: readonly NativeFilter[],
  fromUrl?: Record<string, DataMask> | null,
): Record<string, DataMaskWithId> {
  const loaded: Record<string, unknown> = isPlainObject(fromUrl) ? fromUrl : {};
  const out: Record<string, DataMaskWithId> = {};
  const configured = new Set(filters.map((f) => f.id));
  for (const filter of filters) {
    if (filter.type !== NATIVE_FILTER_TYPE) continue;
    const fromDefault = filter.defaultDataMask;
    const given = Object.hasOwn(loaded, filter.id) ? readDataMask(loaded[filter.id]) : null;
    out[filter.id] = {
      id: filter.id,
      extraFormData: given?.extraFormData ?? fromDefault.extraFormData ?? {},
      filterState: given?.filterState ?? fromDefault.filterState ?? {},
      ownState: given?.ownState ?? fromDefault.ownState ?? {},
    };
  }
  for (const [id, value] of Object.entries(loaded)) {
    if (configured.has(id) || !CHART_ID_KEY.test(id)) continue;
    const mask = readDataMask(value);
    if (mask) out[id] = { id, ...mask };
  }
  return out;
}

const APPEND_KEYS: readonly string[] = EXTRA_FORM_DATA_APPEND_KEYS;
const OVERRIDE_KEYS: readonly string[] = [
  ...Object.keys(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS),
  ...EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS,
];

/**
 * Two extra form data merged with Superset's rule: list keys (`filters`, `adhoc_filters`,
 * `interactive_*`, ...) appended, `a`'s first, and kept only when the result is not empty; time
 * keys (`time_range`, `granularity_sqla`, `time_grain_sqla`, `relative_start`, ...) taken from
 * `b` when it has them, else from `a`. Other keys, and list keys whose value is not a list, are
 * left out. Returns a new object.
 */
export function combineExtraFormData(
  a: ExtraFormData | Record<string, unknown> = {},
  b: ExtraFormData | Record<string, unknown> = {},
): ExtraFormData {
  const first = a as Record<string, unknown>;
  const second = b as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const key of APPEND_KEYS) {
    const x = first[key];
    const y = second[key];
    const merged = [...(Array.isArray(x) ? x : []), ...(Array.isArray(y) ? y : [])];
    if (merged.length) out[key] = merged;
  }
  for (const key of OVERRIDE_KEYS) {
    if (second[key] !== undefined) out[key] = second[key];
    else if (first[key] !== undefined) out[key] = first[key];
  }
  return out as ExtraFormData;
}

/**
 * The `extra_form_data` native filters give a chart: the masks' `extraFormData` of every native
 * filter whose scope includes the chart, merged in configuration order (`combineExtraFormData`).
 * `{}` when none applies.
 */
export function nativeExtraFormData(
  chartId: number,
  filters: readonly NativeFilter[],
  dataMask: Readonly<Record<string, DataMask | undefined>>,
  layout: DashboardLayout,
): ExtraFormData {
  let out: ExtraFormData = {};
  for (const filter of filters) {
    if (filter.type !== NATIVE_FILTER_TYPE) continue;
    const extra = dataMask[filter.id]?.extraFormData;
    if (!isPlainObject(extra) || Object.keys(extra).length === 0) continue;
    if (!chartsInFilterScope(filter, layout).has(chartId)) continue;
    out = combineExtraFormData(out, extra);
  }
  return out;
}

/**
 * Reads the `native_filters` URL parameter (its decoded text): a rison object of masks by id,
 * `(NATIVE_FILTER-x:(id:NATIVE_FILTER-x,extraFormData:(...),filterState:(...),ownState:(...)))`,
 * older links carrying only some parts (or `currentState` for `filterState`). Entries that are not
 * objects are dropped; each kept mask gets its key as id. Null when the text is not a rison object.
 */
export function parseNativeFiltersParam(text: string): Record<string, DataMaskWithId> | null {
  if (typeof text !== 'string' || !text.trim()) return null;
  let value: unknown;
  try {
    value = risonDecode(text);
  } catch {
    return null;
  }
  const masks = readDataMasks(value);
  if (!masks) return null;
  return Object.fromEntries(Object.entries(masks).map(([id, mask]) => [id, { id, ...mask }]));
}

/**
 * Data masks by id from untrusted data (the `native_filters` parameter, a kept filter state, a
 * permalink's state): entries that are not objects dropped, each read as `readDataMask` does.
 * Null when the value is not an object.
 */
export function readDataMasks(value: unknown): Record<string, DataMask> | null {
  if (!isPlainObject(value)) return null;
  const out: Record<string, DataMask> = {};
  for (const [id, entry] of Object.entries(value)) {
    const mask = readDataMask(entry);
    if (mask) out[id] = mask;
  }
  return out;
}

function isEmptyValue(v: unknown): boolean {
  return (
    v === null ||
    v === undefined ||
    v === '' ||
    v === NO_TIME_RANGE ||
    (Array.isArray(v) && v.every((x) => x === null || x === undefined || x === ''))
  );
}

function displayScalar(v: unknown): string {
  if (v === null || v === undefined) return NULL_DISPLAY;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

function displayValue(filter: NativeFilter, value: unknown): string {
  if (Array.isArray(value)) {
    if (filter.filterType === 'filter_range' && value.length === 2) {
      const [min, max] = value as [unknown, unknown];
      const hasMin = min !== null && min !== undefined && min !== '';
      const hasMax = max !== null && max !== undefined && max !== '';
      if (hasMin && hasMax) return `${displayScalar(min)} – ${displayScalar(max)}`;
      if (hasMin) return `≥ ${displayScalar(min)}`;
      return `≤ ${displayScalar(max)}`;
    }
    return value.map(displayScalar).join(', ');
  }
  return displayScalar(value);
}

/** What an extra form data does, in words (masks that carry no filter state). */
function describeExtraFormData(extra: PlainObject): string {
  const parts: string[] = [];
  if (typeof extra.time_range === 'string') parts.push(extra.time_range);
  for (const key of ['granularity_sqla', 'time_column', 'time_grain_sqla', 'time_grain']) {
    if (typeof extra[key] === 'string') parts.push(extra[key]);
  }
  if (Array.isArray(extra.filters)) {
    for (const clause of extra.filters) {
      if (!isPlainObject(clause) || clause.val === undefined) continue;
      parts.push(
        Array.isArray(clause.val)
          ? clause.val.map(displayScalar).join(', ')
          : displayScalar(clause.val),
      );
    }
  }
  return parts.join('; ');
}

/**
 * The native filters that currently apply, in configuration order, with their value in words:
 * the filter state's `label` when the filter set one (Superset's filters do), else its `value`
 * (lists joined with ", ", a range as "min – max", a time range as is), else a summary of the
 * mask's `extraFormData`. Filters with an empty value ("No filter", []) and no extra form data
 * are left out, as are dividers.
 */
export function appliedNativeFilters(
  filters: readonly NativeFilter[],
  dataMask: Readonly<Record<string, DataMask | undefined>>,
): AppliedNativeFilter[] {
  const out: AppliedNativeFilter[] = [];
  for (const filter of filters) {
    if (filter.type !== NATIVE_FILTER_TYPE) continue;
    const mask = dataMask[filter.id];
    if (!mask) continue;
    const state = isPlainObject(mask.filterState) ? mask.filterState : {};
    const extra = isPlainObject(mask.extraFormData) ? mask.extraFormData : {};
    let value = '';
    if (!isEmptyValue(state.value)) {
      value =
        typeof state.label === 'string' && state.label.trim()
          ? state.label
          : displayValue(filter, state.value);
    } else if (Object.keys(extra).length) {
      value = describeExtraFormData(extra);
    }
    if (value) out.push({ id: filter.id, name: filter.name, value });
  }
  return out;
}

/**
 * The native filters that act on none of the charts on screen (their charts are all in tabs not
 * shown, or they have none): the filter bar lists them apart, as "out of scope".
 */
export function filtersOutOfScope(
  filters: readonly NativeFilter[],
  layout: DashboardLayout,
  visibleChartIds: readonly number[],
): Set<string> {
  const visible = new Set(visibleChartIds);
  const out = new Set<string>();
  for (const f of filters) {
    if (f.type !== NATIVE_FILTER_TYPE) continue;
    const charts = chartsInFilterScope(f, layout);
    if (![...charts].some((id) => visible.has(id))) out.add(f.id);
  }
  return out;
}

/**
 * `native_filter_configuration` with each filter's saved `chartsInScope` and `tabsInScope`
 * recomputed from its `scope` on `layout` (saved with a new layout, so that charts added since the
 * filters were configured are in their scope). Entries without a valid scope, dividers and
 * anything unreadable are kept as they are.
 */
export function refreshFilterScopes(configuration: unknown, layout: DashboardLayout): unknown {
  if (!Array.isArray(configuration)) return configuration;
  return configuration.map((entry: unknown) => {
    if (!isPlainObject(entry) || (entry.type ?? NATIVE_FILTER_TYPE) !== NATIVE_FILTER_TYPE)
      return entry;
    const scope = readScope(entry.scope);
    if (!scope) return entry;
    const charts = computeChartsInScope(
      {
        id: '',
        type: NATIVE_FILTER_TYPE,
        name: '',
        filterType: '',
        description: '',
        targets: [],
        controlValues: {},
        defaultDataMask: {},
        cascadeParentIds: [],
        scope,
      },
      layout,
    );
    return {
      ...entry,
      chartsInScope: [...charts].sort((x, y) => x - y),
      tabsInScope: tabsHoldingCharts(layout, charts),
    };
  });
}
