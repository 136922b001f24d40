import { describe, expect, it } from 'vitest';
import { contribution } from './contribution.js';
import { tableOf, toRecords } from './table.js';

const t = tableOf({
  dt: ['2021-01-01', '2021-01-02', '2021-01-03'],
  x: [1, 3, null],
  y: [2, 2, 4],
});

describe('contribution', () => {
  it('divides by the column total, missing values as 0, text columns untouched', () => {
    expect(toRecords(contribution(t, { orientation: 'column' }))).toEqual([
      { dt: '2021-01-01', x: 0.25, y: 0.25 },
      { dt: '2021-01-02', x: 0.75, y: 0.25 },
      { dt: '2021-01-03', x: 0, y: 0.5 },
    ]);
  });

  it('divides by the row total, missing values staying missing', () => {
    expect(toRecords(contribution(t, { orientation: 'row' }))).toEqual([
      { dt: '2021-01-01', x: 1 / 3, y: 2 / 3 },
      { dt: '2021-01-02', x: 0.6, y: 0.4 },
      { dt: '2021-01-03', x: null, y: 1 },
    ]);
  });

  it('takes chosen columns into new names', () => {
    const out = contribution(t, { columns: ['x'], rename_columns: ['x_share'] });
    expect(out.columns).toEqual(['dt', 'x', 'y', 'x_share']);
    expect(out.data[3]).toEqual([0.25, 0.75, 0]);
    expect(out.data[1]).toEqual([1, 3, null]);
  });

  it('makes separate row totals per time shift', () => {
    const shifted = tableOf({ a: [1], b: [3], 'a__1 year ago': [2], 'b__1 year ago': [2] });
    const out = contribution(shifted, { orientation: 'row', time_shifts: ['1 year ago'] });
    expect(toRecords(out)).toEqual([
      { a: 0.25, b: 0.75, 'a__1 year ago': 0.5, 'b__1 year ago': 0.5 },
    ]);
  });

  it('leaves all-missing columns missing (Superset test_contribution)', () => {
    const template = tableOf({ a: [1, 3, null], b: [1, 9, null], c: [null, null, null] });
    const byColumn = contribution(template, { orientation: 'column' });
    expect(byColumn.data).toEqual([
      [0.25, 0.75, 0],
      [0.1, 0.9, 0],
      [null, null, null],
    ]);
    const byRow = contribution(template, { orientation: 'row' });
    expect(byRow.data).toEqual([
      [0.5, 0.25, null],
      [0.5, 0.75, null],
      [null, null, null],
    ]);
  });

  it('names the problem', () => {
    expect(() => contribution(t, { columns: ['dt'] })).toThrow(
      'Column "dt" is not numeric or does not exists in the query results.',
    );
    expect(() => contribution(t, { rename_columns: ['only_one'] })).toThrow(
      '`rename_columns` must have the same length as `columns` + `time_shift_columns`.',
    );
  });
});
