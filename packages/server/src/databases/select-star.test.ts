import { describe, expect, it } from 'vitest';
import { buildSelectStar, latestPartitionWhere } from './select-star.js';

const spec = {
  quoteIdentifier: (n: string) => `"${n.replace(/"/g, '""')}"`,
  literal: (v: string | number | boolean | null | Date) =>
    typeof v === 'string' ? `'${v.replace(/'/g, "''")}'` : String(v),
};

describe('SELECT * of a table', () => {
  it('names every column, quoted by the engine', () => {
    expect(buildSelectStar(spec, 'main', 'orders', ['id', 'status'])).toBe(
      'SELECT\n  "id",\n  "status"\nFROM "main"."orders"\nLIMIT 100',
    );
  });

  it('reads only the latest partition when the engine reports one', () => {
    expect(buildSelectStar(spec, null, 'events', [], 10, { ds: '2026-11-27', "hour'": 23 })).toBe(
      `SELECT\n  *\nFROM "events"\nWHERE "ds" = '2026-11-27' AND "hour'" = 23\nLIMIT 10`,
    );
    expect(latestPartitionWhere(spec, { region: null })).toBe('"region" IS NULL');
    expect(latestPartitionWhere(spec, {})).toBeNull();
    expect(latestPartitionWhere(spec, null)).toBeNull();
    // A value the engine cannot write as a literal: no filter rather than a wrong one.
    expect(latestPartitionWhere(spec, { a: { nested: true } })).toBeNull();
  });
});
