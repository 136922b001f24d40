import { describe, expect, it } from 'vitest';
import { MetadataVersions } from './versions.js';

/** A store whose version reads end when the test says, answering the counter at their start. */
function fakeDb() {
  let counter = 1;
  const pending: Array<() => void> = [];
  const db = {
    selectFrom: () => ({ select: () => ({ compile: () => ({}) }) }),
    executeQuery: () => {
      const seen = counter;
      return new Promise((resolve) => {
        pending.push(() => resolve({ rows: [{ name: 'security', version: seen }] }));
      });
    },
  };
  return {
    // The fake stands for the one query MetadataVersions runs.
    db: db as unknown as ConstructorParameters<typeof MetadataVersions>[0],
    bump: () => (counter += 1),
    reads: () => pending.length,
    finishNext: async () => {
      pending.shift()!();
      await new Promise((r) => setImmediate(r));
    },
  };
}

describe('change counters read in batches', () => {
  it('answers a call made during a read with the next read, shared by every such call', async () => {
    const f = fakeDb();
    const versions = new MetadataVersions(f.db);
    const first = versions.read();
    expect(f.reads()).toBe(1);
    // A change commits after the first read started; three requests arrive after it.
    f.bump();
    const later = [versions.read(), versions.read(), versions.read()];
    expect(f.reads()).toBe(1);
    await f.finishNext();
    expect((await first).security).toBe('1');
    // One read for the three, started after they arrived: it sees the change.
    expect(f.reads()).toBe(1);
    await f.finishNext();
    expect((await Promise.all(later)).map((v) => v.security)).toEqual(['2', '2', '2']);
    // Idle again: the next call reads at once.
    const again = versions.read();
    expect(f.reads()).toBe(1);
    await f.finishNext();
    expect((await again).security).toBe('2');
  });

  it('passes a failed read to its own callers only', async () => {
    let fail = true;
    const db = {
      selectFrom: () => ({ select: () => ({ compile: () => ({}) }) }),
      executeQuery: () =>
        fail
          ? Promise.reject(new Error('connection lost'))
          : Promise.resolve({ rows: [{ name: 'datasources', version: 7 }] }),
    } as unknown as ConstructorParameters<typeof MetadataVersions>[0];
    const versions = new MetadataVersions(db);
    const first = versions.read();
    fail = false;
    const second = versions.read();
    await expect(first).rejects.toThrow('connection lost');
    expect((await second).datasources).toBe('7');
  });
});
