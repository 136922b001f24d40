import { describe, expect, it } from 'vitest';
import {
  addMonths,
  addUnits,
  dateTime,
  daysBetween,
  formatDateTime,
  fromDate,
  lastDayOf,
  truncateTo,
} from './calendar.js';
import { TimeRangeError } from './errors.js';

const at = (text: string) => fromDate(new Date(`${text}Z`));
const iso = formatDateTime;

describe('calendar arithmetic', () => {
  it('adds months keeping the day, or the last day of a shorter month', () => {
    expect(iso(addMonths(at('2024-01-31T10:00:00'), 1))).toBe('2024-02-29T10:00:00');
    expect(iso(addMonths(at('2023-01-31T00:00:00'), 1))).toBe('2023-02-28T00:00:00');
    expect(iso(addMonths(at('2024-03-31T00:00:00'), -1))).toBe('2024-02-29T00:00:00');
    expect(iso(addMonths(at('2024-05-31T00:00:00'), 1))).toBe('2024-06-30T00:00:00');
    expect(iso(addMonths(at('2024-11-15T00:00:00'), 3))).toBe('2025-02-15T00:00:00');
    expect(iso(addMonths(at('2024-01-15T00:00:00'), -13))).toBe('2022-12-15T00:00:00');
  });

  it('moves 29 February to 28 February in common years, and keeps it in leap years', () => {
    const leapDay = at('2020-02-29T00:00:00');
    expect(iso(addUnits(leapDay, 1, 'year'))).toBe('2021-02-28T00:00:00');
    expect(iso(addUnits(leapDay, -1, 'year'))).toBe('2019-02-28T00:00:00');
    expect(iso(addUnits(leapDay, 4, 'year'))).toBe('2024-02-29T00:00:00');
    expect(iso(addUnits(at('1900-02-28T00:00:00'), 1, 'day'))).toBe('1900-03-01T00:00:00');
    expect(iso(addUnits(at('2000-02-28T00:00:00'), 1, 'day'))).toBe('2000-02-29T00:00:00');
  });

  it('adds quarters as three months and weeks as seven days', () => {
    expect(iso(addUnits(at('2016-11-07T00:00:00'), 2, 'quarter'))).toBe('2017-05-07T00:00:00');
    expect(iso(addUnits(at('2016-11-07T00:00:00'), -3, 'week'))).toBe('2016-10-17T00:00:00');
    expect(iso(addUnits(at('2016-11-07T09:30:10'), -11, 'second'))).toBe('2016-11-07T09:29:59');
  });

  it('truncates to the start of each unit, weeks starting on Monday', () => {
    const sunday = at('2026-11-29T17:45:12');
    expect(iso(truncateTo(sunday, 'year'))).toBe('2026-01-01T00:00:00');
    expect(iso(truncateTo(sunday, 'quarter'))).toBe('2026-10-01T00:00:00');
    expect(iso(truncateTo(sunday, 'month'))).toBe('2026-11-01T00:00:00');
    expect(iso(truncateTo(sunday, 'week'))).toBe('2026-11-23T00:00:00');
    expect(iso(truncateTo(sunday, 'day'))).toBe('2026-11-29T00:00:00');
    expect(iso(truncateTo(sunday, 'hour'))).toBe('2026-11-29T17:00:00');
    expect(iso(truncateTo(sunday, 'minute'))).toBe('2026-11-29T17:45:00');
    expect(iso(truncateTo(sunday, 'second'))).toBe('2026-11-29T17:45:12');
  });

  it('finds the last day of each unit at midnight, weeks ending on Sunday', () => {
    const day = at('2024-02-10T08:00:00');
    expect(iso(lastDayOf(day, 'year'))).toBe('2024-12-31T00:00:00');
    expect(iso(lastDayOf(day, 'quarter'))).toBe('2024-03-31T00:00:00');
    expect(iso(lastDayOf(day, 'month'))).toBe('2024-02-29T00:00:00');
    expect(iso(lastDayOf(at('2023-02-10T08:00:00'), 'month'))).toBe('2023-02-28T00:00:00');
    expect(iso(lastDayOf(at('2024-05-31T00:00:00'), 'quarter'))).toBe('2024-06-30T00:00:00');
    expect(iso(lastDayOf(day, 'week'))).toBe('2024-02-11T00:00:00');
    expect(iso(lastDayOf(day, 'day'))).toBe('2024-02-10T00:00:00');
  });

  it('keeps years 1 to 99 and refuses years outside 1 to 9999', () => {
    expect(iso(dateTime(45, 3, 1))).toBe('0045-03-01T00:00:00');
    expect(() => addUnits(at('9999-12-31T00:00:00'), 1, 'day')).toThrow(TimeRangeError);
    expect(() => addUnits(dateTime(1, 1, 1), -1, 'month')).toThrow(/out of range/);
  });

  it('counts whole days rounded down', () => {
    expect(daysBetween(at('2024-01-01T00:00:00'), at('2024-03-01T12:00:00'))).toBe(60);
    expect(daysBetween(at('2024-01-02T00:00:00'), at('2024-01-01T12:00:00'))).toBe(-1);
  });
});
