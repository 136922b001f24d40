import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Redis } from 'ioredis';
import type { ColumnInfo } from '../engines/types.js';

/**
 * Where SQL Lab keeps query results, by results key, page by page (Superset's RESULTS_BACKEND):
 * files in the data dir by default, Redis when configured. A result is written as it streams
 * from the database (one page at a time, so the server never holds a whole large result) and
 * read back a page at a time.
 */

/** What is known of a stored result once it is complete. */
export interface ResultMeta {
  columns: ColumnInfo[];
  /** Rows in the whole result. */
  totalRows: number;
  /** Rows per page (every page but the last is full). */
  pageRows: number;
  /** Rows changed, for statements that change rows. */
  affectedRows: number | null;
  /** Epoch ms. */
  createdAt: number;
  /** False while the query still streams rows in (`totalRows` counts the pages stored). */
  complete: boolean;
  /** Bytes of the stored pages (counted against the results quotas; absent in older results). */
  bytes?: number;
  /** The user whose query made the result (null: anonymous; absent in older results). */
  owner?: number | null;
}

export type ResultRow = unknown[];

export interface ResultsBackend {
  /** Stores a page, given as its JSON text (`pageText`: the caller counts its bytes first). */
  writePage(key: string, index: number, text: string): Promise<void>;
  /** Stores the meta (the result as far as it is stored); readers see it from then on. */
  writeMeta(key: string, meta: ResultMeta): Promise<void>;
  /** The last page (none when `text` is null) and the complete meta, at once. */
  writeFinal(key: string, index: number, text: string | null, meta: ResultMeta): Promise<void>;
  /** Every stored result with its meta (for the quotas' accounting at start and now and then). */
  list(): Promise<Array<{ key: string; meta: ResultMeta }>>;
  readMeta(key: string): Promise<ResultMeta | null>;
  readPage(key: string, index: number): Promise<ResultRow[] | null>;
  delete(key: string): Promise<void>;
  /** Removes results older than the time to live. */
  purgeExpired(): Promise<number>;
  close(): Promise<void>;
}

/** A page's JSON text, as stored. */
export function pageText(rows: ResultRow[]): string {
  return JSON.stringify(rows);
}

/** A new results key: 32 random hex characters. */
export function newResultsKey(): string {
  return crypto.randomBytes(16).toString('hex');
}

const KEY_PATTERN = /^[a-f0-9]{32}$/;

/** Results up to this many characters are written with blocking calls (see writeFinal). */
const SMALL_WRITE = 64 * 1024;

/** Whether `key` has the form of a results key (checked before it reaches a path or Redis). */
export function isResultsKey(key: string): boolean {
  return KEY_PATTERN.test(key);
}

function assertKey(key: string): void {
  if (!isResultsKey(key)) throw new Error('Invalid results key');
}

function assertIndex(index: number): void {
  if (!Number.isSafeInteger(index) || index < 0) throw new Error('Invalid page index');
}

/** Results as files: `<dir>/<key>/meta.json` and `<dir>/<key>/<page>.json`. */
export class FileResultsBackend implements ResultsBackend {
  constructor(
    private readonly dir: string,
    private readonly ttlMs: number,
  ) {
    fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  }

  private folder(key: string): string {
    assertKey(key);
    return path.join(this.dir, key);
  }

  async writePage(key: string, index: number, text: string): Promise<void> {
    assertIndex(index);
    const folder = this.folder(key);
    await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
    await fs.promises.writeFile(path.join(folder, `${index}.json`), text, { mode: 0o600 });
  }

  async writeFinal(
    key: string,
    index: number,
    text: string | null,
    meta: ResultMeta,
  ): Promise<void> {
    assertIndex(index);
    const folder = this.folder(key);
    const page = text;
    const metaText = JSON.stringify(meta);
    if ((page?.length ?? 0) + metaText.length <= SMALL_WRITE) {
      // Small results (most queries): blocking writes of a few kilobytes cost a fraction of
      // the thread-pool round trips of the promise API.
      fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
      if (page !== null) {
        fs.writeFileSync(path.join(folder, `${index}.json`), page, { mode: 0o600 });
      }
      const tmp = path.join(folder, `meta.${process.pid}.tmp`);
      fs.writeFileSync(tmp, metaText, { mode: 0o600 });
      fs.renameSync(tmp, path.join(folder, 'meta.json'));
      return;
    }
    await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
    await Promise.all([
      page !== null
        ? fs.promises.writeFile(path.join(folder, `${index}.json`), page, { mode: 0o600 })
        : null,
      this.replaceMeta(folder, meta),
    ]);
  }

