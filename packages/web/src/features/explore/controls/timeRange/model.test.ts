import { describe, expect, it } from 'vitest';
import {
  advancedEnds,
  advancedRange,
  customRangeOf,
  editCustomRange,
  formatActualRange,
  frameOf,
  grainOptions,
  specificDateTimeText,
  valueForFrame,
  withAdvancedEnd,
  type TimeRangeFrame,
} from './model';

const now = new Date('2026-11-24T05:30:10.250Z');
const DEFAULT_CUSTOM = 'DATEADD(DATETIME("2026-11-24T00:00:00"), -7, day) : 2026-11-24T00:00:00';

describe('the range type of a value', () => {
  it.each<[string, TimeRangeFrame]>([
    ['Last week', 'Common'],
    ['Last quarter', 'Common'],
    ['previous calendar month', 'Calendar'],
    ['No filter', 'No filter'],
    ['DATEADD(DATETIME("now"), -7, day) : now', 'Custom'],
    ['2020-01-01T00:00:00 : 2021-01-01T00:00:00', 'Custom'],
    ['today : DATEADD(DATETIME("today"), 3, month)', 'Custom'],
    ['DATEADD(DATETIME("now"), -3, hour) : DATEADD(DATETIME("now"), 1, hour)', 'Custom'],
    ['Last 3 days', 'Advanced'],
    ['DATETRUNC(DATETIME("today"), month) : today', 'Advanced'],
    ['2020-01-01 : 2020-02-01', 'Advanced'],
    ['DATEADD(DATETIME("now"), -3, hour) : today', 'Advanced'],
    ['Last week : ', 'Advanced'],
  ])('%s opens on %s', (value, frame) => {
    expect(frameOf(value, now)).toBe(frame);
  });
});

describe('switching range type keeps the value where it can', () => {
  it('Last keeps a Last value, else last week', () => {
    expect(valueForFrame('Common', 'Last month', now)).toBe('Last month');
    expect(valueForFrame('Common', 'previous calendar month', now)).toBe('Last week');
    expect(valueForFrame('Common', 'No filter', now)).toBe('Last week');
  });

  it('Previous keeps a calendar value, else previous calendar week', () => {
    expect(valueForFrame('Calendar', 'previous calendar year', now)).toBe('previous calendar year');
    expect(valueForFrame('Calendar', 'Last week', now)).toBe('previous calendar week');
  });

  it('Custom keeps what its form shows, else the default range of §9', () => {
    expect(valueForFrame('Custom', '2020-01-01T00:00:00 : 2021-01-01T00:00:00', now)).toBe(
      '2020-01-01T00:00:00 : 2021-01-01T00:00:00',
    );
    expect(valueForFrame('Custom', 'Last week', now)).toBe(DEFAULT_CUSTOM);
    expect(valueForFrame('Custom', 'No filter', now)).toBe(DEFAULT_CUSTOM);
    expect(valueForFrame('Custom', 'DATETRUNC(DATETIME("today"), month) : today', now)).toBe(
      DEFAULT_CUSTOM,
    );
  });

  it('Advanced puts Last in the start and Next in the end, as written', () => {
    expect(valueForFrame('Advanced', 'Last week', now)).toBe('Last week : ');
    expect(valueForFrame('Advanced', 'Next 3 months', now)).toBe(' : Next 3 months');
    expect(valueForFrame('Advanced', 'DATEADD(DATETIME("now"), -7, day) : now', now)).toBe(
      'DATEADD(DATETIME("now"), -7, day) : now',
    );
    expect(valueForFrame('Advanced', 'previous calendar month', now)).toBe(' : ');
    expect(valueForFrame('Advanced', 'No filter', now)).toBe(' : ');
  });

  it('No filter resets', () => {
    expect(valueForFrame('No filter', 'Last week', now)).toBe('No filter');
  });

  it('every type round-trips its own values', () => {
    const values: Array<[TimeRangeFrame, string]> = [
      ['Common', 'Last year'],
      ['Calendar', 'previous calendar week'],
      ['Custom', 'DATEADD(DATETIME("now"), -7, day) : now'],
      ['Custom', '2020-01-01T00:00:00 : 2021-01-01T00:00:00'],
      ['Advanced', 'DATETRUNC(DATETIME("today"), year) : LASTDAY(DATETIME("today"), year)'],
      ['No filter', 'No filter'],
    ];
    for (const [frame, value] of values) {
      expect(frameOf(value, now)).toBe(frame);
      expect(valueForFrame(frame, value, now)).toBe(value);
    }
  });
});

