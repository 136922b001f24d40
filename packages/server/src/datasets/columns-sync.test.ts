import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import { planColumnSync, storedGenericType } from './columns-sync.js';

describe('planColumnSync', () => {
  it('adds new columns, retypes changed ones, removes vanished physical ones and keeps calculated ones', () => {
    const plan = planColumnSync(
      [
        { id: 1, column_name: 'ds', type: 'DATE', expression: null, is_dttm: true },
        { id: 2, column_name: 'num', type: 'INTEGER', expression: null, is_dttm: false },
        { id: 3, column_name: 'gone', type: 'VARCHAR', expression: null, is_dttm: false },
        {
          id: 4,
          column_name: 'num_ca',
          type: 'INTEGER',
          expression: "CASE WHEN state = 'CA' THEN num END",
          is_dttm: false,
        },
      ],
      [
        { name: 'ds', type: 'TIMESTAMP', generic: GenericDataType.TEMPORAL },
        { name: 'num', type: 'INTEGER', generic: GenericDataType.NUMERIC },
        { name: 'state', type: 'VARCHAR', generic: GenericDataType.STRING },
      ],
    );
    expect(plan.add.map((c) => c.name)).toEqual(['state']);
    expect(plan.retype).toEqual([{ id: 1, type: 'TIMESTAMP', is_dttm: true }]);
    expect(plan.remove).toEqual([3]);
  });

  it('does not add a source column that a calculated column already names', () => {
    const plan = planColumnSync(
      [{ id: 1, column_name: 'x', type: null, expression: 'a + b', is_dttm: false }],
      [{ name: 'x', type: 'INTEGER', generic: GenericDataType.NUMERIC }],
    );
    expect(plan).toEqual({ add: [], retype: [], remove: [] });
  });

  it('derives generic types of stored columns', () => {
    expect(storedGenericType({ type: 'VARCHAR', is_dttm: true })).toBe(GenericDataType.TEMPORAL);
    expect(storedGenericType({ type: 'BIGINT', is_dttm: false })).toBe(GenericDataType.NUMERIC);
    expect(storedGenericType({ type: null, is_dttm: false })).toBe(GenericDataType.STRING);
  });
});
