import { describe, expect, it } from 'vitest';
import type { DatabaseClient, ExecuteOptions, ExecuteResult } from '../engines/types.js';
import { EngineError } from '../engines/types.js';
import { executeWithinBudget } from './guarded-execute.js';
import { BytePool, ResultTooLargeError, ServerBusyError } from './limits.js';

/** A client that streams `rows` in the caller's batches and stops when its signal aborts. */
function streamingClient(rows: unknown[][], seen: { signal?: AbortSignal; batches: number }) {
  return {
    async execute(_sql: string, options: ExecuteOptions = {}): Promise<ExecuteResult> {
      seen.signal = options.signal;
      const size = options.batchSize ?? 1000;
      let count = 0;
      for (let i = 0; i < rows.length && count < (options.maxRows ?? Infinity); i += size) {
        if (options.signal?.aborted) throw new EngineError('cancelled', 'cancelled');
        const batch = rows.slice(i, Math.min(i + size, options.maxRows ?? Infinity));
        seen.batches += 1;
        count += batch.length;
        await options.onBatch?.(batch);
      }
      return {
        columns: [],
        rows: [],
        rowCount: count,
        truncated: count < rows.length,
        affectedRows: null,
      };
    },
  } as unknown as DatabaseClient;
}

describe('executeWithinBudget', () => {
  it('keeps the rows of a result within its budget', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => [i, `r${i}`]);
    const seen = { batches: 0 };
    const { result, budget } = await executeWithinBudget(streamingClient(rows, seen), 'q', {
      maxRows: 600,
      maxBytes: 1_000_000,
    });
    expect(result.rows).toHaveLength(600);
    expect(result.rows[599]).toEqual([599, 'r599']);
    expect(budget.bytes).toBeGreaterThan(600 * 16);
    expect(seen.batches).toBeGreaterThan(1);
  });

  it('cancels the statement past the budget and says too large, whatever the engine says', async () => {
    const rows = Array.from({ length: 100_000 }, () => ['x'.repeat(100)]);
    const seen: { signal?: AbortSignal; batches: number } = { batches: 0 };
    const pool = new BytePool(10_000_000);
    await expect(
      executeWithinBudget(streamingClient(rows, seen), 'q', {
        maxRows: 1_000_000,
        maxBytes: 100_000,
        pool,
      }),
    ).rejects.toBeInstanceOf(ResultTooLargeError);
    expect(seen.signal?.aborted).toBe(true);
    expect(seen.batches).toBeLessThan(10);
    expect(pool.bytes).toBe(0);
  });

  it('says busy when the process pool is full, and releases what it took', async () => {
    const pool = new BytePool(2000);
    const rows = Array.from({ length: 1000 }, () => ['x'.repeat(10)]);
    await expect(
      executeWithinBudget(streamingClient(rows, { batches: 0 }), 'q', {
        maxRows: 1000,
        maxBytes: 1_000_000,
        pool,
      }),
    ).rejects.toBeInstanceOf(ServerBusyError);
    expect(pool.bytes).toBe(0);
  });

  it('reads a value too long for V8 (a RangeError in the driver) as too large', async () => {
    const client = {
      execute: () =>
        Promise.reject(new RangeError('Cannot create a string longer than 0x1fffffe8 characters')),
    } as unknown as DatabaseClient;
    await expect(
      executeWithinBudget(client, 'q', { maxRows: 1, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(ResultTooLargeError);
  });

  it('passes other failures on', async () => {
    const client = {
      execute: () => Promise.reject(new EngineError('syntax_error', 'bad')),
    } as unknown as DatabaseClient;
    await expect(
      executeWithinBudget(client, 'q', { maxRows: 1, maxBytes: 1000 }),
    ).rejects.toBeInstanceOf(EngineError);
  });
});
