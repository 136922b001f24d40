/**
 * pivot_df against the tables Superset's own tests expect
 * (tests/unit_tests/charts/test_client_processing.py: the same inputs and expected outputs).
 */
import { describe, expect, it } from 'vitest';
import { pivotDf, type Frame, type PivotRecord } from './pivot-df.js';

const base = {
  metrics: ['SUM(num)', 'MAX(num)'],
  aggfunc: 'Sum',
} as const;

/** A frame as rows of `label → value` for readable expectations. */
function table(frame: Frame): Array<[string, Record<string, unknown>]> {
  return frame.index.map((l, r) => [
    l.join('|'),
    Object.fromEntries(frame.columns.map((c, i) => [c.join('|'), frame.cells[r]?.[i]])),
  ]);
}

const COMPLEX: Array<[string, string, string, number, number]> = [
  ['boy', 'Edward', 'CA', 31290, 1280],
  ['boy', 'Edward', 'FL', 9395, 389],
  ['boy', 'Tony', 'CA', 3765, 598],
  ['boy', 'Tony', 'FL', 2673, 247],
  ['girl', 'Amy', 'CA', 45426, 2227],
  ['girl', 'Amy', 'FL', 14740, 854],
  ['girl', 'Cindy', 'CA', 14149, 842],
  ['girl', 'Cindy', 'FL', 1218, 217],
  ['girl', 'Dawn', 'CA', 11403, 1157],
  ['girl', 'Dawn', 'FL', 5089, 461],
  ['girl', 'Sophia', 'CA', 18859, 2588],
  ['girl', 'Sophia', 'FL', 7181, 1187],
];
const complex: PivotRecord[] = COMPLEX.map(([gender, name, state, sum, max]) => ({
  gender,
  name,
  state,
  'SUM(num)': sum,
  'MAX(num)': max,
}));
const complexNames = ['gender', 'name', 'state', 'SUM(num)', 'MAX(num)'];

