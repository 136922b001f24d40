import { describe, expect, it } from 'vitest';
import { formatDateTime, fromDate } from './calendar.js';
import { TimeRangeError } from './errors.js';
import { evaluateExpressionText } from './expression-eval.js';
import { parseDateExpression } from './expression-parser.js';

// Superset's own fixture: Monday 7 November 2016, 09:30:10.
const now = fromDate(new Date('2016-11-07T09:30:10Z'));
const evaluate = (source: string) => formatDateTime(evaluateExpressionText(source, now));

describe('advanced expressions: evaluation', () => {
  it('DATETIME reads now, today and dates', () => {
    expect(evaluate("datetime('now')")).toBe('2016-11-07T09:30:10');
    expect(evaluate('DATETIME("today")')).toBe('2016-11-07T00:00:00');
    expect(evaluate("datetime('2018')")).toBe('2018-01-01T00:00:00');
    expect(evaluate("datetime('2018-9')")).toBe('2018-09-01T00:00:00');
    expect(evaluate('DATETIME("7 days ago")')).toBe('2016-10-31T00:00:00');
  });

  it('DATEADD adds every unit, signed amounts, quarters as three months', () => {
    expect(evaluate("dateadd(datetime('today'),1,year,)")).toBe('2017-11-07T00:00:00');
    expect(evaluate("dateadd(datetime('today'), -2, year)")).toBe('2014-11-07T00:00:00');
    expect(evaluate("dateadd(datetime('today'), 2, quarter)")).toBe('2017-05-07T00:00:00');
    expect(evaluate("dateadd(datetime('today'), 3, month)")).toBe('2017-02-07T00:00:00');
    expect(evaluate("dateadd(datetime('today'), -3, week)")).toBe('2016-10-17T00:00:00');
    expect(evaluate("dateadd(datetime('today'), 3, day)")).toBe('2016-11-10T00:00:00');
    expect(evaluate("dateadd(datetime('now'), 3, hour)")).toBe('2016-11-07T12:30:10');
    expect(evaluate("dateadd(datetime('now'), 40, minute)")).toBe('2016-11-07T10:10:10');
    expect(evaluate("dateadd(datetime('now'), -11, second)")).toBe('2016-11-07T09:29:59');
    expect(evaluate("dateadd(datetime('now'), +1, DAY)")).toBe('2016-11-08T09:30:10');
  });

  it('DATEADD clamps to month ends and handles leap years', () => {
    expect(evaluate('DATEADD(DATETIME("2024-01-31"), 1, month)')).toBe('2024-02-29T00:00:00');
    expect(evaluate('DATEADD(DATETIME("2023-01-31"), 1, month)')).toBe('2023-02-28T00:00:00');
    expect(evaluate('DATEADD(DATETIME("2020-02-29"), 1, year)')).toBe('2021-02-28T00:00:00');
    expect(evaluate('DATEADD(DATETIME("2020-02-29"), -4, year)')).toBe('2016-02-29T00:00:00');
    expect(evaluate('DATEADD(DATETIME("2020-02-29"), 1, quarter)')).toBe('2020-05-29T00:00:00');
    expect(evaluate('DATEADD(DATETIME("2019-12-31T23:59:59"), 1, second)')).toBe(
      '2020-01-01T00:00:00',
    );
  });

  it('DATETRUNC cuts to the start of each unit, weeks from Monday', () => {
    expect(evaluate("datetrunc(datetime('now'), year)")).toBe('2016-01-01T00:00:00');
    expect(evaluate("datetrunc(datetime('now'), quarter)")).toBe('2016-10-01T00:00:00');
    expect(evaluate("datetrunc(datetime('now'), month)")).toBe('2016-11-01T00:00:00');
    expect(evaluate("datetrunc(datetime('now'), week)")).toBe('2016-11-07T00:00:00');
    expect(evaluate('DATETRUNC(DATETIME("2016-11-13T23:00:00"), WEEK)')).toBe(
      '2016-11-07T00:00:00',
    );
    expect(evaluate("datetrunc(datetime('now'), day)")).toBe('2016-11-07T00:00:00');
    expect(evaluate("datetrunc(datetime('now'), hour)")).toBe('2016-11-07T09:00:00');
    expect(evaluate("datetrunc(datetime('now'), minute)")).toBe('2016-11-07T09:30:00');
    expect(evaluate("datetrunc(datetime('now'), second)")).toBe('2016-11-07T09:30:10');
  });

  it('LASTDAY gives the last day of the unit at midnight, month ends and leap years', () => {
    expect(evaluate("lastday(datetime('now'), year)")).toBe('2016-12-31T00:00:00');
    expect(evaluate("lastday(datetime('today'), month)")).toBe('2016-11-30T00:00:00');
    expect(evaluate("lastday(datetime('now'), quarter)")).toBe('2016-12-31T00:00:00');
    expect(evaluate("lastday(datetime('now'), week)")).toBe('2016-11-13T00:00:00');
    expect(evaluate("lastday(datetime('now'), day)")).toBe('2016-11-07T00:00:00');
    expect(evaluate("lastday(dateadd(datetime('2018-01-01T00:00:00'), 1, month), month)")).toBe(
      '2018-02-28T00:00:00',
    );
    expect(evaluate('LASTDAY(DATETIME("2024-02-10"), month)')).toBe('2024-02-29T00:00:00');
    expect(evaluate('LASTDAY(DATETIME("1900-02-10"), month)')).toBe('1900-02-28T00:00:00');
    expect(evaluate('LASTDAY(DATETIME("2000-02-10"), month)')).toBe('2000-02-29T00:00:00');
    expect(evaluate('LASTDAY(DATETIME("2024-08-15"), quarter)')).toBe('2024-09-30T00:00:00');
  });

  it('HOLIDAY finds a holiday in the year of its date (today by default), US unless named', () => {
    expect(evaluate("holiday('Christmas')")).toBe('2016-12-25T00:00:00');
    expect(evaluate("holiday('Labor day', datetime('2018-01-01T00:00:00'))")).toBe(
      '2018-09-03T00:00:00',
    );
    expect(evaluate("holiday('Boxing day', datetime('2018-01-01T00:00:00'), 'UK')")).toBe(
      '2018-12-26T00:00:00',
    );
    expect(evaluate("holiday('Juneteenth', datetime('2022-01-01T00:00:00'), 'US')")).toBe(
      '2022-06-19T00:00:00',
    );
    expect(evaluate("holiday('Independence Day', datetime('2022-01-01T00:00:00'), 'US')")).toBe(
      '2022-07-04T00:00:00',
    );
    expect(evaluate('HOLIDAY("Thanksgiving")')).toBe('2016-11-24T00:00:00');
    expect(evaluate('HOLIDAY("New Year", DATEADD(DATETIME("today"), 1, year))')).toBe(
      '2017-01-01T00:00:00',
    );
    expect(evaluate('HOLIDAY("Good Friday", "UK")')).toBe('2016-03-25T00:00:00');
  });

  it('DATEDIFF can give the amount of DATEADD', () => {
    expect(
      evaluate(
        'DATEADD(DATETIME("today"), DATEDIFF(DATETIME("2016-11-01"), DATETIME("today")), day)',
      ),
    ).toBe('2016-11-13T00:00:00');
    expect(
      evaluate(
        'DATEADD(DATETIME("2000-01-01"), DATEDIFF(DATETIME("1990-06-01"), DATETIME("today"), year), year)',
      ),
    ).toBe('2026-01-01T00:00:00');
  });
});

