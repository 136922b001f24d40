import type { CompiledQuery } from 'kysely';
import type { MetadataDb } from './db.js';

export type VersionName = 'security' | 'datasources' | 'schedules';

export type Versions = Record<VersionName, string>;

/**
 * Reads the change counters that triggers keep (migration 005). One small query, compiled once:
 * hot paths read it on every request and reuse what they cached while the counter is unchanged.
 */
export class MetadataVersions {
  private readonly query: CompiledQuery<{ name: string; version: number | string }>;

  constructor(private readonly db: MetadataDb) {
    this.query = db.selectFrom('strata_version').select(['name', 'version']).compile();
  }

  async read(): Promise<Versions> {
    const { rows } = await this.db.executeQuery(this.query);
    const out: Versions = { security: '', datasources: '', schedules: '' };
    for (const row of rows) {
      if (row.name === 'security' || row.name === 'datasources' || row.name === 'schedules')
        out[row.name] = String(row.version);
    }
    return out;
  }
}
