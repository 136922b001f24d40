/**
 * The app's files are private to its OS user (issue 16 point 15): the metadata store and its
 * WAL/SHM, the secret key, SQL Lab results, examples.duckdb, uploads and file databases hold
 * data other local users must not read.
 *
 * Two halves: `restrictNewFiles` sets the process umask to 077 at start (main.ts), so every file
 * and folder the process or its native libraries (SQLite, DuckDB) and child processes create is
 * 0600 / 0700 whatever call made it; `tightenExisting` removes group and other bits from what a
 * data dir already holds (files made by an older version, or by a process with another umask).
 */
import fs from 'node:fs';
import path from 'node:path';

/** No bits for group and others. */
export const PRIVATE_UMASK = 0o077;

/** Makes every file and folder the process creates from now on private (0600 / 0700). */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK);
}

/** The mode without group and other bits (pure). */
export function privateMode(mode: number): number {
  return mode & 0o7777 & ~PRIVATE_UMASK;
}

/** Most entries walked in a data dir at start (results folders can hold many pages). */
const MAX_ENTRIES = 200_000;

/** The SQLite store's companion files. */
export function sqliteCompanions(file: string): string[] {
  return [file, `${file}-wal`, `${file}-shm`, `${file}-journal`];
}

/**
 * Removes group and other bits from `dataDir`, everything under it (symbolic links are neither
 * followed nor changed) and `files` (e.g. a metadata file kept elsewhere). Returns the paths it
 * changed; entries it cannot change (another owner) are reported to `warn` and left.
 */
export function tightenExisting(
  dataDir: string,
  files: string[] = [],
  warn: (message: string) => void = () => undefined,
): string[] {
  const changed: string[] = [];
  const tighten = (p: string, stat: fs.Stats) => {
    const mode = privateMode(stat.mode);
    if (mode === (stat.mode & 0o7777)) return;
    try {
      fs.chmodSync(p, mode);
      changed.push(p);
    } catch (e) {
      warn(`cannot make ${p} private: ${(e as Error).message}`);
    }
  };
  let seen = 0;
  const walk = (dir: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      if (++seen > MAX_ENTRIES) return;
      const p = path.join(dir, entry.name);
      if (entry.isSymbolicLink()) continue;
      const stat = lstatOrNull(p);
      if (!stat) continue;
      tighten(p, stat);
      if (stat.isDirectory()) walk(p);
    }
  };
  const root = lstatOrNull(dataDir);
  if (root?.isDirectory()) {
    tighten(dataDir, root);
    walk(dataDir);
  }
  for (const f of files) {
    const stat = lstatOrNull(f);
    if (stat?.isFile()) tighten(f, stat);
  }
  return changed;
}

function lstatOrNull(p: string): fs.Stats | null {
  try {
    return fs.lstatSync(p);
  } catch {
    return null;
  }
}
