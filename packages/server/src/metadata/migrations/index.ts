import { Migrator, type Kysely, type Migration as KyselyMigration } from 'kysely';
import type { MetadataDialect } from '../../config/config.js';
import { migration001 } from './001_initial.js';
import { migration002 } from './002_dataset_columns_metrics.js';
import { migration003 } from './003_sqllab_state.js';
import { migration004 } from './004_annotations.js';
import { migration005 } from './005_versions.js';
import { migration006 } from './006_filter_sets.js';
import { migration007 } from './007_token_generation.js';
import { migration008 } from './008_jobs.js';
import { migration009 } from './009_reports.js';
import { migration010 } from './010_dynamic_plugins.js';
import { migration011 } from './011_legacy_chart_form_data.js';
import { migration012 } from './012_css_templates.js';
import { migration013 } from './013_tags.js';
import { migration014 } from './014_user_preferences.js';
import { dialectTypes, type Migration } from './helpers.js';

/** Every migration, in order. Forward-only: a released migration is never edited, only followed. */
export const MIGRATIONS: Migration[] = [
  migration001,
  migration002,
  migration003,
  migration004,
  migration005,
  migration006,
  migration007,
  migration008,
  migration009,
  migration010,
  migration011,
  migration012,
  migration013,
  migration014,
];

function migratorOf(db: Kysely<unknown>, dialect: MetadataDialect): Migrator {
  const t = dialectTypes(dialect);
  return new Migrator({
    db,
    provider: {
      async getMigrations() {
        const all: Record<string, KyselyMigration> = {};
        for (const m of MIGRATIONS) all[m.name] = { up: (d: Kysely<unknown>) => m.up(d, t) };
        return all;
      },
    },
    migrationTableName: 'strata_migration',
    migrationLockTableName: 'strata_migration_lock',
  });
}

/** The names of the migrations this store has not had yet (all of them on an empty store). */
export async function pendingMigrations(
  db: Kysely<unknown>,
  dialect: MetadataDialect,
): Promise<string[]> {
  const known = await migratorOf(db, dialect).getMigrations();
  return known.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Applies the migrations not yet applied. Throws with the failing migration's name on error. */
export async function migrateToLatest(
  db: Kysely<unknown>,
  dialect: MetadataDialect,
): Promise<string[]> {
  const migrator = migratorOf(db, dialect);
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Metadata migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
