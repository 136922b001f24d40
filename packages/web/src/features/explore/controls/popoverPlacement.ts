/**
 * Where a control's popover opens (spec 001 §2): always to the right of its trigger, shifted
 * by the trigger's vertical position in the window — in the top 35% the popover hangs down
 * from the trigger ('rightTop'), below 65% it rises from it ('rightBottom'), else centred.
 */
export type ControlPopoverPlacement = 'rightTop' | 'right' | 'rightBottom';

export const PLACEMENT_TOP_RATIO = 0.35;
export const PLACEMENT_BOTTOM_RATIO = 0.65;

/** The trigger's top as a fraction of the window's height (0 when either is unknown). */
export function verticalRatio(triggerTop: number, windowHeight: number): number {
  if (!Number.isFinite(triggerTop) || !Number.isFinite(windowHeight) || windowHeight <= 0) return 0;
  return triggerTop / windowHeight;
}

export function controlPopoverPlacement(ratio: number): ControlPopoverPlacement {
  if (ratio < PLACEMENT_TOP_RATIO) return 'rightTop';
  if (ratio > PLACEMENT_BOTTOM_RATIO) return 'rightBottom';
  return 'right';
}
