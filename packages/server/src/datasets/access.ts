import { sql } from 'kysely';
import type { DynamicQuery, RequestContext } from '../api/resource-types.js';
import {
  DATABASE_ACCESS,
  DATASOURCE_ACCESS,
  SCHEMA_ACCESS,
  datasetViewName,
} from '../databases/access.js';
import { escapeLike } from '../api/list-query.js';
import type { MetadataDb } from '../metadata/db.js';
import { ensureObjectPermission } from '../security/object-permissions.js';
import { hasPerm, isAdmin, type Principal } from '../security/principal.js';

export function hasAllDatasourceAccess(p: Principal): boolean {
  return isAdmin(p) || hasPerm(p, 'all_datasource_access', 'all_datasource_access');
}

interface Grants {
  datasetIds: number[];
  databaseIds: number[];
  schemas: Array<{ database: string; schema: string }>;
}

/** The per-object grants of a principal, read from its permission names. */
export function objectGrants(p: Principal): Grants {
  const grants: Grants = { datasetIds: [], databaseIds: [], schemas: [] };
  for (const key of p.perms) {
    const bar = key.indexOf('|');
    const perm = key.slice(0, bar);
    const view = key.slice(bar + 1);
    if (perm === DATASOURCE_ACCESS) {
      const m = /\(id:(\d+)\)$/.exec(view);
      if (m) grants.datasetIds.push(Number(m[1]));
    } else if (perm === DATABASE_ACCESS) {
      const m = /\(id:(\d+)\)$/.exec(view);
      if (m) grants.databaseIds.push(Number(m[1]));
    } else if (perm === SCHEMA_ACCESS) {
      const m = /^\[(.*)\]\.\[(.*)\]$/.exec(view);
      if (m) grants.schemas.push({ database: m[1]!, schema: m[2]! });
    }
  }
  return grants;
}

/**
 * Datasets a principal may see: all with all_datasource_access; otherwise the ones it owns or
 * created, and those granted by datasource, schema or database access.
 */
export function visibleDatasets(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  const p = ctx.principal;
  if (hasAllDatasourceAccess(p) || hasPerm(p, 'all_database_access', 'all_database_access'))
    return qb;
  const g = objectGrants(p);
  const conds = [
    sql<boolean>`t.created_by_fk = ${p.id}`,
    sql<boolean>`exists (select 1 from sqlatable_user o where o.table_id = t.id and o.user_id = ${p.id})`,
  ];
  if (g.datasetIds.length) conds.push(sql<boolean>`t.id in (${sql.join(g.datasetIds)})`);
  if (g.databaseIds.length) conds.push(sql<boolean>`t.database_id in (${sql.join(g.databaseIds)})`);
  for (const s of g.schemas) {
    conds.push(
      sql<boolean>`(t.schema = ${s.schema} and exists (select 1 from dbs d where d.id = t.database_id and d.database_name = ${s.database}))`,
    );
  }
  return qb.where(() => sql<boolean>`(${sql.join(conds, sql` or `)})`) as DynamicQuery;
}

/** Whether a principal may read a dataset (the visibility rule, for one dataset in memory). */
export function canReadDataset(
  p: Principal,
  ds: {
    id: number;
    database_id: number;
    database_name: string;
    schema: string | null;
    created_by_fk: number | null;
  },
  ownerIds: number[],
): boolean {
  if (hasAllDatasourceAccess(p) || hasPerm(p, 'all_database_access', 'all_database_access'))
    return true;
  if (ds.created_by_fk === p.id || ownerIds.includes(p.id)) return true;
  const g = objectGrants(p);
  return (
    g.datasetIds.includes(ds.id) ||
    g.databaseIds.includes(ds.database_id) ||
    g.schemas.some((s) => s.database === ds.database_name && s.schema === ds.schema)
  );
}

/** Creates (or renames) the datasource_access permission of a dataset. */
export async function syncDatasetPermission(
  trx: MetadataDb,
  ds: { id: number; table_name: string; database_name: string },
  previous?: { table_name: string; database_name: string },
): Promise<void> {
  const old = previous
    ? datasetViewName(previous.database_name, previous.table_name, ds.id)
    : undefined;
  await ensureObjectPermission(
    trx,
    DATASOURCE_ACCESS,
    datasetViewName(ds.database_name, ds.table_name, ds.id),
    old,
  );
}

/** Removes the datasource_access permissions of datasets. */
export async function dropDatasetPermissions(trx: MetadataDb, ids: number[]): Promise<void> {
  for (const id of ids) {
    await trx
      .deleteFrom('ab_view_menu')
      .where(
        () =>
          sql<boolean>`name like ${`%${escapeLike(`](id:${id})`)}`} escape '\\' and name like '[%'`,
      )
      .execute();
  }
}
