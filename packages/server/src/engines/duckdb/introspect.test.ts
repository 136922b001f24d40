import { describe, expect, it } from 'vitest';
import { pageOf } from '../shared/paging.js';
import { indexExpressions, planRows } from './introspect.js';

describe('DuckDB introspection helpers', () => {
  it('reads column names of index expressions', () => {
    expect(indexExpressions('[pid]')).toEqual(['pid']);
    expect(indexExpressions("['(lower(u))', id]")).toEqual(['(lower(u))', 'id']);
    expect(indexExpressions('[a, "b, c"]')).toEqual(['a', 'b, c']);
    expect(indexExpressions('[]')).toEqual([]);
  });

  it('pages lists from page 0', () => {
    const items = Array.from({ length: 12 }, (_, i) => i);
    expect(pageOf(items, 1, 5)).toEqual([5, 6, 7, 8, 9]);
    expect(pageOf(items, 2, 5)).toEqual([10, 11]);
    expect(pageOf(items)).toEqual(items);
  });

  it('flattens a JSON plan into rows per operator', () => {
    const plan = JSON.stringify([
      {
        name: 'PROJECTION',
        children: [
          {
            name: 'SEQ_SCAN',
            children: [],
            extra_info: { Table: 't', Projections: ['a', 'b'], 'Estimated Cardinality': '42' },
          },
        ],
        extra_info: { Projections: 'a' },
      },
    ]);
    expect(planRows(plan)).toEqual([
      { Operator: 'PROJECTION', 'Estimated rows': null, Details: 'Projections: a' },
      { Operator: '  SEQ_SCAN', 'Estimated rows': 42, Details: 'Table: t; Projections: a, b' },
    ]);
  });
});
