import { sql, type Expression, type RawBuilder } from 'kysely';
import type { ParsedListQuery } from './query-params.js';
import { ApiError } from './errors.js';
import type {
  ColumnType,
  DynamicQuery,
  RequestContext,
  ResourceColumn,
  ResourceDefinition,
} from './resource-types.js';

const OPERATORS_BY_TYPE: Record<ColumnType, string[]> = {
  string: ['eq', 'neq', 'ct', 'nct', 'sw', 'nsw', 'ew', 'new', 'in'],
  number: ['eq', 'neq', 'gt', 'lt', 'in'],
  boolean: ['eq', 'neq'],
  datetime: ['eq', 'neq', 'gt', 'lt'],
};

export function columnExpr(name: string, column: ResourceColumn): RawBuilder<unknown> {
  return column.expr ? column.expr() : sql.ref(`t.${name}`);
}

export function allowedOperators(column: ResourceColumn): string[] {
  if (column.operators) return column.operators;
  if (column.relation?.kind === 'one') return ['rel_o_m', 'nrel_o_m'];
  if (column.relation?.kind === 'many') return ['rel_m_m'];
  return OPERATORS_BY_TYPE[column.type];
}

/** A case-insensitive "contains" over several columns of a table alias, the text bound. */
export function containsAny(alias: string, columns: string[], text: string): Expression<boolean> {
  const pattern = `%${escapeLike(text)}%`;
  const conds = columns.map(
    (c) => sql`lower(${sql.ref(`${alias}.${c}`)}) like lower(${pattern}) escape '\\'`,
  );
  return sql<boolean>`(${sql.join(conds, sql` or `)})`;
}

/** The number of a `count(*) as count` row (drivers give numbers, strings or bigints). */
export function countOf(row: unknown): number {
  return Number((row as { count?: number | string } | undefined)?.count ?? 0);
}

/** `%`, `_` and `\` in user text match themselves in LIKE patterns. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function scalarFor(
  column: ResourceColumn,
  value: unknown,
  colName: string,
): string | number | boolean | null {
  if (value === null) return null;
  switch (column.type) {
    case 'number': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n))
        throw new ApiError(400, `Bad request: filter on ${colName} expects a number`);
      return n;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1 || value === '1') return true;
      if (value === 'false' || value === 0 || value === '0') return false;
      throw new ApiError(400, `Bad request: filter on ${colName} expects true or false`);
    default:
      if (typeof value === 'object')
        throw new ApiError(400, `Bad request: filter on ${colName} expects a single value`);
      return String(value);
  }
}

function likeFilter(
  expr: RawBuilder<unknown>,
  pattern: string,
  negate: boolean,
): RawBuilder<unknown> {
  const cond = sql`lower(${expr}) like lower(${pattern}) escape '\\'`;
  return negate ? sql`(${expr} is null or not (${cond}))` : cond;
}

/** The WHERE condition of one standard filter. */
export function filterCondition(
  colName: string,
  column: ResourceColumn,
  opr: string,
  value: unknown,
): Expression<unknown> {
  if (!allowedOperators(column).includes(opr)) {
    throw new ApiError(
      400,
      `Bad request: filter operator ${opr} is not allowed on column ${colName}`,
    );
  }
  const expr = columnExpr(colName, column);
  switch (opr) {
    case 'eq': {
      const v = scalarFor(column, value, colName);
      return v === null ? sql`${expr} is null` : sql`${expr} = ${v}`;
    }
    case 'neq': {
      const v = scalarFor(column, value, colName);
      return v === null ? sql`${expr} is not null` : sql`(${expr} is null or ${expr} <> ${v})`;
    }
    case 'gt':
      return sql`${expr} > ${scalarFor(column, value, colName)}`;
    case 'lt':
      return sql`${expr} < ${scalarFor(column, value, colName)}`;
    case 'ct':
    case 'nct':
      return likeFilter(expr, `%${escapeLike(String(value ?? ''))}%`, opr === 'nct');
    case 'sw':
    case 'nsw':
      return likeFilter(expr, `${escapeLike(String(value ?? ''))}%`, opr === 'nsw');
    case 'ew':
    case 'new':
      return likeFilter(expr, `%${escapeLike(String(value ?? ''))}`, opr === 'new');
    case 'in': {
      const list = Array.isArray(value) ? value : [value];
      if (list.length === 0) return sql`1 = 0`;
      const values = list.map((v) => scalarFor(column, v, colName));
      return sql`${expr} in (${sql.join(values)})`;
    }
    case 'rel_o_m':
    case 'nrel_o_m': {
      if (column.relation?.kind !== 'one') break;
      const fk = sql.ref(`t.${column.relation.fkColumn}`);
      const v = value === null || value === '' ? null : Number(value);
      if (v !== null && !Number.isInteger(v))
        throw new ApiError(400, `Bad request: filter on ${colName} expects an id`);
      if (opr === 'rel_o_m') return v === null ? sql`${fk} is null` : sql`${fk} = ${v}`;
      return v === null ? sql`${fk} is not null` : sql`(${fk} is null or ${fk} <> ${v})`;
    }
    case 'rel_m_m': {
      if (column.relation?.kind !== 'many') break;
      const { linkTable, linkOwnerColumn, linkTargetColumn } = column.relation;
      const ids = (Array.isArray(value) ? value : [value]).map(Number);
      if (ids.length === 0 || !ids.every(Number.isInteger)) {
        throw new ApiError(400, `Bad request: filter on ${colName} expects an id`);
      }
      return sql`exists (select 1 from ${sql.table(linkTable)} as l where l.${sql.ref(linkOwnerColumn)} = t.id and l.${sql.ref(linkTargetColumn)} in (${sql.join(ids)}))`;
    }
  }
  throw new ApiError(
    400,
    `Bad request: filter operator ${opr} is not allowed on column ${colName}`,
  );
}

/** Applies the list filters of a query (standard and resource-specific). */
export function applyFilters(
  qb: DynamicQuery,
  def: ResourceDefinition,
  filters: ParsedListQuery['filters'],
  ctx: RequestContext,
): DynamicQuery {
  let out = qb;
  for (const f of filters) {
    const custom = def.customFilters?.[f.opr];
    if (custom) {
      out = custom(out, f.value, ctx);
      continue;
    }
    const column = def.columns[f.col];
    if (!column) throw new ApiError(400, `Bad request: filter column ${f.col} is not allowed`);
    const cond = filterCondition(f.col, column, f.opr, f.value);
    out = out.where(() => cond as Expression<boolean>) as DynamicQuery;
  }
  return out;
}

/** ORDER BY for a list: a sortable column, then id for a stable order. */
export function applyOrder(
  qb: DynamicQuery,
  def: ResourceDefinition,
  orderColumn: string | undefined,
  direction: 'asc' | 'desc' | undefined,
): DynamicQuery {
  const name = orderColumn ?? def.defaultOrder.column;
  const dir = direction ?? (orderColumn ? 'asc' : def.defaultOrder.direction);
  const column = def.columns[name];
  if (!column || !column.sortable) {
    throw new ApiError(400, `Bad request: cannot order by ${name}`);
  }
  const expr = columnExpr(name, column);
  const ordered = qb.orderBy(sql`${expr}`, dir);
  return ordered.orderBy(sql.ref('t.id'), dir) as DynamicQuery;
}
