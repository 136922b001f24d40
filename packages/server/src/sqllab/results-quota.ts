import type { ResultsBackend } from './results-backend.js';

/**
 * SQL Lab's results quotas (issue 16 point 10): the bytes one query may store, the bytes one
 * user's stored results may take together, and the bytes of every stored result. Bytes are
 * counted page by page, before each page is written. Past the user's or the total quota, the
 * user's own oldest complete results are removed first (they are a cache: re-running the query
 * brings them back; reading one answers Superset's "re-run the original query" message); when
 * that is not enough, the query stops with a message naming the quota. Other users' results are
 * never removed for someone else's query.
 */

/** Limits in bytes; 0 turns one off. */
export interface ResultsQuotas {
  perQuery: number;
  perUser: number;
  total: number;
}

export type QuotaName = 'query' | 'user' | 'total';

export interface LedgerEntry {
  owner: number | null;
  bytes: number;
  createdAt: number;
  /** Finished results may be evicted; a running query's may not. */
  complete: boolean;
}

export type ChargePlan =
  { ok: true; evict: string[] } | { ok: false; quota: QuotaName; limit: number };

/** A byte count for people: 1.5 GiB, 200 MiB, 512 KiB, 12 bytes. */
export function formatBytes(n: number): string {
  const units = ['GiB', 'MiB', 'KiB'] as const;
  const sizes = [2 ** 30, 2 ** 20, 2 ** 10];
  for (let i = 0; i < units.length; i++) {
    if (n >= sizes[i]!) {
      const v = n / sizes[i]!;
      return `${Number.isInteger(v) ? v : v.toFixed(1)} ${units[i]}`;
    }
  }
  return `${n} bytes`;
}

/**
 * Whether `bytes` more may be stored for result `key` of `owner`, and which of the owner's
 * complete results (oldest first) must be removed to make room. Pure.
 */
export function planCharge(
  entries: ReadonlyMap<string, LedgerEntry>,
  key: string,
  owner: number | null,
  bytes: number,
  quotas: ResultsQuotas,
): ChargePlan {
  const own = (entries.get(key)?.bytes ?? 0) + bytes;
  if (quotas.perQuery > 0 && own > quotas.perQuery) {
    return { ok: false, quota: 'query', limit: quotas.perQuery };
  }
  let user = bytes;
  let total = bytes;
  const candidates: Array<[string, LedgerEntry]> = [];
  for (const [k, e] of entries) {
    total += e.bytes;
    if (e.owner !== owner) continue;
    user += e.bytes;
    if (k !== key && e.complete) candidates.push([k, e]);
  }
  candidates.sort((a, b) => a[1].createdAt - b[1].createdAt);
  const overUser = () => quotas.perUser > 0 && user > quotas.perUser;
  const overTotal = () => quotas.total > 0 && total > quotas.total;
  const evict: string[] = [];
  for (const [k, e] of candidates) {
    if (!overUser() && !overTotal()) break;
    evict.push(k);
    user -= e.bytes;
    total -= e.bytes;
  }
  if (overUser()) return { ok: false, quota: 'user', limit: quotas.perUser };
  if (overTotal()) return { ok: false, quota: 'total', limit: quotas.total };
  return { ok: true, evict };
}

/** The message of a query stopped by a quota. */
export function quotaMessage(quota: QuotaName, limit: number): string {
  const size = formatBytes(limit);
  switch (quota) {
    case 'query':
      return `The query's results are larger than the ${size} one query may store. Lower the row limit or select fewer columns.`;
    case 'user':
      return `Your stored query results would take more than your ${size} quota, even after removing your older results. Wait for your other queries to finish, or lower the row limit.`;
    case 'total':
      return `The storage for query results is full (${size} for all users). Try again later, or ask an administrator.`;
  }
}

/** A query stopped by a results quota. */
export class QuotaExceededError extends Error {
  constructor(
    readonly quota: QuotaName,
    readonly limit: number,
  ) {
    super(quotaMessage(quota, limit));
  }
}

/**
 * The bytes of every stored result, by key and owner, as this process knows them: read from
 * the backend's metas at the first use and again when older than `resyncMs` (so results written
 * by other processes and results that expired are counted within that time), and kept current
 * with what this process writes and removes.
 */
export class ResultsLedger {
  private readonly entries = new Map<string, LedgerEntry>();
  /** Results this process is writing now: kept through a resync. */
  private readonly writing = new Set<string>();
  private syncedAt = Number.NEGATIVE_INFINITY;
  private syncing: Promise<void> | null = null;

  constructor(
    private readonly backend: ResultsBackend,
    private readonly quotas: ResultsQuotas,
    private readonly resyncMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  get enabled(): boolean {
    return this.quotas.perQuery > 0 || this.quotas.perUser > 0 || this.quotas.total > 0;
  }

  /** Reads every stored result's size and owner from the backend. */
  async sync(): Promise<void> {
    this.syncing ??= (async () => {
      try {
        const listed = await this.backend.list();
        const kept = new Map([...this.writing].map((k) => [k, this.entries.get(k)] as const));
        this.entries.clear();
        for (const { key, meta } of listed) {
          this.entries.set(key, {
            owner: meta.owner ?? null,
            bytes: Number.isFinite(meta.bytes) ? Number(meta.bytes) : 0,
            createdAt: meta.createdAt,
            complete: meta.complete,
          });
        }
        for (const [k, e] of kept) if (e) this.entries.set(k, e);
        this.syncedAt = this.now();
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  /**
   * Counts `bytes` more for result `key` of `owner` before they are written: removes the
   * owner's oldest complete results when needed, or throws QuotaExceededError.
   */
  async charge(key: string, owner: number | null, bytes: number): Promise<void> {
    if (!this.enabled) return;
    if (this.now() - this.syncedAt > this.resyncMs) await this.sync();
    const plan = planCharge(this.entries, key, owner, bytes, this.quotas);
    if (!plan.ok) throw new QuotaExceededError(plan.quota, plan.limit);
    const entry = this.entries.get(key);
    if (entry) entry.bytes += bytes;
    else {
      this.entries.set(key, { owner, bytes, createdAt: this.now(), complete: false });
    }
    this.writing.add(key);
    for (const k of plan.evict) this.entries.delete(k);
    for (const k of plan.evict) await this.backend.delete(k).catch(() => undefined);
  }

  /** The result is complete: from now on its owner's later queries may evict it. */
  complete(key: string): void {
    this.writing.delete(key);
    const entry = this.entries.get(key);
    if (entry) entry.complete = true;
  }

  /** The result was removed. */
  forget(key: string): void {
    this.writing.delete(key);
    this.entries.delete(key);
  }

  /** What the ledger counts for an owner, and in all (for tests and diagnostics). */
  usage(owner: number | null): { user: number; total: number } {
    let user = 0;
    let total = 0;
    for (const e of this.entries.values()) {
      total += e.bytes;
      if (e.owner === owner) user += e.bytes;
    }
    return { user, total };
  }
}
