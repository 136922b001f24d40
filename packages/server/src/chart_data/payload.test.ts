import { GenericDataType } from '@strata/core';
import { describe, expect, it } from 'vitest';
import type { ColumnInfo } from '../engines/types.js';
import { chartDataCsv } from './csv.js';
import { dateNormalizer, processResult } from './payload.js';

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

  it('answers an empty result as it came, without post-processing, as Superset', () => {
    const steps = [
      {
        operation: 'pivot',
        options: { index: ['ts'], columns: ['region'], aggregates: { m: { operator: 'mean' } } },
      },
      // With no rows the pivot makes no `m` column: this step would refuse the table.
      { operation: 'rename', options: { columns: { m: null }, level: 0, inplace: true } },
      { operation: 'flatten' },
    ];
    const out = processResult(columns, [], ['ts', 'region', 'm'], steps);
    expect(out.colnames).toEqual(['ts', 'region', 'm']);
    expect(out.rowcount).toBe(0);
    expect(out.data).toEqual([]);
    // With rows the same steps run.
    expect(processResult(columns, rows, ['ts', 'region', 'm'], steps).colnames).toEqual([
      'ts',
      'a',
      'b',
    ]);
  });

  it('throws the post-processing error of a bad step', () => {
    expect(() => processResult(columns, rows, ['a', 'b', 'c'], [{ operation: 'nope' }])).toThrow(
      /Unsupported post processing operation: nope/,
    );
  });
});

describe('processResult: python_date_format columns (normalize_dttm_col)', () => {
  const cols = [
    col('year', GenericDataType.NUMERIC),
    col('s', GenericDataType.NUMERIC),
    col('ms', GenericDataType.NUMERIC),
    col('text', GenericDataType.STRING),
    col('m', GenericDataType.NUMERIC),
  ];
  const dateColumns = [
    { label: 'year', format: '%Y' },
    { label: 's', format: 'epoch_s' },
    { label: 'ms', format: 'epoch_ms' },
    { label: 'text', format: '%Y/%m/%d%H:%M:%S.%f' },
  ];

  it('makes epoch numbers and formatted values epoch ms, typed TEMPORAL', () => {
    const out = processResult(
      cols,
      [
        [2006, 1704164645, 1704164645123, '2024/01/0203:04:05.000000', 1],
        ['1999', '1704164645', '1704164645123', '2024/01/0203:04:05.250000', 2],
        [null, null, null, null, 3],
        ['N/A', 'x', 'x', '2024-01-02', 4],
      ],
      ['year', 's', 'ms', 'text', 'm'],
      [],
      { dateColumns },
    );
    expect(out.coltypes).toEqual([2, 2, 2, 2, 0]);
    expect(out.data[0]).toEqual({
      year: 1136073600000,
      s: 1704164645000,
      ms: 1704164645123,
      text: Date.UTC(2024, 0, 2, 3, 4, 5),
      m: 1,
    });
    expect(out.data[1]).toEqual({
      year: Date.UTC(1999, 0, 1),
      s: 1704164645000,
      ms: 1704164645123,
      text: Date.UTC(2024, 0, 2, 3, 4, 5, 250),
      m: 2,
    });
    expect(out.data[2]).toEqual({ year: null, s: null, ms: null, text: null, m: 3 });
    // Unparseable values are missing (errors='coerce').
    expect(out.data[3]).toEqual({ year: null, s: null, ms: null, text: null, m: 4 });
  });

  it('leaves columns the engine answers as date-times, and unknown formats, as they are', () => {
    const out = processResult(
      [col('s', GenericDataType.TEMPORAL), col('odd', GenericDataType.NUMERIC)],
      [['2024-01-02T00:00:00.000Z', 7]],
      ['s', 'odd'],
      [],
      {
        dateColumns: [
          { label: 's', format: 'epoch_s' },
          { label: 'odd', format: '%Y %Z' },
        ],
      },
    );
    expect(out.coltypes).toEqual([2, 0]);
    expect(out.data).toEqual([{ s: Date.UTC(2024, 0, 2), odd: 7 }]);
  });

  it('normalises before post-processing, so time operations see date-times', () => {
    const out = processResult(
      [col('year', GenericDataType.NUMERIC), col('m', GenericDataType.NUMERIC)],
      [
        [2000, 1],
        [2002, 2],
      ],
      ['year', 'm'],
      [
        {
          operation: 'pivot',
          options: { index: ['year'], columns: [], aggregates: { m: { operator: 'sum' } } },
        },
        { operation: 'resample', options: { rule: 'YS', method: 'asfreq' } },
        { operation: 'flatten' },
      ],
      { dateColumns: [{ label: 'year', format: '%Y' }] },
    );
    expect(out.data.map((r) => r.year)).toEqual([
      Date.UTC(2000, 0, 1),
      Date.UTC(2001, 0, 1),
      Date.UTC(2002, 0, 1),
    ]);
    expect(out.coltypes[0]).toBe(2);
  });

  it('dateNormalizer names the columns it changes and rewrites any table of them', () => {
    const dates = dateNormalizer(cols, ['year', 's', 'ms', 'text', 'm'], dateColumns);
    expect([...dates.labels]).toEqual(['year', 's', 'ms', 'text']);
    const table = dates.normalize({ columns: ['s', 'm'], data: [[86400], [1]] });
    expect(table.data).toEqual([['1970-01-02T00:00:00.000Z'], [1]]);
    expect(dateNormalizer(cols, ['year'], null).labels.size).toBe(0);
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
