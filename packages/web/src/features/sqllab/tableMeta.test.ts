import { describe, expect, it } from 'vitest';
import { partitionLines, readPartitions } from './tableMeta';

describe("a table's partitions (table_extra)", () => {
  it('reads the partitions of the answer, or none', () => {
    expect(readPartitions({})).toBeNull();
    expect(readPartitions({ partitions: { cols: [] } })).toBeNull();
    expect(readPartitions(null)).toBeNull();
    expect(
      readPartitions({ partitions: { cols: ['ds', 1], latest: {}, partitionQuery: null } }),
    ).toEqual({ cols: ['ds'], latest: null, partitionQuery: null });
    expect(readPartitions({ partitions: { cols: ['ds'], latest: { ds: '2026-11-27' } } })).toEqual({
      cols: ['ds'],
      latest: { ds: '2026-11-27' },
      partitionQuery: null,
    });
  });

  it('says what they are, and that the preview reads the latest one', () => {
    expect(partitionLines(null)).toEqual([]);
    expect(partitionLines({ cols: ['region', 'ds'], latest: null, partitionQuery: null })).toEqual([
      'Partitioned by region, ds',
    ]);
    expect(
      partitionLines({ cols: ['ds'], latest: { ds: '2026-11-27', h: null }, partitionQuery: null }),
    ).toEqual([
      'Partitioned by ds',
      'Latest partition: ds=2026-11-27, h=NULL (the preview reads it)',
    ]);
  });
});
