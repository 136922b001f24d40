import { describe, expect, it } from 'vitest';
import { formatTimestamp, parseTimeRule, parseTimestamp } from './time-rules.js';

describe('time rules', () => {
  it('reads ISO text as UTC unless it has a zone', () => {
    expect(parseTimestamp('2021-01-02')).toBe(Date.UTC(2021, 0, 2));
    expect(parseTimestamp('2021-01-02 03:04:05')).toBe(Date.UTC(2021, 0, 2, 3, 4, 5));
    expect(parseTimestamp('2021-01-02T03:04:05+02:00')).toBe(Date.UTC(2021, 0, 2, 1, 4, 5));
    expect(parseTimestamp('yesterday')).toBeUndefined();
    expect(parseTimestamp(12)).toBeUndefined();
    expect(formatTimestamp(Date.UTC(2021, 0, 2))).toBe('2021-01-02T00:00:00.000Z');
  });

  it('buckets by fixed and calendar rules', () => {
    const t = Date.UTC(2021, 1, 14, 13, 45);
    const first = Date.UTC(2021, 1, 10, 8);
    expect(formatTimestamp(parseTimeRule('1H').bucket(t, first))).toBe('2021-02-14T13:00:00.000Z');
    expect(formatTimestamp(parseTimeRule('7D').bucket(t, first))).toBe('2021-02-10T00:00:00.000Z');
    expect(formatTimestamp(parseTimeRule('1M').bucket(t, first))).toBe('2021-02-28T00:00:00.000Z');
    expect(formatTimestamp(parseTimeRule('1M').next(Date.UTC(2021, 0, 31)))).toBe(
      '2021-02-28T00:00:00.000Z',
    );
    expect(formatTimestamp(parseTimeRule('1AS').bucket(t, first))).toBe('2021-01-01T00:00:00.000Z');
    expect(() => parseTimeRule('1X')).toThrow('Invalid resample rule: 1X');
  });
});
