import { sql, type RawBuilder } from 'kysely';
import {
  canSeeAllDatasources,
  favoriteFilter,
  ownedOrCreated,
  certifiedFilter,
} from '../api/access-filters.js';
import { auditColumns, auditFields, relatedUsers } from '../api/common-columns.js';
import { escapeLike } from '../api/list-query.js';
import type { DynamicQuery, RelatedSource, ResourceDefinition } from '../api/resource-types.js';
import { loadOwners, loadUserSummaries } from '../api/user-summaries.js';
import { dashboardVisibility, type DashboardAccessOptions } from '../dashboards/access.js';
import { visibleDatasets } from '../datasets/access.js';
import { chartFormData } from '../dashboards/payload.js';
import { toBool, toDate, toIso } from '../metadata/db.js';
import { assertNoReportsHold } from '../reports/repository.js';
import { assertChartOwner, chartWriteHandlers } from './write.js';

export const CHART_FAVORITE_CLASS = 'slice';

/**
 * `chart_all_text`, as Superset's: the text in the chart's name, description or viz type, or
 * in the name of its dataset (case-insensitive; empty text filters nothing).
 */
export function chartAllTextFilter(qb: DynamicQuery, value: unknown): DynamicQuery {
  const text = String(value ?? '');
  if (text === '') return qb;
  const pattern = `%${escapeLike(text)}%`;
  const like = (expr: RawBuilder<unknown>) =>
    sql`lower(${expr}) like lower(${pattern}) escape '\\'`;
  const cond = sql<boolean>`(${sql.join(
    [
      like(sql.ref('t.slice_name')),
      like(sql.ref('t.description')),
      like(sql.ref('t.viz_type')),
      sql`exists (select 1 from tables d where d.id = t.datasource_id and ${like(sql.ref('d.table_name'))})`,
    ],
    sql` or `,
  )})`;
  return qb.where(() => cond) as DynamicQuery;
}

/** The Dataset filter's options: datasets by name, only those the principal may read. */
export const relatedDatasets: RelatedSource = {
  table: 'tables',
  valueColumn: 'id',
  text: () => sql<string>`r.table_name`,
  searchColumns: ['table_name'],
  extraColumns: ['schema'],
  extra: (row) => ({ schema: row.schema ?? null }),
  visible: visibleDatasets,
};

/** The Dashboard filter's options: dashboards by title (or slug), only those the principal sees. */
export function relatedDashboards(opts: DashboardAccessOptions): RelatedSource {
  return {
    table: 'dashboards',
    valueColumn: 'id',
    text: () => sql<string>`coalesce(r.dashboard_title, '')`,
    searchColumns: ['dashboard_title', 'slug'],
    visible: dashboardVisibility(opts),
  };
}

/**
 * Charts through the REST conventions (reads, delete, favourites). `dashboardAccess` is the
 * dashboards' visibility options (DASHBOARD_RBAC), for the Dashboard filter's options.
 */
export function chartsResource(
  dashboardAccess: DashboardAccessOptions = { dashboardRbac: false },
): ResourceDefinition {
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
      datasource_id: { type: 'number', sortable: true },
      uuid: { type: 'string' },
      last_saved_at: { type: 'datetime', sortable: true },
      last_saved_by: { type: 'number', relation: { kind: 'one', fkColumn: 'last_saved_by_fk' } },
      'last_saved_by.first_name': {
        type: 'string',
        sortable: true,
        expr: () => sql`(select u.first_name from ab_user u where u.id = t.last_saved_by_fk)`,
      },
      'last_saved_by.last_name': {
        type: 'string',
        sortable: true,
        expr: () => sql`(select u.last_name from ab_user u where u.id = t.last_saved_by_fk)`,
      },
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
      chart_all_text: chartAllTextFilter,
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
      'changed_on_dttm',
      'changed_on_utc',
      'changed_by',
      'changed_by_name',
      'created_by',
      'created_by_name',
      'created_on_delta_humanized',
      'edit_url',
      'form_data',
      'is_managed_externally',
      'last_saved_at',
      'last_saved_by',
      'owners',
      'dashboards',
      'params',
      'slice_url',
      'table',
      'tags',
      'cache_timeout',
      'thumbnail_url',
      'uuid',
    ],
    favoriteClassName: CHART_FAVORITE_CLASS,
    write: chartWriteHandlers() as ResourceDefinition['write'],
    assertCanModify: assertChartOwner,
    // A chart a report sends cannot go (Superset's ChartDeleteFailedReportsExistError).
    async remove(trx, ids) {
      await assertNoReportsHold(trx, 'chart_id', ids);
      await trx.deleteFrom('slices').where('id', 'in', ids).execute();
    },
    related: {
      owners: relatedUsers,
      created_by: relatedUsers,
      changed_by: relatedUsers,
      datasource: relatedDatasets,
      dashboards: relatedDashboards(dashboardAccess),
    },
    distinct: ['viz_type', 'slice_name'],
    // Superset's ChartFilter: charts on a dataset the user may read (and their own charts).
    visible: (qb, ctx) => {
      if (canSeeAllDatasources(ctx)) return qb;
      const readable = visibleDatasets(
        ctx.db.selectFrom('tables as t') as unknown as DynamicQuery,
        ctx,
      ).select('t.id');
      return ownedOrCreated(
        qb,
        ctx,
        'slice_user',
        'slice_id',
        sql<boolean>`t.datasource_id in (${readable})`,
      );
    },
    async load(ctx, ids) {
      const rows = await ctx.db.selectFrom('slices').selectAll().where('id', 'in', ids).execute();
      const owners = await loadOwners(ctx.db, 'slice_user', 'slice_id', ids);
      const users = await loadUserSummaries(
        ctx.db,
        rows.flatMap((r) => [r.created_by_fk, r.changed_by_fk, r.last_saved_by_fk]),
      );
      const dsIds = [
        ...new Set(rows.map((r) => r.datasource_id).filter((x): x is number => x !== null)),
      ];
      const datasets = dsIds.length
        ? await ctx.db
            .selectFrom('tables as d')
            .innerJoin('dbs', 'dbs.id', 'd.database_id')
            .select(['d.id', 'd.table_name', 'd.schema', 'd.default_endpoint', 'dbs.database_name'])
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
          const savedBy = r.last_saved_by_fk ? users.get(r.last_saved_by_fk) : undefined;
          const changed = toDate(r.changed_on);
          return [
            r.id,
            {
              id: r.id,
              uuid: r.uuid,
              slice_name: r.slice_name,
              viz_type: r.viz_type,
              url: `/explore/?slice_id=${r.id}`,
              slice_url: `/explore/?slice_id=${r.id}`,
              edit_url: `/chart/edit/${r.id}`,
              description: r.description,
              params: r.params,
              form_data: chartFormData(r),
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
              // Strata keeps no tags (Superset's TAGGING_SYSTEM): every chart has none.
              tags: [],
              table: ds
                ? { table_name: ds.table_name, default_endpoint: ds.default_endpoint }
                : null,
              last_saved_at: toIso(r.last_saved_at),
              last_saved_by: savedBy
                ? { id: savedBy.id, first_name: savedBy.first_name, last_name: savedBy.last_name }
                : null,
              // Superset's changed_on_dttm: milliseconds since the epoch.
              changed_on_dttm: changed ? changed.getTime() : null,
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
