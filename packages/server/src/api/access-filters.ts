import { sql, type Expression } from 'kysely';
import { hasPerm, isAdmin } from '../security/principal.js';
import { containsAny } from './list-query.js';
import type { DynamicQuery, RequestContext } from './resource-types.js';

/** Objects owned (link table) or created by the principal. */
export function ownedOrCreated(
  qb: DynamicQuery,
  ctx: RequestContext,
  linkTable: string,
  linkObjectColumn: string,
  extra?: Expression<boolean>,
): DynamicQuery {
  const me = ctx.principal.id;
  const owned = sql<boolean>`(t.created_by_fk = ${me} or exists (select 1 from ${sql.table(linkTable)} o where o.${sql.ref(linkObjectColumn)} = t.id and o.user_id = ${me}))`;
  const cond = extra ? sql<boolean>`(${owned} or ${extra})` : owned;
  return qb.where(() => cond) as DynamicQuery;
}

export const canSeeAllDatasources = (ctx: RequestContext) =>
  isAdmin(ctx.principal) ||
  hasPerm(ctx.principal, 'all_datasource_access', 'all_datasource_access');

/** Favourite filter: objects the principal starred (true) or did not (false). */
export function favoriteFilter(className: string) {
  return (qb: DynamicQuery, value: unknown, ctx: RequestContext): DynamicQuery => {
    const starred = sql<boolean>`t.id in (select f.obj_id from favstar f where f.user_id = ${ctx.principal.id} and f.class_name = ${className})`;
    const want = value === true || value === 'true' || value === 1;
    return qb.where(() => (want ? starred : sql<boolean>`not ${starred}`)) as DynamicQuery;
  };
}

/** Free-text filter over several columns (case-insensitive contains); empty text filters nothing. */
export function anyTextFilter(columns: string[]) {
  return (qb: DynamicQuery, value: unknown): DynamicQuery => {
    const text = String(value ?? '');
    if (text === '') return qb;
    const cond = containsAny('t', columns, text);
    return qb.where(() => cond) as DynamicQuery;
  };
}

/** Certified (true) or not certified (false) objects: a non-empty `certified_by`. */
export function certifiedFilter(qb: DynamicQuery, value: unknown): DynamicQuery {
  const certified = sql<boolean>`(t.certified_by is not null and t.certified_by <> '')`;
  const want = value === true || value === 'true' || value === 1;
  return qb.where(() => (want ? certified : sql<boolean>`not ${certified}`)) as DynamicQuery;
}
