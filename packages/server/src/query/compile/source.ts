/** The FROM of a query: the dataset's table, or its virtual SQL as a subquery. */
import { guardStatements } from '../../sql/guard.js';
import type { Context } from './context.js';
import { lexEngine } from './fragment.js';
import { QueryValidationError } from './types.js';

export const VIRTUAL_TABLE_ALIAS = 'virtual_table';

export function fromClause(ctx: Context): string {
  const { dataset } = ctx;
  const sql = dataset.sql?.trim();
  if (sql) {
    const guard = guardStatements(sql, lexEngine(ctx.dialect.engine), { allowDml: false });
    if (!guard.ok)
      throw new QueryValidationError(`Virtual dataset query is not allowed: ${guard.message}`);
    if (guard.statements.length !== 1)
      throw new QueryValidationError('Virtual dataset query must be a single SELECT statement');
    // The closing parenthesis on its own line: a trailing -- comment cannot swallow it.
    return `(\n${guard.statements[0]!}\n) AS ${ctx.q(VIRTUAL_TABLE_ALIAS)}`;
  }
  if (!dataset.table_name) throw new QueryValidationError('The dataset has no table');
  return dataset.schema
    ? `${ctx.q(dataset.schema)}.${ctx.q(dataset.table_name)}`
    : ctx.q(dataset.table_name);
}
