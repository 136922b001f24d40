/**
 * The column config list's length (spec 001 §2): past 12 columns only the first 10 show, with a
 * "Show all columns" / "Show less columns" toggle.
 */
export const COLUMN_CONFIG_SHOWN = 10;
export const COLUMN_CONFIG_PAGED_ABOVE = 12;

export function columnConfigPage<T>(
  columns: readonly T[],
  showAll: boolean,
): { shown: readonly T[]; hasToggle: boolean } {
  const hasToggle = columns.length > COLUMN_CONFIG_PAGED_ABOVE;
  return {
    shown: hasToggle && !showAll ? columns.slice(0, COLUMN_CONFIG_SHOWN) : columns,
    hasToggle,
  };
}

/** Spec 001 §9: the fraction digits slider's range. */
export const FRACTION_DIGITS = { min: 0, max: 100, step: 1 } as const;
