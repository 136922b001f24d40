import { describe, expect, it } from 'vitest';
import { planRows } from './introspect.js';

describe('SQLite planRows', () => {
  it('indents plan steps by depth', () => {
    const rows = [
      { id: 2, parent: 0, notused: 0, detail: 'SCAN a' },
      { id: 5, parent: 0, notused: 0, detail: 'CORRELATED SCALAR SUBQUERY 1' },
      { id: 9, parent: 5, notused: 0, detail: 'SEARCH b USING INDEX bi (x=?)' },
    ];
    expect(planRows(rows)).toEqual([
      { 'Query plan': 'SCAN a' },
      { 'Query plan': 'CORRELATED SCALAR SUBQUERY 1' },
      { 'Query plan': '  SEARCH b USING INDEX bi (x=?)' },
    ]);
  });
});
