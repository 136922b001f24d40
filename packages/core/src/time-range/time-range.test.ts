import { describe, expect, it } from 'vitest';
import { TimeRangeError } from './errors.js';
import { evaluateTimeRange, parseTimeRange, timeRangeErrorMessage } from './time-range.js';

// Tuesday 24 November 2026, 05:30:10.750 UTC.
const now = new Date('2026-11-24T05:30:10.750Z');
const range = (
  timeRange: string | null,
  extra: { relativeStart?: string; relativeEnd?: string } = {},
) => evaluateTimeRange(timeRange, { now, ...extra });
const span = (since: string | null, until: string | null) => ({ since, until });

describe('time ranges: the picker choices', () => {
  it('No filter leaves both ends open', () => {
    expect(range('No filter')).toEqual(span(null, null));
  });

  it('Last day|week|month|quarter|year end at midnight today', () => {
    expect(range('Last day')).toEqual(span('2026-11-23T00:00:00', '2026-11-24T00:00:00'));
    expect(range('Last week')).toEqual(span('2026-11-17T00:00:00', '2026-11-24T00:00:00'));
    expect(range('Last month')).toEqual(span('2026-10-24T00:00:00', '2026-11-24T00:00:00'));
    expect(range('Last quarter')).toEqual(span('2026-08-24T00:00:00', '2026-11-24T00:00:00'));
    expect(range('Last year')).toEqual(span('2025-11-24T00:00:00', '2026-11-24T00:00:00'));
  });

  it('Last/Next with a count, sub-day units anchored on now', () => {
    expect(range('Last 5 months')).toEqual(span('2026-06-24T00:00:00', '2026-11-24T00:00:00'));
    expect(range('Last 3 hours')).toEqual(span('2026-11-24T02:30:10', '2026-11-24T05:30:10'));
    expect(range('Last 15 minutes')).toEqual(span('2026-11-24T05:15:10', '2026-11-24T05:30:10'));
    expect(range('Next 1 month')).toEqual(span('2026-11-24T00:00:00', '2026-12-24T00:00:00'));
    expect(range('Next 2 weeks')).toEqual(span('2026-11-24T00:00:00', '2026-12-08T00:00:00'));
    expect(range('Next hour')).toEqual(span('2026-11-24T05:30:10', '2026-11-24T06:30:10'));
  });

  it('relative_start / relative_end move the anchors (Superset extras)', () => {
    expect(range('Last week', { relativeEnd: 'now' })).toEqual(
      span('2026-11-17T00:00:00', '2026-11-24T05:30:10'),
    );
    expect(range('Last week', { relativeStart: 'now' })).toEqual(
      span('2026-11-17T05:30:10', '2026-11-24T00:00:00'),
    );
  });

  it('previous calendar week (Monday to Monday), month and year', () => {
    expect(range('previous calendar week')).toEqual(
      span('2026-11-16T00:00:00', '2026-11-23T00:00:00'),
    );
    expect(range('previous calendar month')).toEqual(
      span('2026-10-01T00:00:00', '2026-11-01T00:00:00'),
    );
    expect(range('previous calendar quarter')).toEqual(
      span('2026-07-01T00:00:00', '2026-10-01T00:00:00'),
    );
    expect(range('previous calendar year')).toEqual(
      span('2025-01-01T00:00:00', '2026-01-01T00:00:00'),
    );
  });

  it('previous calendar week on a Monday and on a Sunday', () => {
    const monday = new Date('2016-11-07T09:30:10Z');
    expect(evaluateTimeRange('previous calendar week', { now: monday })).toEqual(
      span('2016-10-31T00:00:00', '2016-11-07T00:00:00'),
    );
    const sunday = new Date('2026-11-29T23:59:59Z');
    expect(evaluateTimeRange('previous calendar week', { now: sunday })).toEqual(
      span('2026-11-16T00:00:00', '2026-11-23T00:00:00'),
    );
    const january = new Date('2027-01-15T08:00:00Z');
    expect(evaluateTimeRange('previous calendar month', { now: january })).toEqual(
      span('2026-12-01T00:00:00', '2027-01-01T00:00:00'),
    );
  });

  it('Current day|week|month|quarter|year', () => {
    expect(range('Current day')).toEqual(span('2026-11-24T00:00:00', '2026-11-25T00:00:00'));
    expect(range('Current week')).toEqual(span('2026-11-23T00:00:00', '2026-11-30T00:00:00'));
    expect(range('Current month')).toEqual(span('2026-11-01T00:00:00', '2026-12-01T00:00:00'));
    expect(range('Current quarter')).toEqual(span('2026-10-01T00:00:00', '2027-01-01T00:00:00'));
    expect(range('Current year')).toEqual(span('2026-01-01T00:00:00', '2027-01-01T00:00:00'));
  });
});

