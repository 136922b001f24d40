import type { SecretBox } from '../crypto/secret-box.js';
import type { EngineRegistry } from '../engines/registry.js';
import type { DatabaseClient, EngineSpec } from '../engines/types.js';
import { ApiError } from '../api/errors.js';
import type { MetadataDb } from '../metadata/db.js';
import { toIso } from '../metadata/db.js';
import { EngineError } from '../engines/types.js';
import { isAdmin, type Principal } from '../security/principal.js';
import {
  appFileRefusal,
  canonicalAll,
  canonicalPath,
  FileDatabaseRefused,
  fileDatabaseRefusal,
  withCompanions,
  type FileDatabaseRules,
} from './file-policy.js';
import {
  backendOf,
  FILE_BACKENDS,
  fileDatabasePath,
  isFileDatabaseUri,
  PASSWORD_MASK,
  splitUriPassword,
  withUriPassword,
} from './uri.js';

/** Where the app keeps files no database may open, and where file databases may live. */
export interface FileDatabaseSettings {
  /** Folders file databases must be inside (STRATA_FILE_DATABASE_DIRS). */
  allowedDirs: string[];
  /** Folders of the app's own (SQL Lab results). */
  privateDirs: string[];
  /** The examples database's file (only that database may use it). */
  examplesFile: string | null;
  /**
   * Open the examples file read-only (issue 17: every process of a scaled-out install reads
   * it; only `init` or the embedded process writes it).
   */
  examplesReadOnly?: boolean;
}

export interface DatabaseRow {
  id: number;
  database_name: string;
  sqlalchemy_uri: string;
  password: string | null;
  changed_on: string | Date | null;
  extra: string | null;
}

interface Entry {
  fingerprint: string;
  client: Promise<DatabaseClient>;
}

/**
 * One open client (pool or embedded handle) per database, reopened when the database's
 * connection settings change, closed on delete and at shutdown.
 */
export class DatabaseConnections {
  private readonly entries = new Map<number, Entry>();

  private readonly rules: FileDatabaseRules;
  private readonly examplesReadOnly: boolean;

  /**
   * `protectedFiles`: the app's own files (metadata store, secret key) that no database
   * connection may open, whatever the URI says; `files`: see `FileDatabaseSettings`.
   */
  constructor(
    private readonly db: MetadataDb,
    readonly engines: EngineRegistry,
    private readonly box: SecretBox,
    private readonly dataDir: string,
    protectedFiles: string[] = [],
    files: FileDatabaseSettings = { allowedDirs: [], privateDirs: [], examplesFile: null },
  ) {
    this.rules = {
      allowedDirs: canonicalAll(files.allowedDirs),
      protectedFiles: canonicalAll(protectedFiles.flatMap(withCompanions)),
      protectedDirs: canonicalAll(files.privateDirs),
      examplesFiles: canonicalAll(files.examplesFile ? withCompanions(files.examplesFile) : []),
    };
    this.examplesReadOnly = files.examplesReadOnly === true;
  }

  /** Whether this URI's file is the examples file and this process only reads it. */
  private opensReadOnly(uri: string): boolean {
    if (!this.examplesReadOnly) return false;
    const file = fileDatabasePath(uri, this.dataDir);
    if (file === null) return false;
    return this.rules.examplesFiles.includes(canonicalPath(file) ?? file);
  }

  /** Refuses URIs whose file is one of the app's own files (checked at every open). */
  assertAllowedUri(uri: string): void {
    const file = fileDatabasePath(uri, this.dataDir);
    if (file === null) return;
    const canonical = canonicalPath(file) ?? file;
    const refusal = appFileRefusal(canonical, this.rules);
    if (refusal) throw new EngineError('invalid_uri', refusal);
  }

