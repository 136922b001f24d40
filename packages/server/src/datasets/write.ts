import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { ApiError } from '../api/errors.js';
import type { RequestContext, WriteHandlers } from '../api/resource-types.js';
import { assertUsersExist, invalid, jsonText } from '../api/write-helpers.js';
import { canAccessDatabase, grantedDatabaseNames } from '../databases/access.js';
import type { DatabaseConnections } from '../databases/connections.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso, toBool } from '../metadata/db.js';
import { isAdmin } from '../security/principal.js';
import { dropDatasetPermissions, syncDatasetPermission } from './access.js';
import { planColumnSync } from './columns-sync.js';
import { sourceColumnRows } from './repository.js';
import { readSourceColumns, type DatasetSource } from './source.js';
import { checkFragment, untrustedPolicy } from '../query/compile/index.js';

const columnSchema = z.object({
  id: z.number().int().optional(),
  uuid: z.string().optional(),
  column_name: z.string().trim().min(1).max(255),
  verbose_name: z.string().max(1024).nullable().optional(),
  description: z.string().nullable().optional(),
  expression: z.string().nullable().optional(),
  filterable: z.boolean().optional(),
  groupby: z.boolean().optional(),
  is_active: z.boolean().nullable().optional(),
  is_dttm: z.boolean().nullable().optional(),
  python_date_format: z.string().max(255).nullable().optional(),
  type: z.string().nullable().optional(),
  advanced_data_type: z.string().max(255).nullable().optional(),
  extra: jsonText.optional(),
});
const metricSchema = z.object({
  id: z.number().int().optional(),
  uuid: z.string().optional(),
  metric_name: z.string().trim().min(1).max(255),
  expression: z.string().trim().min(1),
  verbose_name: z.string().max(1024).nullable().optional(),
  description: z.string().nullable().optional(),
  d3format: z.string().max(128).nullable().optional(),
  currency: z
    .union([z.string(), z.record(z.string(), z.unknown())])
    .nullable()
    .optional(),
  metric_type: z.string().max(32).nullable().optional(),
  warning_text: z.string().nullable().optional(),
  extra: jsonText.optional(),
});

