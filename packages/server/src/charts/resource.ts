import { sql } from 'kysely';
import {
  canSeeAllDatasources,
  favoriteFilter,
  ownedOrCreated,
  anyTextFilter,
  certifiedFilter,
} from '../api/access-filters.js';
import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import type { ResourceDefinition } from '../api/resource-types.js';
import { loadOwners, loadUserSummaries } from '../api/user-summaries.js';
import { toBool } from '../metadata/db.js';
import { assertChartOwner, chartWriteHandlers } from './write.js';

export const CHART_FAVORITE_CLASS = 'slice';

/** Charts through the REST conventions (reads, delete, favourites). */
export function chartsResource(): ResourceDefinition {
  return {
    prefix: '/api/v1/chart',
    table: 'slices',
    view: 'Chart',
    noun: 'chart',
    titleColumn: 'slice_name',
    columns: {
      id: { type: 'number', sortable: true },
      slice_name: { type: 'string', sortable: true },
      viz_type: { type: 'string', sortable: true },
      description: { type: 'string' },
      datasource_id: { type: 'number' },
      datasource_type: { type: 'string' },
      certified_by: { type: 'string', sortable: true },
      datasource_name: {
        type: 'string',
        sortable: true,
        expr: () => sql`(select d.table_name from tables d where d.id = t.datasource_id)`,
      },
      owners: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'slice_user',
          linkOwnerColumn: 'slice_id',
          linkTargetColumn: 'user_id',
        },
      },
      dashboards: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'dashboard_slices',
          linkOwnerColumn: 'slice_id',
          linkTargetColumn: 'dashboard_id',
        },
      },
      ...auditColumns(),
    },
    customFilters: {
      chart_is_favorite: favoriteFilter(CHART_FAVORITE_CLASS),
      chart_all_text: anyTextFilter(['slice_name', 'description', 'viz_type']),
      chart_is_certified: certifiedFilter,
    },
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
    listColumns: [
      'id',
      'slice_name',
      'viz_type',
      'url',
      'description',
      'datasource_id',
      'datasource_type',
      'datasource_name_text',
      'datasource_url',
      'certified_by',
      'certification_details',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'changed_by',
      'created_by',
      'owners',
      'dashboards',
      'cache_timeout',
      'thumbnail_url',
    ],
    favoriteClassName: CHART_FAVORITE_CLASS,
    write: chartWriteHandlers() as ResourceDefinition['write'],
    assertCanModify: assertChartOwner,
    related: { owners: relatedUsers, created_by: relatedUsers, changed_by: relatedUsers },
    distinct: ['viz_type', 'slice_name'],
    visible: (qb, ctx) =>
      canSeeAllDatasources(ctx) ? qb : ownedOrCreated(qb, ctx, 'slice_user', 'slice_id'),
    async load(ctx, ids) {
      const rows = await ctx.db.selectFrom('slices').selectAll().where('id', 'in', ids).execute();
      const owners = await loadOwners(ctx.db, 'slice_user', 'slice_id', ids);
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk]),
      );
      const dsIds = [
        ...new Set(rows.map((r) => r.datasource_id).filter((x): x is number => x !== null)),
      ];
      const datasets = dsIds.length
        ? await ctx.db
            .selectFrom('tables as d')
            .innerJoin('dbs', 'dbs.id', 'd.database_id')
            .select(['d.id', 'd.table_name', 'd.schema', 'dbs.database_name'])
            .where('d.id', 'in', dsIds)
            .execute()
        : [];
      const dsById = new Map(datasets.map((d) => [d.id, d]));
      const links = await ctx.db
        .selectFrom('dashboard_slices as ds')
        .innerJoin('dashboards as d', 'd.id', 'ds.dashboard_id')
        .select(['ds.slice_id', 'd.id', 'd.dashboard_title'])
        .where('ds.slice_id', 'in', ids)
        .execute();
      return new Map(
        rows.map((r) => {
          const ds = r.datasource_id !== null ? dsById.get(r.datasource_id) : undefined;
          return [
            r.id,
            {
              id: r.id,
              uuid: r.uuid,
              slice_name: r.slice_name,
              viz_type: r.viz_type,
              url: `/explore/?slice_id=${r.id}`,
              description: r.description,
              params: r.params,
              query_context: r.query_context,
              cache_timeout: r.cache_timeout,
              datasource_id: r.datasource_id,
              datasource_type: r.datasource_type,
              datasource_name_text: ds
                ? ds.schema
                  ? `${ds.schema}.${ds.table_name}`
                  : ds.table_name
                : null,
              datasource_url: ds ? `/explore/?datasource_type=table&datasource_id=${ds.id}` : null,
              certified_by: r.certified_by,
              certification_details: r.certification_details,
              is_managed_externally: toBool(r.is_managed_externally),
              thumbnail_url: null,
              owners: owners.get(r.id) ?? [],
              dashboards: links
                .filter((l) => l.slice_id === r.id)
                .map((l) => ({ id: l.id, dashboard_title: l.dashboard_title ?? '' })),
              ...auditFields(r, users),
            },
          ];
        }),
      );
    },
  };
}
