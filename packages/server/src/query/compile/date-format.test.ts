import { describe, expect, it } from 'vitest';
import {
  dateFormatName,
  dateFormatOf,
  dateParser,
  epochValue,
  strftime,
  strptime,
} from './date-format.js';

const at = (iso: string) => Date.parse(`${iso}Z`);

describe('dateFormatOf', () => {
  it('reads epoch units and strftime patterns', () => {
    expect(dateFormatOf('epoch_s')).toEqual({ kind: 'epoch', unit: 's' });
    expect(dateFormatOf('epoch_ms')).toEqual({ kind: 'epoch', unit: 'ms' });
    const f = dateFormatOf('%Y-%m-%d');
    expect(f?.kind).toBe('pattern');
    expect(dateFormatName(f!)).toBe('%Y-%m-%d');
    expect(dateFormatName(dateFormatOf('epoch_ms')!)).toBe('epoch_ms');
  });

  it('is null for no format, an unknown directive, a lone % or no directive at all', () => {
    expect(dateFormatOf(null)).toBeNull();
    expect(dateFormatOf(undefined)).toBeNull();
    expect(dateFormatOf('  ')).toBeNull();
    expect(dateFormatOf('%Y-%m-%d %Z')).toBeNull();
    expect(dateFormatOf('%Y-%q')).toBeNull();
    expect(dateFormatOf('%Y%')).toBeNull();
    expect(dateFormatOf('plain text')).toBeNull();
    expect(dateFormatOf('100%%')).toBeNull();
  });
});

describe('strftime', () => {
  const ms = at('2024-01-02T03:04:05.123');

  it('writes every directive as Python does', () => {
    expect(strftime(ms, '%Y-%m-%d %H:%M:%S.%f')).toBe('2024-01-02 03:04:05.123000');
    expect(strftime(ms, '%Y/%m/%d%H:%M:%S.%f')).toBe('2024/01/0203:04:05.123000');
    expect(strftime(ms, '%y %j %b %B %a %A')).toBe('24 002 Jan January Tue Tuesday');
    expect(strftime(ms, '%I:%M %p')).toBe('03:04 AM');
    expect(strftime(at('2024-12-31T23:00:00'), '%I %p %j')).toBe('11 PM 366');
    expect(strftime(at('2024-06-01T12:30:00'), '%I %p')).toBe('12 PM');
    expect(strftime(at('2024-06-01T00:30:00'), '%I %p')).toBe('12 AM');
    expect(strftime(ms, '%Y%m%d-%H%M%S')).toBe('20240102-030405');
    expect(strftime(ms, '%Y-%m-%d^%H:%M:%S')).toBe('2024-01-02^03:04:05');
    expect(strftime(ms, '100%% in %Y')).toBe('100% in 2024');
    expect(strftime(at('0987-03-04T00:00:00'), '%Y %y')).toBe('0987 87');
  });

  it('is null for an unknown directive or an invalid time', () => {
    expect(strftime(ms, '%Y %Z')).toBeNull();
    expect(strftime(Number.NaN, '%Y')).toBeNull();
    expect(strftime(ms, 'epoch_s')).toBeNull();
  });
});

