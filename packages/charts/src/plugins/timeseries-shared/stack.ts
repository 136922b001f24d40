/**
 * Stacked series as Superset draws them: a missing value (null) beside a value in its own
 * series counts as 0 when series stack (a stacked area or bar has no hole where one series has
 * no row for a period), and "Expand" draws each value as its share of the period's total.
 */
import type { QueryFormData } from '@strata/core';

export type StackMode = 'Stack' | 'Expand' | 'Stream';

/** The stacking the form data asks for: `stack` (true, "Stack", "Expand", "Stream") or none. */
export function stackMode(formData: QueryFormData): StackMode | null {
  const s = formData.stack;
  if (s === true || s === 'Stack') return 'Stack';
  if (s === 'Expand' || s === 'Stream') return s;
  return null;
}

const defined = (v: unknown) => v !== null && v !== undefined;

/**
 * One series' values with its holes filled by `fill` where a neighbour (the period before or
 * after) has a value; a run of missing periods longer than that stays missing at its middle.
 */
export function fillNeighbours(values: readonly unknown[], fill: number): unknown[] {
  return values.map((v, i) =>
    !defined(v) && (defined(values[i - 1]) || defined(values[i + 1])) ? fill : v,
  );
}

/** The total of each row over the series (missing values count 0). */
export function rowTotals(
  rows: ReadonlyArray<Record<string, unknown>>,
  names: readonly string[],
): number[] {
  return rows.map((row) =>
    names.reduce((sum, n) => sum + (typeof row[n] === 'number' ? (row[n] as number) : 0), 0),
  );
}

/**
 * The values one series draws with: holes next to values filled with 0 when stacking, and
 * each value as its share of the row's total when expanding (a missing value is a 0 share).
 */
export function stackedSeriesValues(
  rows: ReadonlyArray<Record<string, unknown>>,
  name: string,
  mode: StackMode | null,
  totals: readonly number[],
): unknown[] {
  const raw = rows.map((r) => r[name]);
  if (!mode) return raw;
  const filled = fillNeighbours(raw, 0);
  if (mode !== 'Expand') return filled;
  return filled.map((v, i) => {
    const total = totals[i] ?? 0;
    if (total === 0) return v;
    return (typeof v === 'number' ? v : 0) / total;
  });
}
