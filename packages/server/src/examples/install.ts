import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { syncDatabasePermission } from '../databases/access.js';
import { newDatabaseRow } from '../databases/write.js';
import { syncDatasetPermission } from '../datasets/access.js';
import type { MetadataDb } from '../metadata/db.js';
import { nowIso } from '../metadata/db.js';
import { EXAMPLE_TABLES } from './catalogue.js';
import { examplesDataDir, loadExamples, type LoadReport } from './loader.js';
import type { ExampleTable } from './types.js';

/** Superset's uuid of the examples database: bundles refer to it. */
export const EXAMPLES_DATABASE_UUID = 'a2dc77af-e654-49bb-b321-40f6b559a1ee';
export const EXAMPLES_DATABASE_NAME = 'examples';
export const EXAMPLES_FILE = 'examples.duckdb';
/** The examples' tables live in DuckDB's default schema. */
export const EXAMPLES_SCHEMA = 'main';

export interface InstallReport {
  load: LoadReport;
  databaseId: number;
  datasetsCreated: string[];
}

/** The dataset rows of an example table: physical and computed columns, metrics. */
function datasetChildren(table: ExampleTable, tableId: number, now: string) {
  const audit = { created_on: now, changed_on: now, created_by_fk: null, changed_by_fk: null };
  const physical = table.columns.map((c) => ({
    uuid: randomUUID(),
    table_id: tableId,
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    is_dttm: c.is_dttm,
    is_active: true,
    type: c.type,
    advanced_data_type: null,
    groupby: true,
    filterable: true,
    expression: null,
    description: c.description,
    python_date_format: c.python_date_format,
    extra: null,
    ...audit,
  }));
  const computed = table.dataset.computed_columns.map((c) => ({
    uuid: randomUUID(),
    table_id: tableId,
    column_name: c.column_name,
    verbose_name: c.verbose_name,
    is_dttm: c.is_dttm,
    is_active: true,
    type: c.type ?? c.result_type,
    advanced_data_type: null,
    groupby: true,
    filterable: true,
    expression: c.expression,
    description: c.description,
    python_date_format: null,
    extra: null,
    ...audit,
  }));
  const metrics = table.dataset.metrics.map((m) => ({
    uuid: randomUUID(),
    table_id: tableId,
    metric_name: m.metric_name,
    verbose_name: m.verbose_name,
    metric_type: m.metric_type,
    expression: m.expression,
    description: m.description,
    d3format: m.d3format,
    currency: null,
    warning_text: null,
    extra: null,
    ...audit,
  }));
  return { columns: [...physical, ...computed], metrics };
}

/**
 * Loads the example data into the embedded DuckDB file in the data dir and registers the
 * "examples" database with a dataset on each table. Idempotent: present tables are not
 * reloaded, and existing datasets (which users may have edited) are left as they are.
 */
export async function installExamples(
  db: MetadataDb,
  dataDir: string,
  onProgress?: (message: string) => void,
): Promise<InstallReport> {
  const load = await loadExamples(path.join(dataDir, EXAMPLES_FILE), examplesDataDir(), {
    onProgress,
  });
  const now = nowIso();
  return db.transaction().execute(async (trx) => {
    let database = await trx
      .selectFrom('dbs')
      .select(['id', 'database_name'])
      .where((eb) =>
        eb.or([
          eb('uuid', '=', EXAMPLES_DATABASE_UUID),
          eb('database_name', '=', EXAMPLES_DATABASE_NAME),
        ]),
      )
      .executeTakeFirst();
    if (!database) {
      const row = await trx
        .insertInto('dbs')
        .values({
          ...newDatabaseRow({
            uuid: EXAMPLES_DATABASE_UUID,
            database_name: EXAMPLES_DATABASE_NAME,
            sqlalchemy_uri: `duckdb:///${EXAMPLES_FILE}`,
            password: null,
            configuration_method: 'sqlalchemy_form',
            userId: null,
          }),
          // SQL Lab runs its queries on the in-process queue: the first rows of a large result
          // show while the rest streams, and Stop never waits for a request to end.
          allow_run_async: true,
        })
        .returning(['id', 'database_name'])
        .executeTakeFirstOrThrow();
      database = row;
      await syncDatabasePermission(trx, database);
    }
    const existing = await trx
      .selectFrom('tables')
      .select('table_name')
      .where('database_id', '=', database.id)
      .where('schema', '=', EXAMPLES_SCHEMA)
      .execute();
    const have = new Set(existing.map((r) => r.table_name));
    const created: string[] = [];
    for (const table of EXAMPLE_TABLES) {
      if (have.has(table.table_name)) continue;
      const uuidTaken =
        table.dataset.uuid !== null &&
        (await trx
          .selectFrom('tables')
          .select('id')
          .where('uuid', '=', table.dataset.uuid)
          .executeTakeFirst()) !== undefined;
      const row = await trx
        .insertInto('tables')
        .values({
          uuid: table.dataset.uuid && !uuidTaken ? table.dataset.uuid : randomUUID(),
          table_name: table.table_name,
          database_id: database.id,
          schema: EXAMPLES_SCHEMA,
          catalog: null,
          sql: null,
          description: table.dataset.description,
          main_dttm_col: table.dataset.main_dttm_col,
          default_endpoint: null,
          offset: 0,
          cache_timeout: null,
          filter_select_enabled: true,
          fetch_values_predicate: null,
          is_sqllab_view: false,
          template_params: null,
          extra: null,
          normalize_columns: false,
          always_filter_main_dttm: false,
          is_managed_externally: false,
          external_url: null,
          created_on: now,
          changed_on: now,
          created_by_fk: null,
          changed_by_fk: null,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      const { columns, metrics } = datasetChildren(table, row.id, now);
      if (columns.length) await trx.insertInto('table_columns').values(columns).execute();
      if (metrics.length) await trx.insertInto('sql_metrics').values(metrics).execute();
      await syncDatasetPermission(trx, {
        id: row.id,
        table_name: table.table_name,
        database_name: database.database_name,
      });
      created.push(table.table_name);
    }
    return { load, databaseId: database.id, datasetsCreated: created };
  });
}
