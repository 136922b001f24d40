/**
 * Query object filters into WHERE and HAVING conditions (Superset's get_sqla_query filter loop).
 * A filter on a name that is neither a column nor a saved metric of the dataset is rejected
 * (reported, not applied), as Superset does for dashboard filters that do not apply to a chart.
 */
import {
  DTTM_ALIAS,
  GenericDataType,
  LIST_OPERATORS,
  PATTERN_OPERATORS,
  type FilterValue,
  type QueryFilterClause,
  type QueryObject,
} from '@strata/core';
import {
  columnDateFormat,
  columnSql,
  group,
  savedMetricSql,
  truncateColumn,
  type Context,
} from './context.js';
import type { DateFormat } from './date-format.js';
import { resolveColumn } from './resolve.js';
import { temporalRange, timeFilter } from './time.js';
import {
  QueryValidationError,
  type CompileColumn,
  type CompileOptions,
  type RejectedFilter,
} from './types.js';
import { valueLiteral } from './values.js';
import { AdvancedFilterError } from '../../advanced_data_types/types.js';

export interface FilterClauses {
  where: string[];
  having: string[];
  applied: string[];
  rejected: RejectedFilter[];
}

interface Target {
  sql: string;
  column?: CompileColumn;
  type: GenericDataType | null | undefined;
  isMetric: boolean;
  /** The column's python_date_format when `sql` reads it as stored (time range bounds). */
  dateFormat?: DateFormat | null;
  /** The column truncated to the filter's grain. */
  truncated?: boolean;
}

function target(
  ctx: Context,
  f: QueryFilterClause,
  dttm: CompileColumn | null,
  isTimeseries: boolean,
): Target | null {
  if (typeof f.col !== 'string') {
    const r = resolveColumn(ctx, f.col);
    return {
      sql: group(ctx, r.sql),
      column: r.column,
      type: r.type,
      isMetric: false,
      dateFormat: r.dateFormat,
    };
  }
  const name = f.col === DTTM_ALIAS && isTimeseries && dttm ? dttm.column_name : f.col;
  const column = ctx.columns.get(name);
  if (column) {
    const grain = column.is_dttm ? f.grain : null;
    return {
      sql: grain ? truncateColumn(ctx, grain, column) : columnSql(ctx, column),
      column,
      type: column.is_dttm ? GenericDataType.TEMPORAL : column.type_generic,
      isMetric: false,
      dateFormat: grain ? null : columnDateFormat(column),
      truncated: Boolean(grain),
    };
  }
  const metric = ctx.metrics.get(name);
  if (metric)
    return {
      sql: group(ctx, savedMetricSql(ctx, metric)),
      type: GenericDataType.NUMERIC,
      isMetric: true,
    };
  return null;
}

function list(val: QueryFilterClause['val']): FilterValue[] {
  return Array.isArray(val) ? val : val === undefined ? [] : [val];
}

function single(val: QueryFilterClause['val'], op: string): FilterValue {
  if (Array.isArray(val)) {
    if (val.length !== 1) throw new QueryValidationError(`The ${op} operator takes one value`);
    return val[0]!;
  }
  return val ?? null;
}

/** Operators that keep their plain meaning on a column with an advanced data type. */
const PLAIN_ON_ADVANCED = new Set(['IS NULL', 'IS NOT NULL', 'IS TRUE', 'IS FALSE']);

/**
 * A filter on a column with an advanced data type (ENABLE_ADVANCED_DATA_TYPES): its values
 * converted by the type, then the type's condition (Superset's get_sqla_query: a conversion
 * error is a 400 with the type's message). Null when the filter is an ordinary one.
 */
function advancedCondition(
  ctx: Context,
  f: QueryFilterClause,
  t: Target,
  options: CompileOptions,
): string | null {
  const type = options.advancedDataTypes?.(t.column?.advanced_data_type);
  if (!type || t.isMetric || PLAIN_ON_ADVANCED.has(f.op)) return null;
  // Values as Superset hands them over: each as its text (a null reads "None", refused).
  const converted = type.translateType(list(f.val));
  if (converted.error_message) throw new QueryValidationError(converted.error_message);
  try {
    return type.translateFilter(
      { column: t.sql, text: (s) => ctx.dialect.literal(s) },
      f.op,
      converted.values,
    );
  } catch (e) {
    if (e instanceof AdvancedFilterError) throw new QueryValidationError(e.message);
    throw e;
  }
}

