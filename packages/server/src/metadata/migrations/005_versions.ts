import { sql, type Kysely } from 'kysely';
import type { DialectTypes, Migration } from './helpers.js';

/**
 * Change counters for the per-process caches of hot paths: `security` counts every write to
 * users, roles and permissions; `datasources` every write to databases, datasets, their columns,
 * metrics and owners. Triggers keep them, so a write from any code path or any process makes
 * every process's cached principals and chart targets stale at once.
 */
export const VERSIONED_TABLES: Record<'security' | 'datasources', string[]> = {
  security: [
    'ab_user',
    'ab_role',
    'ab_user_role',
    'ab_permission',
    'ab_view_menu',
    'ab_permission_view',
    'ab_permission_view_role',
  ],
  datasources: ['dbs', 'tables', 'table_columns', 'sql_metrics', 'sqlatable_user'],
};

async function up(db: Kysely<unknown>, t: DialectTypes): Promise<void> {
  await db.schema
    .createTable('strata_version')
    .addColumn('name', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('version', t.bigint, (c) => c.notNull().defaultTo(0))
    .execute();
  for (const name of Object.keys(VERSIONED_TABLES)) {
    await sql`INSERT INTO strata_version (name, version) VALUES (${name}, 0)`.execute(db);
  }
  if (t.dialect === 'postgresql') {
    await sql`
      CREATE FUNCTION strata_bump_version() RETURNS trigger AS $$
      BEGIN
        UPDATE strata_version SET version = version + 1 WHERE name = TG_ARGV[0];
        RETURN NULL;
      END;
      $$ LANGUAGE plpgsql`.execute(db);
  }
  for (const [name, tables] of Object.entries(VERSIONED_TABLES)) {
    for (const table of tables) {
      if (t.dialect === 'postgresql') {
        await sql
          .raw(
            `CREATE TRIGGER ${table}_strata_version AFTER INSERT OR UPDATE OR DELETE ON ${table} ` +
              `FOR EACH STATEMENT EXECUTE PROCEDURE strata_bump_version('${name}')`,
          )
          .execute(db);
        continue;
      }
      for (const event of ['INSERT', 'UPDATE', 'DELETE']) {
        await sql
          .raw(
            `CREATE TRIGGER ${table}_strata_version_${event.toLowerCase()} AFTER ${event} ON ${table} ` +
              `BEGIN UPDATE strata_version SET version = version + 1 WHERE name = '${name}'; END`,
          )
          .execute(db);
      }
    }
  }
}

export const migration005: Migration = { name: '005_versions', up };
