/**
 * Drag and drop from the dataset pane onto controls (pure part): what a dropped column or
 * metric does to a control's value. Columns go to column controls and become a simple metric
 * (SUM of numbers, COUNT_DISTINCT otherwise) on metric controls; saved metrics go to metric
 * controls; a single-value control is replaced, a multi-value one appended (no duplicates).
 */
import {
  GenericDataType,
  getColumnLabel,
  getMetricLabel,
  type QueryColumn,
  type QueryMetric,
} from '@strata/core';
import type { ControlState, DatasourceColumn } from '@strata/charts';

export type DragItem =
  | { kind: 'column'; column: DatasourceColumn }
  | { kind: 'metric'; metricName: string }
  /** An item of a list control dragged to a new place in the same list. */
  | { kind: 'item'; control: string; index: number; reorder: (from: number, to: number) => void };

export function acceptsDrop(control: Pick<ControlState, 'type'>, item: DragItem): boolean {
  if (item.kind === 'item') return false;
  if (control.type === 'ColumnSelectControl') return item.kind === 'column';
  if (control.type === 'MetricsControl') return true;
  // A column dropped on the filters opens a new filter on it (see filterDrop.ts).
  if (control.type === 'AdhocFilterControl') return item.kind === 'column';
  return false;
}

/** Where a dragged list item lands: the index of the item it is dropped on, same list only. */
export function reorderTarget(active: DragItem | undefined, over: unknown): number | null {
  if (active?.kind !== 'item') return null;
  const target = over as Partial<Extract<DragItem, { kind: 'item' }>> | undefined;
  if (target?.kind !== 'item' || target.control !== active.control) return null;
  return typeof target.index === 'number' && target.index !== active.index ? target.index : null;
}

function metricOfColumn(column: DatasourceColumn): QueryMetric {
  const aggregate = column.type_generic === GenericDataType.NUMERIC ? 'SUM' : 'COUNT_DISTINCT';
  return {
    expressionType: 'SIMPLE',
    column: { column_name: column.column_name },
    aggregate,
    label: `${aggregate}(${column.column_name})`,
  } as QueryMetric;
}

/** The control's value after the drop, or null when nothing changes. */
export function valueAfterDrop(
  control: Pick<ControlState, 'type' | 'value' | 'props'>,
  item: DragItem,
): unknown {
  if (!acceptsDrop(control, item) || item.kind === 'item') return null;
  if (control.type === 'AdhocFilterControl') return null;
  const multi = control.props.multi === true;
  const current = control.value;
  const list = Array.isArray(current) ? current : current == null ? [] : [current];
  if (control.type === 'ColumnSelectControl' && item.kind === 'column') {
    const name = item.column.column_name;
    if (!multi) return name;
    return list.some((c) => getColumnLabel(c as QueryColumn) === name) ? null : [...list, name];
  }
  const metric: QueryMetric =
    item.kind === 'metric' ? item.metricName : metricOfColumn(item.column);
  if (!multi) return metric;
  const label = getMetricLabel(metric);
  return list.some((m) => getMetricLabel(m as QueryMetric) === label) ? null : [...list, metric];
}
