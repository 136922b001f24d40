import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  FileResultsBackend,
  newResultsKey,
  pageText,
  resultsStoreError,
  ResultsStoreError,
  type ResultMeta,
} from './results-backend.js';

const meta = (m: Partial<ResultMeta> = {}): ResultMeta => ({
  columns: [],
  totalRows: 1,
  pageRows: 10,
  affectedRows: null,
  createdAt: 1,
  complete: true,
  ...m,
});

function enospc(): NodeJS.ErrnoException {
  return Object.assign(new Error('ENOSPC: no space left on device, write'), {
    code: 'ENOSPC',
    errno: -28,
  });
}

describe('FileResultsBackend', () => {
  const dirs: string[] = [];
  const backend = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'strata-results-'));
    dirs.push(dir);
    return { dir, results: new FileResultsBackend(dir, 60_000) };
  };
  afterEach(() => {
    vi.restoreAllMocks();
    for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
  });

  it('lists stored results with their metas (sizes and owners for the quotas)', async () => {
    const { results } = backend();
    const key = newResultsKey();
    await results.writeFinal(key, 0, pageText([[1]]), meta({ bytes: 5, owner: 3 }));
    await results.writeMeta(newResultsKey(), meta({ complete: false, bytes: 0, owner: null }));
    const listed = await results.list();
    expect(listed).toHaveLength(2);
    expect(listed.find((r) => r.key === key)?.meta).toMatchObject({ bytes: 5, owner: 3 });
  });

  it('passes a full disk on as the write error, and delete removes what was written', async () => {
    const { dir, results } = backend();
    const key = newResultsKey();
    await results.writePage(key, 0, pageText([[1], [2]]));
    const real = fs.promises.writeFile;
    vi.spyOn(fs.promises, 'writeFile').mockImplementation(async (file, ...rest) => {
      if (String(file).endsWith('1.json')) throw enospc();
      return real(file, ...rest);
    });
    const error = await results.writePage(key, 1, pageText([[3]])).then(
      () => null,
      (e: unknown) => e,
    );
    expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    await results.delete(key);
    expect(fs.readdirSync(dir)).toEqual([]);
  });
});

describe('resultsStoreError', () => {
  it('says why a write failed in words of our own', () => {
    expect(resultsStoreError(enospc()).message).toBe(
      "The query's results could not be stored: the server's disk is full. Try again later, or ask an administrator.",
    );
    expect(resultsStoreError(Object.assign(new Error('x'), { code: 'EDQUOT' })).message).toMatch(
      /disk quota/,
    );
    expect(
      resultsStoreError(new Error("OOM command not allowed when used memory > 'maxmemory'."))
        .message,
    ).toMatch(/Redis\) is out of memory/);
    const other = resultsStoreError(Object.assign(new Error('odd'), { code: 'EIO' }));
    expect(other).toBeInstanceOf(ResultsStoreError);
    expect(other.message).toBe(
      "The query's results could not be stored (EIO). Try again later, or ask an administrator.",
    );
    expect(other.message).not.toMatch(/odd/);
  });
});
