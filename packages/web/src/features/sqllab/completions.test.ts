import { describe, expect, it } from 'vitest';
import { tablesInSql, uniqueSorted, validationMarkers } from './completions';

describe('tablesInSql', () => {
  it('finds tables after FROM and JOIN, with schemas and quotes', () => {
    expect(
      tablesInSql(`SELECT o.id FROM main.orders o
        JOIN "Customer Data" c ON c.id = o.cid
        LEFT JOIN \`shop\`.\`items\` i USING (id)`),
    ).toEqual([
      { schema: 'main', name: 'orders' },
      { schema: null, name: 'Customer Data' },
      { schema: 'shop', name: 'items' },
    ]);
  });

  it('skips subqueries, comments, strings and repeats', () => {
    expect(
      tablesInSql(`-- from secret
        SELECT 'from nowhere' FROM (SELECT * FROM a) x JOIN a ON true /* join hidden */`),
    ).toEqual([{ schema: null, name: 'a' }]);
  });

  it('stops at the limit', () => {
    const sql = Array.from({ length: 20 }, (_, i) => `SELECT * FROM t${i}`).join(';\n');
    expect(tablesInSql(sql, 3)).toHaveLength(3);
  });

  it('takes the last two parts of catalog.schema.table', () => {
    expect(tablesInSql('select * from cat.sch.tbl')).toEqual([{ schema: 'sch', name: 'tbl' }]);
  });
});

describe('validationMarkers', () => {
  const result = {
    sql: 'SELEC 1',
    errors: [
      { line_number: 1, start_column: 1, end_column: 5, message: 'syntax error' },
      { line_number: null, start_column: null, end_column: null, message: 'whole' },
    ],
  };

  it('marks the validated text', () => {
    expect(validationMarkers(result, 'SELEC 1')).toEqual([
      { line: 1, column: 1, endColumn: 5, message: 'syntax error', severity: 'error' },
      { line: 1, message: 'whole', severity: 'error' },
    ]);
  });

  it('marks nothing once the text changed', () => {
    expect(validationMarkers(result, 'SELECT 1')).toEqual([]);
    expect(validationMarkers(null, 'x')).toEqual([]);
  });
});

describe('uniqueSorted', () => {
  it('sorts and removes duplicates', () => {
    expect(uniqueSorted(['b', 'a', 'b'])).toEqual(['a', 'b']);
  });
});