function condition(
  ctx: Context,
  f: QueryFilterClause,
  t: Target,
  query: QueryObject,
  options: CompileOptions,
  label: string,
): string | null {
  const lit = (v: Exclude<FilterValue, null>) =>
    valueLiteral(ctx.dialect, v, t.type, label, t.truncated);
  const { op } = f;
  const advanced = advancedCondition(ctx, f, t, options);
  if (advanced !== null) return advanced;
  if (LIST_OPERATORS.has(op)) {
    const values = list(f.val);
    if (values.length === 0) throw new QueryValidationError('Filter value list cannot be empty');
    const present = values.filter((v): v is Exclude<FilterValue, null> => v !== null);
    const parts: string[] = [];
    if (present.length < values.length) parts.push(`${t.sql} IS NULL`);
    if (present.length) parts.push(`${t.sql} IN (${present.map(lit).join(', ')})`);
    const cond = parts.length > 1 ? `(${parts.join(' OR ')})` : parts[0]!;
    return op === 'NOT IN' ? `NOT ${group(ctx, cond)}` : cond;
  }
  switch (op) {
    case 'IS NULL':
      return `${t.sql} IS NULL`;
    case 'IS NOT NULL':
      return `${t.sql} IS NOT NULL`;
    case 'IS TRUE':
      return `${t.sql} IS TRUE`;
    case 'IS FALSE':
      return `${t.sql} IS FALSE`;
    case 'TEMPORAL_RANGE': {
      if (t.isMetric)
        throw new QueryValidationError(`TEMPORAL_RANGE needs a column, not metric "${label}"`);
      return timeFilter(ctx, t.sql, temporalRange(single(f.val, op), query, options), t.dateFormat);
    }
    case 'REGEX': {
      const v = single(f.val, op);
      if (v === null)
        throw new QueryValidationError(
          'Must specify a value for filters with comparison operators',
        );
      const sql = ctx.features.regex(t.sql, String(v));
      if (sql === null)
        throw new QueryValidationError(
          `The REGEX operator is not supported on ${ctx.dialect.engine}`,
        );
      return sql;
    }
    default:
      break;
  }
  const v = single(f.val, op);
  if (PATTERN_OPERATORS.has(op)) {
    if (v === null)
      throw new QueryValidationError('Must specify a value for filters with comparison operators');
    const text = t.type === GenericDataType.STRING ? t.sql : ctx.features.castText(t.sql);
    const like = op.endsWith('ILIKE')
      ? ctx.features.ilike(text, String(v))
      : ctx.features.like(text, String(v));
    return op.startsWith('NOT') ? `NOT (${like})` : like;
  }
  const comparisons: Record<string, string> = {
    '==': '=',
    '!=': '<>',
    '>': '>',
    '<': '<',
    '>=': '>=',
    '<=': '<=',
  };
  const sqlOp = comparisons[op];
  if (!sqlOp) throw new QueryValidationError(`Invalid filter operation type: ${op}`);
  if (v === null) {
    if (op === '==') return `${t.sql} IS NULL`;
    if (op === '!=') return `${t.sql} IS NOT NULL`;
    throw new QueryValidationError('Must specify a value for filters with comparison operators');
  }
  return `${t.sql} ${sqlOp} ${lit(v)}`;
}

export function compileFilters(
  ctx: Context,
  query: QueryObject,
  dttm: CompileColumn | null,
  options: CompileOptions,
): FilterClauses {
  const out: FilterClauses = { where: [], having: [], applied: [], rejected: [] };
  for (const f of query.filters ?? []) {
    const label = typeof f.col === 'string' ? f.col : (f.col.label ?? f.col.sqlExpression);
    const t = target(ctx, f, dttm, Boolean(query.is_timeseries));
    if (!t) {
      out.rejected.push({ column: label, reason: 'not a column or metric of the dataset' });
      continue;
    }
    if (f.op === 'LATEST PARTITION') {
      out.rejected.push({ column: label, reason: 'the database has no partitions' });
      continue;
    }
    const cond = condition(ctx, f, t, query, options, label);
    if (cond !== null) (t.isMetric ? out.having : out.where).push(cond);
    out.applied.push(label);
  }
  return out;
}
