/**
 * Superset's series limit: an inner query ranks the series (the series columns' values) by the
 * limit metric (else the first metric, else COUNT(*)) under the same WHERE conditions, keeps the
 * top N, and is joined back on the series columns, so the outer query returns only those series.
 * Ties are broken by the series values, so every engine keeps the same series.
 */
import type { QueryObject } from '@strata/core';
import { aliasFor, group, type Context } from './context.js';
import { renderSelect } from './render.js';
import { resolveMetric, type Resolved } from './resolve.js';
import { fromClause } from './source.js';

export const SERIES_LIMIT_ALIAS = 'series_limit';
export const INNER_METRIC_ALIAS = 'mme_inner__';

export interface SeriesLimit {
  dims: Resolved[];
  limit: number;
  rankMetric: QueryObject['series_limit_metric'];
  metrics: Resolved[];
  /** The outer query's WHERE conditions, without its time filter. */
  where: string[];
  /** The time filter of the inner query (inner_from_dttm / inner_to_dttm). */
  time: string | null;
  ascending: boolean;
}

/** What ranks the series: a metric of the query by label, a saved metric, or an adhoc metric. */
function rankSql(ctx: Context, s: SeriesLimit): string | null {
  const metric = s.rankMetric;
  if (metric == null) return null;
  if (typeof metric === 'string') {
    const selected = s.metrics.find((m) => m.label === metric);
    if (selected) return selected.sql;
  }
  return resolveMetric(ctx, metric).sql;
}

/** `from` joined to the inner query of the top series. */
export function seriesLimitJoin(ctx: Context, from: string, s: SeriesLimit): string {
  const innerAlias = (r: Resolved) => aliasFor(ctx, `${r.label}__`);
  const main = s.metrics[0]?.sql ?? 'COUNT(*)';
  const rank = rankSql(ctx, s);
  const inner = renderSelect({
    select: [
      ...s.dims.map((d) => `${d.sql} AS ${ctx.q(innerAlias(d))}`),
      `${main} AS ${ctx.q(INNER_METRIC_ALIAS)}`,
    ],
    from: fromClause(ctx),
    where: [...(s.time ? [s.time] : []), ...s.where],
    groupBy: s.dims.map((d) => d.sql),
    having: [],
    orderBy: [
      rank === null
        ? ctx.features.orderItem(ctx.q(INNER_METRIC_ALIAS), group(ctx, main), s.ascending)
        : ctx.features.orderItem(rank, group(ctx, rank), s.ascending),
      ...s.dims.map((d) => ctx.features.orderItem(d.sql, group(ctx, d.sql), true)),
    ],
    limit: s.limit,
  });
  const on = s.dims.map(
    (d) => `${group(ctx, d.sql)} = ${ctx.q(SERIES_LIMIT_ALIAS)}.${ctx.q(innerAlias(d))}`,
  );
  return `${from}\nJOIN (\n${inner}\n) AS ${ctx.q(SERIES_LIMIT_ALIAS)} ON ${on.join('\n  AND ')}`;
}