describe('the Advanced form', () => {
  it('splits and joins the halves', () => {
    expect(advancedRange('Last week')).toBe('Last week : ');
    expect(advancedEnds('Last week')).toEqual({ since: 'Last week', until: '' });
    expect(advancedEnds('a : b : c')).toEqual({ since: 'a', until: 'b : c' });
    expect(withAdvancedEnd('Last week : ', 'until', 'now')).toBe('Last week : now');
    expect(withAdvancedEnd(' : ', 'since', '2020-01-01')).toBe('2020-01-01 : ');
  });
});

describe('the Custom form (Superset’s encode cases)', () => {
  const base = customRangeOf('No filter', now);
  const edit = (value: string, ...edits: Parameters<typeof editCustomRange>[1][]) =>
    edits.reduce((v, e) => editCustomRange(v, e, now), value);

  it('starts from the default range: 7 days before midnight UTC until midnight', () => {
    expect(base).toMatchObject({
      sinceMode: 'relative',
      sinceGrain: 'day',
      sinceGrainValue: -7,
      untilMode: 'specific',
      untilDatetime: '2026-11-24T00:00:00',
      anchorMode: 'now',
    });
  });

  it('specific : specific', () => {
    const v = edit(
      DEFAULT_CUSTOM,
      { field: 'sinceMode', value: 'specific' },
      { field: 'sinceDatetime', value: '2021-01-20T00:00:00' },
      { field: 'untilDatetime', value: '2021-01-27T00:00:00' },
    );
    expect(v).toBe('2021-01-20T00:00:00 : 2021-01-27T00:00:00');
    expect(frameOf(v, now)).toBe('Custom');
  });

  it('now : relative and today : relative', () => {
    const v = edit(
      DEFAULT_CUSTOM,
      { field: 'sinceMode', value: 'now' },
      { field: 'untilMode', value: 'relative' },
    );
    expect(v).toBe('now : DATEADD(DATETIME("now"), 7, day)');
    expect(edit(v, { field: 'sinceMode', value: 'today' })).toBe(
      'today : DATEADD(DATETIME("today"), 7, day)',
    );
  });

  it('relative : specific, relative : now, relative : today', () => {
    expect(edit(DEFAULT_CUSTOM, { field: 'untilDatetime', value: '2021-01-27T00:00:00' })).toBe(
      'DATEADD(DATETIME("2021-01-27T00:00:00"), -7, day) : 2021-01-27T00:00:00',
    );
    expect(edit(DEFAULT_CUSTOM, { field: 'untilMode', value: 'now' })).toBe(
      'DATEADD(DATETIME("now"), -7, day) : now',
    );
    expect(edit(DEFAULT_CUSTOM, { field: 'untilMode', value: 'today' })).toBe(
      'DATEADD(DATETIME("today"), -7, day) : today',
    );
  });

  it('relative : relative anchored to NOW or to a date/time', () => {
    const rel = edit(DEFAULT_CUSTOM, { field: 'untilMode', value: 'relative' });
    expect(rel).toBe('DATEADD(DATETIME("now"), -7, day) : DATEADD(DATETIME("now"), 7, day)');
    expect(customRangeOf(rel, now).anchorMode).toBe('now');
    const anchored = edit(rel, { field: 'anchorMode', value: 'specific' });
    expect(anchored).toBe(
      'DATEADD(DATETIME("2026-11-24T00:00:00"), -7, day) : DATEADD(DATETIME("2026-11-24T00:00:00"), 7, day)',
    );
    expect(customRangeOf(anchored, now)).toMatchObject({
      anchorMode: 'specific',
      anchorValue: '2026-11-24T00:00:00',
    });
    const moved = edit(anchored, { field: 'anchorValue', value: '2021-01-27T00:00:00' });
    expect(moved).toBe(
      'DATEADD(DATETIME("2021-01-27T00:00:00"), -7, day) : DATEADD(DATETIME("2021-01-27T00:00:00"), 7, day)',
    );
    expect(edit(moved, { field: 'anchorMode', value: 'now' })).toBe(rel);
  });

  it('quantities and periods: the start counts back, only whole numbers from 1', () => {
    const v = edit(
      DEFAULT_CUSTOM,
      { field: 'sinceGrainValue', value: 3 },
      { field: 'sinceGrain', value: 'month' },
    );
    expect(v).toBe('DATEADD(DATETIME("2026-11-24T00:00:00"), -3, month) : 2026-11-24T00:00:00');
    expect(customRangeOf(v, now)).toMatchObject({ sinceGrainValue: -3, sinceGrain: 'month' });
    for (const bad of [0, -2, 1.5, Number.NaN]) {
      expect(edit(v, { field: 'sinceGrainValue', value: bad })).toBe(v);
    }
  });

  it('a specific end starts from what now or midnight showed', () => {
    const v = edit(
      'now : today',
      { field: 'sinceMode', value: 'specific' },
      { field: 'untilMode', value: 'specific' },
    );
    expect(v).toBe('2026-11-24T05:30:10 : 2026-11-24T00:00:00');
    // A relative start becomes the date it fell on: 7 days before midnight.
    expect(edit(DEFAULT_CUSTOM, { field: 'sinceMode', value: 'specific' })).toBe(
      '2026-11-17T00:00:00 : 2026-11-24T00:00:00',
    );
    const rel = 'today : DATEADD(DATETIME("today"), 2, week)';
    expect(edit(rel, { field: 'untilMode', value: 'specific' })).toBe(
      'today : 2026-12-08T00:00:00',
    );
  });

  it('every Custom value decodes to a form that encodes it back', () => {
    for (const value of [
      DEFAULT_CUSTOM,
      'DATEADD(DATETIME("now"), -7, day) : now',
      '2020-01-01T00:00:00 : 2021-01-01T00:00:00',
      'now : DATEADD(DATETIME("now"), 2, week)',
      'DATEADD(DATETIME("now"), -1, year) : DATEADD(DATETIME("now"), 1, quarter)',
      'DATEADD(DATETIME("2020-02-29T12:00:00"), -5, minute) : DATEADD(DATETIME("2020-02-29T12:00:00"), 5, second)',
    ]) {
      const range = customRangeOf(value, now);
      expect(editCustomRange(value, { field: 'sinceGrain', value: range.sinceGrain }, now)).toBe(
        value,
      );
    }
  });
});

