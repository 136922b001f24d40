/**
 * Which items of a chart's form data the dataset does not have (spec 001 §2 "Dataset control
 * warnings"): a saved metric it has no more, a simple metric or filter on a column it lacks, a
 * column it lacks. Such items stay in the controls, marked with the spec's warning, rather than
 * dropped: the user sees what the chart relied on and removes or replaces it (after a swap, or
 * after the dataset was edited). SQL expressions cannot be checked and are never marked.
 */
import { MESSAGES, getColumnLabel, getMetricLabel } from '@strata/core';
import type { QueryFormData } from '@strata/core';
import type { ExploreDatasource } from '@strata/charts';

export type DatasetItemKind = 'column' | 'metric' | 'filter';

/** The warning of each kind of item, verbatim from the spec. */
export const INCOMPATIBLE_MESSAGES: Record<DatasetItemKind, string> = {
  column: MESSAGES.incompatibleColumn,
  metric: MESSAGES.incompatibleMetric,
  filter: MESSAGES.incompatibleFilter,
};

/** Form fields holding metrics of the dataset. */
export const METRIC_FIELDS = [
  'metrics',
  'metric',
  'metric_2',
  'secondary_metric',
  'percent_metrics',
  'x',
  'y',
  'size',
  'series_limit_metric',
  'timeseries_limit_metric',
] as const;
/** Form fields holding columns of the dataset. */
export const COLUMN_FIELDS = [
  'groupby',
  'columns',
  'all_columns',
  'series',
  'entity',
  'x_axis',
  'granularity_sqla',
] as const;
/** Form fields holding adhoc filters. */
export const FILTER_FIELDS = ['adhoc_filters'] as const;

/** The names a dataset has, to check items against. */
export interface DatasetNames {
  columns: ReadonlySet<string>;
  metrics: ReadonlySet<string>;
}

/**
 * The dataset's column and metric names; null when there is nothing to check against (no
 * dataset, or one without columns: a missing dataset, whose own warning says so).
 */
export function datasetNames(ds: ExploreDatasource | null | undefined): DatasetNames | null {
  if (!ds || ds.columns.length === 0) return null;
  return {
    columns: new Set(ds.columns.map((c) => c.column_name)),
    metrics: new Set(ds.metrics.map((m) => m.metric_name)),
  };
}

const record = (v: unknown): Record<string, unknown> | null =>
  typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : null;

/** A column named by the item that the dataset lacks (SQL columns are not checked). */
export function isUnknownColumn(item: unknown, names: DatasetNames | null): boolean {
  return names !== null && typeof item === 'string' && !names.columns.has(item);
}

/** A saved metric the dataset lacks, or a simple metric on a column it lacks. */
export function isUnknownMetric(item: unknown, names: DatasetNames | null): boolean {
  if (names === null) return false;
  if (typeof item === 'string') return !names.metrics.has(item);
  const m = record(item);
  if (!m || m.expressionType === 'SQL') return false;
  const column = record(m.column)?.column_name;
  return typeof column === 'string' && !names.columns.has(column);
}

/** A simple filter on a column the dataset lacks. */
export function isUnknownFilter(item: unknown, names: DatasetNames | null): boolean {
  if (names === null) return false;
  const f = record(item);
  if (!f || f.expressionType === 'SQL') return false;
  return typeof f.subject === 'string' && f.subject !== '' && !names.columns.has(f.subject);
}

/** One item of the form data the dataset does not have. */
export interface UnknownItem {
  field: string;
  kind: DatasetItemKind;
  label: string;
}

const listOf = (v: unknown): unknown[] =>
  Array.isArray(v) ? (v as unknown[]) : v === undefined || v === null ? [] : [v];

function itemLabel(kind: DatasetItemKind, item: unknown): string {
  if (kind === 'metric') return getMetricLabel(item as Parameters<typeof getMetricLabel>[0]);
  if (kind === 'column') return getColumnLabel(item as Parameters<typeof getColumnLabel>[0]);
  return String(record(item)?.subject ?? '');
}

/** Every item of the form data that the dataset does not have, field by field. */
export function unknownItems(
  formData: QueryFormData,
  ds: ExploreDatasource | null | undefined,
): UnknownItem[] {
  const names = datasetNames(ds);
  if (names === null) return [];
  const checks: Array<[readonly string[], DatasetItemKind, typeof isUnknownColumn]> = [
    [METRIC_FIELDS, 'metric', isUnknownMetric],
    [COLUMN_FIELDS, 'column', isUnknownColumn],
    [FILTER_FIELDS, 'filter', isUnknownFilter],
  ];
  const out: UnknownItem[] = [];
  for (const [fields, kind, unknown] of checks) {
    for (const field of fields) {
      for (const item of listOf(formData[field])) {
        if (unknown(item, names)) out.push({ field, kind, label: itemLabel(kind, item) });
      }
    }
  }
  return out;
}
