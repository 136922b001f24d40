/** Pixel sizes of the 12-column grid (Superset's): column and component widths, heights. */
import { GRID_BASE_UNIT, GRID_COLUMN_COUNT, GRID_GUTTER_SIZE } from '@strata/core';

/** The width of one grid column in a container `containerWidth` px wide. */
export function columnWidth(containerWidth: number): number {
  return Math.max(
    0,
    (containerWidth - GRID_GUTTER_SIZE * (GRID_COLUMN_COUNT - 1)) / GRID_COLUMN_COUNT,
  );
}

/** The px width of a component `units` columns wide. */
export function unitsToPx(units: number, colWidth: number): number {
  const u = Math.max(1, Math.min(GRID_COLUMN_COUNT, Math.round(units)));
  return u * colWidth + (u - 1) * GRID_GUTTER_SIZE;
}

/** The px height of a component `units` grid units high. */
export const heightToPx = (units: number) => Math.max(1, units) * GRID_BASE_UNIT;
