import { sql } from 'kysely';
import { ownedOrCreated } from '../api/access-filters.js';
import type { DynamicQuery, RequestContext } from '../api/resource-types.js';
import { isAdmin } from '../security/principal.js';

/** Admin sees every dashboard; others see published ones and the drafts they own. */
export function accessFilterForDashboards(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (isAdmin(ctx.principal)) return qb;
  if (ctx.principal.isAnonymous)
    return qb.where(() => sql<boolean>`t.published = ${true}`) as DynamicQuery;
  return ownedOrCreated(
    qb,
    ctx,
    'dashboard_user',
    'dashboard_id',
    sql<boolean>`t.published = ${true}`,
  );
}