describe('time ranges: "start : end"', () => {
  it('reads ISO dates and date-times on each side', () => {
    expect(range('2018-01-01T00:00:00 : 2018-12-31T23:59:59')).toEqual(
      span('2018-01-01T00:00:00', '2018-12-31T23:59:59'),
    );
    expect(range('2020-02-01 : 2020-03-01')).toEqual(
      span('2020-02-01T00:00:00', '2020-03-01T00:00:00'),
    );
  });

  it('reads now, today and relative phrases', () => {
    expect(range('7 days ago : now')).toEqual(span('2026-11-17T00:00:00', '2026-11-24T05:30:10'));
    expect(range('1 year ago : today')).toEqual(span('2025-11-24T00:00:00', '2026-11-24T00:00:00'));
    expect(range('today : 3 months later')).toEqual(
      span('2026-11-24T00:00:00', '2027-02-24T00:00:00'),
    );
    expect(range('yesterday : tomorrow')).toEqual(
      span('2026-11-23T00:00:00', '2026-11-25T00:00:00'),
    );
    expect(range('6 hours ago : now')).toEqual(span('2026-11-23T23:30:10', '2026-11-24T05:30:10'));
  });

  it('leaves an empty side open', () => {
    expect(range(' : now')).toEqual(span(null, '2026-11-24T05:30:10'));
    expect(range('2020-01-01 : ')).toEqual(span('2020-01-01T00:00:00', null));
    expect(range(' : ')).toEqual(span(null, null));
  });

  it('reads scoped phrases on each side', () => {
    expect(range('last 2 weeks : this week')).toEqual(
      span('2026-11-10T00:00:00', '2026-11-24T00:00:00'),
    );
    expect(range('start of this month : end of this month')).toEqual(
      span('2026-11-01T00:00:00', '2026-11-30T00:00:00'),
    );
    expect(range('beginning of last year : start of this year')).toEqual(
      span('2025-01-01T00:00:00', '2026-01-01T00:00:00'),
    );
    expect(range('first of this month : now')).toEqual(
      span('2026-11-01T00:00:00', '2026-11-24T05:30:10'),
    );
    expect(range('first day of the year : today')).toEqual(
      span('2026-01-01T00:00:00', '2026-11-24T00:00:00'),
    );
    expect(range('last 3 hours : now')).toEqual(span('2026-11-24T02:30:10', '2026-11-24T05:30:10'));
    expect(range('first week of this year')).toEqual(
      span('2026-01-01T00:00:00', '2026-01-08T00:00:00'),
    );
    expect(range('first month of last quarter')).toEqual(
      span('2026-07-01T00:00:00', '2026-08-01T00:00:00'),
    );
  });

  it('reads advanced expressions on each side', () => {
    expect(
      range('DATEADD(DATETIME("today"), -1, month) : DATETRUNC(DATETIME("now"), hour)'),
    ).toEqual(span('2026-10-24T00:00:00', '2026-11-24T05:00:00'));
    expect(
      range('LASTDAY(DATETIME("2024-01-15"), month) : LASTDAY(DATETIME("2024-02-15"), month)'),
    ).toEqual(span('2024-01-31T00:00:00', '2024-02-29T00:00:00'));
    expect(range('HOLIDAY("Thanksgiving") : HOLIDAY("Christmas")')).toEqual(
      span('2026-11-26T00:00:00', '2026-12-25T00:00:00'),
    );
    expect(
      range(
        'HOLIDAY("New Year", DATETIME("2024-06-01")) : HOLIDAY("Independence Day", DATETIME("2024-06-01"), "US")',
      ),
    ).toEqual(span('2024-01-01T00:00:00', '2024-07-04T00:00:00'));
  });

  it('evaluates the default custom range: 7 days before midnight UTC until midnight today UTC', () => {
    // The custom form's default: since relative (day, -7) from the until, until specific midnight.
    const defaultCustom = 'DATEADD(DATETIME("2026-11-24T00:00:00"), -7, day) : 2026-11-24T00:00:00';
    expect(range(defaultCustom)).toEqual(span('2026-11-17T00:00:00', '2026-11-24T00:00:00'));
  });

  it('an end equal to the start is allowed', () => {
    expect(range('today : today')).toEqual(span('2026-11-24T00:00:00', '2026-11-24T00:00:00'));
  });

  it('a missing range reads as Superset reads it: open start, end today', () => {
    expect(range(null)).toEqual(span(null, '2026-11-24T00:00:00'));
    expect(range('')).toEqual(span(null, '2026-11-24T00:00:00'));
  });
});

