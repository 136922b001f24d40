import { describe, expect, it } from 'vitest';
import { formatNumber, getNumberFormatter } from './number-format.js';
import { getTimeFormatter, smartDate, tableTimeFormatter, tooltipDate } from './time-format.js';

describe('number formats', () => {
  it('SMART_NUMBER adapts to the magnitude', () => {
    const f = getNumberFormatter('SMART_NUMBER');
    expect(f(0)).toBe('0');
    expect(f(12345.432)).toBe('12.3k');
    expect(f(1_234_567_890)).toBe('1.23B');
    expect(f(-1500)).toBe('−1.5k');
    expect(f(12.3456)).toBe('12.35');
    expect(f(0.012345)).toBe('0.0123');
    expect(f(0.0000123)).toBe('12.3µ');
    expect(f(null)).toBe('N/A');
  });

  it('takes d3 patterns, and falls back to SMART_NUMBER on a bad one', () => {
    expect(formatNumber(',d', 12345.432)).toBe('12,345');
    expect(formatNumber(',.2f', 12345.432)).toBe('12,345.43');
    expect(formatNumber('.2%', 0.1234)).toBe('12.34%');
    expect(formatNumber('$,.2f', 12345.432)).toBe('$12,345.43');
    expect(formatNumber('not a format', 12345.432)).toBe('12.3k');
  });

  it('DURATION and DURATION_SUB read milliseconds', () => {
    expect(formatNumber('DURATION', 66000)).toBe('1m 6s');
    expect(formatNumber('DURATION', 90_061_001)).toBe('1d 1h 1m 1s 1ms');
    expect(formatNumber('DURATION_SUB', 1.40008)).toBe('1ms 400µs 80ns');
  });
});

describe('time formats', () => {
  const at = (iso: string) => new Date(`${iso}Z`);
  it('smart_date shows the coarsest part that is not zero', () => {
    expect(smartDate(at('2024-01-01T00:00:00'))).toBe('2024');
    expect(smartDate(at('2024-03-01T00:00:00'))).toBe('Mar');
    expect(smartDate(at('2024-03-05T00:00:00'))).toBe('Mar 05');
    expect(smartDate(at('2024-03-05T14:00:00'))).toBe('14:00');
    expect(smartDate(at('2024-03-05T14:30:00'))).toBe('14:30');
    expect(smartDate(at('2024-03-05T14:30:15'))).toBe(':15');
  });

  it('takes strftime patterns in UTC, and N/A for nothing', () => {
    const f = getTimeFormatter('%Y-%m-%d %H:%M:%S');
    expect(f(Date.UTC(2019, 0, 14, 1, 32, 10))).toBe('2019-01-14 01:32:10');
    expect(getTimeFormatter('%d/%m/%Y')(Date.UTC(2019, 0, 14))).toBe('14/01/2019');
    expect(f(null)).toBe('N/A');
    expect(tooltipDate(at('2024-03-05T00:00:00'))).toBe('2024-03-05');
    expect(tooltipDate(at('2024-03-05T10:00:00'))).toBe('2024-03-05 10:00:00');
  });
});

describe('table dates', () => {
  const feb24 = Date.UTC(2024, 1, 24);
  it('shows "Adaptive formatting" by the time grain, with its year', () => {
    expect(tableTimeFormatter('smart_date', 'P1D')(feb24)).toBe('2024-02-24');
    expect(tableTimeFormatter(undefined, 'P1M')(Date.UTC(2024, 1, 1))).toBe('Feb 2024');
    expect(tableTimeFormatter('smart_date', 'P3M')(Date.UTC(2024, 3, 1))).toBe('2024 Q2');
    expect(tableTimeFormatter('smart_date', 'P1Y')(Date.UTC(2024, 0, 1))).toBe('2024');
    expect(tableTimeFormatter('smart_date', 'PT1H')(Date.UTC(2024, 1, 24, 13))).toBe(
      '2024-02-24 13:00',
    );
  });
  it('shows the full date and time without a grain, and a chosen pattern as it is', () => {
    expect(tableTimeFormatter('smart_date', null)(feb24)).toBe('2024-02-24 00:00:00');
    expect(tableTimeFormatter('%d/%m/%Y', 'P1D')(feb24)).toBe('24/02/2024');
    expect(tableTimeFormatter('smart_date', 'P1D')(null)).toBe('N/A');
  });
});
