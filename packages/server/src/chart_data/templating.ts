/**
 * Jinja in chart queries (Superset renders it in SqlaTable.get_sqla_query): the virtual
 * dataset's SQL, calculated column and saved metric expressions, adhoc SQL metrics and columns,
 * and `extras.where`/`having`, with the dataset's template parameters, the form data's URL
 * parameters, the query's filters (`filter_values`, `get_filters`) and the current user. A
 * filter a template took over with `remove_filter=True` is not applied again. Pure: the engine's
 * quoting comes in with the context. Rendered adhoc fragments still go through the compiler's
 * one-expression checks, so a template parameter cannot smuggle a statement into them.
 */
import type { QueryObject } from '@strata/core';
import { ApiError } from '../api/errors.js';
import type { CompileDataset } from '../query/compile/index.js';
import {
  renderSqlTemplateWithInfo,
  TemplateError,
  templateParamsFromJson,
  type TemplateContext,
  type TemplateFilter,
  type TemplateUser,
} from '../sql/templating/index.js';

export interface ChartTemplateInput {
  templateParams: string | null | undefined;
  urlParams: Record<string, string>;
  user: TemplateUser | null;
  quote: TemplateContext['quote'];
  quoteIdentifier: TemplateContext['quoteIdentifier'];
}

export interface RenderedChartQuery {
  dataset: CompileDataset;
  query: QueryObject;
  /** Columns whose filters a template read (Superset's `applied_template_filters`). */
  appliedTemplateFilters: string[];
  /** What the output depends on beyond the SQL: used URL parameters and the user when read. */
  cacheExtras: { urlParams: Record<string, string>; userId: number | string | null };
}

/**
 * A dataset expression after rendering: one a template changed may hold what the asker sent,
 * so the compiler checks it as the asker's own SQL (issue 16 point 1).
 */
function templated<T extends { expression?: string | null; templated?: boolean }>(
  item: T,
  rendered: string,
): T {
  return rendered === item.expression ? item : { ...item, expression: rendered, templated: true };
}

const SIMPLE_FILTER_COLUMN = (col: unknown): col is string => typeof col === 'string';

export function renderChartTemplates(
  query: QueryObject,
  dataset: CompileDataset,
  input: ChartTemplateInput,
): RenderedChartQuery {
  let templateParams: Record<string, unknown>;
  try {
    templateParams = templateParamsFromJson(input.templateParams);
  } catch (e) {
    throw new ApiError(400, `Template parameters of the dataset: ${(e as Error).message}`);
  }
  const filters: TemplateFilter[] = (query.filters ?? [])
    .filter((f) => SIMPLE_FILTER_COLUMN(f.col))
    .map((f) => ({ col: f.col as string, op: f.op, val: f.val ?? null }));
  const context: TemplateContext = {
    templateParams,
    urlParams: input.urlParams,
    user: input.user,
    filters,
    fromDttm: query.from_dttm ?? null,
    toDttm: query.to_dttm ?? null,
    quote: input.quote,
    quoteIdentifier: input.quoteIdentifier,
  };
  const removed = new Set<string>();
  const applied = new Set<string>();
  const urlUsed = new Set<string>();
  let usesUser = false;
  const render = (text: string, where: string): string => {
    try {
      const info = renderSqlTemplateWithInfo(text, context);
      info.removedFilters.forEach((c) => removed.add(c));
      info.appliedFilters.forEach((c) => applied.add(c));
      info.appliedUrlParams.forEach((p) => urlUsed.add(p));
      usesUser ||= info.usesCurrentUser;
      return info.sql;
    } catch (e) {
      if (e instanceof TemplateError)
        throw new ApiError(400, `Error rendering the template of ${where}: ${e.message}`);
      throw e;
    }
  };
  const renderOpt = (text: string | null | undefined, where: string) =>
    text === null || text === undefined ? text : render(text, where);

  const renderedDataset: CompileDataset = {
    ...dataset,
    sql: renderOpt(dataset.sql, 'the dataset'),
    columns: dataset.columns.map((c) =>
      c.expression ? templated(c, render(c.expression, `column ${c.column_name}`)) : c,
    ),
    metrics: dataset.metrics.map((m) =>
      templated(m, render(m.expression, `metric ${m.metric_name}`)),
    ),
  };
  const renderedQuery: QueryObject = {
    ...query,
    metrics: query.metrics?.map((m) =>
      typeof m === 'object' && m !== null && typeof m.sqlExpression === 'string'
        ? { ...m, sqlExpression: render(m.sqlExpression, 'a metric') }
        : m,
    ),
    columns: query.columns?.map((c) =>
      typeof c === 'object' && c !== null && typeof c.sqlExpression === 'string'
        ? { ...c, sqlExpression: render(c.sqlExpression, 'a column') }
        : c,
    ),
    ...(query.extras
      ? {
          extras: {
            ...query.extras,
            ...(query.extras.where
              ? { where: render(query.extras.where, 'the WHERE clause') }
              : {}),
            ...(query.extras.having
              ? { having: render(query.extras.having, 'the HAVING clause') }
              : {}),
          },
        }
      : {}),
  };
  if (removed.size > 0)
    renderedQuery.filters = (renderedQuery.filters ?? []).filter(
      (f) => !(SIMPLE_FILTER_COLUMN(f.col) && removed.has(f.col)),
    );
  return {
    dataset: renderedDataset,
    query: renderedQuery,
    appliedTemplateFilters: [...applied],
    cacheExtras: {
      urlParams: Object.fromEntries([...urlUsed].sort().map((k) => [k, input.urlParams[k] ?? ''])),
      userId: usesUser ? (input.user?.id ?? null) : null,
    },
  };
}
