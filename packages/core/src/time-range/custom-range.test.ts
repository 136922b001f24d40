import { describe, expect, it } from 'vitest';
import {
  decodeCustomTimeRange,
  defaultCustomTimeRange,
  encodeCustomTimeRange,
  timeRangeFrameOf,
} from './custom-range.js';
import { evaluateTimeRange } from './time-range.js';

const now = new Date('2026-11-24T05:30:10Z');

describe('custom time range form', () => {
  it('defaults to 7 days before midnight UTC until midnight today UTC', () => {
    const range = defaultCustomTimeRange(now);
    expect(range).toEqual({
      sinceDatetime: '2026-11-17T00:00:00',
      sinceMode: 'relative',
      sinceGrain: 'day',
      sinceGrainValue: -7,
      untilDatetime: '2026-11-24T00:00:00',
      untilMode: 'specific',
      untilGrain: 'day',
      untilGrainValue: 7,
      anchorMode: 'now',
      anchorValue: 'now',
    });
    const text = encodeCustomTimeRange(range, now);
    expect(text).toBe('DATEADD(DATETIME("2026-11-24T00:00:00"), -7, day) : 2026-11-24T00:00:00');
    expect(evaluateTimeRange(text, { now })).toEqual({
      since: '2026-11-17T00:00:00',
      until: '2026-11-24T00:00:00',
    });
    expect(decodeCustomTimeRange(text, now)).toMatchObject({
      sinceMode: 'relative',
      sinceGrain: 'day',
      sinceGrainValue: -7,
      untilMode: 'specific',
      untilDatetime: '2026-11-24T00:00:00',
    });
  });

  it('encodes each combination of modes', () => {
    const base = defaultCustomTimeRange(now);
    expect(
      encodeCustomTimeRange(
        {
          ...base,
          sinceMode: 'specific',
          sinceDatetime: '2024-02-29T12:00:00',
          untilMode: 'now',
        },
        now,
      ),
    ).toBe('2024-02-29T12:00:00 : now');
    expect(
      encodeCustomTimeRange(
        {
          ...base,
          sinceMode: 'today',
          untilMode: 'relative',
          untilGrainValue: 3,
          untilGrain: 'month',
        },
        now,
      ),
    ).toBe('today : DATEADD(DATETIME("today"), 3, month)');
    expect(
      encodeCustomTimeRange(
        {
          ...base,
          sinceMode: 'relative',
          sinceGrainValue: 2,
          sinceGrain: 'week',
          untilMode: 'relative',
          untilGrainValue: 1,
          untilGrain: 'day',
          anchorMode: 'specific',
          anchorValue: '2026-01-01T00:00:00',
        },
        now,
      ),
    ).toBe(
      'DATEADD(DATETIME("2026-01-01T00:00:00"), -2, week) : DATEADD(DATETIME("2026-01-01T00:00:00"), 1, day)',
    );
  });

  it('decodes only the forms the form can show', () => {
    expect(decodeCustomTimeRange('2020-01-01T00:00:00 : now', now)).toMatchObject({
      sinceMode: 'specific',
      sinceDatetime: '2020-01-01T00:00:00',
      untilMode: 'now',
    });
    expect(
      decodeCustomTimeRange(
        'DATEADD(DATETIME("now"), -3, hour) : DATEADD(DATETIME("now"), 1, hour)',
        now,
      ),
    ).toMatchObject({ sinceMode: 'relative', untilMode: 'relative', anchorMode: 'now' });
    // Different anchors, zero amounts, other functions, plain dates: not Custom.
    expect(decodeCustomTimeRange('DATEADD(DATETIME("now"), -3, hour) : today', now)).toBeNull();
    expect(decodeCustomTimeRange('DATEADD(DATETIME("today"), 0, day) : today', now)).toBeNull();
    expect(decodeCustomTimeRange('DATETRUNC(DATETIME("today"), week) : today', now)).toBeNull();
    expect(decodeCustomTimeRange('2020-01-01 : 2020-02-01', now)).toBeNull();
    expect(decodeCustomTimeRange('Last week', now)).toBeNull();
  });

  it('derives the picker tab from the value', () => {
    expect(timeRangeFrameOf('Last week', now)).toBe('Common');
    expect(timeRangeFrameOf('previous calendar month', now)).toBe('Calendar');
    expect(timeRangeFrameOf('No filter', now)).toBe('No filter');
    expect(timeRangeFrameOf('2020-01-01T00:00:00 : today', now)).toBe('Custom');
    expect(timeRangeFrameOf('Last 3 hours', now)).toBe('Advanced');
    expect(timeRangeFrameOf('HOLIDAY("Christmas") : now', now)).toBe('Advanced');
  });
});