describe('time ranges: errors', () => {
  const failure = (timeRange: string) => {
    try {
      range(timeRange);
    } catch (e) {
      expect(e).toBeInstanceOf(TimeRangeError);
      return e as TimeRangeError;
    }
    throw new Error(`no error for ${timeRange}`);
  };

  it('refuses a start after the end with Superset message', () => {
    const e = failure('tomorrow : yesterday');
    expect(e.kind).toBe('order');
    expect(e.message).toBe('From date cannot be larger than to date');
    expect(failure('now : today').message).toBe('From date cannot be larger than to date');
    expect(failure('Next 2 weeks : Last week').kind).toBe('order');
  });

  it('refuses garbage', () => {
    const e = failure('garbage');
    expect(e.kind).toBe('syntax');
    expect(e.message).toMatch(/^Error parsing time range: "garbage" is not a time range/);
    expect(failure('last week').message).toMatch(/is not a time range/);
    expect(failure('garbage : now').message).toBe('Cannot parse time string [garbage]');
    expect(failure('Last fortnight').message).toBe('Cannot parse time string [Last fortnight]');
    expect(failure('2020-01-01:2020-02-01').kind).toBe('syntax');
  });

  it('refuses unbalanced parentheses and unknown units in advanced ends', () => {
    expect(failure('DATEADD(DATETIME("today"), -7, day)) : today').message).toMatch(
      /^Error parsing time range: unbalanced parentheses/,
    );
    expect(failure('DATEADD(DATETIME("today"), -7, day : today').message).toMatch(
      /^Error parsing time range: expected '\)' to close DATEADD/,
    );
    expect(failure('DATEADD(DATETIME("today"), -7, days) : today').message).toMatch(
      /expected a unit .* found 'days'/,
    );
  });

  it('asks for a direction on a bare quantity', () => {
    const e = failure('7 days : now');
    expect(e.kind).toBe('ambiguous');
    expect(e.message).toBe(
      'Time string is ambiguous. Please specify [7 days ago] or [7 days later].',
    );
  });

  it('names an unknown holiday', () => {
    expect(failure('HOLIDAY("Festivus") : now').message).toBe(
      'Unable to find such a holiday: [Festivus]',
    );
  });

  it('gives a message for anything thrown', () => {
    expect(timeRangeErrorMessage(failure('garbage : now'))).toBe(
      'Cannot parse time string [garbage]',
    );
    expect(timeRangeErrorMessage(new Error('boom'))).toBe('Error parsing time range: boom');
  });
});

describe('time ranges: parsing without evaluating', () => {
  it('keeps the expression tree of each end', () => {
    const parsed = parseTimeRange('Last week');
    expect(parsed.until).toEqual({ kind: 'phrase', text: 'today' });
    expect(parsed.since).toMatchObject({
      kind: 'expression',
      source: 'DATEADD(DATETIME("today"), -1, week)',
      expression: { kind: 'dateadd', unit: 'week', amount: { kind: 'integer', value: -1 } },
    });
    expect(parseTimeRange('No filter')).toEqual({ since: null, until: null });
  });

  it('throws syntax errors before any evaluation', () => {
    expect(() => parseTimeRange('DATETRUNC(DATETIME("now"), eon) : now')).toThrow(TimeRangeError);
  });
});

describe('time ranges: time shift (time comparison)', () => {
  const shifted = (timeRange: string, shift: string) =>
    evaluateTimeRange(timeRange, { now, shift });
  const century = '2000-01-01T00:00:00 : 2018-01-01T00:00:00';

  it('moves both ends back by calendar units', () => {
    expect(shifted(century, '1 year')).toEqual(span('1999-01-01T00:00:00', '2017-01-01T00:00:00'));
    expect(shifted(century, '1 year ago')).toEqual(
      span('1999-01-01T00:00:00', '2017-01-01T00:00:00'),
    );
    expect(shifted(century, '1 month')).toEqual(span('1999-12-01T00:00:00', '2017-12-01T00:00:00'));
    expect(shifted(century, '1 week')).toEqual(span('1999-12-25T00:00:00', '2017-12-25T00:00:00'));
    expect(shifted('yesterday : tomorrow', '1 day')).toEqual(
      span('2026-11-22T00:00:00', '2026-11-24T00:00:00'),
    );
    expect(shifted('2020-02-29 : 2020-03-31', '1 year ago')).toEqual(
      span('2019-02-28T00:00:00', '2019-03-31T00:00:00'),
    );
    expect(shifted('2020-03-31 : 2020-04-30', '1 month ago')).toEqual(
      span('2020-02-29T00:00:00', '2020-03-30T00:00:00'),
    );
  });

  it('inherited moves the range back by its own length; a range replaces it', () => {
    expect(shifted(century, 'inherited')).toEqual(
      span('1981-12-31T00:00:00', '2000-01-01T00:00:00'),
    );
    expect(shifted('Last week', '2020-01-01 : 2020-01-08')).toEqual(
      span('2020-01-01T00:00:00', '2020-01-08T00:00:00'),
    );
    expect(shifted(' : now', '1 day ago')).toEqual(span(null, '2026-11-23T05:30:10'));
  });

  it('refuses a shift it cannot read', () => {
    expect(() => shifted(century, 'a while ago')).toThrow('Cannot parse time string [a while ago]');
  });
});