  async writeMeta(key: string, meta: ResultMeta): Promise<void> {
    const folder = this.folder(key);
    await fs.promises.mkdir(folder, { recursive: true, mode: 0o700 });
    await this.replaceMeta(folder, meta);
  }

  private async replaceMeta(folder: string, meta: ResultMeta): Promise<void> {
    // Written then renamed, so a reader never sees half a meta file.
    const tmp = path.join(folder, `meta.${process.pid}.tmp`);
    await fs.promises.writeFile(tmp, JSON.stringify(meta), { mode: 0o600 });
    await fs.promises.rename(tmp, path.join(folder, 'meta.json'));
  }

  async readMeta(key: string): Promise<ResultMeta | null> {
    return this.readJson<ResultMeta>(path.join(this.folder(key), 'meta.json'));
  }

  async list(): Promise<Array<{ key: string; meta: ResultMeta }>> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch {
      return [];
    }
    const out: Array<{ key: string; meta: ResultMeta }> = [];
    for (const key of names) {
      if (!isResultsKey(key)) continue;
      try {
        const meta = await this.readMeta(key);
        if (meta) out.push({ key, meta });
      } catch {
        // Removed or half written meanwhile.
      }
    }
    return out;
  }

  async readPage(key: string, index: number): Promise<ResultRow[] | null> {
    assertIndex(index);
    return this.readJson<ResultRow[]>(path.join(this.folder(key), `${index}.json`));
  }

  private async readJson<T>(file: string): Promise<T | null> {
    try {
      return JSON.parse(await fs.promises.readFile(file, 'utf8')) as T;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw e;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.folder(key), { recursive: true, force: true });
  }

  async purgeExpired(now = Date.now()): Promise<number> {
    let removed = 0;
    let names: string[];
    try {
      names = await fs.promises.readdir(this.dir);
    } catch {
      return 0;
    }
    for (const name of names) {
      if (!isResultsKey(name)) continue;
      const folder = path.join(this.dir, name);
      try {
        const stat = await fs.promises.stat(folder);
        if (now - stat.mtimeMs > this.ttlMs) {
          await fs.promises.rm(folder, { recursive: true, force: true });
          removed += 1;
        }
      } catch {
        // Removed meanwhile.
      }
    }
    return removed;
  }

  async close(): Promise<void> {}
}

/** Results in Redis: `strata:results:<key>:meta` and `…:<page>`, each expiring after the ttl. */
export class RedisResultsBackend implements ResultsBackend {
  constructor(
    private readonly redis: Redis,
    private readonly ttlMs: number,
    private readonly prefix = 'strata:results:',
  ) {}

  private name(key: string, part: string | number): string {
    assertKey(key);
    return `${this.prefix}${key}:${part}`;
  }

  async writePage(key: string, index: number, text: string): Promise<void> {
    assertIndex(index);
    await this.redis.set(this.name(key, index), text, 'PX', this.ttlMs);
  }

  async writeMeta(key: string, meta: ResultMeta): Promise<void> {
    await this.redis.set(this.name(key, 'meta'), JSON.stringify(meta), 'PX', this.ttlMs);
  }

  async writeFinal(
    key: string,
    index: number,
    text: string | null,
    meta: ResultMeta,
  ): Promise<void> {
    assertIndex(index);
    const multi = this.redis.multi();
    if (text !== null) multi.set(this.name(key, index), text, 'PX', this.ttlMs);
    multi.set(this.name(key, 'meta'), JSON.stringify(meta), 'PX', this.ttlMs);
    await multi.exec();
  }

