import { describe, expect, it } from 'vitest';
import { acceptsDrop, reorderTarget, valueAfterDrop, type DragItem } from './dnd';

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

  it('takes columns on filter controls (the control opens its editor), not metrics', () => {
    expect(acceptsDrop(control('AdhocFilterControl', []), num)).toBe(true);
    expect(acceptsDrop(control('AdhocFilterControl', []), saved)).toBe(false);
    expect(valueAfterDrop(control('AdhocFilterControl', []), num)).toBeNull();
  });

  it('reorders list items only within their own control', () => {
    const reorder = () => undefined;
    const item = (control: string, index: number): DragItem => ({
      kind: 'item',
      control,
      index,
      reorder,
    });
    expect(reorderTarget(item('metrics', 0), item('metrics', 2))).toBe(2);
    expect(reorderTarget(item('metrics', 1), item('metrics', 1))).toBeNull();
    expect(reorderTarget(item('metrics', 0), item('groupby', 1))).toBeNull();
    expect(reorderTarget(num, item('metrics', 1))).toBeNull();
    expect(reorderTarget(item('metrics', 0), undefined)).toBeNull();
    expect(acceptsDrop(control('MetricsControl', []), item('metrics', 0))).toBe(false);
  });
});