export const createDatasetSchema = z.object({
  database: z.number().int(),
  schema: z.string().max(255).nullable().optional(),
  catalog: z.string().max(256).nullable().optional(),
  table_name: z.string().trim().min(1).max(250),
  sql: z.string().nullable().optional(),
  owners: z.array(z.number().int()).max(100).optional(),
  template_params: jsonText.optional(),
  is_managed_externally: z.boolean().optional(),
  external_url: z.string().max(2048).nullable().optional(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
});

export const updateDatasetSchema = z.object({
  table_name: z.string().trim().min(1).max(250).optional(),
  database_id: z.number().int().optional(),
  schema: z.string().max(255).nullable().optional(),
  catalog: z.string().max(256).nullable().optional(),
  sql: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  main_dttm_col: z.string().max(250).nullable().optional(),
  offset: z.number().int().optional(),
  default_endpoint: z.string().nullable().optional(),
  cache_timeout: z.number().int().min(-1).nullable().optional(),
  filter_select_enabled: z.boolean().optional(),
  fetch_values_predicate: z.string().nullable().optional(),
  is_sqllab_view: z.boolean().optional(),
  template_params: jsonText.optional(),
  extra: z.union([jsonText, z.record(z.string(), z.unknown())]).optional(),
  is_managed_externally: z.boolean().optional(),
  external_url: z.string().max(2048).nullable().optional(),
  normalize_columns: z.boolean().optional(),
  always_filter_main_dttm: z.boolean().optional(),
  owners: z.array(z.number().int()).max(100).optional(),
  columns: z.array(columnSchema).max(5000).optional(),
  metrics: z.array(metricSchema).max(5000).optional(),
});
type CreateBody = z.infer<typeof createDatasetSchema>;
type UpdateBody = z.infer<typeof updateDatasetSchema>;

async function assertUnique(
  ctx: RequestContext,
  databaseId: number,
  schema: string | null,
  name: string,
  exceptId?: number,
) {
  let q = ctx.db
    .selectFrom('tables')
    .select('id')
    .where('database_id', '=', databaseId)
    .where('table_name', '=', name);
  q = schema === null ? q.where('schema', 'is', null) : q.where('schema', '=', schema);
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw invalid('table_name', `Dataset ${name} already exists`);
}

async function replaceOwners(trx: MetadataDb, tableId: number, owners: number[]) {
  await trx.deleteFrom('sqlatable_user').where('table_id', '=', tableId).execute();
  const unique = [...new Set(owners)];
  if (unique.length)
    await trx
      .insertInto('sqlatable_user')
      .values(unique.map((user_id) => ({ user_id, table_id: tableId })))
      .execute();
}

function duplicates(names: string[]): boolean {
  return new Set(names).size !== names.length;
}

/** Jinja in an expression: checked after rendering, as the asker's SQL (chart_data/templating). */
const TEMPLATE = /\{\{|\{%/;

/**
 * A non-admin owner's new or changed dataset expressions (calculated columns, metrics, the
 * fetch-values predicate) are held to the engine's allow list of functions, as their adhoc SQL
 * is: every viewer's chart runs them (issue 16 point 1). Unchanged ones are not checked again,
 * so an owner can still edit a dataset an admin gave an expression outside the list.
 */
async function checkOwnerExpressions(
  ctx: RequestContext,
  connections: DatabaseConnections,
  id: number,
  databaseId: number,
  body: UpdateBody,
): Promise<void> {
  const spec = connections.spec(await connections.row(databaseId));
  const policy = untrustedPolicy(spec);
  const check = (
    sql: string | null | undefined,
    what: string,
    before: string | null | undefined,
  ) => {
    if (!sql || !sql.trim() || sql === before || TEMPLATE.test(sql)) return;
    checkFragment(sql, spec.engine, what, policy);
  };
  if (body.columns) {
    const stored = await ctx.db
      .selectFrom('table_columns')
      .select(['column_name', 'expression'])
      .where('table_id', '=', id)
      .execute();
    const before = new Map(stored.map((c) => [c.column_name, c.expression]));
    for (const c of body.columns)
      check(c.expression, `The expression of column "${c.column_name}"`, before.get(c.column_name));
  }
  if (body.metrics) {
    const stored = await ctx.db
      .selectFrom('sql_metrics')
      .select(['metric_name', 'expression'])
      .where('table_id', '=', id)
      .execute();
    const before = new Map(stored.map((m) => [m.metric_name, m.expression]));
    for (const m of body.metrics)
      check(m.expression, `The expression of metric "${m.metric_name}"`, before.get(m.metric_name));
  }
  if (body.fetch_values_predicate !== undefined) {
    const row = await ctx.db
      .selectFrom('tables')
      .select('fetch_values_predicate')
      .where('id', '=', id)
      .executeTakeFirst();
    check(body.fetch_values_predicate, 'The fetch values predicate', row?.fetch_values_predicate);
  }
}

/** Only owners and admins change a dataset. */
export async function assertDatasetOwner(ctx: RequestContext, id: number): Promise<void> {
  if (isAdmin(ctx.principal)) return;
  const row = await ctx.db
    .selectFrom('tables')
    .select('created_by_fk')
    .where('id', '=', id)
    .executeTakeFirst();
  const owner = await ctx.db
    .selectFrom('sqlatable_user')
    .select('id')
    .where('table_id', '=', id)
    .where('user_id', '=', ctx.principal.id)
    .executeTakeFirst();
  if (!owner && row?.created_by_fk !== ctx.principal.id)
    throw new ApiError(403, 'Changing this dataset is forbidden');
}

/** Creates a dataset on a table or a query: columns read from the source, owners, its permission. */
export async function createDataset(
  ctx: RequestContext,
  connections: DatabaseConnections,
  body: CreateBody,
  extra: { is_sqllab_view?: boolean; template_params?: string | null } = {},
): Promise<number> {
  const database = await ctx.db
    .selectFrom('dbs')
    .select(['id', 'database_name'])
    .where('id', '=', body.database)
    .executeTakeFirst();
  const allowed =
    database &&
    (canAccessDatabase(ctx.principal, database) ||
      grantedDatabaseNames(ctx.principal).has(database.database_name));
  if (!database || !allowed) throw invalid('database', 'Database does not exist');
  const schema = body.schema ?? null;
  await assertUnique(ctx, database.id, schema, body.table_name);
  const owners = body.owners ?? [ctx.principal.id];
  await assertUsersExist(ctx, owners);
  const { client, spec } = await connections.forId(database.id);
  const src: DatasetSource = {
    schema,
    table_name: body.table_name,
    sql: body.sql ?? null,
    template_params: body.template_params ?? extra.template_params ?? null,
  };
  const columns = await readSourceColumns(spec, client, src);
  const now = nowIso();
  return ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .insertInto('tables')
      .values({
        uuid: randomUUID(),
        table_name: body.table_name,
        database_id: database.id,
        schema,
        catalog: body.catalog ?? null,
        sql: body.sql && body.sql.trim() ? body.sql : null,
        description: null,
        main_dttm_col: columns.find((c) => c.generic === 2)?.name ?? null,
        default_endpoint: null,
        offset: 0,
        cache_timeout: null,
        filter_select_enabled: true,
        fetch_values_predicate: null,
        is_sqllab_view: extra.is_sqllab_view ?? false,
        template_params: body.template_params ?? extra.template_params ?? null,
        extra: null,
        normalize_columns: body.normalize_columns ?? false,
        always_filter_main_dttm: body.always_filter_main_dttm ?? false,
        is_managed_externally: body.is_managed_externally ?? false,
        external_url: body.external_url ?? null,
        created_on: now,
        changed_on: now,
        created_by_fk: ctx.principal.id,
        changed_by_fk: ctx.principal.id,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (columns.length)
      await trx
        .insertInto('table_columns')
        .values(sourceColumnRows(row.id, columns, ctx.principal.id))
        .execute();
    // As Superset's metadata fetch does: every new dataset starts with a `count` metric.
    await trx
      .insertInto('sql_metrics')
      .values({ ...defaultCountMetric(row.id, ctx.principal.id), created_on: now, changed_on: now })
      .execute();
    await replaceOwners(trx, row.id, owners);
    await syncDatasetPermission(trx, {
      id: row.id,
      table_name: body.table_name,
      database_name: database.database_name,
    });
    return row.id;
  });
}

/** Superset's default metric of a new dataset: `count`, COUNT(*). */
export function defaultCountMetric(tableId: number, userId: number) {
  return {
    uuid: randomUUID(),
    table_id: tableId,
    metric_name: 'count',
    verbose_name: 'COUNT(*)',
    metric_type: 'count',
    expression: 'COUNT(*)',
    description: null,
    d3format: null,
    currency: null,
    warning_text: null,
    extra: null,
    created_by_fk: userId,
    changed_by_fk: userId,
  };
}

/** Brings a dataset's columns in line with its source (keeps what users wrote). */
export async function refreshDatasetColumns(
  ctx: RequestContext,
  connections: DatabaseConnections,
  id: number,
): Promise<void> {
  const ds = await ctx.db
    .selectFrom('tables')
    .select(['database_id', 'schema', 'table_name', 'sql', 'template_params'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  const { client, spec } = await connections.forId(ds.database_id);
  const source = await readSourceColumns(spec, client, ds);
  const stored = await ctx.db
    .selectFrom('table_columns')
    .select(['id', 'column_name', 'type', 'expression', 'is_dttm'])
    .where('table_id', '=', id)
    .execute();
  const plan = planColumnSync(
    stored.map((c) => ({ ...c, is_dttm: toBool(c.is_dttm) })),
    source,
  );
  await ctx.db.transaction().execute(async (trx) => {
    if (plan.remove.length)
      await trx.deleteFrom('table_columns').where('id', 'in', plan.remove).execute();
    for (const r of plan.retype) {
      await trx
        .updateTable('table_columns')
        .set({ type: r.type, is_dttm: r.is_dttm, changed_on: nowIso() })
        .where('id', '=', r.id)
        .execute();
    }
    if (plan.add.length)
      await trx
        .insertInto('table_columns')
        .values(sourceColumnRows(id, plan.add, ctx.principal.id))
        .execute();
    await trx
      .updateTable('tables')
      .set({ changed_on: nowIso(), changed_by_fk: ctx.principal.id })
      .where('id', '=', id)
      .execute();
  });
}

type ColumnInput = z.infer<typeof columnSchema>;
type MetricInput = z.infer<typeof metricSchema>;

function columnValues(c: ColumnInput) {
  return {
    column_name: c.column_name,
    verbose_name: c.verbose_name ?? null,
    description: c.description ?? null,
    expression: c.expression && c.expression.trim() ? c.expression : null,
    filterable: c.filterable ?? true,
    groupby: c.groupby ?? true,
    is_active: c.is_active ?? true,
    is_dttm: c.is_dttm ?? false,
    python_date_format: c.python_date_format ?? null,
    type: c.type ?? null,
    advanced_data_type: c.advanced_data_type ?? null,
    extra: c.extra ?? null,
  };
}

function metricValues(m: MetricInput) {
  return {
    metric_name: m.metric_name,
    expression: m.expression,
    verbose_name: m.verbose_name ?? null,
    description: m.description ?? null,
    d3format: m.d3format ?? null,
    currency:
      m.currency == null
        ? null
        : typeof m.currency === 'string'
          ? m.currency
          : JSON.stringify(m.currency),
    metric_type: m.metric_type ?? null,
    warning_text: m.warning_text ?? null,
    extra: m.extra ?? null,
  };
}

/**
 * Replaces a dataset's columns or metrics by the given list: items with an id update that
 * row, items without one are added, rows left out are removed.
 */
async function replaceChildren(
  trx: MetadataDb,
  table: 'table_columns' | 'sql_metrics',
  tableId: number,
  items: Array<{ id?: number; uuid?: string }>,
  values: (item: never) => Record<string, unknown>,
  userId: number,
  override: boolean,
) {
  const existing = await trx
    .selectFrom(table)
    .select('id')
    .where('table_id', '=', tableId)
    .execute();
  const existingIds = new Set(existing.map((r) => r.id));
  if (!override) {
    for (const item of items) {
      if (item.id !== undefined && !existingIds.has(item.id)) {
        throw invalid(
          table === 'table_columns' ? 'columns' : 'metrics',
          `One or more ${table === 'table_columns' ? 'columns' : 'metrics'} do not exist`,
        );
      }
    }
  }
  const keep = new Set(
    override ? [] : items.map((i) => i.id).filter((x): x is number => x !== undefined),
  );
  const drop = [...existingIds].filter((id) => !keep.has(id));
  if (drop.length) await trx.deleteFrom(table).where('id', 'in', drop).execute();
  const now = nowIso();
  for (const item of items) {
    const v = values(item as never);
    if (!override && item.id !== undefined) {
      await trx
        .updateTable(table)
        .set({ ...v, changed_on: now, changed_by_fk: userId })
        .where('id', '=', item.id)
        .execute();
    } else {
      await trx
        .insertInto(table)
        .values({
          ...v,
          uuid: item.uuid ?? randomUUID(),
          table_id: tableId,
          created_on: now,
          changed_on: now,
          created_by_fk: userId,
          changed_by_fk: userId,
        } as never)
        .execute();
    }
  }
}

export function datasetWriteHandlers(
  connections: DatabaseConnections,
): WriteHandlers<CreateBody, UpdateBody> {
  return {
    createSchema: createDatasetSchema,
    updateSchema: updateDatasetSchema,
    create: (ctx, body) => createDataset(ctx, connections, body),
    async update(ctx, id, body, query) {
      const override = query.override_columns === 'true';
      const current = await ctx.db
        .selectFrom('tables as t')
        .innerJoin('dbs', 'dbs.id', 't.database_id')
        .select(['t.table_name', 't.schema', 't.database_id', 'dbs.database_name'])
        .where('t.id', '=', id)
        .executeTakeFirstOrThrow();
      if (body.columns && duplicates(body.columns.map((c) => c.column_name))) {
        throw invalid('columns', 'One or more columns are duplicated');
      }
      if (body.metrics && duplicates(body.metrics.map((m) => m.metric_name))) {
        throw invalid('metrics', 'One or more metrics are duplicated');
      }
      if (body.owners) await assertUsersExist(ctx, body.owners);
      let databaseName = current.database_name;
      if (body.database_id !== undefined && body.database_id !== current.database_id) {
        const db = await ctx.db
          .selectFrom('dbs')
          .select(['database_name'])
          .where('id', '=', body.database_id)
          .executeTakeFirst();
        if (!db) throw invalid('database_id', 'Database does not exist');
        databaseName = db.database_name;
      }
      const tableName = body.table_name ?? current.table_name;
      const schema = body.schema !== undefined ? body.schema : current.schema;
      if (
        body.table_name !== undefined ||
        body.schema !== undefined ||
        body.database_id !== undefined
      ) {
        await assertUnique(ctx, body.database_id ?? current.database_id, schema, tableName, id);
      }
      const extra =
        body.extra === undefined
          ? undefined
          : typeof body.extra === 'string' || body.extra === null
            ? body.extra
            : JSON.stringify(body.extra);
      if (!isAdmin(ctx.principal))
        await checkOwnerExpressions(
          ctx,
          connections,
          id,
          body.database_id ?? current.database_id,
          body,
        );
      const { columns, metrics, owners, extra: _extra, ...scalar } = body;
      await ctx.db.transaction().execute(async (trx) => {
        await trx
          .updateTable('tables')
          .set({
            ...scalar,
            ...(extra !== undefined && { extra }),
            ...(body.sql !== undefined && { sql: body.sql && body.sql.trim() ? body.sql : null }),
            changed_on: nowIso(),
            changed_by_fk: ctx.principal.id,
          })
          .where('id', '=', id)
          .execute();
        if (columns)
          await replaceChildren(
            trx,
            'table_columns',
            id,
            columns,
            columnValues as never,
            ctx.principal.id,
            override,
          );
        if (metrics)
          await replaceChildren(
            trx,
            'sql_metrics',
            id,
            metrics,
            metricValues as never,
            ctx.principal.id,
            false,
          );
        if (owners) await replaceOwners(trx, id, owners);
        await syncDatasetPermission(
          trx,
          { id, table_name: tableName, database_name: databaseName },
          {
            table_name: current.table_name,
            database_name: current.database_name,
          },
        );
      });
    },
  };
}

/** Deletes datasets (columns and metrics go with them) and their permissions. */
export async function removeDatasets(trx: MetadataDb, ids: number[]): Promise<void> {
  await dropDatasetPermissions(trx, ids);
  await trx.deleteFrom('tables').where('id', 'in', ids).execute();
}
