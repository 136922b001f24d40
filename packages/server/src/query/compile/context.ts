/** What every part of the compiler shares: the dataset's names, the dialect and its features. */
import { createHash } from 'node:crypto';
import { TIME_GRAINS, type TimeGrain } from '@strata/core';
import { dateFormatOf, type DateFormat } from './date-format.js';
import { engineFeatures, type EngineFeatures } from './features.js';
import { tokenize } from '../../sql/guard-lex.js';
import { checkFragment, lexEngine, STRUCTURAL_ONLY, type FragmentPolicy } from './fragment.js';
import {
  QueryValidationError,
  type CompileColumn,
  type CompileDataset,
  type CompileDialect,
  type CompileMetric,
} from './types.js';

export interface Context {
  dataset: CompileDataset;
  dialect: CompileDialect;
  features: EngineFeatures;
  columns: Map<string, CompileColumn>;
  metrics: Map<string, CompileMetric>;
  q(name: string): string;
}

export function makeContext(dataset: CompileDataset, dialect: CompileDialect): Context {
  return {
    dataset,
    dialect,
    features: engineFeatures(dialect),
    columns: new Map(dataset.columns.map((c) => [c.column_name, c])),
    metrics: new Map(dataset.metrics.map((m) => [m.metric_name, m])),
    q: (name) => {
      checkName(name);
      return dialect.quoteIdentifier(name);
    },
  };
}

/** Names and labels may hold any character but NUL (no engine can quote it). */
export function checkName(name: string): void {
  if (name.includes('\0')) throw new QueryValidationError('Names cannot contain NUL characters');
  if (name.length > 1000) throw new QueryValidationError(`Name too long: ${name.slice(0, 60)}...`);
}

/**
 * What free SQL of the query itself may do (adhoc metrics and columns, WHERE/HAVING): the allow
 * list of the engine's functions, unless an admin asks (`dialect.trustedFragments`).
 */
export function requestPolicy(dialect: CompileDialect): FragmentPolicy {
  if (dialect.trustedFragments) return STRUCTURAL_ONLY;
  return {
    allowedFunctions: dialect.allowedFunctions ?? new Set(),
    variablePrefix: dialect.variablePrefix ?? null,
  };
}

/** Free SQL of the query, checked with the asker's policy; returned trimmed. */
export function requestFragment(ctx: Context, sql: string, what: string): string {
  return checkFragment(sql, ctx.dialect.engine, what, requestPolicy(ctx.dialect));
}

/**
 * A dataset expression (calculated column, saved metric, fetch-values predicate): written by
 * the dataset's owners, who were held to the allow list when they saved it unless admins
 * (datasets/write.ts), so here the structural check; one that came out of a template is
 * checked as the asker's own SQL.
 */
export function datasetFragment(ctx: Context, sql: string, what: string, templated = false) {
  const policy = templated ? requestPolicy(ctx.dialect) : STRUCTURAL_ONLY;
  return checkFragment(sql, ctx.dialect.engine, what, policy);
}

/** The SQL of a dataset column: its quoted name, or its (checked) calculated expression. */
export function columnSql(ctx: Context, column: CompileColumn): string {
  const expression = column.expression?.trim();
  if (!expression) return ctx.q(column.column_name);
  const sql = datasetFragment(
    ctx,
    expression,
    `The expression of column "${column.column_name}"`,
    column.templated,
  );
  return `(${sql})`;
}

export function savedMetricSql(ctx: Context, metric: CompileMetric): string {
  return datasetFragment(
    ctx,
    metric.expression,
    `The expression of metric "${metric.metric_name}"`,
    metric.templated,
  );
}

export function datasetColumn(ctx: Context, name: string, what: string): CompileColumn {
  const column = ctx.columns.get(name);
  if (!column) throw new QueryValidationError(`${what} "${name}" does not exist in dataset`);
  return column;
}

export function isTimeGrain(value: string): value is TimeGrain {
  return (TIME_GRAINS as readonly string[]).includes(value);
}

/** `expression` truncated to `grain` with the engine's expression; 400 for an unknown grain. */
export function truncate(ctx: Context, grain: string, expression: string): string {
  const sql = isTimeGrain(grain) ? ctx.dialect.timeGrainExpression(grain, expression) : null;
  if (sql === null) throw new QueryValidationError(`Unknown time grain: ${grain}`);
  return sql;
}

/** The python_date_format of a temporal column, when it has one this compiler reads. */
export function columnDateFormat(column: CompileColumn): DateFormat | null {
  return column.is_dttm ? dateFormatOf(column.python_date_format) : null;
}

/**
 * A dataset column truncated to `grain` (Superset's get_timestamp_expr): a temporal column in
 * `epoch_s` / `epoch_ms` is first made a timestamp with the engine's `epochToDttm`. Other
 * formats are truncated as they are, as Superset does.
 */
export function truncateColumn(ctx: Context, grain: string, column: CompileColumn): string {
  let sql = columnSql(ctx, column);
  const format = columnDateFormat(column);
  if (format?.kind === 'epoch') {
    if (!ctx.dialect.epochToDttm)
      throw new QueryValidationError(
        `Time grains on epoch column "${column.column_name}" are not supported on ${ctx.dialect.engine}`,
      );
    sql = ctx.dialect.epochToDttm(sql, format.unit);
  }
  return truncate(ctx, grain, sql);
}

/**
 * An expression safe to combine with operators: wrapped in parentheses unless it is a quoted
 * or plain name, or already one parenthesized group.
 */
export function group(ctx: Context, sql: string): string {
  if (/^(?:"(?:[^"]|"")*"|`(?:[^`]|``)*`|[A-Za-z_][A-Za-z0-9_]*)$/.test(sql)) return sql;
  if (sql.startsWith('(') && sql.endsWith(')')) {
    const tokens = tokenize(sql, lexEngine(ctx.dialect.engine));
    if (tokens[0]?.pair === tokens.length - 1) return sql;
  }
  return `(${sql})`;
}

/**
 * The SQL alias of a label: the label itself, or on engines that limit name length (MySQL 64
 * characters, PostgreSQL 63 bytes) a prefix of it with a hash of the whole (Superset's
 * make_label_compatible), so long labels stay distinct.
 */
export function aliasFor(ctx: Context, label: string): string {
  const max = ctx.features.maxAliasBytes;
  if (max === null || Buffer.byteLength(label) <= max) return label;
  const hash = createHash('md5').update(label).digest('hex').slice(0, 8);
  let prefix = '';
  for (const ch of label) {
    if (Buffer.byteLength(prefix + ch) > max - 10) break;
    prefix += ch;
  }
  return `${prefix}__${hash}`;
}
