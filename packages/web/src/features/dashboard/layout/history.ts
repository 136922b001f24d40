/**
 * Undo/redo of the dashboard layout, with Superset's limit (`redux-undo` with UNDO_LIMIT + 2)
 * and the two dashboard state flags it drives: `hasUnsavedChanges` and `maxUndoHistoryExceeded`
 * (the page then shows MESSAGES.undoLimitReached with UNDO_LIMIT). Pure functions; a layout is
 * never copied or changed here.
 */
import { UNDO_LIMIT } from '@strata/core';
import type { DashboardLayout } from '@strata/core';

/** Past states kept. */
export const HISTORY_LIMIT = UNDO_LIMIT + 2;

export interface LayoutHistory {
  past: DashboardLayout[];
  present: DashboardLayout;
  future: DashboardLayout[];
  /** The oldest state has been dropped: undoing can no longer reach the saved layout. */
  maxUndoHistoryExceeded: boolean;
  hasUnsavedChanges: boolean;
}

/** A fresh history (on load, on entering edit mode, on discard). */
export function reset(layout: DashboardLayout): LayoutHistory {
  return {
    past: [],
    present: layout,
    future: [],
    maxUndoHistoryExceeded: false,
    hasUnsavedChanges: false,
  };
}

/** Records a change. The same layout object again is not a change. Clears redo. */
export function push(history: LayoutHistory, layout: DashboardLayout): LayoutHistory {
  if (layout === history.present) return history;
  const past = [...history.past, history.present];
  const overflow = past.length > HISTORY_LIMIT;
  return {
    past: overflow ? past.slice(past.length - HISTORY_LIMIT) : past,
    present: layout,
    future: [],
    maxUndoHistoryExceeded: history.maxUndoHistoryExceeded || overflow,
    hasUnsavedChanges: true,
  };
}

/**
 * Steps back. Back at an empty past the layout is the saved one again, so `hasUnsavedChanges`
 * is cleared, unless states were dropped on the way (then the saved one is out of reach).
 */
export function undo(history: LayoutHistory): LayoutHistory {
  const previous = history.past[history.past.length - 1];
  if (previous === undefined) return history;
  const past = history.past.slice(0, -1);
  return {
    ...history,
    past,
    present: previous,
    future: [history.present, ...history.future],
    hasUnsavedChanges: past.length > 0 || history.maxUndoHistoryExceeded,
  };
}

/** Steps forward again. */
export function redo(history: LayoutHistory): LayoutHistory {
  const [next, ...future] = history.future;
  if (next === undefined) return history;
  const past = [...history.past, history.present];
  const overflow = past.length > HISTORY_LIMIT;
  return {
    past: overflow ? past.slice(past.length - HISTORY_LIMIT) : past,
    present: next,
    future,
    maxUndoHistoryExceeded: history.maxUndoHistoryExceeded || overflow,
    hasUnsavedChanges: true,
  };
}

/** After a save: the present is the saved layout; the history and both flags are reset. */
export function markSaved(history: LayoutHistory): LayoutHistory {
  return reset(history.present);
}

export const canUndo = (history: LayoutHistory): boolean => history.past.length > 0;
export const canRedo = (history: LayoutHistory): boolean => history.future.length > 0;
