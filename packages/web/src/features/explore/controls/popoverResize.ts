/**
 * The adhoc editors' resize handle (spec 001 §2: minimum width 320, height 240; the popover's
 * resize is applied at most every 50 ms, spec §9 debounces).
 */
import { CONTROL_DEBOUNCE_MS } from '@strata/core';
export interface Size {
  width: number;
  height: number;
}

export const POPOVER_MIN_SIZE: Size = { width: 320, height: 240 };
export const POPOVER_RESIZE_DELAY_MS = CONTROL_DEBOUNCE_MS.popoverResize;

/** The size after dragging the bottom-right handle by (dx, dy) from `start`, never below `min`. */
export function resizedSize(
  start: Size,
  dx: number,
  dy: number,
  min: Size = POPOVER_MIN_SIZE,
): Size {
  return {
    width: Math.round(Math.max(min.width, start.width + dx)),
    height: Math.round(Math.max(min.height, start.height + dy)),
  };
}