  async readMeta(key: string): Promise<ResultMeta | null> {
    const text = await this.redis.get(this.name(key, 'meta'));
    return text === null ? null : (JSON.parse(text) as ResultMeta);
  }

  async readPage(key: string, index: number): Promise<ResultRow[] | null> {
    assertIndex(index);
    const text = await this.redis.get(this.name(key, index));
    return text === null ? null : (JSON.parse(text) as ResultRow[]);
  }

  async delete(key: string): Promise<void> {
    const meta = await this.readMeta(key);
    const pages = meta ? Math.ceil(meta.totalRows / meta.pageRows) : 0;
    const names = [this.name(key, 'meta')];
    for (let i = 0; i < Math.max(pages, 1); i += 1) names.push(this.name(key, i));
    await this.redis.del(...names);
  }

  async list(): Promise<Array<{ key: string; meta: ResultMeta }>> {
    const out: Array<{ key: string; meta: ResultMeta }> = [];
    let cursor = '0';
    do {
      const [next, names] = await this.redis.scan(
        cursor,
        'MATCH',
        `${this.prefix}*:meta`,
        'COUNT',
        500,
      );
      cursor = next;
      const keys = names
        .map((n) => n.slice(this.prefix.length, -':meta'.length))
        .filter(isResultsKey);
      if (keys.length === 0) continue;
      const texts = await this.redis.mget(...keys.map((k) => this.name(k, 'meta')));
      keys.forEach((key, i) => {
        const text = texts[i];
        if (!text) return;
        try {
          out.push({ key, meta: JSON.parse(text) as ResultMeta });
        } catch {
          // Not a meta of ours.
        }
      });
    } while (cursor !== '0');
    return out;
  }

  async purgeExpired(): Promise<number> {
    return 0; // Redis expires the keys itself.
  }

  async close(): Promise<void> {}
}

/** Rows `offset … offset + limit` of a stored result, read page by page. */
export async function readRows(
  backend: ResultsBackend,
  key: string,
  meta: ResultMeta,
  offset: number,
  limit: number,
): Promise<ResultRow[]> {
  const end = Math.min(meta.totalRows, offset + limit);
  const out: ResultRow[] = [];
  if (offset >= end) return out;
  for (let page = Math.floor(offset / meta.pageRows); page * meta.pageRows < end; page += 1) {
    const rows = await backend.readPage(key, page);
    if (rows === null) throw new Error(`Page ${page} of result ${key} is missing`);
    const start = page * meta.pageRows;
    const from = Math.max(0, offset - start);
    const to = Math.min(rows.length, end - start);
    for (let i = from; i < to; i += 1) out.push(rows[i]!);
  }
  return out;
}

/** Why a result could not be written, for the query's error message. */
const STORE_FAILURES: Record<string, string> = {
  ENOSPC: "the server's disk is full",
  EDQUOT: "the server's disk quota is used up",
  EROFS: 'the results folder is read-only',
  EACCES: 'the results folder cannot be written',
  EPERM: 'the results folder cannot be written',
  EMFILE: 'the server has too many open files',
};

/** A result the backend could not write (disk full, Redis out of memory, …). */
export class ResultsStoreError extends Error {
  constructor(
    readonly code: string | null,
    message: string,
  ) {
    super(message);
  }
}

/** A failed results write as a ResultsStoreError with a message of our own. */
export function resultsStoreError(e: unknown): ResultsStoreError {
  if (e instanceof ResultsStoreError) return e;
  const code =
    typeof (e as { code?: unknown })?.code === 'string' ? (e as { code: string }).code : null;
  const known = code ? STORE_FAILURES[code] : undefined;
  const redisOom = e instanceof Error && /^OOM\b/.test(e.message);
  const reason = known ?? (redisOom ? 'the results store (Redis) is out of memory' : null);
  return new ResultsStoreError(
    code,
    reason
      ? `The query's results could not be stored: ${reason}. Try again later, or ask an administrator.`
      : `The query's results could not be stored${code ? ` (${code})` : ''}. Try again later, or ask an administrator.`,
  );
}