describe('invalid input', () => {
  it('is Advanced, and Custom starts over from the default range', () => {
    for (const bad of ['', 'garbage', 'DATEADD(DATETIME("now"), 0, day) : now', 'now : ']) {
      expect(['Advanced', 'No filter']).toContain(frameOf(bad, now));
      expect(valueForFrame('Custom', bad, now)).toBe(DEFAULT_CUSTOM);
    }
  });

  it('a specific end that cannot be read shows midnight', () => {
    expect(specificDateTimeText('not a date', now)).toBe('2026-11-24T00:00:00');
    expect(specificDateTimeText('now', now)).toBe('2026-11-24T05:30:10');
    expect(specificDateTimeText('2020-01-01T10:00:00', now)).toBe('2020-01-01T10:00:00');
  });
});

describe('labels and the preview text', () => {
  it('names the periods Before for the start and After for the end', () => {
    expect(grainOptions('since')[3]).toEqual({ value: 'day', label: 'Days Before' });
    expect(grainOptions('until')[7]).toEqual({ value: 'year', label: 'Years After' });
  });

  it('formats the actual range as Superset does', () => {
    expect(formatActualRange('2020-01-01T00:00:00', '2021-01-01T00:00:00')).toBe(
      '2020-01-01 ≤ col < 2021-01-01',
    );
    expect(formatActualRange('2020-01-01T10:00:00', '')).toBe('2020-01-01T10:00:00 ≤ col < ∞');
    expect(formatActualRange('', '')).toBe('-∞ ≤ col < ∞');
  });
});
