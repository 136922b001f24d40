/**
 * The schedule picker's model (pure): a small builder — "Every [minute|hour|day|week|month|year]
 * at [hh:mm] on [days]" — to a five-field cron expression and back, its sentence ("Every day at
 * 09:00"), and the checks of a cron typed by hand.
 *
 * A cron is "expressible" when the builder can show it: minute and hour single numbers, lists
 * or ranges of plain numbers (or names) in the day, month and weekday fields, no steps. Anything
 * else stays a raw cron the builder shows as custom.
 */
import cronstrue from 'cronstrue';
import { MONTH_NAMES } from '@strata/core';

export const CRON_UNITS = ['minute', 'hour', 'day', 'week', 'month', 'year'] as const;
export type CronUnit = (typeof CRON_UNITS)[number];

export interface CronSchedule {
  unit: CronUnit;
  /** 0–59: the minute of the hour (unit hour and longer). */
  minute: number;
  /** 0–23 (unit day and longer). */
  hour: number;
  /** 0 (Sunday) – 6 (Saturday), unit week. */
  weekDays: number[];
  /** 1–31, units month and year. */
  monthDays: number[];
  /** 1–12, unit year. */
  months: number[];
}

export const WEEKDAY_NAMES = [
  'Sunday',
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
] as const;
/** English month names, January first (core's, shared with date formats). */
export { MONTH_NAMES };

/** What the picker starts from when a unit is chosen: at midnight, Monday, the 1st, January. */
export function defaultSchedule(unit: CronUnit = 'day'): CronSchedule {
  return { unit, minute: 0, hour: 0, weekDays: [1], monthDays: [1], months: [1] };
}

/** Sorted, unique, and with runs of three or more written as ranges: `1,2,3,5` → `1-3,5`. */
export function cronList(values: readonly number[]): string {
  const sorted = [...new Set(values)].sort((a, b) => a - b);
  const parts: string[] = [];
  let i = 0;
  while (i < sorted.length) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === (sorted[j] as number) + 1) j += 1;
    const first = sorted[i] as number;
    const last = sorted[j] as number;
    if (j - i >= 2) parts.push(`${first}-${last}`);
    else for (let k = i; k <= j; k += 1) parts.push(String(sorted[k]));
    i = j + 1;
  }
  return parts.join(',');
}

const orDefault = (values: readonly number[], fallback: number): number[] =>
  values.length > 0 ? [...values] : [fallback];

/** The cron expression of a schedule. */
export function scheduleToCron(s: CronSchedule): string {
  const m = s.minute;
  const h = s.hour;
  switch (s.unit) {
    case 'minute':
      return '* * * * *';
    case 'hour':
      return `${m} * * * *`;
    case 'day':
      return `${m} ${h} * * *`;
    case 'week':
      return `${m} ${h} * * ${cronList(orDefault(s.weekDays, 1))}`;
    case 'month':
      return `${m} ${h} ${cronList(orDefault(s.monthDays, 1))} * *`;
    case 'year':
      return `${m} ${h} ${cronList(orDefault(s.monthDays, 1))} ${cronList(orDefault(s.months, 1))} *`;
  }
}

const DAY_ABBREVIATIONS = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];
const MONTH_ABBREVIATIONS = [
  'JAN',
  'FEB',
  'MAR',
  'APR',
  'MAY',
  'JUN',
  'JUL',
  'AUG',
  'SEP',
  'OCT',
  'NOV',
  'DEC',
];

interface FieldSpec {
  min: number;
  max: number;
  /** Names accepted for values (index + offset), e.g. MON for 1. */
  names?: string[];
  nameOffset?: number;
}

const FIELDS: FieldSpec[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31 },
  { min: 1, max: 12, names: MONTH_ABBREVIATIONS, nameOffset: 1 },
  // 7 is Sunday too.
  { min: 0, max: 7, names: DAY_ABBREVIATIONS, nameOffset: 0 },
];

function atom(text: string, spec: FieldSpec): number | null {
  if (/^\d+$/.test(text)) {
    const n = Number(text);
    return n >= spec.min && n <= spec.max ? n : null;
  }
  const index = spec.names?.indexOf(text.toUpperCase()) ?? -1;
  return index >= 0 ? index + (spec.nameOffset ?? 0) : null;
}

/** A field as its values (`*` → 'any'), or null when it is not a plain list of values/ranges. */
function fieldValues(text: string, spec: FieldSpec): number[] | 'any' | null {
  if (text === '*') return 'any';
  const out: number[] = [];
  for (const part of text.split(',')) {
    const range = /^([^-]+)-([^-]+)$/.exec(part);
    if (range) {
      const from = atom(range[1] as string, spec);
      const to = atom(range[2] as string, spec);
      if (from === null || to === null || from > to) return null;
      for (let v = from; v <= to; v += 1) out.push(v);
    } else {
      const v = atom(part, spec);
      if (v === null) return null;
      out.push(v);
    }
  }
  return out.length > 0 ? out : null;
}

