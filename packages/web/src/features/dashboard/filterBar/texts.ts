import { CSS_VAR } from '@strata/core';

/**
 * The filter bar's texts and sizes, apart from its components: the page draws the bar's rail
 * (and keeps its width) before the bar's code has loaded.
 */
export const FILTER_BAR_WIDTH = 260;
export const FILTER_BAR_RAIL_WIDTH = 32;
/** The horizontal bar's height with one row of controls (its frame while its code loads). */
export const HORIZONTAL_BAR_MIN_HEIGHT = 49;
/** Width of each control in the horizontal bar. */
export const HORIZONTAL_CONTROL_WIDTH = 200;

/** Superset's filter bar texts. */
export const TEXTS = {
  title: 'Filters',
  addOrEdit: 'Add or edit filters',
  apply: 'Apply filters',
  applyHorizontal: 'Apply',
  clearAll: 'Clear all',
  empty: 'No filters are currently added to this dashboard.',
  outOfScope: (n: number) => `Filters out of scope (${n})`,
  expand: 'Expand filter bar',
  collapse: 'Collapse filter bar',
} as const;

export const BORDER = `1px solid ${CSS_VAR.borderSecondary}`;
