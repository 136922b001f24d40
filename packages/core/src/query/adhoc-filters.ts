import type { AdhocFilter, QueryFilterClause } from './types.js';

/**
 * Adhoc filters of form data split as Superset's buildQuery does: SIMPLE filters become query
 * object filters `{col, op, val}`; SQL filters are joined into `extras.where` / `extras.having`,
 * each in parentheses, with AND. Incomplete SIMPLE filters (no subject or operator) are dropped.
 */
export function splitAdhocFilters(adhocFilters: readonly AdhocFilter[] | null | undefined): {
  filters: QueryFilterClause[];
  where: string;
  having: string;
} {
  const filters: QueryFilterClause[] = [];
  const where: string[] = [];
  const having: string[] = [];
  for (const f of adhocFilters ?? []) {
    if (f.expressionType === 'SIMPLE') {
      if (f.subject == null || f.operator == null) continue;
      const clause: QueryFilterClause = { col: f.subject, op: f.operator };
      if (f.comparator !== undefined) clause.val = f.comparator;
      if (f.isExtra) clause.isExtra = true;
      filters.push(clause);
    } else if (f.sqlExpression && f.sqlExpression.trim() !== '') {
      (f.clause === 'WHERE' ? where : having).push(`(${f.sqlExpression})`);
    }
  }
  return { filters, where: where.join(' AND '), having: having.join(' AND ') };
}
