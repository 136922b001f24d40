import type { SecretBox } from '../crypto/secret-box.js';
import type { EngineRegistry } from '../engines/registry.js';
import type { DatabaseClient, EngineSpec } from '../engines/types.js';
import { ApiError } from '../api/errors.js';
import type { MetadataDb } from '../metadata/db.js';
import { toIso } from '../metadata/db.js';
import fs from 'node:fs';
import { EngineError } from '../engines/types.js';
import { fileDatabasePath, PASSWORD_MASK, splitUriPassword, withUriPassword } from './uri.js';

function realOrSame(file: string): string {
  try {
    return fs.realpathSync.native(file);
  } catch {
    return file;
  }
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

  private readonly protectedFiles: Set<string>;

  /**
   * `protectedFiles`: the app's own files (metadata store, secret key) that no database
   * connection may open, whatever the URI says.
   */
  constructor(
    private readonly db: MetadataDb,
    readonly engines: EngineRegistry,
    private readonly box: SecretBox,
    private readonly dataDir: string,
    protectedFiles: string[] = [],
  ) {
    this.protectedFiles = new Set(
      protectedFiles
        .flatMap((f) => [f, `${f}-wal`, `${f}-shm`, `${f}-journal`])
        .map((f) => realOrSame(f)),
    );
  }

  /** Refuses URIs whose file is one of the app's own files. */
  assertAllowedUri(uri: string): void {
    const file = fileDatabasePath(uri, this.dataDir);
    if (file && this.protectedFiles.has(realOrSame(file))) {
      throw new EngineError(
        'invalid_uri',
        "This file is the application's own store and cannot be used as a database",
      );
    }
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
    });
    this.entries.set(row.id, { fingerprint, client });
    client.catch(() => this.entries.delete(row.id));
    return client;
  }

  async forId(id: number): Promise<{ row: DatabaseRow; client: DatabaseClient; spec: EngineSpec }> {
    const row = await this.row(id);
    return { row, client: await this.client(row), spec: this.spec(row) };
  }

  /** Connects to a URI not (or not yet) stored, tests it and closes the client. */
  async test(uri: string, storedPassword: string | null): Promise<void> {
    const { password } = splitUriPassword(uri);
    const full = password === PASSWORD_MASK ? withUriPassword(uri, storedPassword) : uri;
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
