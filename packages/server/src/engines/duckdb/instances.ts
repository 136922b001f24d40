import fs from 'node:fs';
import path from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { EngineError } from '../types.js';
import { toEngineError } from './errors.js';
import type { FileTarget } from '../shared/file-uri.js';

/** A handle on a shared DuckDB instance; `release` once when done with it. */
export interface InstanceLease {
  instance: DuckDBInstance;
  /** Name of the instance's default catalog (`memory`, or the file's stem). */
  catalog: string;
  /** True when the instance itself was opened with access_mode READ_ONLY. */
  readOnlyInstance: boolean;
  release(): void;
}

interface Entry {
  readOnly: boolean;
  refs: number;
  opened: Promise<{ instance: DuckDBInstance; catalog: string }>;
}

/**
 * Instances by file path. DuckDB must not open one file twice in a process (two instances on
 * one file corrupt it), so every client of a file shares one instance, closed when the last
 * lease is released. A read-only client may share an instance opened read-write (the client
 * then runs its statements in read-only transactions); a read-write client cannot use an
 * instance opened read-only.
 */
const byPath = new Map<string, Entry>();

/**
 * Options of every instance: never try to download extensions (there is no network), and no
 * access to the server's files from SQL (read_csv, COPY, ATTACH, glob…: a SQL Lab user must not
 * read the data dir or write anywhere), locked so that no statement can turn it back on.
 */
const BASE_OPTIONS = {
  autoinstall_known_extensions: 'false',
  enable_external_access: 'false',
  lock_configuration: 'true',
};

async function open(
  path: string,
  readOnly: boolean,
): Promise<{ instance: DuckDBInstance; catalog: string }> {
  let instance: DuckDBInstance;
  try {
    instance = await DuckDBInstance.create(
      path,
      readOnly ? { ...BASE_OPTIONS, access_mode: 'READ_ONLY' } : BASE_OPTIONS,
    );
  } catch (e) {
    throw toEngineError(e);
  }
  try {
    const connection = await instance.connect();
    try {
      const reader = await connection.runAndReadAll('SELECT current_database()');
      return { instance, catalog: String(reader.getRows()[0]?.[0] ?? 'memory') };
    } finally {
      connection.closeSync();
    }
  } catch (e) {
    instance.closeSync();
    throw toEngineError(e);
  }
}

/**
 * The key of a file: its path with the directory's symbolic links resolved, so two spellings of
 * one file share an instance (the file itself may not exist yet; its directory must).
 */
export function instanceKey(file: string): string {
  try {
    return path.join(fs.realpathSync.native(path.dirname(file)), path.basename(file));
  } catch {
    return file;
  }
}

/** A lease on the instance of a target; in-memory targets get an instance of their own. */
export async function acquireInstance(
  target: FileTarget,
  readOnly: boolean,
): Promise<InstanceLease> {
  if (target.kind === 'memory') {
    // DuckDB cannot open an in-memory database read-only: the client enforces it instead.
    const { instance, catalog } = await open(':memory:', false);
    let released = false;
    return {
      instance,
      catalog,
      readOnlyInstance: false,
      release: () => {
        if (released) return;
        released = true;
        instance.closeSync();
      },
    };
  }
  const key = instanceKey(target.path);
  let entry = byPath.get(key);
  if (entry && entry.readOnly && !readOnly) {
    throw new EngineError(
      'query_error',
      `The DuckDB file ${key} is open read-only in this server; it can be opened for writing once its read-only connections are closed`,
    );
  }
  if (!entry) {
    const created: Entry = { readOnly, refs: 0, opened: open(key, readOnly) };
    created.opened.catch(() => {
      if (byPath.get(key) === created) byPath.delete(key);
    });
    byPath.set(key, created);
    entry = created;
  }
  const current = entry;
  current.refs += 1;
  let opened: { instance: DuckDBInstance; catalog: string };
  try {
    opened = await current.opened;
  } catch (e) {
    current.refs -= 1;
    throw e;
  }
  let released = false;
  return {
    instance: opened.instance,
    catalog: opened.catalog,
    readOnlyInstance: current.readOnly,
    release: () => {
      if (released) return;
      released = true;
      current.refs -= 1;
      if (current.refs === 0) {
        if (byPath.get(key) === current) byPath.delete(key);
        opened.instance.closeSync();
      }
    },
  };
}

/** Number of file instances open (for tests). */
export function openInstanceCount(): number {
  return byPath.size;
}
