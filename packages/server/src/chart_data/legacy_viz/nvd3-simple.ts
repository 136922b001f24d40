/**
 * The NVD3 charts of viz.py that are not time series: `bubble` (`BubbleViz`: one row per entity
 * with x, y and size metrics, grouped into series by `series`) and `bullet` (`BulletViz`: the
 * metric's values as `measures`).
 */
import type { QueryMetric, QueryObject } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import {
  columnLabel,
  formMetrics,
  jsonNumber,
  metricLabel,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

export function bubbleQueryObject(base: QueryObject, formData: FormData): QueryObject {
  const columns: unknown[] = [];
  for (const c of [formData.entity, formData.series]) {
    const label = columnLabel(c);
    if (label !== null && !columns.some((o) => columnLabel(o) === label)) columns.push(c);
  }
  // Superset's own messages, in its order.
  if (formMetrics(formData).labels.length < 3)
    throw new ApiError(400, 'Please use 3 different metric labels');
  const metrics = [formData.size, formData.x, formData.y];
  if (metrics.some((m) => metricLabel(m) === null) || columnLabel(formData.entity) === null)
    throw new ApiError(400, 'Pick a metric for x, y and size');
  const limit = Number(formData.limit);
  return {
    ...base,
    columns: columns as QueryObject['columns'],
    metrics: metrics as QueryMetric[],
    row_limit: Number.isSafeInteger(limit) && limit > 0 ? limit : null,
    is_timeseries: false,
  };
}

export function bubbleData(
  rows: readonly Row[],
  formData: FormData,
): Array<{ key: unknown; values: Row[] }> | null {
  if (rows.length === 0) return null;
  const { labels } = formMetrics(formData);
  const x = metricLabel(formData.x) ?? '';
  const y = metricLabel(formData.y) ?? '';
  const size = metricLabel(formData.size) ?? '';
  const series = columnLabel(formData.series || formData.entity) ?? '';
  const groups = new Map<unknown, Row[]>();
  for (const row of rows) {
    const out: Row = { ...row };
    for (const m of labels) if (m in out) out[m] = jsonNumber(toNumber(out[m]));
    out.x = out[x] ?? null;
    out.y = out[y] ?? null;
    out.size = out[size] ?? null;
    out.shape = 'circle';
    out.group = out[series] ?? null;
    const list = groups.get(out.group);
    if (list) list.push(out);
    else groups.set(out.group, [out]);
  }
  return [...groups].map(([key, values]) => ({ key, values }));
}

export function bulletQueryObject(base: QueryObject, formData: FormData): QueryObject {
  if (metricLabel(formData.metric) === null) throw new ApiError(400, 'Pick a metric to display');
  return { ...base, metrics: [formData.metric as QueryMetric], is_timeseries: false };
}

export function bulletData(
  rows: readonly Row[],
  formData: FormData,
): { measures: Array<number | null> } | null {
  if (rows.length === 0) return null;
  const metric = metricLabel(formData.metric) ?? '';
  return { measures: rows.map((row) => jsonNumber(toNumber(row[metric]))) };
}

export const bubble: LegacyViz = {
  className: 'BubbleViz',
  queryObject: bubbleQueryObject,
  data: bubbleData,
};

export const bullet: LegacyViz = {
  className: 'BulletViz',
  queryObject: bulletQueryObject,
  data: bulletData,
};