describe('advanced expressions: syntax', () => {
  it('builds a tree, names and units in any case', () => {
    expect(parseDateExpression('dateAdd( DATETIME( "today" ) , -7 , Day )')).toEqual({
      kind: 'dateadd',
      base: { kind: 'datetime', text: 'today' },
      amount: { kind: 'integer', value: -7 },
      unit: 'day',
    });
  });

  const syntax = (source: string) => {
    try {
      parseDateExpression(source);
    } catch (e) {
      expect(e).toBeInstanceOf(TimeRangeError);
      expect((e as TimeRangeError).kind).toBe('syntax');
      return (e as TimeRangeError).message;
    }
    throw new Error(`no error for ${source}`);
  };

  it('refuses unbalanced parentheses', () => {
    expect(syntax('DATEADD(DATETIME("today"), 1, day))')).toBe(
      "Error parsing time range: unbalanced parentheses: unexpected ')' at character 35",
    );
    expect(syntax('DATEADD(DATETIME("today"), 1, day')).toBe(
      "Error parsing time range: expected ')' to close DATEADD at character 34, found the end of the expression",
    );
    expect(syntax('DATETIME("today"')).toMatch(/expected '\)' to close DATETIME/);
    expect(syntax('DATETIME "today")')).toMatch(/expected '\(' after DATETIME at character 10/);
  });

  it('refuses unknown units, naming the allowed ones', () => {
    expect(syntax('DATEADD(DATETIME("today"), 1, fortnight)')).toBe(
      "Error parsing time range: expected a unit (year, quarter, month, week, day, hour, minute, second) at character 31, found 'fortnight'",
    );
    expect(syntax('LASTDAY(DATETIME("now"), hour)')).toMatch(
      /expected a unit \(year, quarter, month, week, day\) at character 26, found 'hour'/,
    );
    expect(syntax('DATETRUNC(DATETIME("now"))')).toMatch(
      /expected ',' after the date of DATETRUNC/,
    );
  });

  it('refuses unknown functions, bad amounts, stray text and bad characters', () => {
    expect(syntax('NOW()')).toBe(
      "Error parsing time range: expected DATETIME, DATEADD, DATETRUNC, LASTDAY, HOLIDAY at character 1, found 'NOW'",
    );
    expect(syntax('DATEADD(DATETIME("today"), 1.5, day)')).toMatch(
      /unexpected '\.' at character 29/,
    );
    expect(syntax('DATEADD(DATETIME("today") 1, day)')).toMatch(
      /expected ',' after the date of DATEADD/,
    );
    expect(syntax('DATEADD(DATETIME("today"), x, day)')).toMatch(/expected an integer amount/);
    expect(syntax('DATEADD(DATETIME("today"), 99999999999, day)')).toMatch(/too large/);
    expect(syntax('DATETIME("today") extra')).toMatch(/unexpected 'extra' at character 19/);
    expect(syntax('DATETIME(today)')).toMatch(/expected a quoted text in DATETIME/);
    expect(syntax('DATETIME("today)')).toMatch(/unterminated string at character 10/);
    expect(syntax('DATETIME("today"); DROP')).toMatch(/unexpected ';'/);
    expect(syntax('')).toMatch(/found the end of the expression/);
    expect(syntax(`${'DATETRUNC('.repeat(80)}DATETIME("now")${', day)'.repeat(80)}`)).toMatch(
      /nest more than/,
    );
  });

  it('reports evaluation failures with Superset messages', () => {
    expect(() => evaluate('DATETIME("not a date")')).toThrow(
      'Cannot parse time string [not a date]',
    );
    expect(() => evaluate('HOLIDAY("Festivus")')).toThrow(
      'Unable to find such a holiday: [Festivus]',
    );
    expect(() => evaluate('DATEADD(DATETIME("9999-12-01"), 1, month)')).toThrow(/out of range/);
  });
});
