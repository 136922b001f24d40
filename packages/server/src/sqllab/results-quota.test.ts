import { describe, expect, it } from 'vitest';
import type { ResultMeta, ResultsBackend } from './results-backend.js';
import {
  formatBytes,
  planCharge,
  QuotaExceededError,
  ResultsLedger,
  type LedgerEntry,
} from './results-quota.js';

const entry = (owner: number | null, bytes: number, createdAt: number, complete = true) =>
  ({ owner, bytes, createdAt, complete }) satisfies LedgerEntry;

describe('planCharge', () => {
  const quotas = { perQuery: 100, perUser: 300, total: 1000 };

  it('allows what fits every quota, evicting nothing', () => {
    const entries = new Map([['a', entry(1, 50, 1)]]);
    expect(planCharge(entries, 'q', 1, 100, quotas)).toEqual({ ok: true, evict: [] });
  });

  it('refuses a query past its own cap, counting what it stored already', () => {
    const entries = new Map([['q', entry(1, 60, 1, false)]]);
    expect(planCharge(entries, 'q', 1, 41, quotas)).toEqual({
      ok: false,
      quota: 'query',
      limit: 100,
    });
    expect(planCharge(entries, 'q', 1, 40, quotas).ok).toBe(true);
  });

  it("evicts the user's oldest complete results first, never a running one or another user's", () => {
    const entries = new Map([
      ['new', entry(1, 100, 30)],
      ['old', entry(1, 100, 10)],
      ['running', entry(1, 100, 5, false)],
      ['theirs', entry(2, 100, 1)],
    ]);
    // 300 of user 1 stored; 50 more needs one eviction: the oldest complete one.
    expect(planCharge(entries, 'q', 1, 50, quotas)).toEqual({ ok: true, evict: ['old'] });
    // 250 more cannot fit even with both complete results gone (the running one stays).
    expect(planCharge(entries, 'q', 1, 99, { ...quotas, perUser: 150 })).toEqual({
      ok: false,
      quota: 'user',
      limit: 150,
    });
  });

  it('frees room under the total quota with the user’s own results only', () => {
    const entries = new Map([
      ['mine', entry(1, 300, 1)],
      ['theirs', entry(2, 600, 1)],
    ]);
    const roomy = { ...quotas, perUser: 1000 };
    expect(planCharge(entries, 'q', 1, 100, roomy)).toEqual({ ok: true, evict: [] });
    expect(planCharge(entries, 'q', 1, 100, { ...roomy, total: 950 })).toEqual({
      ok: true,
      evict: ['mine'],
    });
    expect(planCharge(entries, 'q', 3, 100, { ...roomy, total: 950 })).toEqual({
      ok: false,
      quota: 'total',
      limit: 950,
    });
  });

  it('counts anonymous results as one owner, and 0 turns a quota off', () => {
    const entries = new Map([['a', entry(null, 500, 1)]]);
    const off = { perQuery: 0, perUser: 0, total: 0 };
    expect(planCharge(entries, 'q', null, 10 ** 12, off)).toEqual({ ok: true, evict: [] });
    expect(planCharge(entries, 'q', null, 1, { ...off, perUser: 500 })).toEqual({
      ok: true,
      evict: ['a'],
    });
  });
});

describe('formatBytes', () => {
  it('names sizes in binary units', () => {
    expect(formatBytes(12)).toBe('12 bytes');
    expect(formatBytes(512 * 1024)).toBe('512 KiB');
    expect(formatBytes(256 * 2 ** 20)).toBe('256 MiB');
    expect(formatBytes(1.5 * 2 ** 30)).toBe('1.5 GiB');
  });
});

/** A backend holding metas only: what the ledger reads and removes. */
function memoryBackend(metas: Record<string, Partial<ResultMeta>>): ResultsBackend & {
  deleted: string[];
} {
  const deleted: string[] = [];
  const full = (m: Partial<ResultMeta>): ResultMeta => ({
    columns: [],
    totalRows: 0,
    pageRows: 10,
    affectedRows: null,
    createdAt: 0,
    complete: true,
    ...m,
  });
  return {
    deleted,
    writePage: async () => undefined,
    writeMeta: async () => undefined,
    writeFinal: async () => undefined,
    readMeta: async (k) => (metas[k] ? full(metas[k]) : null),
    readPage: async () => null,
    delete: async (k) => {
      deleted.push(k);
      delete metas[k];
    },
    list: async () => Object.entries(metas).map(([key, m]) => ({ key, meta: full(m) })),
    purgeExpired: async () => 0,
    close: async () => undefined,
  };
}

describe('ResultsLedger', () => {
  it('reads sizes and owners from the stored metas, then counts and evicts as pages come', async () => {
    const backend = memoryBackend({
      old: { owner: 7, bytes: 400, createdAt: 1 },
      other: { owner: 8, bytes: 400, createdAt: 2 },
      legacy: { createdAt: 3 }, // written before quotas: no size, no owner
    });
    const ledger = new ResultsLedger(backend, { perQuery: 500, perUser: 600, total: 2000 });
    await ledger.charge('q', 7, 150);
    expect(ledger.usage(7)).toEqual({ user: 550, total: 950 });
    await ledger.charge('q', 7, 100); // 650 > 600: the old result goes
    expect(backend.deleted).toEqual(['old']);
    expect(ledger.usage(7)).toEqual({ user: 250, total: 650 });
    await expect(ledger.charge('q', 7, 300)).rejects.toBeInstanceOf(QuotaExceededError);
    ledger.complete('q');
    ledger.forget('q');
    expect(ledger.usage(7).user).toBe(0);
  });

  it('resyncs from the backend when its view is old, keeping results being written', async () => {
    let now = 0;
    const metas: Record<string, Partial<ResultMeta>> = {};
    const backend = memoryBackend(metas);
    const quotas = { perQuery: 0, perUser: 100, total: 0 };
    const ledger = new ResultsLedger(backend, quotas, 1000, () => now);
    await ledger.charge('mine', 1, 60); // first use: synced, nothing stored yet
    // Another process stores 30 bytes for the same user; this view is still fresh.
    metas.theirs = { owner: 1, bytes: 30, createdAt: 1, complete: false };
    await ledger.charge('mine', 1, 30);
    expect(ledger.usage(1).user).toBe(90);
    now = 5000;
    // Resynced: its own running result (not stored as a meta yet) kept, the other one seen.
    await expect(ledger.charge('mine', 1, 20)).rejects.toThrow(/100 bytes quota/);
    expect(ledger.usage(1).user).toBe(120);
  });

  it('does nothing when every quota is off', async () => {
    const backend = memoryBackend({});
    const ledger = new ResultsLedger(backend, { perQuery: 0, perUser: 0, total: 0 });
    await ledger.charge('q', 1, 10 ** 15);
    expect(ledger.usage(1).user).toBe(0);
  });
});
