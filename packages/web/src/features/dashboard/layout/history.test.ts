import { describe, expect, it } from 'vitest';
import { MESSAGES, UNDO_LIMIT, formatMessage } from '@strata/core';
import type { DashboardLayout } from '@strata/core';
import { HISTORY_LIMIT, canRedo, canUndo, markSaved, push, redo, reset, undo } from './history';
import { chart, deepFreeze, gridLayout, row } from './fixtures.test-helpers';

const layouts: DashboardLayout[] = Array.from({ length: HISTORY_LIMIT + 5 }, (_, i) =>
  gridLayout([row(`R${i}`, [chart(`C${i}`)])]),
);
const at = (i: number): DashboardLayout => layouts[i]!;

describe('layout history', () => {
  it('starts clean', () => {
    const h = reset(at(0));
    expect(h).toEqual({
      past: [],
      present: at(0),
      future: [],
      maxUndoHistoryExceeded: false,
      hasUnsavedChanges: false,
    });
    expect(canUndo(h)).toBe(false);
    expect(canRedo(h)).toBe(false);
    expect(undo(h)).toBe(h);
    expect(redo(h)).toBe(h);
  });

  it('pushes, undoes and redoes without touching its input', () => {
    const h0 = deepFreeze(reset(at(0)));
    const h1 = deepFreeze(push(h0, at(1)));
    expect(h1.hasUnsavedChanges).toBe(true);
    expect(h1.past).toEqual([at(0)]);
    const h2 = deepFreeze(push(h1, at(2)));
    const u1 = deepFreeze(undo(h2));
    expect(u1.present).toBe(at(1));
    expect(u1.future).toEqual([at(2)]);
    expect(u1.hasUnsavedChanges).toBe(true);
    const r1 = redo(u1);
    expect(r1.present).toBe(at(2));
    expect(r1.past).toEqual([at(0), at(1)]);
    expect(r1.future).toEqual([]);
  });

  it('ignores a push of the present layout', () => {
    const h = push(reset(at(0)), at(1));
    expect(push(h, at(1))).toBe(h);
  });

  it('clears redo on a new change', () => {
    const h = undo(push(push(reset(at(0)), at(1)), at(2)));
    expect(canRedo(h)).toBe(true);
    const changed = push(h, at(3));
    expect(changed.future).toEqual([]);
    expect(changed.past).toEqual([at(0), at(1)]);
  });

  it('clears hasUnsavedChanges when undoing back to an empty past', () => {
    const h = undo(undo(push(push(reset(at(0)), at(1)), at(2))));
    expect(h.present).toBe(at(0));
    expect(h.past).toEqual([]);
    expect(h.hasUnsavedChanges).toBe(false);
    expect(redo(h).hasUnsavedChanges).toBe(true);
  });

  it('keeps UNDO_LIMIT + 2 past states and flags the overflow', () => {
    expect(HISTORY_LIMIT).toBe(UNDO_LIMIT + 2);
    let h = reset(at(0));
    for (let i = 1; i <= HISTORY_LIMIT; i += 1) h = push(h, at(i));
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.maxUndoHistoryExceeded).toBe(false);

    h = push(h, at(HISTORY_LIMIT + 1));
    expect(h.past).toHaveLength(HISTORY_LIMIT);
    expect(h.past[0]).toBe(at(1));
    expect(h.maxUndoHistoryExceeded).toBe(true);
    expect(formatMessage(MESSAGES.undoLimitReached, UNDO_LIMIT)).toBe(
      'You have used all 50 undo slots and will not be able to fully undo subsequent actions. You may save your current state to reset the history.',
    );

    // the saved layout is out of reach: undoing everything still leaves unsaved changes
    while (canUndo(h)) h = undo(h);
    expect(h.present).toBe(at(1));
    expect(h.hasUnsavedChanges).toBe(true);
    expect(h.maxUndoHistoryExceeded).toBe(true);
  });

  it('resets the history and both flags on save', () => {
    let h = reset(at(0));
    for (let i = 1; i <= HISTORY_LIMIT + 1; i += 1) h = push(h, at(i));
    h = undo(h);
    const saved = markSaved(h);
    expect(saved).toEqual({
      past: [],
      present: h.present,
      future: [],
      maxUndoHistoryExceeded: false,
      hasUnsavedChanges: false,
    });
  });
});