describe('pivotDf (Superset client processing of pivot_table_v2)', () => {
  it('no rows nor columns: the record labelled Total, totals add a column only', () => {
    const one = [{ 'SUM(num)': 80679663, 'MAX(num)': 37296 }];
    const names = ['SUM(num)', 'MAX(num)'];
    const plain = pivotDf(one, names, { ...base, rows: [], columns: [] });
    expect(plain.index).toEqual([['Total (Sum)']]);
    expect(plain.columns).toEqual([['SUM(num)'], ['MAX(num)']]);
    const totals = pivotDf(one, names, {
      ...base,
      rows: [],
      columns: [],
      transposePivot: true,
      combineMetrics: true,
      showRowsTotal: true,
      showColumnsTotal: true,
    });
    expect(table(totals)).toEqual([
      ['Total (Sum)', { 'SUM(num)': 80679663, 'MAX(num)': 37296, 'Total (Sum)': 80716959 }],
    ]);
    const onRows = pivotDf(one, names, {
      ...base,
      rows: [],
      columns: [],
      applyMetricsOnRows: true,
    });
    expect(table(onRows)).toEqual([
      ['SUM(num)', { 'Total (Sum)': 80679663 }],
      ['MAX(num)', { 'Total (Sum)': 37296 }],
    ]);
  });

  it('one row: labels sorted, totals, metrics on rows with subtotals', () => {
    const recs = [
      { gender: 'girl', 'SUM(num)': 118065, 'MAX(num)': 2588 },
      { gender: 'boy', 'SUM(num)': 47123, 'MAX(num)': 1280 },
    ];
    const names = ['gender', 'SUM(num)', 'MAX(num)'];
    expect(
      table(
        pivotDf(recs, names, {
          ...base,
          rows: ['gender'],
          columns: [],
          showRowsTotal: true,
          showColumnsTotal: true,
        }),
      ),
    ).toEqual([
      ['boy', { 'SUM(num)': 47123, 'MAX(num)': 1280, 'Total (Sum)': 48403 }],
      ['girl', { 'SUM(num)': 118065, 'MAX(num)': 2588, 'Total (Sum)': 120653 }],
      ['Total (Sum)', { 'SUM(num)': 165188, 'MAX(num)': 3868, 'Total (Sum)': 169056 }],
    ]);
    const transposed = pivotDf(recs, names, {
      ...base,
      rows: ['gender'],
      columns: [],
      transposePivot: true,
    });
    expect(transposed.index).toEqual([['Total (Sum)']]);
    expect(transposed.columns).toEqual([
      ['SUM(num)', 'boy'],
      ['SUM(num)', 'girl'],
      ['MAX(num)', 'boy'],
      ['MAX(num)', 'girl'],
    ]);
    const onRows = pivotDf(recs, names, {
      ...base,
      rows: ['gender'],
      columns: [],
      combineMetrics: true,
      showRowsTotal: true,
      showColumnsTotal: true,
      applyMetricsOnRows: true,
    });
    expect(table(onRows)).toEqual([
      ['boy|SUM(num)', { 'Total (Sum)': 47123 }],
      ['boy|MAX(num)', { 'Total (Sum)': 1280 }],
      ['boy|Subtotal', { 'Total (Sum)': 48403 }],
      ['girl|SUM(num)', { 'Total (Sum)': 118065 }],
      ['girl|MAX(num)', { 'Total (Sum)': 2588 }],
      ['girl|Subtotal', { 'Total (Sum)': 120653 }],
      ['Total (Sum)|', { 'Total (Sum)': 169056 }],
    ]);
  });

  it('keeps a row whose values are missing; its total is 0, the column totals skip it', () => {
    const recs = [
      { gender: 'girl', 'SUM(num)': 118065, 'MAX(num)': 2588 },
      { gender: 'boy', 'SUM(num)': null, 'MAX(num)': null },
    ];
    const names = ['gender', 'SUM(num)', 'MAX(num)'];
    expect(
      table(
        pivotDf(recs, names, {
          ...base,
          rows: ['gender'],
          columns: [],
          showRowsTotal: true,
          showColumnsTotal: true,
        }),
      ),
    ).toEqual([
      ['boy', { 'SUM(num)': null, 'MAX(num)': null, 'Total (Sum)': 0 }],
      ['girl', { 'SUM(num)': 118065, 'MAX(num)': 2588, 'Total (Sum)': 120653 }],
      ['Total (Sum)', { 'SUM(num)': 118065, 'MAX(num)': 2588, 'Total (Sum)': 120653 }],
    ]);
  });

  it('two rows and a column: subtotals and totals on both axes', () => {
    const frame = pivotDf(complex, complexNames, {
      ...base,
      rows: ['gender', 'name'],
      columns: ['state'],
      showRowsTotal: true,
      showColumnsTotal: true,
    });
    expect(frame.columns).toEqual([
      ['SUM(num)', 'CA'],
      ['SUM(num)', 'FL'],
      ['SUM(num)', 'Subtotal'],
      ['MAX(num)', 'CA'],
      ['MAX(num)', 'FL'],
      ['MAX(num)', 'Subtotal'],
      ['Total (Sum)', ''],
    ]);
    const rows = table(frame);
    expect(rows.map(([l]) => l)).toEqual([
      'boy|Edward',
      'boy|Tony',
      'boy|Subtotal',
      'girl|Amy',
      'girl|Cindy',
      'girl|Dawn',
      'girl|Sophia',
      'girl|Subtotal',
      'Total (Sum)|',
    ]);
    expect(frame.cells[2]).toEqual([35055, 12068, 47123, 1878, 636, 2514, 49637]);
    expect(frame.cells[8]).toEqual([124892, 40296, 165188, 8692, 3355, 12047, 177235]);
  });

  it('everything: transposed, combined, totals, metrics on rows', () => {
    const frame = pivotDf(complex, complexNames, {
      ...base,
      rows: ['gender', 'name'],
      columns: ['state'],
      transposePivot: true,
      combineMetrics: true,
      showRowsTotal: true,
      showColumnsTotal: true,
      applyMetricsOnRows: true,
    });
    expect(frame.index).toEqual([
      ['CA', 'SUM(num)'],
      ['CA', 'MAX(num)'],
      ['CA', 'Subtotal'],
      ['FL', 'SUM(num)'],
      ['FL', 'MAX(num)'],
      ['FL', 'Subtotal'],
      ['Total (Sum)', ''],
    ]);
    expect(frame.columns.map((c) => c.join('|'))).toEqual([
      'boy|Edward',
      'boy|Tony',
      'boy|Subtotal',
      'girl|Amy',
      'girl|Cindy',
      'girl|Dawn',
      'girl|Sophia',
      'girl|Subtotal',
      'Total (Sum)|',
    ]);
    expect(frame.cells[2]).toEqual([32570, 4363, 36933, 47653, 14991, 12560, 21447, 96651, 133584]);
    expect(frame.cells[6]).toEqual([
      42354, 7283, 49637, 63247, 16426, 18110, 29815, 127598, 177235,
    ]);
  });

  it('fraction of columns, with column totals named after the function', () => {
    const frame = pivotDf(complex, complexNames, {
      ...base,
      rows: ['gender', 'name'],
      columns: ['state'],
      aggfunc: 'Sum as Fraction of Columns',
      showColumnsTotal: true,
    });
    expect(frame.index.at(-1)).toEqual(['Total (Sum as Fraction of Columns)', '']);
    expect(frame.cells[0]?.[0]).toBeCloseTo(0.250536, 6);
    expect(frame.cells[2]?.[0]).toBeCloseTo(0.280683, 6);
    for (const v of frame.cells.at(-1) ?? []) expect(v).toBeCloseTo(1, 12);
  });

  it('two columns and no rows: the first column level becomes the rows, the last row "Total"', () => {
    const recs = complex.map((r) => ({ ...r }));
    const frame = pivotDf(recs, complexNames, {
      ...base,
      rows: [],
      columns: ['state', 'gender'],
    });
    // Superset's own result: FL's row is labelled "Total (Sum)".
    expect(table(frame)).toEqual([
      [
        'CA',
        {
          'SUM(num)|boy': 35055,
          'SUM(num)|girl': 89837,
          'MAX(num)|boy': 1878,
          'MAX(num)|girl': 6814,
        },
      ],
      [
        'Total (Sum)',
        {
          'SUM(num)|boy': 12068,
          'SUM(num)|girl': 28228,
          'MAX(num)|boy': 636,
          'MAX(num)|girl': 2719,
        },
      ],
    ]);
  });

  it('refuses a pivot of more than MAX_PIVOT_CELLS cells (every row and column key distinct)', () => {
    const many = Array.from({ length: 3200 }, (_, i) => ({ r: i, c: i, 'SUM(num)': 1 }));
    expect(() =>
      pivotDf(many, ['r', 'c', 'SUM(num)'], {
        metrics: ['SUM(num)'],
        rows: ['r'],
        columns: ['c'],
      }),
    ).toThrow(/more than 10000000 cells/);
  });

  it('refuses an unknown aggregate function and missing columns with a 400', () => {
    expect(() =>
      pivotDf(complex, complexNames, { ...base, rows: ['gender'], columns: [], aggfunc: 'Mode' }),
    ).toThrow('Unknown aggregate function: Mode');
    expect(() => pivotDf(complex, complexNames, { ...base, rows: ['nope'], columns: [] })).toThrow(
      'Referenced columns not available in DataFrame.',
    );
  });
});
