import { describe, expect, it } from 'vitest';
import { buildExpressionOptions, rankExpressionOptions } from './expressionCompletions';

const columns = [
  { column_name: 'num', type: 'BIGINT' },
  { column_name: 'num_boys', type: 'BIGINT', verbose_name: 'Boys' },
  { column_name: 'name', type: 'VARCHAR' },
  { column_name: 'ds', type: null },
  { column_name: 'count', type: 'INTEGER' },
];
const metrics = [{ metric_name: 'sum__num', verbose_name: 'Total' }, { metric_name: 'count' }];
const functions = ['sum', 'NULLIF', 'now', 'COUNT', 'nullif'];

describe('buildExpressionOptions', () => {
  it('lists columns with their type, then metrics, then functions, each name once', () => {
    const options = buildExpressionOptions({ columns, metrics, functions });
    expect(options.map((o) => [o.label, o.kind, o.detail])).toEqual([
      ['num', 'column', 'BIGINT'],
      ['num_boys', 'column', 'BIGINT'],
      ['name', 'column', 'VARCHAR'],
      ['ds', 'column', 'column'],
      ['count', 'column', 'INTEGER'],
      ['sum__num', 'metric', 'metric'],
      ['sum', 'function', 'function'],
      ['NULLIF', 'function', 'function'],
      ['now', 'function', 'function'],
    ]);
  });

  it('keeps labels as info when they differ from the name', () => {
    const options = buildExpressionOptions({ columns, metrics });
    expect(options.find((o) => o.label === 'num_boys')?.info).toBe('Boys');
    expect(options.find((o) => o.label === 'sum__num')?.info).toBe('Total');
    expect(options.find((o) => o.label === 'num')?.info).toBeUndefined();
  });

  it('takes missing sources as empty', () => {
    expect(buildExpressionOptions({})).toEqual([]);
    expect(buildExpressionOptions({ functions: ['abs'] }).map((o) => o.label)).toEqual(['abs']);
  });
});

describe('rankExpressionOptions', () => {
  const options = buildExpressionOptions({ columns, metrics, functions });
  const labels = (typed: string) => rankExpressionOptions(options, typed).map((o) => o.label);

  it('puts names starting with the typed text first, columns before functions', () => {
    expect(labels('nu')).toEqual(['num', 'num_boys', 'NULLIF', 'sum__num']);
  });

  it('ranks an exact-case prefix before a prefix in another case', () => {
    expect(labels('NU')).toEqual(['NULLIF', 'num', 'num_boys', 'sum__num']);
  });

  it('then names with a word starting with it, then names containing it', () => {
    expect(labels('boy')).toEqual(['num_boys']);
    expect(labels('um')).toEqual(['num', 'num_boys', 'sum__num', 'sum']);
    expect(labels('num')).toEqual(['num', 'num_boys', 'sum__num']);
  });

  it('offers nothing when nothing matches, everything in kind order for no text', () => {
    expect(labels('zzz')).toEqual([]);
    expect(labels('')).toEqual(options.map((o) => o.label));
  });
});
