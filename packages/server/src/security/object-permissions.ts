import type { MetadataDb } from '../metadata/db.js';

async function ensureNamed(
  trx: MetadataDb,
  table: 'ab_permission' | 'ab_view_menu',
  name: string,
): Promise<number> {
  const found = await trx
    .selectFrom(table)
    .select('id')
    .where('name', '=', name)
    .executeTakeFirst();
  if (found) return found.id;
  const row = await trx
    .insertInto(table)
    .values({ name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Makes sure the permission `permission` on the view `view` exists (per-object permissions such
 * as database_access on `[examples].(id:1)`). A view renamed from `previousView` keeps its
 * grants.
 */
export async function ensureObjectPermission(
  trx: MetadataDb,
  permission: string,
  view: string,
  previousView?: string,
): Promise<void> {
  if (previousView !== undefined && previousView !== view) {
    await trx
      .updateTable('ab_view_menu')
      .set({ name: view })
      .where('name', '=', previousView)
      .execute();
  }
  const perm = await ensureNamed(trx, 'ab_permission', permission);
  const viewId = await ensureNamed(trx, 'ab_view_menu', view);
  const pv = await trx
    .selectFrom('ab_permission_view')
    .select('id')
    .where('permission_id', '=', perm)
    .where('view_menu_id', '=', viewId)
    .executeTakeFirst();
  if (!pv)
    await trx
      .insertInto('ab_permission_view')
      .values({ permission_id: perm, view_menu_id: viewId })
      .execute();
}
