/**
 * A column dropped on a filter control opens that control's new-filter editor on the column
 * (Superset's behaviour): the Explore page announces the drop, the control listens.
 */
import type { DatasourceColumn } from '@strata/charts';

type Listener = (control: string, column: DatasourceColumn) => void;
const listeners = new Set<Listener>();

export function announceFilterDrop(control: string, column: DatasourceColumn): void {
  for (const l of listeners) l(control, column);
}

export function onFilterDrop(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
