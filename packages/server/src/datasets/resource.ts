import { sql } from 'kysely';
import {
  auditColumns,
  relatedUsers,
  databaseColumns,
  relatedDatabases,
} from '../api/common-columns.js';
import type {
  DynamicDb,
  DynamicQuery,
  RelatedSource,
  RequestContext,
  ResourceDefinition,
} from '../api/resource-types.js';
import { hasAllDatabaseAccess, visibleDatabases } from '../databases/access.js';
import type { DatabaseConnections } from '../databases/connections.js';
import { visibleDatasets } from './access.js';

/**
 * Databases the principal may see from the dataset list: those it is granted (database, schema
 * or dataset access, as the database list) and those holding a dataset it may see.
 */
function databasesOfVisibleDatasets(qb: DynamicQuery, ctx: RequestContext): DynamicQuery {
  if (hasAllDatabaseAccess(ctx.principal)) return qb;
  const db = ctx.db as unknown as DynamicDb;
  const granted = visibleDatabases(
    db.selectFrom('dbs as t') as unknown as DynamicQuery,
    ctx,
  ).select(sql.ref('t.id').as('id'));
  const holding = visibleDatasets(
    db.selectFrom('tables as t') as unknown as DynamicQuery,
    ctx,
  ).select(sql.ref('t.database_id').as('id'));
  return qb.where((eb) =>
    eb.or([eb(sql.ref('t.id'), 'in', granted), eb(sql.ref('t.id'), 'in', holding)]),
  ) as DynamicQuery;
}

/** The Database filter's options: only databases the principal may see. */
const relatedVisibleDatabases: RelatedSource = {
  ...relatedDatabases,
  visible: databasesOfVisibleDatasets,
};
import { loadDatasetApiObjects } from './repository.js';
import { assertDatasetOwner, datasetWriteHandlers, removeDatasets } from './write.js';

/** Datasets through the REST conventions (reads and delete). */
export function datasetsResource(connections: DatabaseConnections): ResourceDefinition {
  return {
    prefix: '/api/v1/dataset',
    table: 'tables',
    view: 'Dataset',
    noun: 'dataset',
    titleColumn: 'table_name',
    columns: {
      id: { type: 'number', sortable: true },
      table_name: { type: 'string', sortable: true },
      schema: { type: 'string', sortable: true },
      sql: { type: 'string' },
      is_sqllab_view: { type: 'boolean' },
      ...databaseColumns('database_id'),
      kind: {
        type: 'string',
        sortable: true,
        expr: () => sql`(case when t.sql is null or t.sql = '' then 'physical' else 'virtual' end)`,
        operators: ['eq'],
      },
      owners: {
        type: 'number',
        relation: {
          kind: 'many',
          linkTable: 'sqlatable_user',
          linkOwnerColumn: 'table_id',
          linkTargetColumn: 'user_id',
        },
      },
      ...auditColumns(),
    },
    customFilters: {
      dataset_is_null_or_empty: (qb, value) =>
        qb.where(() =>
          value === true || value === 'true'
            ? sql<boolean>`(t.sql is null or t.sql = '')`
            : sql<boolean>`(t.sql is not null and t.sql <> '')`,
        ) as typeof qb,
    },
    defaultOrder: { column: 'changed_on_delta_humanized', direction: 'desc' },
    listColumns: [
      'id',
      'uuid',
      'table_name',
      'catalog',
      'datasource_type',
      'changed_by_name',
      'kind',
      'schema',
      'sql',
      'database',
      'owners',
      'description',
      'explore_url',
      'default_endpoint',
      'extra',
      'is_managed_externally',
      'changed_on_delta_humanized',
      'changed_on_utc',
      'changed_by',
      'created_by',
    ],
    related: {
      owners: relatedUsers,
      created_by: relatedUsers,
      changed_by: relatedUsers,
      database: relatedVisibleDatabases,
    },
    distinct: ['schema', 'table_name'],
    visible: visibleDatasets,
    load: (ctx, ids) => loadDatasetApiObjects(ctx.db, ids),
    write: datasetWriteHandlers(connections) as ResourceDefinition['write'],
    assertCanModify: assertDatasetOwner,
    remove: (trx, ids) => removeDatasets(trx, ids),
  };
}
