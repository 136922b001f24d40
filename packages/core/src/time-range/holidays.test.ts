import { describe, expect, it } from 'vitest';
import { formatDateTime } from './calendar.js';
import { easterSunday, holidayDate } from './holidays.js';

const day = (value: number) => formatDateTime(value).slice(0, 10);

describe('holiday table', () => {
  it('finds fixed and weekday-rule holidays of the US by default', () => {
    expect(day(holidayDate("New Year's Day", 2026))).toBe('2026-01-01');
    expect(day(holidayDate('New Year', 2026))).toBe('2026-01-01');
    expect(day(holidayDate('Christmas', 2016))).toBe('2016-12-25');
    expect(day(holidayDate('Independence Day', 2022, 'US'))).toBe('2022-07-04');
    expect(day(holidayDate('Juneteenth', 2022))).toBe('2022-06-19');
    expect(day(holidayDate('Labor day', 2018))).toBe('2018-09-03');
    expect(day(holidayDate('Memorial Day', 2024))).toBe('2024-05-27');
    expect(day(holidayDate('Martin Luther King', 2025))).toBe('2025-01-20');
    // Thanksgiving: the 4th Thursday of November.
    expect(day(holidayDate('Thanksgiving', 2026))).toBe('2026-11-26');
    expect(day(holidayDate('thanksgiving', 2024))).toBe('2024-11-28');
    expect(day(holidayDate('Thanksgiving', 2018))).toBe('2018-11-22');
  });

  it('matches names by prefix, ignoring case, first in date order', () => {
    expect(day(holidayDate('christmas day', 2020))).toBe('2020-12-25');
    // "M" starts both Martin Luther King Jr. Day (January) and Memorial Day (May).
    expect(day(holidayDate('m', 2024))).toBe('2024-01-15');
  });

  it('knows the UK bank holidays, Easter-based ones included', () => {
    expect(day(easterSunday(2024))).toBe('2024-03-31');
    expect(day(easterSunday(2025))).toBe('2025-04-20');
    expect(day(easterSunday(2000))).toBe('2000-04-23');
    expect(day(holidayDate('Good Friday', 2024, 'UK'))).toBe('2024-03-29');
    expect(day(holidayDate('Easter Monday', 2025, 'GB'))).toBe('2025-04-21');
    expect(day(holidayDate('Boxing day', 2018, 'UK'))).toBe('2018-12-26');
    expect(day(holidayDate('Late Summer', 2026, 'uk'))).toBe('2026-08-31');
  });

  it('names an unknown holiday or country', () => {
    expect(() => holidayDate('Diwali', 2024)).toThrow('Unable to find such a holiday: [Diwali]');
    expect(() => holidayDate('Boxing Day', 2024, 'US')).toThrow(/Unable to find such a holiday/);
    expect(() => holidayDate('Juneteenth', 2019)).toThrow(/Unable to find/);
    expect(() => holidayDate('Christmas', 2024, 'XX')).toThrow(
      'Holidays are not available for country [XX] (known: US, UK, GB)',
    );
    expect(() => holidayDate('Christmas', 2024, 'toString')).toThrow(/not available/);
  });
});
