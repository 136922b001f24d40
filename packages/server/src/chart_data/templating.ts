/**
 * Jinja in chart queries (Superset renders it in SqlaTable.get_sqla_query): the virtual
 * dataset's SQL, calculated column and saved metric expressions, adhoc SQL metrics and columns,
 * and `extras.where`/`having`, with the dataset's template parameters, the form data's URL
 * parameters, the query's filters (`filter_values`, `get_filters`) and the current user. A
 * filter a template took over with `remove_filter=True` is not applied again. Rendering runs in
 * a worker thread with a time limit (workers/cpu.ts). Rendered adhoc fragments still go through the compiler's
 * one-expression checks, so a template parameter cannot smuggle a statement into them.
 */
import type { QueryObject } from '@strata/core';
import { ApiError } from '../api/errors.js';
import type { CompileDataset } from '../query/compile/index.js';
import type { PlainTemplateContext } from '../sql/templating/batch.js';
import {
  templateParamsFromJson,
  type TemplateFilter,
  type TemplateUser,
} from '../sql/templating/index.js';
import { renderTemplates } from '../workers/cpu.js';

export interface ChartTemplateInput {
  templateParams: string | null | undefined;
  urlParams: Record<string, string>;
  user: TemplateUser | null;
  /** The engine whose quoting the macros use (EngineSpec.engine). */
  engine: string;
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

/** A text of the query to render, and where it is (for the error message). */
interface Piece {
  text: string;
  where: string;
}

/**
 * Renders every template of a chart query as one batch (workers/cpu.ts: in a worker thread,
 * within one time budget, when any text has tags; texts without tags cost nothing).
 */
export async function renderChartTemplates(
  query: QueryObject,
  dataset: CompileDataset,
  input: ChartTemplateInput,
): Promise<RenderedChartQuery> {
  let templateParams: Record<string, unknown>;
  try {
    templateParams = templateParamsFromJson(input.templateParams);
  } catch (e) {
    throw new ApiError(400, `Template parameters of the dataset: ${(e as Error).message}`);
  }
  const filters: TemplateFilter[] = (query.filters ?? [])
    .filter((f) => SIMPLE_FILTER_COLUMN(f.col))
    .map((f) => ({ col: f.col as string, op: f.op, val: f.val ?? null }));
  const context: PlainTemplateContext = {
    templateParams,
    urlParams: input.urlParams,
    user: input.user,
    filters,
    fromDttm: query.from_dttm ?? null,
    toDttm: query.to_dttm ?? null,
  };

  // Every text in the order Superset renders them; each is replaced by its rendering below.
  const pieces: Piece[] = [];
  const take = (text: string, where: string): number => pieces.push({ text, where }) - 1;
  const datasetSql =
    dataset.sql === null || dataset.sql === undefined ? null : take(dataset.sql, 'the dataset');
  const columnAt = dataset.columns.map((c) =>
    c.expression ? take(c.expression, `column ${c.column_name}`) : null,
  );
  const metricAt = dataset.metrics.map((m) => take(m.expression, `metric ${m.metric_name}`));
  const queryMetricAt = (query.metrics ?? []).map((m) =>
    typeof m === 'object' && m !== null && typeof m.sqlExpression === 'string'
      ? take(m.sqlExpression, 'a metric')
      : null,
  );
  const queryColumnAt = (query.columns ?? []).map((c) =>
    typeof c === 'object' && c !== null && typeof c.sqlExpression === 'string'
      ? take(c.sqlExpression, 'a column')
      : null,
  );
  const whereAt = query.extras?.where ? take(query.extras.where, 'the WHERE clause') : null;
  const havingAt = query.extras?.having ? take(query.extras.having, 'the HAVING clause') : null;

  const answer = await renderTemplates({
    texts: pieces.map((p) => p.text),
    context,
    engine: input.engine,
  });
  if (!answer.ok)
    throw new ApiError(
      400,
      `Error rendering the template of ${pieces[answer.index]?.where ?? 'the query'}: ${answer.message}`,
    );
  const results = answer.results;
  const removed = new Set<string>();
  const applied = new Set<string>();
  const urlUsed = new Set<string>();
  let usesUser = false;
  for (const info of results) {
    info.removedFilters.forEach((c) => removed.add(c));
    info.appliedFilters.forEach((c) => applied.add(c));
    info.appliedUrlParams.forEach((p) => urlUsed.add(p));
    usesUser ||= info.usesCurrentUser;
  }
  const sqlAt = (index: number): string => results[index]!.sql;

  const renderedDataset: CompileDataset = {
    ...dataset,
    sql: datasetSql === null ? dataset.sql : sqlAt(datasetSql),
    columns: dataset.columns.map((c, i) => {
      const at = columnAt[i];
      return at === null || at === undefined ? c : templated(c, sqlAt(at));
    }),
    metrics: dataset.metrics.map((m, i) => templated(m, sqlAt(metricAt[i]!))),
  };
  const renderedQuery: QueryObject = {
    ...query,
    metrics: query.metrics?.map((m, i) => {
      const at = queryMetricAt[i];
      return at === null || at === undefined || typeof m !== 'object' || m === null
        ? m
        : { ...m, sqlExpression: sqlAt(at) };
    }),
    columns: query.columns?.map((c, i) => {
      const at = queryColumnAt[i];
      return at === null || at === undefined || typeof c !== 'object' || c === null
        ? c
        : { ...c, sqlExpression: sqlAt(at) };
    }),
    ...(query.extras
      ? {
          extras: {
            ...query.extras,
            ...(whereAt !== null ? { where: sqlAt(whereAt) } : {}),
            ...(havingAt !== null ? { having: sqlAt(havingAt) } : {}),
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
