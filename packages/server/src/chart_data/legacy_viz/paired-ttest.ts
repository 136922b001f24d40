/**
 * `paired_ttest` (viz.py `PairedTTestViz`): a time series of the metrics by the group-by; data
 * `{<metric>: [{group, values: [{x: epoch ms, y}]}]}` — `group` the list of group-by values as
 * they are (`"All"` without a group-by), one entry per pivoted column (pandas' sorted order,
 * columns without any value left out); no rows → null.
 */
import type { QueryMetric, QueryObject } from '@strata/core';
import { pivot } from './nvd3-time-series.js';
import {
  asList,
  columnLabel,
  formMetrics,
  jsonNumber,
  metricLabel,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

export function pairedTTestQueryObject(base: QueryObject, formData: FormData): QueryObject {
  const { metrics } = formMetrics(formData);
  const sortBy = formData.timeseries_limit_metric as QueryMetric | undefined;
  let orderby: QueryObject['orderby'];
  if (sortBy) {
    const label = metricLabel(sortBy);
    if (label !== null && !metrics.some((m) => metricLabel(m) === label)) metrics.push(sortBy);
    if (formData.order_desc) orderby = [[sortBy, false]];
  }
  const groupby: unknown[] = [];
  const seen = new Set<string>();
  for (const c of [...asList(formData.groupby), ...asList(formData.columns)]) {
    const label = columnLabel(c);
    if (label === null || seen.has(label)) continue;
    seen.add(label);
    groupby.push(c);
  }
  return {
    ...base,
    columns: groupby as QueryObject['columns'],
    metrics: metrics.length ? metrics : null,
    is_timeseries: true,
    orderby,
  };
}

export interface TTestGroup {
  group: unknown[] | 'All';
  values: Array<{ x: number; y: number | null }>;
}

export function pairedTTestData(
  rows: readonly Row[],
  formData: FormData,
): Record<string, TTestGroup[]> | null {
  if (rows.length === 0) return null;
  const groupby = asList(formData.groupby)
    .map(columnLabel)
    .filter((l): l is string => l !== null);
  const { labels } = formMetrics(formData);
  const { index, columns } = pivot(rows, labels, groupby);
  const out: Record<string, TTestGroup[]> = {};
  for (const col of columns) {
    const values = index.map((x) => ({ x, y: jsonNumber(col.values.get(x) ?? Number.NaN) }));
    // pivot_table drops the columns that have no value at all.
    if (!values.some((p) => p.y !== null)) continue;
    (out[col.metric] ??= []).push({ group: groupby.length ? col.groups : 'All', values });
  }
  return out;
}

export const pairedTTest: LegacyViz = {
  className: 'PairedTTestViz',
  queryObject: pairedTTestQueryObject,
  data: pairedTTestData,
};
