import { describe, expect, it } from 'vitest';
import { acceptsDrop, valueAfterDrop } from './dnd';

const num = { kind: 'column' as const, column: { column_name: 'num', type_generic: 0 } };
const name = { kind: 'column' as const, column: { column_name: 'name', type_generic: 1 } };
const saved = { kind: 'metric' as const, metricName: 'count' };
const control = (type: string, value: unknown, multi = true) => ({
  type: type as 'MetricsControl',
  value,
  props: { multi },
});

describe('dropping onto controls', () => {
  it('adds columns to column controls, once', () => {
    expect(valueAfterDrop(control('ColumnSelectControl', ['name']), num)).toEqual(['name', 'num']);
    expect(valueAfterDrop(control('ColumnSelectControl', ['num']), num)).toBeNull();
    expect(valueAfterDrop(control('ColumnSelectControl', 'x', false), num)).toBe('num');
    expect(acceptsDrop(control('ColumnSelectControl', []), saved)).toBe(false);
  });

  it('adds saved metrics and columns as simple metrics to metric controls', () => {
    expect(valueAfterDrop(control('MetricsControl', []), saved)).toEqual(['count']);
    expect(valueAfterDrop(control('MetricsControl', ['count']), saved)).toBeNull();
    expect(valueAfterDrop(control('MetricsControl', null, false), num)).toEqual({
      expressionType: 'SIMPLE',
      column: { column_name: 'num' },
      aggregate: 'SUM',
      label: 'SUM(num)',
    });
    expect(
      (valueAfterDrop(control('MetricsControl', []), name) as Array<{ aggregate: string }>)[0]!
        .aggregate,
    ).toBe('COUNT_DISTINCT');
  });

  it('ignores controls that take no drops', () => {
    expect(valueAfterDrop(control('CheckboxControl', true), num)).toBeNull();
  });
});
