import type { CompiledQuery } from 'kysely';
import type { MetadataDb } from './db.js';

export type VersionName = 'security' | 'datasources' | 'schedules';

export type Versions = Record<VersionName, string>;

/** What MetadataVersions needs of the store: one compiled query run. */
type VersionsDb = Pick<MetadataDb, 'selectFrom' | 'executeQuery'>;

/**
 * Reads the change counters that triggers keep (migration 005). One small query, compiled once:
 * hot paths read it on every request and reuse what they cached while the counter is unchanged.
 *
 * Reads are batched, never stale: a call made while a read is running waits for the next read,
 * which starts when the running one ends and answers every call made meanwhile. Each caller
 * thus gets counters read after its call (a change committed before a request arrived is seen
 * by that request), and a busy process sends one query per round trip instead of one per
 * request.
 */
export class MetadataVersions {
  private readonly query: CompiledQuery<{ name: string; version: number | string }>;
  private running: Promise<Versions> | null = null;
  private queued: Promise<Versions> | null = null;

  constructor(private readonly db: VersionsDb) {
    this.query = db.selectFrom('strata_version').select(['name', 'version']).compile();
  }

  read(): Promise<Versions> {
    if (this.queued) return this.queued;
    const running = this.running;
    if (!running) return this.start();
    const done = () => undefined;
    this.queued = running.then(done, done).then(() => {
      this.queued = null;
      return this.start();
    });
    return this.queued;
  }

  private start(): Promise<Versions> {
    const read = this.fetch();
    this.running = read;
    const clear = () => {
      if (this.running === read) this.running = null;
    };
    read.then(clear, clear);
    return read;
  }

  private async fetch(): Promise<Versions> {
    const { rows } = await this.db.executeQuery(this.query);
    const out: Versions = { security: '', datasources: '', schedules: '' };
    for (const row of rows) {
      if (row.name === 'security' || row.name === 'datasources' || row.name === 'schedules')
        out[row.name] = String(row.version);
    }
    return out;
  }
}
