import { describe, expect, it } from 'vitest';
import { applyPostProcessing } from './apply.js';
import { PostProcessingError } from './errors.js';
import { tableOf, toRecords } from './table.js';

const rows = tableOf({
  __timestamp: ['2021-01-01', '2021-01-01', '2021-01-02', '2021-01-03'],
  country: ['UK', 'US', 'UK', 'US'],
  'SUM(num)': [1, 2, 3, 4],
});

describe('applyPostProcessing', () => {
  it('runs a time-series chain as Explore sends it: pivot, resample, cum, rename, flatten', () => {
    const out = applyPostProcessing(rows, [
      {
        operation: 'pivot',
        options: {
          index: ['__timestamp'],
          columns: ['country'],
          aggregates: { 'SUM(num)': { operator: 'mean' } },
          drop_missing_columns: true,
        },
      },
      { operation: 'resample', options: { method: 'asfreq', rule: '1D', fill_value: 0 } },
      { operation: 'cum', options: { operator: 'sum', columns: { 'SUM(num)': 'SUM(num)' } } },
      { operation: 'rename', options: { columns: { 'SUM(num)': null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ]);
    expect(toRecords(out)).toEqual([
      { __timestamp: '2021-01-01T00:00:00.000Z', UK: 1, US: 2 },
      { __timestamp: '2021-01-02T00:00:00.000Z', UK: 4, US: 2 },
      { __timestamp: '2021-01-03T00:00:00.000Z', UK: 4, US: 6 },
    ]);
  });

  it("sorts a categorical x axis between pivot and flatten (the x-axis sort's step)", () => {
    const bars = tableOf({ state: ['CA', 'NY', 'TX', 'FL'], count: [5, 9, 1, 7] });
    const chain = (sort: Record<string, unknown>) =>
      toRecords(
        applyPostProcessing(bars, [
          {
            operation: 'pivot',
            options: {
              index: ['state'],
              columns: [],
              aggregates: { count: { operator: 'mean' } },
              drop_missing_columns: false,
            },
          },
          { operation: 'sort', options: sort },
          { operation: 'flatten' },
        ]),
      ).map((r) => r.state);
    expect(chain({ by: 'count', ascending: false })).toEqual(['NY', 'FL', 'CA', 'TX']);
    expect(chain({ by: 'count', ascending: true })).toEqual(['TX', 'CA', 'FL', 'NY']);
    expect(chain({ is_sort_index: true, ascending: false })).toEqual(['TX', 'NY', 'FL', 'CA']);
    expect(chain({ is_sort_index: true, ascending: true })).toEqual(['CA', 'FL', 'NY', 'TX']);
  });

  it('runs nothing for an empty or missing list and skips null steps', () => {
    expect(applyPostProcessing(rows, [])).toBe(rows);
    expect(applyPostProcessing(rows, undefined)).toBe(rows);
    expect(applyPostProcessing(rows, [null, {}, false])).toBe(rows);
  });

  it('refuses unknown operations and missing operations', () => {
    expect(() =>
      applyPostProcessing(rows, [{ operation: 'anomaly_detection', options: {} }]),
    ).toThrow('Unsupported post processing operation: anomaly_detection');
    expect(() => applyPostProcessing(rows, [{ operation: '__proto__' }])).toThrow(
      'Unsupported post processing operation: __proto__',
    );
    expect(() => applyPostProcessing(rows, [{ options: {} }])).toThrow(
      '`operation` property of post processing object undefined',
    );
    expect(() => applyPostProcessing(rows, ['sort'])).toThrow(PostProcessingError);
  });

  it('names bad options', () => {
    const run =
      (operation: string, options: unknown): (() => unknown) =>
      () =>
        applyPostProcessing(rows, [{ operation, options }]);
    expect(run('rolling', { rolling_type: 'sum', window: '3' })).toThrow(
      /^Invalid options for rolling: window: /,
    );
    expect(run('sort', { by: 'country', ascendin: false })).toThrow(/ascendin/);
    expect(run('pivot', { columns: ['country'], aggregates: {} })).toThrow(
      /^Invalid options for pivot: index: /,
    );
    expect(run('boxplot', { metrics: ['SUM(num)'], whisker_type: 'box' })).toThrow(
      /^Invalid options for boxplot: whisker_type: /,
    );
  });

  it('passes on the problems an operation finds', () => {
    expect(() =>
      applyPostProcessing(rows, [{ operation: 'sort', options: { by: 'nope' } }]),
    ).toThrow('Referenced columns not available in DataFrame.');
  });

  it('runs every operation through its schema', () => {
    const t = tableOf({ g: ['a', 'b'], x: [1, 3] });
    const steps = [
      {
        operation: 'aggregate',
        options: { groupby: ['g'], aggregates: { x: { operator: 'sum' } } },
      },
      {
        operation: 'rolling',
        options: { rolling_type: 'sum', window: 2, min_periods: 0, columns: { x: 'r' } },
      },
      { operation: 'diff', options: { columns: { x: 'd' } } },
      {
        operation: 'compare',
        options: { source_columns: ['x'], compare_columns: ['r'], compare_type: 'ratio' },
      },
      { operation: 'contribution', options: { columns: ['x'], rename_columns: ['share'] } },
      { operation: 'select', options: { columns: ['g', 'x', 'r', 'd', 'share'] } },
      { operation: 'sort', options: { by: 'x', ascending: false } },
    ];
    expect(toRecords(applyPostProcessing(t, steps))).toEqual([
      { g: 'b', x: 3, r: 4, d: 2, share: 0.75 },
      { g: 'a', x: 1, r: 1, d: null, share: 0.25 },
    ]);
    const hist = applyPostProcessing(t, [
      { operation: 'histogram', options: { column: 'x', bins: 1 } },
    ]);
    expect(toRecords(hist)).toEqual([{ '1.0 - 3.0': 2 }]);
    const box = applyPostProcessing(t, [
      { operation: 'boxplot', options: { metrics: ['x'], whisker_type: 'min/max', groupby: [] } },
    ]);
    expect(toRecords(box)[0]).toMatchObject({ x__mean: 2, x__count: 2 });
  });
});