const single = (values: number[] | 'any' | null): number | null =>
  Array.isArray(values) && values.length === 1 ? (values[0] as number) : null;

const uniqueSorted = (values: number[]): number[] => [...new Set(values)].sort((a, b) => a - b);

/** The builder's schedule for a cron, or null when the builder cannot show it. */
export function cronToSchedule(cron: string): CronSchedule | null {
  const fields = cron.trim().split(/\s+/);
  if (fields.length !== 5) return null;
  const values = fields.map((f, i) => fieldValues(f, FIELDS[i] as FieldSpec));
  if (values.some((v) => v === null)) return null;
  const [min, hour, dom, mon, dow] = values as Array<number[] | 'any'>;
  const base = defaultSchedule();
  if (min === 'any') {
    return [hour, dom, mon, dow].every((v) => v === 'any') ? { ...base, unit: 'minute' } : null;
  }
  const minute = single(min as number[]);
  if (minute === null) return null;
  if (hour === 'any') {
    return [dom, mon, dow].every((v) => v === 'any') ? { ...base, unit: 'hour', minute } : null;
  }
  const h = single(hour as number[]);
  if (h === null) return null;
  const at = { ...base, minute, hour: h };
  if (dom === 'any' && mon === 'any' && dow === 'any') return { ...at, unit: 'day' };
  if (dom === 'any' && mon === 'any' && Array.isArray(dow)) {
    return { ...at, unit: 'week', weekDays: uniqueSorted(dow.map((d) => d % 7)) };
  }
  if (Array.isArray(dom) && mon === 'any' && dow === 'any') {
    return { ...at, unit: 'month', monthDays: uniqueSorted(dom) };
  }
  if (Array.isArray(dom) && Array.isArray(mon) && dow === 'any') {
    return { ...at, unit: 'year', monthDays: uniqueSorted(dom), months: uniqueSorted(mon) };
  }
  return null;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** "09:05" */
export function timeText(hour: number, minute: number): string {
  return `${pad(hour)}:${pad(minute)}`;
}

/** "a", "a and b", "a, b and c" */
export function joinWords(words: string[]): string {
  if (words.length <= 1) return words.join('');
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1] as string}`;
}

/** 1 → "1st", 22 → "22nd", 13 → "13th" */
export function ordinal(n: number): string {
  const tens = n % 100;
  if (tens >= 11 && tens <= 13) return `${n}th`;
  return `${n}${['th', 'st', 'nd', 'rd'][n % 10] ?? 'th'}`;
}

/** The schedule in words: "Every day at 09:00", "Every week on Monday and Friday at 08:30". */
export function scheduleSentence(s: CronSchedule): string {
  const at = `at ${timeText(s.hour, s.minute)}`;
  switch (s.unit) {
    case 'minute':
      return 'Every minute';
    case 'hour':
      return `Every hour at minute ${s.minute}`;
    case 'day':
      return `Every day ${at}`;
    case 'week': {
      const days = uniqueSorted(orDefault(s.weekDays, 1)).map((d) => WEEKDAY_NAMES[d] ?? '');
      return `Every week on ${joinWords(days)} ${at}`;
    }
    case 'month': {
      const days = uniqueSorted(orDefault(s.monthDays, 1)).map(ordinal);
      return `Every month on the ${joinWords(days)} ${at}`;
    }
    case 'year': {
      const days = uniqueSorted(orDefault(s.monthDays, 1)).map(ordinal);
      const months = uniqueSorted(orDefault(s.months, 1)).map((m) => MONTH_NAMES[m - 1] ?? '');
      return `Every year on the ${joinWords(days)} of ${joinWords(months)} ${at}`;
    }
  }
}

export const CRON_FIELD_COUNT_MESSAGE =
  'A CRON expression has five fields: minute, hour, day of month, month and day of week.';

/**
 * What is wrong with a cron typed by hand, or null: empty, not five fields, or a field cronstrue
 * cannot read (its message, e.g. "hours part must be >= 0 and <= 23").
 */
export function cronError(cron: string): string | null {
  const text = cron.trim();
  if (text === '') return 'Enter a schedule.';
  if (text.split(/\s+/).length !== 5) return CRON_FIELD_COUNT_MESSAGE;
  try {
    cronstrue.toString(text, { throwExceptionOnParseError: true });
    return null;
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    return `Invalid CRON expression: ${message.replace(/^Error:\s*/, '')}`;
  }
}

/** cronstrue's description of a valid cron ("At 09:00 AM"), or null. */
export function describeCron(cron: string): string | null {
  if (cronError(cron) !== null) return null;
  try {
    return cronstrue.toString(cron.trim(), { throwExceptionOnParseError: true });
  } catch {
    return null;
  }
}
