import {
  assertDashboardOwner,
  dashboardVisibility,
  resolveDashboardId,
  type DashboardAccessOptions,
} from './access.js';
import { anyTextFilter, favoriteFilter, certifiedFilter } from '../api/access-filters.js';
import { auditColumns, auditFields, relatedRoles, relatedUsers } from '../api/common-columns.js';
import type { ResourceDefinition } from '../api/resource-types.js';
import { loadOwners, loadUserSummaries } from '../api/user-summaries.js';
import { toBool } from '../metadata/db.js';
import { assertNoReportsHold } from '../reports/repository.js';
import { dashboardWriteHandlers } from './write.js';

export const DASHBOARD_FAVORITE_CLASS = 'Dashboard';

/**
 * Dashboards through the REST conventions (list, get by id or slug, create, update, delete,
 * favourites), seen by the rule of `access.ts`.
 */
export function dashboardsResource(
  opts: DashboardAccessOptions = { dashboardRbac: false },
): ResourceDefinition {
  return {
    prefix: '/api/v1/dashboard',
    table: 'dashboards',
    view: 'Dashboard',
    noun: 'dashboard',
    titleColumn: 'dashboard_title',
    columns: {
      id: { type: 'number', sortable: true },
      dashboard_title: { type: 'string', sortable: true },
      slug: { type: 'string', sortable: true },
      published: { type: 'boolean', sortable: true },
      certified_by: { type: 'string', sortable: true },
      owners: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'dashboard_user',
          linkOwnerColumn: 'dashboard_id',
          linkTargetColumn: 'user_id',
        },
      },
      roles: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'dashboard_roles',
          linkOwnerColumn: 'dashboard_id',
          linkTargetColumn: 'role_id',
        },
      },
      ...auditColumns(),
    },
    customFilters: {
      dashboard_is_favorite: favoriteFilter(DASHBOARD_FAVORITE_CLASS),
      title_or_slug: anyTextFilter(['dashboard_title', 'slug']),
      dashboard_is_certified: certifiedFilter,
    },
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
    listColumns: [
      'id',
      'dashboard_title',
      'slug',
      'url',
      'status',
      'published',
      'certified_by',
      'certification_details',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'changed_by',
      'changed_by_name',
      'created_by',
      'created_on_delta_humanized',
      'description',
      'is_managed_externally',
      'owners',
      'roles',
      'tags',
      'thumbnail_url',
      'uuid',
    ],
    favoriteClassName: DASHBOARD_FAVORITE_CLASS,
    write: dashboardWriteHandlers() as ResourceDefinition['write'],
    assertCanModify: assertDashboardOwner,
    // A dashboard a report sends cannot go (Superset's DashboardDeleteFailedReportsExistError).
    async remove(trx, ids) {
      await assertNoReportsHold(trx, 'dashboard_id', ids);
      await trx.deleteFrom('dashboards').where('id', 'in', ids).execute();
    },
    related: {
      owners: relatedUsers,
      created_by: relatedUsers,
      changed_by: relatedUsers,
      roles: relatedRoles,
    },
    distinct: ['dashboard_title', 'slug'],
    visible: dashboardVisibility(opts),
    resolveId: resolveDashboardId,
    async load(ctx, ids) {
      const rows = await ctx.db
        .selectFrom('dashboards')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      const owners = await loadOwners(ctx.db, 'dashboard_user', 'dashboard_id', ids);
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
      );
      const roles = await ctx.db
        .selectFrom('dashboard_roles as dr')
        .innerJoin('ab_role as r', 'r.id', 'dr.role_id')
        .select(['dr.dashboard_id', 'r.id', 'r.name'])
        .where('dr.dashboard_id', 'in', ids)
        .orderBy('r.name')
        .execute();
      const charts = await ctx.db
        .selectFrom('dashboard_slices as ds')
        .innerJoin('slices as s', 's.id', 'ds.slice_id')
        .select(['ds.dashboard_id', 's.slice_name'])
        .where('ds.dashboard_id', 'in', ids)
        .orderBy('s.id')
        .execute();
      return new Map(
        rows.map((r) => [
          r.id,
          {
            id: r.id,
            uuid: r.uuid,
            dashboard_title: r.dashboard_title ?? '',
            slug: r.slug,
            description: r.description,
            url: `/superset/dashboard/${r.slug || r.id}/`,
            published: toBool(r.published),
            status: toBool(r.published) ? 'published' : 'draft',
            certified_by: r.certified_by,
            certification_details: r.certification_details,
            css: r.css,
            json_metadata: r.json_metadata,
            position_json: r.position_json,
            is_managed_externally: toBool(r.is_managed_externally),
            external_url: r.external_url,
            thumbnail_url: null,
            owners: owners.get(r.id) ?? [],
            roles: roles
              .filter((x) => x.dashboard_id === r.id)
              .map((x) => ({ id: x.id, name: x.name })),
            charts: charts.filter((c) => c.dashboard_id === r.id).map((c) => c.slice_name),
            tags: [],
            ...auditFields(r, users),
          },
        ]),
      );
    },
  };
}
