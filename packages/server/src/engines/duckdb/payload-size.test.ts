/** Issue 16 point 2: a DuckDB result's text sizes read before its strings are made. */
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultSizeError } from '../types.js';
import { chunkPayloadSizer } from './chunk-rows.js';
import { executeStatement, type StatementContext } from './execute.js';

const context: StatementContext = { catalog: 'memory', readOnlyTransaction: false };

describe('chunkPayloadSizer and maxBytes', () => {
  let instance: DuckDBInstance;
  let connection: DuckDBConnection;

  beforeAll(async () => {
    instance = await DuckDBInstance.create(':memory:');
    connection = await instance.connect();
  });

  afterAll(() => {
    connection.closeSync();
    instance.closeSync();
  });

  async function sizes(sql: string): Promise<number> {
    const result = await connection.stream(sql);
    const sizeOf = chunkPayloadSizer(result.columnTypes());
    let total = 0;
    for (;;) {
      const chunk = await result.fetchChunk();
      if (!chunk || chunk.rowCount === 0) break;
      total += sizeOf ? sizeOf(chunk, chunk.rowCount) : 0;
    }
    return total;
  }

  it('reads text, blob and list sizes from the records; nulls and numbers cost nothing', async () => {
    expect(await sizes(`SELECT 'abc' AS a, NULL::VARCHAR AS b, repeat('x', 100) AS c`)).toBe(103);
    expect(await sizes(`SELECT 'abcd'::BLOB AS b`)).toBe(4);
    expect(await sizes(`SELECT range(10) AS l`)).toBe(80);
    expect(await sizes(`SELECT repeat('y', 20) AS s FROM range(5000)`)).toBe(100_000);
    expect(await sizes(`SELECT 1 AS n, 2.5 AS d`)).toBe(0);
    // Nested text: list elements, map keys and values, struct fields, arrays.
    expect(await sizes(`SELECT ['ab', 'cde'] AS l`)).toBe(16 + 5);
    expect(await sizes(`SELECT MAP {'k': 'vv'} AS m`)).toBe(8 + 3);
    expect(await sizes(`SELECT {'a': 'xyz', 'n': 1} AS s`)).toBe(3);
    expect(await sizes(`SELECT ['ab', 'cd']::VARCHAR[2] AS a`)).toBe(16 + 4);
    expect(await sizes(`SELECT [[repeat('q', 10)]] AS ll`)).toBe(8 + 8 + 10);
    expect(await sizes(`SELECT list(repeat('x', 1000)) AS agg FROM range(50)`)).toBe(
      50 * 8 + 50 * 1000,
    );
  });

  it('fails with ResultSizeError before making one huge string', async () => {
    const started = performance.now();
    await expect(
      executeStatement(
        connection,
        `SELECT repeat('x', 200000000) AS big`,
        { maxBytes: 1_000_000, onBatch: () => undefined },
        context,
      ),
    ).rejects.toBeInstanceOf(ResultSizeError);
    expect(performance.now() - started).toBeLessThan(20_000);
    // The connection is usable afterwards.
    const ok = await executeStatement(connection, 'SELECT 42 AS n', {}, context);
    expect(ok.rows).toEqual([[42]]);
  });

  it('counts across chunks and leaves results under the budget alone', async () => {
    await expect(
      executeStatement(
        connection,
        `SELECT repeat('z', 1000) AS s FROM range(10000)`,
        { maxBytes: 5_000_000 },
        context,
      ),
    ).rejects.toBeInstanceOf(ResultSizeError);
    const fine = await executeStatement(
      connection,
      `SELECT repeat('z', 1000) AS s FROM range(100)`,
      { maxBytes: 5_000_000 },
      context,
    );
    expect(fine.rowCount).toBe(100);
  });
});
