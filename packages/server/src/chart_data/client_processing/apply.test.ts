import { describe, expect, it } from 'vitest';
import { applyClientProcessing } from './apply.js';

const query = {
  colnames: ['gender', 'state', 'num'],
  coltypes: [1, 1, 0],
  rowcount: 3,
  indexnames: [0, 1, 2],
  data: [
    { gender: 'girl', state: 'CA', num: 5 },
    { gender: 'boy', state: 'CA', num: 3 },
    { gender: 'girl', state: 'FL', num: 2 },
  ],
  status: 'success',
};

describe('applyClientProcessing (post_processed)', () => {
  it('leaves other charts and empty results as they are', () => {
    expect(applyClientProcessing([query], { viz_type: 'echarts_timeseries' }, {}, 'json')).toEqual([
      query,
    ]);
    const empty = { ...query, data: [], rowcount: 0 };
    expect(applyClientProcessing([empty], { viz_type: 'table' }, {}, 'json')).toEqual([empty]);
  });

  it('pivot_table_v2: verbose names, data as pandas to_dict, label tuples, joined keys', () => {
    const [out] = applyClientProcessing(
      [query],
      {
        viz_type: 'pivot_table_v2',
        groupbyRows: ['gender'],
        groupbyColumns: ['state'],
        metrics: ['num'],
        aggregateFunction: 'Sum',
        rowTotals: true,
      },
      { num: 'Number' },
      'json',
    );
    expect(out?.colnames).toEqual([
      ['Number', 'CA'],
      ['Number', 'FL'],
      ['Number', 'Subtotal'],
      ['Total (Sum)', ''],
    ]);
    expect(out?.indexnames).toEqual([['boy'], ['girl']]);
    expect(out?.rowcount).toBe(2);
    expect(out?.coltypes).toEqual([0, 0, 0, 0]);
    expect(out?.data).toEqual({
      'Number CA': { boy: 3, girl: 5 },
      'Number FL': { boy: null, girl: 2 },
      'Number Subtotal': { boy: 3, girl: 7 },
      'Total (Sum)': { boy: 3, girl: 7 },
    });
    expect(out?.status).toBe('success');
  });

  it('pivot_table_v2 in a file: the joined row labels first, in an unnamed column', () => {
    const [out] = applyClientProcessing(
      [query],
      { viz_type: 'pivot_table_v2', groupbyRows: ['gender'], metrics: ['num'] },
      {},
      'csv',
    );
    expect(out?.colnames).toEqual(['', 'num']);
    expect(out?.data).toEqual([
      { '': 'boy', num: 3 },
      { '': 'girl', num: 7 },
    ]);
  });

  it('table: columns renamed, data by column and row position', () => {
    const [out] = applyClientProcessing([query], { viz_type: 'table' }, { num: 'Number' }, 'json');
    expect(out?.colnames).toEqual(['gender', 'state', 'Number']);
    expect(out?.indexnames).toEqual([0, 1, 2]);
    expect(out?.data).toEqual({
      gender: { 0: 'girl', 1: 'boy', 2: 'girl' },
      state: { 0: 'CA', 1: 'CA', 2: 'FL' },
      Number: { 0: 5, 1: 3, 2: 2 },
    });
  });

  it("table: column_config's d3NumberFormat applied as a Python format, the column now text", () => {
    const [out] = applyClientProcessing(
      [query],
      {
        viz_type: 'table',
        column_config: { num: { d3NumberFormat: '.2f' }, state: { d3NumberFormat: ',d' } },
      },
      {},
      'json',
    );
    expect(out?.data).toMatchObject({ num: { 0: '5.00', 1: '3.00', 2: '2.00' } });
    expect(out?.data).toMatchObject({ state: { 0: 'CA' } });
    expect(out?.coltypes).toEqual([1, 1, 1]);
  });

  it('adhoc metrics are read by their labels', () => {
    const data = [{ g: 'a', 'SUM(x)': 1 }];
    const [out] = applyClientProcessing(
      [{ ...query, colnames: ['g', 'SUM(x)'], data }],
      {
        viz_type: 'pivot_table_v2',
        groupbyRows: ['g'],
        metrics: [{ expressionType: 'SIMPLE', aggregate: 'SUM', column: { column_name: 'x' } }],
      },
      {},
      'json',
    );
    expect(out?.data).toEqual({ 'SUM(x)': { a: 1 } });
  });
});
