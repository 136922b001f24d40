import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../engines/types.js';
import { chartDataCsv } from './csv.js';
import { processResult } from './payload.js';

const col = (name: string, generic: GenericDataType): ColumnInfo => ({
  name,
  type: '',
  generic,
  nullable: true,
});
const columns = [
  col('ts_alias', GenericDataType.TEMPORAL),
  col('g', GenericDataType.STRING),
  col('m', GenericDataType.NUMERIC),
];
const rows = [
  ['2024-01-01T00:00:00.000Z', 'a', 1],
  ['2024-01-01T00:00:00.000Z', 'b', 2],
  ['2024-01-02T00:00:00.000Z', 'a', 3],
];

describe('processResult', () => {
  it('renames aliases to labels, types columns and writes temporal cells as epoch ms', () => {
    const out = processResult(columns, rows, ['__timestamp', 'region', 'SUM(x)'], []);
    expect(out.colnames).toEqual(['__timestamp', 'region', 'SUM(x)']);
    expect(out.coltypes).toEqual([2, 1, 0]);
    expect(out.rowcount).toBe(3);
    expect(out.data[0]).toEqual({ __timestamp: Date.UTC(2024, 0, 1), region: 'a', 'SUM(x)': 1 });
    expect(out.label_map).toEqual({
      __timestamp: ['__timestamp'],
      region: ['region'],
      'SUM(x)': ['SUM(x)'],
    });
  });

  it('types columns made by post-processing and maps pivoted labels to their levels', () => {
    const out = processResult(
      columns,
      rows,
      ['ts', 'region', 'm'],
      [
        {
          operation: 'pivot',
          options: { index: ['ts'], columns: ['region'], aggregates: { m: { operator: 'sum' } } },
        },
      ],
    );
    expect(out.colnames).toEqual(['ts', 'm, a', 'm, b']);
    expect(out.coltypes).toEqual([2, 0, 0]);
    expect(out.label_map['m, a']).toEqual(['m', 'a']);
    expect(out.data).toEqual([
      { ts: Date.UTC(2024, 0, 1), 'm, a': 1, 'm, b': 2 },
      { ts: Date.UTC(2024, 0, 2), 'm, a': 3, 'm, b': null },
    ]);
  });

  it('throws the post-processing error of a bad step', () => {
    expect(() => processResult(columns, rows, ['a', 'b', 'c'], [{ operation: 'nope' }])).toThrow(
      /Unsupported post processing operation: nope/,
    );
  });
});

describe('chartDataCsv', () => {
  it('writes the header and rows, temporal cells as text, quoting as CSV needs', () => {
    const out = processResult(columns, [...rows, [null, 'x, "y"', null]], ['ts', 'g', 'm'], []);
    expect(chartDataCsv(out)).toBe(
      'ts,g,m\r\n2024-01-01 00:00:00,a,1\r\n2024-01-01 00:00:00,b,2\r\n' +
        '2024-01-02 00:00:00,a,3\r\n,"x, ""y""",\r\n',
    );
  });
});
