/**
 * Number formatting for charts: d3-format patterns, plus Superset's named formats: SMART_NUMBER
 * ("Adaptive formatting": 12.3k, 1.2B, 0.0123, 12µ), DURATION (ms → "1m 6s") and DURATION_SUB
 * (ms with µs and ns). Formatters are cached by pattern.
 */
import { format as d3Format } from 'd3-format';

export type NumberFormatter = (value: number | null | undefined) => string;

const large = d3Format('.3~s');
const round = d3Format(',.2~f');
const decimal = d3Format(',.4~f');

function smartNumber(value: number): string {
  if (value === 0) return '0';
  const abs = Math.abs(value);
  // People read billions (B) more easily than giga (G).
  if (abs >= 1000) return large(value).replace('G', 'B');
  if (abs >= 1) return round(value);
  if (abs >= 0.001) return decimal(value);
  if (abs > 0.000001) return `${round(value * 1_000_000)}µ`;
  return round(value);
}

const UNITS: Array<[string, number]> = [
  ['d', 86_400_000],
  ['h', 3_600_000],
  ['m', 60_000],
  ['s', 1000],
  ['ms', 1],
];

function duration(ms: number, sub: boolean): string {
  if (!Number.isFinite(ms)) return String(ms);
  const sign = ms < 0 ? '-' : '';
  let rest = Math.abs(ms);
  const parts: string[] = [];
  for (const [unit, size] of UNITS) {
    const n = Math.floor(rest / size);
    if (n > 0) parts.push(`${n}${unit}`);
    rest -= n * size;
  }
  if (sub) {
    const micro = Math.floor(rest * 1000 + 1e-9);
    if (micro > 0) parts.push(`${micro}µs`);
    const nano = Math.round((rest * 1000 - micro) * 1000);
    if (nano > 0) parts.push(`${nano}ns`);
  } else if (parts.length === 0) {
    return `${sign}${Math.round(ms * 100) / 100}ms`;
  }
  return parts.length ? sign + parts.join(' ') : '0ms';
}

const cache = new Map<string, NumberFormatter>();

/** A formatter for a pattern; unknown or invalid patterns fall back to SMART_NUMBER. */
export function getNumberFormatter(pattern: string | null | undefined): NumberFormatter {
  const key = pattern || 'SMART_NUMBER';
  const hit = cache.get(key);
  if (hit) return hit;
  let inner: (n: number) => string;
  if (key === 'SMART_NUMBER') inner = smartNumber;
  else if (key === 'DURATION') inner = (n) => duration(n, false);
  else if (key === 'DURATION_SUB') inner = (n) => duration(n, true);
  else {
    try {
      inner = d3Format(key);
    } catch {
      inner = smartNumber;
    }
  }
  const formatter: NumberFormatter = (value) =>
    value === null || value === undefined || Number.isNaN(value) ? 'N/A' : inner(value);
  cache.set(key, formatter);
  return formatter;
}

export function formatNumber(
  pattern: string | null | undefined,
  value: number | null | undefined,
): string {
  return getNumberFormatter(pattern)(value);
}