describe('strptime', () => {
  it('reads what strftime writes (round trips)', () => {
    const patterns = [
      '%Y-%m-%d %H:%M:%S.%f',
      '%Y/%m/%d%H:%M:%S.%f',
      '%Y%m%d-%H%M%S',
      '%Y-%m-%d^%H:%M:%S',
      '%d %B %Y %I:%M:%S.%f %p',
      '%a %d %b %y %H:%M:%S.%f',
      '%A, %Y day %j at %H:%M:%S.%f',
    ];
    const times = [
      '2024-01-02T03:04:05.123',
      '1999-12-31T23:59:59.999',
      '2024-02-29T12:00:00.000',
      '2068-07-04T00:00:00.500',
      '1970-01-01T00:00:00.000',
    ];
    for (const pattern of patterns)
      for (const time of times) {
        const ms = at(time);
        const text = strftime(ms, pattern)!;
        const expected = pattern.includes('%f') ? ms : Math.floor(ms / 1000) * 1000;
        expect(strptime(text, pattern), `${pattern}: ${text}`).toBe(expected);
      }
  });

  it('reads %f as microseconds (floored to milliseconds), 1 to 6 digits', () => {
    expect(strptime('2024-01-02 03:04:05.123456', '%Y-%m-%d %H:%M:%S.%f')).toBe(
      at('2024-01-02T03:04:05.123'),
    );
    expect(strptime('2024-01-02 03:04:05.5', '%Y-%m-%d %H:%M:%S.%f')).toBe(
      at('2024-01-02T03:04:05.500'),
    );
    expect(strptime('2024-01-02 03:04:05.1234567', '%Y-%m-%d %H:%M:%S.%f')).toBeNull();
  });

  it('reads %y as 1969–2068, defaults unset fields as Python does', () => {
    expect(strptime('68', '%y')).toBe(at('2068-01-01T00:00:00'));
    expect(strptime('69', '%y')).toBe(at('1969-01-01T00:00:00'));
    expect(strptime('2006', '%Y')).toBe(Date.UTC(2006, 0, 1));
    expect(strptime('2006', '%Y')).toBe(1136073600000);
    expect(strptime('03:04', '%H:%M')).toBe(at('1900-01-01T03:04:00'));
    expect(strptime('02-29', '%m-%d')).toBe(at('1904-02-29T00:00:00'));
    expect(strptime('2024 060', '%Y %j')).toBe(at('2024-02-29T00:00:00'));
  });

  it('is case-insensitive for names and matches any run of white space', () => {
    expect(strptime('2 JANUARY  2024', '%d %B %Y')).toBe(at('2024-01-02T00:00:00'));
    expect(strptime('12 am', '%I %p')).toBe(at('1900-01-01T00:00:00'));
    expect(strptime('12 pm', '%I %p')).toBe(at('1900-01-01T12:00:00'));
  });

  it('is null for unparseable text or invalid dates (errors="coerce")', () => {
    expect(strptime('2024-02-30', '%Y-%m-%d')).toBeNull();
    expect(strptime('2023-02-29', '%Y-%m-%d')).toBeNull();
    expect(strptime('2024-13-01', '%Y-%m-%d')).toBeNull();
    expect(strptime('2024-01-01 10:00:60', '%Y-%m-%d %H:%M:%S')).toBeNull();
    expect(strptime('not a date', '%Y')).toBeNull();
    expect(strptime('', '%Y')).toBeNull();
    expect(strptime('2024-01-01 extra', '%Y-%m-%d')).toBeNull();
    expect(strptime('1.5', '%Y')).toBeNull();
  });

  it('treats regex characters of the pattern as text', () => {
    expect(strptime('2024.01(02)', '%Y.%m(%d)')).toBe(at('2024-01-02T00:00:00'));
    expect(strptime('2024x01(02)', '%Y.%m(%d)')).toBeNull();
  });

  it('with exact: false the format may match anywhere (pandas exact=False)', () => {
    expect(strptime('2006.0', '%Y', { exact: false })).toBe(Date.UTC(2006, 0, 1));
    expect(strptime('2006.0', '%Y')).toBeNull();
    expect(strptime('year 2006', '%Y', { exact: false })).toBe(Date.UTC(2006, 0, 1));
  });

  it('has no parser for an unknown directive or epoch formats', () => {
    expect(dateParser('%Y %Z')).toBeNull();
    expect(dateParser('epoch_s')).toBeNull();
    expect(strptime('2024', '%Y %Z')).toBeNull();
  });
});

describe('epochValue', () => {
  it('gives whole seconds or milliseconds, floored', () => {
    const ms = at('2024-01-02T03:04:05.678');
    expect(epochValue(ms, 's')).toBe(1704164645);
    expect(epochValue(ms, 'ms')).toBe(1704164645678);
    expect(epochValue(-1500, 's')).toBe(-2);
  });
});
