import { queryLimitChoices } from '@strata/core';

/** A count with thousands separators: 1234567 -> "1,234,567". */
export function formatCount(n: number): string {
  return Number.isFinite(n) ? Math.round(n).toLocaleString('en-US') : String(n);
}

/** "1 row" / "1,234 rows". */
export function rowsLabel(n: number): string {
  return `${formatCount(n)} ${n === 1 ? 'row' : 'rows'}`;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** A duration as a stopwatch shows it: "00:00:01.23" (hours grow past 99 if they must). */
export function formatElapsed(ms: number): string {
  const total = Math.max(0, Math.floor(ms / 10));
  const hundredths = total % 100;
  const seconds = Math.floor(total / 100) % 60;
  const minutes = Math.floor(total / 6000) % 60;
  const hours = Math.floor(total / 360000);
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}.${pad(hundredths)}`;
}

/** A short duration for a toolbar: "850 ms", "1.24 s", "2 min 5 s". */
export function formatDuration(ms: number): string {
  if (!Number.isFinite(ms) || ms < 0) return '';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(2)} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}

export interface LimitOption {
  value: number;
  label: string;
}

/**
 * The row limit selector's options: the choices up to `maxRow`, plus the current value when it
 * is not one of them (a tab saved with another limit), in ascending order.
 */
export function queryLimitOptions(value: number, maxRow: number): LimitOption[] {
  const values = queryLimitChoices(maxRow);
  if (Number.isFinite(value) && value > 0 && !values.includes(value)) values.push(value);
  values.sort((a, b) => a - b);
  return values.map((n) => ({ value: n, label: formatCount(n) }));
}

/** The columns of a cost estimate: every key of every row, in the order they first appear. */
export function costColumns(rows: ReadonlyArray<Record<string, unknown>>): string[] {
  const seen = new Set<string>();
  for (const row of rows) for (const key of Object.keys(row)) seen.add(key);
  return [...seen];
}
