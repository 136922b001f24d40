/**
 * `chord` (viz.py `ChordViz`): one metric grouped by a source column (`groupby`) and a target
 * column (`columns`); data `{nodes, matrix}`, the square matrix d3-chord reads: row i, column j
 * is the value from `nodes[j]` to `nodes[i]` (0 where there is no row), as Superset builds it.
 * Superset lists the nodes in Python set order (arbitrary); here in order of first appearance.
 */
import type { QueryMetric, QueryObject } from '@strata/core';
import { ApiError } from '../../api/errors.js';
import {
  asList,
  checkDenseCells,
  columnLabel,
  jsonNumber,
  metricLabel,
  toNumber,
  type FormData,
  type LegacyViz,
  type Row,
} from './common.js';

/** The one column of a single-column control (a value, or a list of one). */
const single = (value: unknown): unknown => asList(value)[0];

export function chordQueryObject(base: QueryObject, formData: FormData): QueryObject {
  const source = single(formData.groupby);
  const target = single(formData.columns);
  if (columnLabel(source) === null || columnLabel(target) === null)
    throw new ApiError(
      400,
      'Bad request: the chord needs a source (groupby) and a target (columns)',
    );
  if (metricLabel(formData.metric) === null) throw new ApiError(400, 'Must specify a metric');
  const metric = formData.metric as QueryMetric;
  return {
    ...base,
    columns: [source, target] as QueryObject['columns'],
    metrics: [metric],
    is_timeseries: false,
    orderby: formData.sort_by_metric === true ? [[metric, false]] : undefined,
  };
}

export function chordData(
  rows: readonly Row[],
  formData: FormData,
): { nodes: unknown[]; matrix: Array<Array<number | null>> } | null {
  if (rows.length === 0) return null;
  const source = columnLabel(single(formData.groupby)) ?? '';
  const target = columnLabel(single(formData.columns)) ?? '';
  const metric = metricLabel(formData.metric) ?? '';
  const nodes: unknown[] = [];
  const index = new Map<unknown, number>();
  const node = (v: unknown): number => {
    let i = index.get(v);
    if (i === undefined) {
      index.set(v, (i = nodes.length));
      nodes.push(v);
    }
    return i;
  };
  const links: Array<[number, number, number | null]> = rows.map((row) => [
    node(row[source] ?? null),
    node(row[target] ?? null),
    jsonNumber(toNumber(row[metric])),
  ]);
  checkDenseCells(nodes.length * nodes.length, 'chord matrix (nodes × nodes)');
  const matrix = nodes.map(() => nodes.map((): number | null => 0));
  for (const [s, t, v] of links) matrix[t]![s] = v;
  return { nodes, matrix };
}

export const chord: LegacyViz = {
  className: 'ChordViz',
  queryObject: chordQueryObject,
  data: chordData,
};
