import { describe, expect, it } from 'vitest';
import { formatDateTime, fromDate } from './calendar.js';
import { TimeRangeError } from './errors.js';
import { parseHumanDateTime } from './human-datetime.js';

const now = fromDate(new Date('2026-11-24T05:30:10.750Z'));
const read = (text: string) => formatDateTime(parseHumanDateTime(text, now));

describe('date-time phrases (DATETIME text)', () => {
  it('reads now with its time (to the second) and today as midnight', () => {
    expect(read('now')).toBe('2026-11-24T05:30:10');
    expect(read('NOW')).toBe('2026-11-24T05:30:10');
    expect(read('today')).toBe('2026-11-24T00:00:00');
    expect(read('yesterday')).toBe('2026-11-23T00:00:00');
    expect(read('tomorrow')).toBe('2026-11-25T00:00:00');
  });

  it('reads ISO dates and date-times, partial dates from the first day', () => {
    expect(read('2020-02-29')).toBe('2020-02-29T00:00:00');
    expect(read('2020-02-29T13:14:15')).toBe('2020-02-29T13:14:15');
    expect(read('2020-02-29 13:14')).toBe('2020-02-29T13:14:00');
    expect(read('2020-02-29T13:14:15.123456')).toBe('2020-02-29T13:14:15');
    expect(read('2018')).toBe('2018-01-01T00:00:00');
    expect(read('2018-9')).toBe('2018-09-01T00:00:00');
  });

  it('converts an explicit zone to UTC', () => {
    expect(read('2020-03-01T01:00:00Z')).toBe('2020-03-01T01:00:00');
    expect(read('2020-03-01T01:00:00+02:00')).toBe('2020-02-29T23:00:00');
    expect(read('2020-03-01T01:00:00-0530')).toBe('2020-03-01T06:30:00');
  });

  it('reads slashed and named dates', () => {
    expect(read('2/3/1969')).toBe('1969-02-03T00:00:00');
    expect(read('2024/12/25')).toBe('2024-12-25T00:00:00');
    expect(read('Jan 5, 2020')).toBe('2020-01-05T00:00:00');
    expect(read('5 September 2021')).toBe('2021-09-05T00:00:00');
    expect(read('March 2022')).toBe('2022-03-01T00:00:00');
  });

  it('reads relative phrases: days and longer land on midnight, hours keep the time', () => {
    expect(read('7 days ago')).toBe('2026-11-17T00:00:00');
    expect(read('1 day ago')).toBe('2026-11-23T00:00:00');
    expect(read('2 weeks ago')).toBe('2026-11-10T00:00:00');
    expect(read('1 year ago')).toBe('2025-11-24T00:00:00');
    expect(read('one year ago')).toBe('2025-11-24T00:00:00');
    expect(read('3 months later')).toBe('2027-02-24T00:00:00');
    expect(read('2 years after')).toBe('2028-11-24T00:00:00');
    expect(read('1 quarter ago')).toBe('2026-08-24T00:00:00');
    expect(read('10 days from now')).toBe('2026-12-04T00:00:00');
    expect(read('3 hours ago')).toBe('2026-11-24T02:30:10');
    expect(read('90 minutes later')).toBe('2026-11-24T07:00:10');
    expect(read('30 seconds ago')).toBe('2026-11-24T05:29:40');
    expect(read('-7 days')).toBe('2026-11-17T00:00:00');
  });

  it('clamps month arithmetic at month ends', () => {
    const endOfMarch = fromDate(new Date('2024-03-31T12:00:00Z'));
    expect(formatDateTime(parseHumanDateTime('1 month ago', endOfMarch))).toBe(
      '2024-02-29T00:00:00',
    );
  });

  it('asks for a direction when a quantity has none', () => {
    expect(() => read('5 days')).toThrow(
      'Time string is ambiguous. Please specify [5 days ago] or [5 days later].',
    );
    expect(() => read('2 day')).toThrow(TimeRangeError);
  });

  it('refuses what it cannot read, naming the text', () => {
    expect(() => read('xxxxxxx')).toThrow('Cannot parse time string [xxxxxxx]');
    expect(() => read('2020-02-30')).toThrow('Cannot parse time string [2020-02-30]');
    expect(() => read('2020-13-01')).toThrow(/Cannot parse/);
    expect(() => read('7 fortnights ago')).toThrow(/Cannot parse/);
    expect(() => read('')).toThrow(/Cannot parse/);
    expect(() => read('constructor days ago')).toThrow(
      'Cannot parse time string [constructor days ago]',
    );
  });
});