  /**
   * Refuses a URI that `principal` may not connect (create, re-point, test, validate, import):
   * the app's own files for everyone, and for file databases (SQLite, DuckDB) anyone but an
   * Admin, and any file outside the allowed folders (see `file-policy.ts`). The refusal is an
   * `FileDatabaseRefused` whose message is ours.
   */
  assertMayConnect(uri: string, principal: Principal, examplesDatabase = false): void {
    if (!isFileDatabaseUri(uri)) return;
    const label = FILE_BACKENDS[backendOf(uri)] ?? backendOf(uri);
    const admin = isAdmin(principal);
    // Nothing of the path is read for a non-Admin: no answer depends on what exists.
    const file = admin ? fileDatabasePath(uri, this.dataDir) : null;
    const refusal = fileDatabaseRefusal(label, file, { admin, examplesDatabase }, this.rules);
    if (refusal) throw new FileDatabaseRefused(refusal);
  }

  /** The stored row of a database, or 404. */
  async row(id: number): Promise<DatabaseRow> {
    const row = await this.db
      .selectFrom('dbs')
      .select(['id', 'database_name', 'sqlalchemy_uri', 'password', 'changed_on', 'extra'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw new ApiError(404, 'Not found');
    return row;
  }

  /** The password kept for a database, decrypted. */
  password(row: Pick<DatabaseRow, 'password'>): string | null {
    if (!row.password) return null;
    try {
      return this.box.decrypt(row.password);
    } catch {
      throw new ApiError(
        500,
        'The stored credentials of this database cannot be read: was the secret key changed?',
      );
    }
  }

  spec(row: Pick<DatabaseRow, 'sqlalchemy_uri'>): EngineSpec {
    return this.engines.forUri(row.sqlalchemy_uri);
  }

  /** The open client of a database. */
  async client(row: DatabaseRow): Promise<DatabaseClient> {
    const fingerprint = `${row.sqlalchemy_uri}|${row.password ?? ''}|${toIso(row.changed_on) ?? ''}`;
    const entry = this.entries.get(row.id);
    if (entry && entry.fingerprint === fingerprint) return entry.client;
    if (entry) this.close(row.id);
    this.assertAllowedUri(row.sqlalchemy_uri);
    const spec = this.spec(row);
    const client = spec.connect(row.sqlalchemy_uri, {
      password: this.password(row),
      dataDir: this.dataDir,
      ...(this.opensReadOnly(row.sqlalchemy_uri) ? { readOnly: true } : {}),
    });
    this.entries.set(row.id, { fingerprint, client });
    client.catch(() => this.entries.delete(row.id));
    return client;
  }

  async forId(id: number): Promise<{ row: DatabaseRow; client: DatabaseClient; spec: EngineSpec }> {
    const row = await this.row(id);
    return { row, client: await this.client(row), spec: this.spec(row) };
  }

  /**
   * Connects to a URI not (or not yet) stored, tests it and closes the client;
   * `examplesDatabase`: the URI is the examples database's new one (see `assertMayConnect`).
   */
  async test(
    uri: string,
    storedPassword: string | null,
    principal: Principal,
    examplesDatabase = false,
  ): Promise<void> {
    const { password } = splitUriPassword(uri);
    const full = password === PASSWORD_MASK ? withUriPassword(uri, storedPassword) : uri;
    this.assertMayConnect(full, principal, examplesDatabase);
    this.assertAllowedUri(full);
    const spec = this.engines.forUri(full);
    const client = await spec.connect(full, {
      dataDir: this.dataDir,
      connectTimeoutMs: 10_000,
      readOnly: true,
    });
    try {
      await client.testConnection();
    } finally {
      await client.close().catch(() => undefined);
    }
  }

  close(id: number): void {
    const entry = this.entries.get(id);
    this.entries.delete(id);
    void entry?.client.then((c) => c.close()).catch(() => undefined);
  }

  async closeAll(): Promise<void> {
    const all = [...this.entries.values()];
    this.entries.clear();
    await Promise.all(all.map((e) => e.client.then((c) => c.close()).catch(() => undefined)));
  }
}
