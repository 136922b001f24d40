/**
 * Who may connect a file database (SQLite, DuckDB), and to which files (issue 16 point 8,
 * Superset's PREVENT_UNSAFE_DB_CONNECTIONS class). A file database reads any file of the host
 * the server can read, so:
 * - only an Admin may create, re-point, test or validate one (in memory included); anyone else
 *   is refused before the path is looked at, so the answer says nothing of which files exist;
 * - its file must be inside one of the configured folders (STRATA_FILE_DATABASE_DIRS, by default
 *   the data dir's `uploads`), judged on the canonical path: `..` resolved, every symbolic link
 *   of the path followed (a link whose target does not exist is refused, it would create the
 *   file wherever it points);
 * - never the app's own files (metadata store and its WAL/SHM/journal, secret key, SQL Lab
 *   results), nor examples.duckdb unless the database is the examples database itself.
 * Databases stored before these rules keep opening (only the app's own files are refused at
 * every open); they cannot be re-pointed outside the folders.
 */
import fs from 'node:fs';
import path from 'node:path';
import { EngineError } from '../engines/types.js';

/** A refused file database: Superset answers these as DATABASE_SECURITY_ACCESS_ERROR. */
export class FileDatabaseRefused extends EngineError {
  readonly errorType = 'DATABASE_SECURITY_ACCESS_ERROR';
  constructor(message: string) {
    super('invalid_uri', message);
  }
}

export interface FileDatabaseRules {
  /** Folders a file database must be inside (canonical paths). */
  allowedDirs: string[];
  /** Files no database may open (canonical paths, companions included). */
  protectedFiles: string[];
  /** Folders no database file may be inside (canonical paths): the results. */
  protectedDirs: string[];
  /** The examples database's files: only the examples database may use them. */
  examplesFiles: string[];
}

export const APP_FILE_MESSAGE =
  "This file is the application's own store and cannot be used as a database";

/** Superset's wording for PREVENT_UNSAFE_DB_CONNECTIONS, and who may lift it here. */
export function adminOnlyMessage(label: string): string {
  return `${label} cannot be used as a data source for security reasons: only an Admin may connect a ${label} database.`;
}

export function outsideDirsMessage(dirs: string[]): string {
  return `The database file must be inside a folder allowed for file databases (STRATA_FILE_DATABASE_DIRS): ${dirs.join(', ')}`;
}

export const BROKEN_LINK_MESSAGE =
  'The database path is a symbolic link to a file that does not exist';

/** A file and the companions SQLite and DuckDB keep beside it. */
export function withCompanions(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`, `${file}.wal`];
}

/**
 * The canonical form of a path: the real path of its longest existing ancestor (every link
 * followed) joined with the rest. Null when the path itself is a link that leads nowhere.
 */
export function canonicalPath(file: string): string | null {
  const absolute = path.resolve(file);
  try {
    return fs.realpathSync.native(absolute);
  } catch {
    // Does not exist (yet), or a broken link.
  }
  try {
    if (fs.lstatSync(absolute).isSymbolicLink()) return null;
  } catch {
    // Nothing there at all: fine, its parent decides.
  }
  const parent = path.dirname(absolute);
  if (parent === absolute) return absolute;
  const base = canonicalPath(parent);
  return base === null ? null : path.join(base, path.basename(absolute));
}

/** Whether `file` is `dir` or inside it (both canonical). */
export function isInside(file: string, dir: string): boolean {
  const rel = path.relative(dir, file);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel));
}

/** Canonical forms of paths (those that lead nowhere kept as given). */
export function canonicalAll(paths: string[]): string[] {
  return paths.map((p) => canonicalPath(p) ?? path.resolve(p));
}

/** Why the app's own files forbid this (canonical) file, or null. Applies at every open. */
export function appFileRefusal(file: string, rules: FileDatabaseRules): string | null {
  if (rules.protectedFiles.includes(file)) return APP_FILE_MESSAGE;
  if (rules.protectedDirs.some((d) => isInside(file, d))) return APP_FILE_MESSAGE;
  return null;
}

export interface Connector {
  admin: boolean;
  /** The database being changed is the examples database. */
  examplesDatabase: boolean;
}

/**
 * Why `who` may not connect a file database of `label` at `file` (a resolved path, or null for
 * an in-memory database), or null when it may.
 */
export function fileDatabaseRefusal(
  label: string,
  file: string | null,
  who: Connector,
  rules: FileDatabaseRules,
): string | null {
  if (!who.admin) return adminOnlyMessage(label);
  if (file === null) return null;
  const canonical = canonicalPath(file);
  if (canonical === null) return BROKEN_LINK_MESSAGE;
  const own = appFileRefusal(canonical, rules);
  if (own) return own;
  if (rules.examplesFiles.includes(canonical)) {
    return who.examplesDatabase ? null : APP_FILE_MESSAGE;
  }
  if (!rules.allowedDirs.some((d) => isInside(canonical, d))) {
    return outsideDirsMessage(rules.allowedDirs);
  }
  return null;
}
