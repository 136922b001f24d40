import { expect } from 'vitest';
import type { ColumnInfo, DatabaseClient } from '../../src/engines/types.js';

/** Statements of one engine for `expectColumnsFirst`. */
export interface OnColumnsCase {
  /** Returns at least 5 rows, with columns `names`. */
  select: string;
  names: string[];
  /** Returns no rows, with columns `names`. */
  empty: string;
  /** Returns no result set (an INSERT, DDL). */
  write: string;
  /** Statements run before the others (tables for `write`) and after them. */
  setup?: string[];
  teardown?: string[];
}

/**
 * `onColumns` is called once, with the result's columns, and awaited before the first
 * `onBatch`; also for a result without rows; never for a statement without a result set; in a
 * script, for the last statement only; what it throws ends the call.
 */
export async function expectColumnsFirst(client: DatabaseClient, c: OnColumnsCase): Promise<void> {
  for (const sql of c.setup ?? []) await client.execute(sql);
  try {
    await checkColumnsFirst(client, c);
  } finally {
    for (const sql of c.teardown ?? []) await client.execute(sql);
  }
}

async function checkColumnsFirst(client: DatabaseClient, c: OnColumnsCase): Promise<void> {
  const names = (columns: ColumnInfo[]): string[] => columns.map((col) => col.name);

  const events: string[] = [];
  const reported: ColumnInfo[][] = [];
  const streamed = await client.execute(c.select, {
    batchSize: 2,
    onColumns: async (columns) => {
      events.push('columns');
      reported.push(columns);
      await new Promise((resolve) => setTimeout(resolve, 30));
      events.push('columns handled');
    },
    onBatch: () => void events.push('batch'),
  });
  expect(reported).toHaveLength(1);
  expect(names(reported[0]!)).toEqual(c.names);
  expect(reported[0]).toEqual(streamed.columns);
  expect(events.slice(0, 3)).toEqual(['columns', 'columns handled', 'batch']);
  expect(events.filter((e) => e === 'batch').length).toBeGreaterThanOrEqual(3);
  expect(events.filter((e) => e !== 'batch')).toHaveLength(2);

  const kept: ColumnInfo[][] = [];
  const whole = await client.execute(c.select, { onColumns: (columns) => void kept.push(columns) });
  expect(kept).toEqual([whole.columns]);
  expect(whole.rows.length).toBeGreaterThanOrEqual(5);

  const empty: ColumnInfo[][] = [];
  const none = await client.execute(c.empty, {
    onColumns: (columns) => void empty.push(columns),
    onBatch: () => {
      throw new Error('no batch expected');
    },
  });
  expect(none.rowCount).toBe(0);
  expect(empty).toEqual([none.columns]);
  expect(names(empty[0]!)).toEqual(c.names);

  const write: ColumnInfo[][] = [];
  const written = await client.execute(c.write, {
    onColumns: (columns) => void write.push(columns),
  });
  expect(written.columns).toEqual([]);
  expect(write).toEqual([]);

  const script: ColumnInfo[][] = [];
  const last = await client.executeScript(['SELECT 1 AS first_one', c.write, c.select], {
    onColumns: (columns) => void script.push(columns),
  });
  expect(script).toEqual([last.columns]);
  expect(names(script[0]!)).toEqual(c.names);
  const endsWritten: ColumnInfo[][] = [];
  await client.executeScript([c.select, c.write], {
    onColumns: (columns) => void endsWritten.push(columns),
  });
  expect(endsWritten).toEqual([]);

  let batches = 0;
  const refused = await client
    .execute(c.select, {
      batchSize: 1,
      onColumns: () => {
        throw new Error('columns refused');
      },
      onBatch: () => void batches++,
    })
    .then(
      () => null,
      (e: unknown) => e,
    );
  expect((refused as Error).message).toBe('columns refused');
  expect(batches).toBe(0);
  // The client goes on working.
  expect((await client.execute(c.select)).rows.length).toBeGreaterThanOrEqual(5);
}
