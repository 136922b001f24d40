import { describe, expect, it } from 'vitest';
import { TimeRangeError } from './errors.js';
import { evaluateTimeRange } from './time-range.js';

const now = new Date('2026-11-24T05:30:10Z');

/** A small deterministic generator (mulberry32), so failures reproduce. */
function random(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  'DATEADD(',
  'DATETIME(',
  'DATETRUNC(',
  'LASTDAY(',
  'HOLIDAY(',
  'DATEDIFF(',
  '"today"',
  "'now'",
  '"2020-02-29"',
  '"Christmas"',
  '"UK"',
  ')',
  '(',
  ',',
  ' ',
  ' : ',
  '-1',
  '7',
  '99999',
  'day',
  'month',
  'year',
  'quarter',
  'week',
  'hour',
  'Last',
  'week',
  'ago',
  'now',
  'today',
  '"',
  "'",
  '\\',
  ';',
];

describe('time ranges: robustness', () => {
  it('answers a range or a TimeRangeError for any mix of grammar pieces', () => {
    const next = random(20261124);
    let evaluated = 0;
    for (let n = 0; n < 5000; n += 1) {
      const length = 1 + Math.floor(next() * 14);
      let text = '';
      for (let i = 0; i < length; i += 1) text += PIECES[Math.floor(next() * PIECES.length)];
      try {
        const result = evaluateTimeRange(text, { now });
        evaluated += 1;
        for (const end of [result.since, result.until]) {
          if (end !== null) expect(end).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
        }
      } catch (e) {
        if (!(e instanceof TimeRangeError)) throw new Error(`${text}: ${String(e)}`, { cause: e });
        expect(e.message.length).toBeGreaterThan(0);
      }
    }
    expect(evaluated).toBeGreaterThan(0);
  });

  it('handles long inputs quickly', () => {
    const deep = `today : ${'DATEADD('.repeat(60)}DATETIME("today")${', 1, day)'.repeat(60)}`;
    const wide = `DATETIME("${'x'.repeat(5000)}") : now`;
    const started = performance.now();
    expect(evaluateTimeRange(deep, { now }).until).toBe('2027-01-23T00:00:00');
    expect(() => evaluateTimeRange(wide, { now })).toThrow(TimeRangeError);
    expect(() => evaluateTimeRange('('.repeat(9000), { now })).toThrow(TimeRangeError);
    expect(() => evaluateTimeRange(`${'7 '.repeat(4000)}days ago : now`, { now })).toThrow(
      TimeRangeError,
    );
    // Far above the usual time: catches super-linear work, not a busy machine.
    expect(performance.now() - started).toBeLessThan(10_000);
  });
});
