import { newDatabaseRow } from '../../src/databases/write.js';
import { openMetadataStore, type MetadataStore } from '../../src/metadata/db.js';
import { migrateToLatest } from '../../src/metadata/migrations/index.js';
import type { MetadataTarget } from '../helpers/metadata-targets.js';

/** A fresh, migrated metadata store of `target`, opened directly (no server). */
export async function migratedStore(
  target: MetadataTarget,
): Promise<{ store: MetadataStore; url: string; drop(): Promise<void> }> {
  const created = await target.create();
  const store = openMetadataStore(created.url, target.name);
  await migrateToLatest(store.db as never, target.name);
  return {
    store,
    url: created.url,
    drop: async () => {
      await store.close();
      await created.drop();
    },
  };
}

/** A database row queries can belong to; its id. */
export async function addDatabase(store: MetadataStore): Promise<number> {
  const row = await store.db
    .insertInto('dbs')
    .values(
      newDatabaseRow({
        uuid: crypto.randomUUID(),
        database_name: `db-${Math.random().toString(36).slice(2)}`,
        sqlalchemy_uri: 'duckdb:///:memory:',
        password: null,
        configuration_method: 'sqlalchemy_form',
        userId: null,
      }),
    )
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
