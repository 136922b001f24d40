/**
 * Dashboard filters reach a chart as `extra_form_data` (native filters, cross filters) or, in
 * older charts, as `extra_filters`. Superset merges them in two places, both here: into a query
 * object (the web's buildQueryObject: filters appended, time fields overridden) and into legacy
 * form data (the server's explore_json path: merge_extra_form_data and merge_extra_filters).
 */
import type { AdhocFilter, QueryFilterClause, QueryObject } from './types.js';

export interface ExtraFormData {
  filters?: QueryFilterClause[];
  adhoc_filters?: AdhocFilter[];
  granularity?: string;
  granularity_sqla?: string;
  time_range?: string;
  time_column?: string;
  time_grain?: string;
  time_grain_sqla?: string;
  relative_start?: string;
  relative_end?: string;
  interactive_groupby?: unknown[];
  interactive_highlight?: unknown[];
  interactive_drilldown?: unknown[];
  custom_form_data?: Record<string, unknown>;
}

/** Keys appended to the chart's own values. */
export const EXTRA_FORM_DATA_APPEND_KEYS = [
  'adhoc_filters',
  'filters',
  'interactive_groupby',
  'interactive_highlight',
  'interactive_drilldown',
  'custom_form_data',
] as const;
/** Keys that replace a query object field: source → target. */
export const EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS: Record<string, string> = {
  granularity: 'granularity',
  granularity_sqla: 'granularity',
  time_column: 'time_column',
  time_grain: 'time_grain',
  time_range: 'time_range',
};
/** Keys that replace a field of the query object's `extras`. */
export const EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS = [
  'relative_start',
  'relative_end',
  'time_grain_sqla',
] as const;

/** Time overrides of an extra form data applied to a query object. */
export function overrideExtraFormData(query: QueryObject, extra: ExtraFormData): QueryObject {
  const out: Record<string, unknown> = { ...query };
  for (const [source, target] of Object.entries(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS)) {
    const value = (extra as Record<string, unknown>)[source];
    if (value !== undefined && value !== null) out[target] = value;
  }
  const extras: Record<string, unknown> = { ...(query.extras ?? {}) };
  let changed = false;
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) {
    const value = extra[key];
    if (value !== undefined && value !== null) {
      extras[key] = value;
      changed = true;
    }
  }
  if (changed || query.extras) out.extras = extras;
  return out as QueryObject;
}

/** A simple `{col, op, val}` filter as an adhoc filter (Superset's simple_filter_to_adhoc). */
export function simpleFilterToAdhoc(
  filter: QueryFilterClause & { isExtra?: boolean },
): AdhocFilter {
  return {
    expressionType: 'SIMPLE',
    clause: 'WHERE',
    subject: filter.col,
    operator: filter.op,
    comparator: filter.val,
    ...(filter.isExtra ? { isExtra: true } : {}),
  } as AdhocFilter;
}

const LEGACY_TIME_FILTERS: Record<string, string> = {
  __time_range: 'time_range',
  __time_col: 'granularity_sqla',
  __time_grain: 'time_grain_sqla',
  __granularity: 'granularity',
};

const filterKey = (subject: unknown, operator: unknown) =>
  `${String(subject)}__${String(operator)}`;

/**
 * Legacy form data with its `extra_form_data` and `extra_filters` merged in (Superset's
 * merge_extra_filters + merge_extra_form_data): appended adhoc filters marked `isExtra`, time
 * overrides, `applied_time_extras`, and legacy filters not added twice. Returns a new object.
 */
export function mergeExtraFormData(input: Record<string, unknown>): Record<string, unknown> {
  const formData: Record<string, unknown> = { ...input };
  const extra = (formData.extra_form_data ?? {}) as ExtraFormData;
  delete formData.extra_form_data;
  const appliedTimeExtras: Record<string, unknown> = {
    ...((formData.applied_time_extras as Record<string, unknown> | undefined) ?? {}),
  };
  const adhoc: AdhocFilter[] = [...((formData.adhoc_filters as AdhocFilter[] | undefined) ?? [])];

  for (const [source, target] of Object.entries(EXTRA_FORM_DATA_OVERRIDE_REGULAR_MAPPINGS)) {
    const value = (extra as Record<string, unknown>)[source];
    if (value !== undefined && value !== null) formData[target] = value;
  }
  const extras: Record<string, unknown> = {
    ...((formData.extras as Record<string, unknown> | undefined) ?? {}),
  };
  for (const key of EXTRA_FORM_DATA_OVERRIDE_EXTRA_KEYS) {
    const value = extra[key];
    if (value !== undefined && value !== null) extras[key] = value;
  }
  if (Object.keys(extras).length) formData.extras = extras;
  for (const f of extra.adhoc_filters ?? []) adhoc.push({ ...f, isExtra: true });
  for (const f of extra.filters ?? [])
    if (f) adhoc.push(simpleFilterToAdhoc({ ...f, isExtra: true }));
  if (formData.time_range && !formData.granularity_sqla) {
    for (let i = 0; i < adhoc.length; i += 1) {
      if (adhoc[i]!.operator === 'TEMPORAL_RANGE')
        adhoc[i] = { ...adhoc[i]!, comparator: formData.time_range } as AdhocFilter;
    }
  }

  const legacy = formData.extra_filters as
    Array<{ col: string; op: string; val: unknown }> | undefined;
  if (Array.isArray(legacy)) {
    const existing = new Map<string, unknown>();
    for (const f of adhoc) {
      if (
        f.expressionType === 'SIMPLE' &&
        f.comparator !== null &&
        f.comparator !== undefined &&
        f.subject !== null &&
        f.subject !== undefined
      )
        existing.set(filterKey(f.subject, f.operator), f.comparator);
    }
    for (const f of legacy) {
      if (!f || typeof f.col !== 'string') continue;
      const timeField = LEGACY_TIME_FILTERS[f.col];
      if (timeField) {
        if (f.val && f.val !== 'No filter') {
          formData[timeField] = f.val;
          appliedTimeExtras[f.col] = f.val;
        }
        continue;
      }
      const empty =
        f.val === null ||
        f.val === undefined ||
        f.val === '' ||
        (Array.isArray(f.val) && f.val.length === 0);
      if (empty) continue;
      const key = filterKey(f.col, f.op);
      if (existing.has(key)) {
        const known = existing.get(key);
        const same = Array.isArray(f.val)
          ? Array.isArray(known) &&
            new Set(known.map(String)).size === new Set(f.val.map(String)).size &&
            f.val.every((v) => known.map(String).includes(String(v)))
          : f.val === known;
        if (same) continue;
      }
      adhoc.push(
        simpleFilterToAdhoc({
          col: f.col,
          op: f.op,
          val: f.val,
          isExtra: true,
        } as QueryFilterClause),
      );
    }
    delete formData.extra_filters;
  }
  formData.adhoc_filters = adhoc;
  formData.applied_time_extras = appliedTimeExtras;
  return formData;
}
